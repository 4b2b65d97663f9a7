import type { BonusSchemeVersion } from '@cm/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { monthStart } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDeleteBonusScheme } from './api';

/**
 * Asks before a version that has not taken effect is deleted; the months it would have paid are paid by the
 * version before it. Keeping it is the default, so Enter deletes nothing.
 */
export function BonusSchemeDeleteModal({
  version: asked,
  onClose,
  onDeleted,
  onExited,
}: {
  /** The version to delete; null closes the dialog. */
  version: BonusSchemeVersion | null;
  onClose: () => void;
  onDeleted: () => void;
  /** The dialog has faded out and given the focus back. */
  onExited: () => void;
}) {
  const { t, i18n } = useTranslation(['sales-settings', 'errors', 'common']);
  const remove = useDeleteBonusScheme();
  // The dialog still shows its version while it fades out after the version is gone.
  const last = useRef(asked);
  if (asked) last.current = asked;
  const version = asked ?? last.current;
  if (!version) return null;
  const date = monthStart(version.effectiveFrom, i18n.language);
  const typeName = t(`domain:managementTypes.${version.managementType}`);

  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <Modal
      opened={asked !== null}
      onClose={close}
      onExitTransitionEnd={onExited}
      title={t('bonusSchemes.deleteTitle', { type: typeName, date })}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack>
        <Text size="sm">{t('bonusSchemes.deleteMessage', { date })}</Text>
        {remove.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorMessage(t, remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { managementType: version.managementType, effectiveFrom: version.effectiveFrom },
                {
                  onSuccess: () => {
                    notify({
                      color: 'green',
                      message: t('bonusSchemes.deleted', { type: typeName, date }),
                    });
                    remove.reset();
                    onDeleted();
                  },
                },
              )
            }
          >
            {t('bonusSchemes.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
