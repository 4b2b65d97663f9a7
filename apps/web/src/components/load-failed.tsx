import { Alert, Button, EmptyState, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

type LoadFailedProps = { error: unknown; onRetry: () => void };

/** In place of a screen or panel whose data could not be loaded: what went wrong, by its code, and Retry. */
export function LoadFailed({ title, error, onRetry }: LoadFailedProps & { title: string }) {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <EmptyState
      icon={<IconAlertTriangle size={32} />}
      title={title}
      description={errorMessage(t, error)}
      variant="light"
      color="red"
      py="xl"
      role="alert"
    >
      <EmptyState.Actions>
        <Button variant="default" onClick={onRetry}>
          {t('common:errorPages.retry')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The same inside a section of a screen that shows its other sections. */
export function InlineLoadFailed({ error, onRetry }: LoadFailedProps) {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
      <Group justify="space-between" gap="xs">
        <span>{errorMessage(t, error)}</span>
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          {t('common:errorPages.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
