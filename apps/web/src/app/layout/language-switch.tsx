import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../lib/interface-settings';
import { changeLocale } from '../i18n';

/**
 * Switches the interface to the next language at once, without a reload; the choice is kept in
 * localStorage. With two languages one press does it, and the button says which one it leads to. A plain
 * button, not a menu: the sign-in page loads no pop-up machinery for it.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Locale;
  const next = LOCALES[(LOCALES.indexOf(current) + 1) % LOCALES.length] ?? 'en';
  return (
    <Button
      variant="default"
      size="sm"
      px="xs"
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      aria-label={t('header.language', {
        code: current.toUpperCase(),
        language: t(`languages.${current}`),
        // Each catalogue names every language in its own tongue, so the next one's words need not be loaded.
        next: t(`languages.${next}`),
      })}
      onClick={() => void changeLocale(next)}
    >
      {current.toUpperCase()}
    </Button>
  );
}
