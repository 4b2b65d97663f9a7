import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './use-page-title';

/** Title of a screen whose content has not been built yet. */
export function ScreenTitle({ label }: { label: string }) {
  const { t } = useTranslation();
  const title = t(`nav.${label}`);
  usePageTitle(title);
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{t('screen.comingSoon')}</Text>
    </Stack>
  );
}
