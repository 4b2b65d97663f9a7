import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ImportStat, ImportStats } from './import-stats';

/** What the commit did; then another file, or Close where the import has a way out (`onClose`). */
export function SummaryStep({
  message,
  stats,
  onImportAnother,
  onClose,
}: {
  message: string;
  stats: ImportStat[];
  onImportAnother: () => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="md">
      {/* Green text on the light theme's pale green falls short of 4.5:1: the title takes the text's colour. */}
      <Alert
        color="green"
        icon={<IconCircleCheck size={18} />}
        title={t('done.title')}
        role="status"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {message}
      </Alert>
      <ImportStats stats={stats} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onImportAnother}>
          {t('importAnother')}
        </Button>
        {onClose && (
          <Button onClick={onClose} data-autofocus>
            {t('close')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
