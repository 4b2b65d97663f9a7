import { Button, EmptyState } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { ApiError } from '../../lib/api-client';
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
  return <LoadFailed title={t('loadFailed')} error={error} onRetry={onRetry} />;
}
