import { Button, EmptyState, Select, Text } from '@mantine/core';
import { IconUserQuestion, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';

type Manager = { id: string; name: string };

/**
 * Whose figures a sales screen shows: an administrator picks any manager of the current department in a searchable
 * list (the screen keeps the choice in the URL as `?managerId=`); a manager sees their own name. Nothing until the
 * screen's answer names a manager.
 */
export function ManagerPicker({
  answer,
  managerId,
  busy,
  onPick,
}: {
  /** The screen's answer: the manager whose figures it holds, and whom an administrator may pick. */
  answer: { manager: Manager | null; managers: readonly Manager[] } | undefined;
  /** The manager asked for in the URL; none is the first, whom the server chose. */
  managerId: string | undefined;
  /** Another manager's figures are being read. */
  busy: boolean;
  onPick: (search: { managerId: string }) => void;
}) {
  const { t } = useTranslation('sales-managers');
  const { data: user } = useQuery(currentUserQuery);
  const manager = answer?.manager;
  if (!answer || !manager) return null;
  if (user?.role !== 'administrator') {
    return (
      <div>
        <Text size="sm" c="dimmed">
          {t('manager')}
        </Text>
        <Text fw={600}>{manager.name}</Text>
      </div>
    );
  }
  return (
    <Select
      label={t('manager')}
      placeholder={t('placeholder')}
      nothingFoundMessage={t('nothingFound')}
      searchable
      allowDeselect={false}
      data={answer.managers.map((option) => ({ value: option.id, label: option.name }))}
      value={managerId ?? manager.id}
      onChange={(picked) => picked && onPick({ managerId: picked })}
      w={{ base: '100%', xs: 280 }}
      comboboxProps={{ withinPortal: true }}
      aria-busy={busy}
    />
  );
}

/** Whether a screen's read failed because the manager in its URL is not in the current department. */
export function isManagerNotFound(error: unknown, managerId: string | undefined): boolean {
  return managerId !== undefined && error instanceof ApiError && error.code === 'NOT_FOUND';
}

/** The manager of a link is not in the current department: offer the department's first one instead. */
export function ManagerNotFound({ onShowFirst }: { onShowFirst: () => void }) {
  const { t } = useTranslation('sales-managers');
  return (
    <EmptyState
      icon={<IconUserQuestion size={28} />}
      withIndicatorBackground
      title={t('notFound.title')}
      description={t('notFound.description')}
      py="xl"
    >
      <EmptyState.Actions>
        <Button variant="default" onClick={onShowFirst}>
          {t('notFound.action')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The current department has no sales managers (a stock department, say): nothing to show, and why. */
export function NoManagers({ department }: { department: string }) {
  const { t } = useTranslation('sales-managers');
  return (
    <EmptyState
      icon={<IconUsers size={28} />}
      withIndicatorBackground
      title={t('none.title', { department })}
      description={t('none.description')}
      py="xl"
    />
  );
}
