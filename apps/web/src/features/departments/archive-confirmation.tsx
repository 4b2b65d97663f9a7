import type { AdministeredDepartment } from '@cm/contract';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useSetDepartmentArchived } from './api';

/** Why a department cannot be archived yet, as its list row says: none when it can. */
export function archiveBlockers(department: AdministeredDepartment): ('stock' | 'members')[] {
  return [
    ...(department.holdsStock ? ['stock' as const] : []),
    ...(department.soleMembers > 0 ? ['members' as const] : []),
  ];
}

/**
 * Hosts the confirmation of archiving or restoring a department: `open(department)` asks about the opposite of its
 * status. A department that cannot be archived says what blocks it instead of offering to archive it. The dialog
 * follows the department's row in `rows`, which `reload` reads again on opening and after a refusal: stock or
 * members may have changed since the list was read.
 */
export function useArchiveConfirmation(
  rows: readonly AdministeredDepartment[],
  reload: () => void,
): { open: (department: AdministeredDepartment) => void; modal: React.ReactNode } {
  const { t } = useTranslation(['departments', 'errors']);
  const [openedFor, setTarget] = useState<AdministeredDepartment | null>(null);
  const target = openedFor ? (rows.find((row) => row.id === openedFor.id) ?? openedFor) : null;
  const [opened, setOpened] = useState(false);
  const change = useSetDepartmentArchived();
  const open = useCallback(
    (department: AdministeredDepartment) => {
      change.reset();
      setTarget(department);
      setOpened(true);
      reload();
    },
    [change.reset, reload],
  );
  const close = useCallback(() => setOpened(false), []);
  const archiving = target?.status === 'active';
  const blockers = target && archiving ? archiveBlockers(target) : [];

  const confirm = () => {
    if (!target || change.isPending) return;
    change.mutate(
      { id: target.id, archived: archiving },
      {
        onSuccess: (department) => {
          notify({
            color: 'green',
            message: t(archiving ? 'confirm.archived' : 'confirm.restored', { name: department.name }),
          });
          close();
        },
        onError: reload,
      },
    );
  };

  const title = !target
    ? ''
    : blockers.length > 0
      ? t('confirm.blockedTitle', { name: target.name })
      : t(archiving ? 'confirm.archiveTitle' : 'confirm.restoreTitle', { name: target.name });

  const modal = (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': t('form.close') }}>
      {target ? (
        <Stack gap="md">
          {blockers.length > 0 ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
              <List size="sm" spacing={4}>
                {blockers.map((blocker) => (
                  <List.Item key={blocker}>
                    {blocker === 'stock'
                      ? t('confirm.blockedStock')
                      : t('confirm.blockedMembers', { count: target.soleMembers })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Text size="sm">{t(archiving ? 'confirm.archiveText' : 'confirm.restoreText')}</Text>
          )}
          {change.error ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('confirm.failed')}>
              {errorMessage(t, change.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending} data-autofocus>
              {blockers.length > 0 ? t('form.close') : t('form.cancel')}
            </Button>
            {blockers.length > 0 ? null : (
              <Button color={archiving ? 'red' : undefined} loading={change.isPending} onClick={confirm}>
                {archiving ? t('actions.archive') : t('actions.restore')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
  return { open, modal };
}
