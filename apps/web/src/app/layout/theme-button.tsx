import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextTheme, toScheme, toSetting } from '../theme';

const ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop };

/** Cycles light → dark → system → light; its name says the current theme and the next one. */
export function ThemeButton() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = toSetting(colorScheme);
  const next = nextTheme(current);
  const Icon = ICONS[current];
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(toScheme(next))}
      aria-label={t('header.theme', { theme: t(`theme.${current}`), next: t(`theme.${next}`) })}
      data-theme={current}
    >
      <Icon size={18} stroke={1.6} />
    </ActionIcon>
  );
}
