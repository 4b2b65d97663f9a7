import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ru';
import type { StyleProp } from '@mantine/core';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

const ISO_DAY = 'YYYY-MM-DD';

/**
 * How each interface language writes a day: the first format is shown, every one is accepted when typed.
 * English shows what the tables' dates show ("Nov 21, 2026"); Russian writes 21.11.2026.
 */
const DAY_FORMATS = {
  en: [
    'MMM D, YYYY',
    'MMM D YYYY',
    'MMMM D, YYYY',
    'MMMM D YYYY',
    'D MMM YYYY',
    'D MMMM YYYY',
    'M/D/YYYY',
    'MM/DD/YYYY',
    ISO_DAY,
  ],
  ru: ['DD.MM.YYYY', 'D.M.YYYY', 'D.MM.YYYY', 'DD.M.YYYY', ISO_DAY],
};
type Language = keyof typeof DAY_FORMATS;

/** The day a typed text names in the language's formats ("nov 21 2026" too), as `YYYY-MM-DD`; null if none. */
export function parseDay(text: string, language: Language): string | null {
  // Month names are matched as dayjs writes them: capitalised.
  const words = text.trim().replace(/\p{L}+/gu, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  const day = dayjs(words, DAY_FORMATS[language], language, true);
  return day.isValid() ? day.format(ISO_DAY) : null;
}

type DateFieldProps = {
  label: string;
  /** The day as the API takes it, `YYYY-MM-DD`; undefined when empty. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
  w?: StyleProp<number | string>;
};

/**
 * A day, typed or picked from a calendar, written as the interface language writes dates rather than as the
 * browser's own locale would (a native date box shows 11/21/2026 to a Russian user with an English browser).
 * It sets no bounds of its own: a day outside them would be dropped without a word, so a form checks its range
 * and says what is wrong.
 */
export function DateField({ label, value, onChange, error, w }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'ru' ? 'ru' : 'en';
  return (
    <DateInput
      label={label}
      value={value ?? null}
      onChange={(day) => onChange(day ?? undefined)}
      locale={language}
      valueFormat={DAY_FORMATS[language][0]}
      dateParser={(text) => parseDay(text, language)}
      error={error}
      clearable
      // A button without a name is one a screen reader cannot offer.
      clearButtonProps={{ 'aria-label': t('forms.clearDay', { label }) }}
      w={w}
    />
  );
}
