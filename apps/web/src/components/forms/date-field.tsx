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
const DAY_FORMATS: Record<string, string[]> = {
  en: ['MMM D, YYYY', 'D MMM YYYY', 'M/D/YYYY', ISO_DAY],
  ru: ['DD.MM.YYYY', 'D.M.YYYY', ISO_DAY],
};

type DateFieldProps = {
  label: string;
  /** The day as the API takes it, `YYYY-MM-DD`; undefined when empty. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  minDate?: string;
  maxDate?: string;
  error?: string;
  w?: StyleProp<number | string>;
};

/**
 * A day, typed or picked from a calendar, written as the interface language writes dates rather than as the
 * browser's own locale would (a native date box shows 11/21/2026 to a Russian user with an English browser).
 */
export function DateField({ label, value, onChange, minDate, maxDate, error, w }: DateFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language in DAY_FORMATS ? i18n.language : 'en';
  const formats = DAY_FORMATS[language] ?? [ISO_DAY];
  return (
    <DateInput
      label={label}
      value={value ?? null}
      onChange={(day) => onChange(day ?? undefined)}
      locale={language}
      valueFormat={formats[0]}
      dateParser={(text) => {
        const day = dayjs(text.trim(), formats, language, true);
        return day.isValid() ? day.format(ISO_DAY) : null;
      }}
      minDate={minDate}
      maxDate={maxDate}
      error={error}
      clearable
      w={w}
    />
  );
}
