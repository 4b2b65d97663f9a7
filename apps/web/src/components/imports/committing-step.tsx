import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The commit under way: every row is written in one go, or none is. */
export function CommittingStep({ rows }: { rows: number }) {
  const { t } = useTranslation('imports');
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Progress value={100} size="lg" striped animated aria-label={t('importing')} />
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('committing', { count: rows })}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('allOrNothing')}
        </Text>
      </Stack>
    </Paper>
  );
}
