import { Grid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { salesSettingsQuery } from './api';
import { SettingsForm } from './settings-form';
import { SyncHistory } from './sync-history';
import { SyncPanel } from './sync-panel';
import { WebhookCard } from './webhook-card';

/** The "Connection & sync" tab: the settings form, Sync now with its progress, the webhook URL and the history. */
export function ConnectionTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['sales-settings', 'errors', 'common']);
  const settings = useQuery(salesSettingsQuery);

  if (settings.isPending) {
    return (
      <Grid gap="md" aria-busy="true" aria-label={t('common:loading')}>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton height={560} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
      </Grid>
    );
  }
  if (settings.isError) {
    return <LoadFailed title={t('loadFailed')} error={settings.error} onRetry={() => void settings.refetch()} />;
  }

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <SettingsForm settings={settings.data} onDirtyChange={onDirtyChange} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <SyncPanel settings={settings.data} />
            <WebhookCard settings={settings.data} />
          </Stack>
        </Grid.Col>
      </Grid>
      <SyncHistory />
    </Stack>
  );
}
