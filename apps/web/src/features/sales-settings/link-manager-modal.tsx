import type { AmoCrmUser, UserSummary } from '@cm/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { amoUserName } from './amocrm-user-name';
import { useLinkAmoCrmUser } from './api';

type LinkManagerModalProps = {
  user: AmoCrmUser;
  managers: UserSummary[];
  opened: boolean;
  onClose: () => void;
};

/** Links an amoCRM user to a manager chosen from a list: the manager's AMO ID becomes the user's id. */
export function LinkManagerModal({ user, managers, opened, onClose }: LinkManagerModalProps) {
  const { t } = useTranslation(['sales-settings', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('amocrmUsers.linkTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {/* Mounted while open only: each opening starts from the user's own suggestion, with no earlier error. */}
      <LinkForm user={user} managers={managers} onClose={onClose} />
    </Modal>
  );
}

function LinkForm({ user, managers, onClose }: Omit<LinkManagerModalProps, 'opened'>) {
  const { t } = useTranslation(['sales-settings', 'errors', 'common']);
  // A manager with the same e-mail is the likely one.
  const [managerId, setManagerId] = useState<string | null>(
    user.match === 'email' && user.user?.role === 'manager' ? user.user.id : null,
  );
  const link = useLinkAmoCrmUser();
  const name = amoUserName(t, user);
  const chosen = managers.find((manager) => manager.id === managerId);
  const options = managers.map((manager) => ({
    value: manager.id,
    label: manager.active ? manager.name : `${manager.name} (${t('amocrmUsers.deactivated')})`,
  }));

  const submit = () => {
    if (!managerId) return;
    link.mutate(
      { amoUserId: user.amoUserId, userId: managerId },
      {
        onSuccess: (result) => {
          notify({
            color: 'green',
            message: t('amocrmUsers.linked', { amoName: name, manager: result.user.name }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Stack>
      <Text size="sm">{t('amocrmUsers.linkIntro', { id: user.amoUserId, name })}</Text>
      {managers.length === 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('amocrmUsers.noManagers')}
        </Alert>
      ) : (
        <Select
          label={t('amocrmUsers.manager')}
          placeholder={t('amocrmUsers.managerPlaceholder')}
          data={options}
          value={managerId}
          onChange={setManagerId}
          searchable
          nothingFoundMessage={t('amocrmUsers.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          renderOption={({ option }) => {
            const manager = managers.find((candidate) => candidate.id === option.value);
            return (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                <Text size="xs" c="dimmed">
                  {manager?.email} ·{' '}
                  {manager?.amoId == null
                    ? t('amocrmUsers.optionNoAmoId')
                    : t('amocrmUsers.optionAmoId', { id: manager.amoId })}
                </Text>
              </Stack>
            );
          }}
          data-autofocus
        />
      )}
      {chosen && chosen.amoId !== null && chosen.amoId !== user.amoUserId ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('amocrmUsers.replacesAmoId', { name: chosen.name, id: chosen.amoId })}
        </Alert>
      ) : null}
      {link.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorMessage(t, link.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={submit} loading={link.isPending} disabled={!managerId}>
          {t('amocrmUsers.linkConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}
