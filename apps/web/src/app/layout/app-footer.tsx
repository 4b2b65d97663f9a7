import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import webPackage from '../../../package.json';
import { appInfoQuery } from '../../lib/app-info';

export function AppFooter() {
  const { t } = useTranslation();
  const { data } = useQuery(appInfoQuery);
  return (
    <Group h="100%" px="md" justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear(), name: data?.name ?? 'Components Master' })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('footer.version', { version: webPackage.version })}
      </Text>
    </Group>
  );
}
