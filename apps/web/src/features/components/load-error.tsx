import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { COMPONENTS_PATH } from './paths';

/** What a screen shows when its component could not be loaded: not found, or an error with Retry. */
export function ComponentLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['components', 'errors', 'common']);
  if (error instanceof ApiError && error.status === 404) {
    return (
      <EmptyState
        icon={<IconMoodEmpty size={32} />}
        title={t('notFound.title')}
        description={t('notFound.message')}
        withIndicatorBackground
        py="xl"
      >
        <EmptyState.Actions>
          <Button component={Link} to={COMPONENTS_PATH}>
            {t('notFound.back')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<IconAlertTriangle size={32} />}
      title={t('loadFailed')}
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
