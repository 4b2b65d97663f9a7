import type { ManagedUser } from '@cm/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useSetUserActive } from './api';

/**
 * Hosts the confirmation of a deactivation (which signs the user out everywhere) or a reactivation:
 * `open(user)` asks about the user's opposite status.
 */
export function useStatusConfirmation(): { open: (user: ManagedUser) => void; modal: React.ReactNode } {
  const { t } = useTranslation(['users', 'errors']);
  const [target, setTarget] = useState<ManagedUser | null>(null);
  const [opened, setOpened] = useState(false);
  const change = useSetUserActive();
  const open = useCallback(
    (user: ManagedUser) => {
      change.reset();
      setTarget(user);
      setOpened(true);
    },
    [change.reset],
  );
  const close = useCallback(() => setOpened(false), []);
  const deactivating = target?.status === 'active';

  const confirm = () => {
    if (!target || change.isPending) return;
    change.mutate(
      { id: target.id, active: !deactivating },
      {
        onSuccess: (user) => {
          notify({
            color: 'green',
            message: t(deactivating ? 'confirm.deactivated' : 'confirm.reactivated', { name: user.name }),
          });
          close();
        },
      },
    );
  };

  const modal = (
    <Modal
      opened={opened}
      onClose={close}
      title={deactivating ? t('confirm.deactivateTitle') : t('confirm.reactivateTitle')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {target ? (
        <Stack gap="md">
          <Text size="sm">
            {t(deactivating ? 'confirm.deactivateText' : 'confirm.reactivateText', {
              name: target.name,
              email: target.email,
            })}
          </Text>
          {change.error ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('confirm.failed')}>
              {errorMessage(t, change.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending} data-autofocus>
              {t('confirm.cancel')}
            </Button>
            <Button color={deactivating ? 'red' : undefined} loading={change.isPending} onClick={confirm}>
              {deactivating ? t('actions.deactivate') : t('actions.reactivate')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
  return { open, modal };
}
