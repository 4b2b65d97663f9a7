import { Alert, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import type { CheckFailure } from './import-flow';

function fileSize(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KiB`;
  return `${format.format(bytes / (1024 * 1024))} MiB`;
}

/**
 * The file on its way: its upload with progress (`progress`, 0–1), then, once every byte is sent
 * (`progress` null), the wait while the server reads (`reading`: to map its columns) or checks its rows.
 * Cancel drops the answer.
 */
export function UploadStep({
  file,
  progress,
  reading,
  onCancel,
}: {
  file: File;
  progress: number | null;
  reading: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('imports');
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          <Text size="sm" c="dimmed">
            {fileSize(file.size, i18n.language)}
          </Text>
        </Group>
        {progress !== null ? (
          <>
            <Progress
              value={Math.round(progress * 100)}
              size="lg"
              aria-label={t('uploading')}
              transitionDuration={150}
            />
            <Text size="sm" c="dimmed" role="status">
              {t('uploadingPercent', { percent: Math.round(progress * 100) })}
            </Text>
          </>
        ) : (
          <>
            <Progress value={100} size="lg" striped animated aria-label={t(reading ? 'reading' : 'checking')} />
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t(reading ? 'reading' : 'checking')}</Text>
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A check that gave no preview: why, and what may help (the same file again, another one, or, for an import
 * that maps columns, another mapping).
 */
export function CheckFailedStep({
  failure,
  onRetry,
  onChooseAnother,
  onReopenColumns,
}: {
  failure: CheckFailure;
  onRetry: () => void;
  onChooseAnother: () => void;
  onReopenColumns?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['imports', 'errors']);
  return (
    <Stack gap="md">
      <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title={t('checkFailed')}>
        {errorMessage(t, failure.error)}
      </Alert>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onChooseAnother}>
          {t('chooseAnother')}
        </Button>
        {onReopenColumns && (
          <Button variant="default" onClick={onReopenColumns}>
            {t('mapping.back')}
          </Button>
        )}
        {failure.retryable && (
          <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
