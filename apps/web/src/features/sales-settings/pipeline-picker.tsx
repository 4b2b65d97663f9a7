import { Alert, Badge, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { pipelinesQuery } from './api';

/**
 * Pipelines the sales screens count, as checkboxes; none ticked counts every pipeline. The list is the one
 * stored by the last sync, or read from amoCRM when nothing is stored or the administrator asks for it.
 */
export function PipelinePicker({
  connected,
  value,
  onChange,
}: {
  /** Whether an account address and a token are saved: reading amoCRM needs both. */
  connected: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation(['sales-settings', 'errors']);
  const [live, setLive] = useState(false);
  // Not asked before an account is connected: the answer would only be a refusal (409) in the console.
  const pipelines = useQuery({ ...pipelinesQuery(live), enabled: connected });
  const items = pipelines.data?.items ?? [];
  // Ticked pipelines amoCRM no longer lists stay visible, so they can be unticked.
  const missing = value.filter((id) => !items.some((pipeline) => String(pipeline.id) === id));
  const notConfigured =
    !connected || (pipelines.error instanceof ApiError && pipelines.error.code === 'AMOCRM_NOT_CONFIGURED');

  const load = () => (live ? void pipelines.refetch() : setLive(true));

  return (
    <Checkbox.Group
      label={t('pipelines.label')}
      description={value.length === 0 ? t('pipelines.allCounted') : t('pipelines.someCounted', { count: value.length })}
      value={value}
      onChange={onChange}
    >
      <Stack gap="xs" mt="xs">
        {notConfigured ? (
          <Text size="sm" c="dimmed">
            {t('pipelines.connectFirst')}
          </Text>
        ) : pipelines.isPending ? (
          <Stack gap={8} aria-busy="true" aria-label={t('pipelines.loading')}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={20} width="45%" />
          </Stack>
        ) : pipelines.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" p="xs">
            {errorMessage(t, pipelines.error)}
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pipelines.none')}
          </Text>
        ) : (
          items.map((pipeline) => (
            <Checkbox
              key={pipeline.id}
              value={String(pipeline.id)}
              label={
                <Group gap={6} component="span">
                  <span>{pipeline.name}</span>
                  {pipeline.isMain ? (
                    <Badge size="xs" variant="light">
                      {t('pipelines.main')}
                    </Badge>
                  ) : null}
                  {pipeline.isArchive ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('pipelines.archived')}
                    </Badge>
                  ) : null}
                </Group>
              }
            />
          ))
        )}
        {missing.map((id) => (
          <Checkbox key={id} value={id} label={t('pipelines.unknown', { id })} />
        ))}
        {connected ? (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={load}
              loading={pipelines.isFetching}
            >
              {t('pipelines.loadLive')}
            </Button>
            {pipelines.data ? (
              <Text size="xs" c="dimmed">
                {t(`pipelines.source.${pipelines.data.source}`)}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Checkbox.Group>
  );
}
