import type { AmoCrmUser, ManagerFromAmoCrmResponse } from '@cm/contract';
import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '../../lib/current-user';
import { errorMessage } from '../../lib/error-message';
import { amoUserName } from './amocrm-user-name';
import { useCreateManagerFromAmoCrm } from './api';

type CreateManagerModalProps = { user: AmoCrmUser; opened: boolean; onClose: () => void };

/**
 * Creates a manager from an amoCRM user (its name, e-mail and id as AMO ID) in one of the administrator's
 * departments, then shows the temporary password once, to copy and pass on.
 */
export function CreateManagerModal({ user, opened, onClose }: CreateManagerModalProps) {
  const { t } = useTranslation(['sales-settings', 'common']);
  const create = useCreateManagerFromAmoCrm();
  // The password is shown once: while the manager is being created, the dialog stays open to show it, and once
  // shown, only a deliberate Done or close button (not a stray click or Escape) takes it away.
  const close = () => {
    if (create.isPending) return;
    create.reset();
    onClose();
  };
  const casual = !create.isPending && !create.data;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('amocrmUsers.createTitle')}
      centered
      closeOnClickOutside={casual}
      closeOnEscape={casual}
      withCloseButton={!create.isPending}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {create.data ? (
        <CreatedManager created={create.data} onDone={close} />
      ) : (
        <CreateForm user={user} create={create} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateForm({
  user,
  create,
  onCancel,
}: {
  user: AmoCrmUser;
  create: ReturnType<typeof useCreateManagerFromAmoCrm>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['sales-settings', 'errors', 'common']);
  const { data: administrator } = useQuery(currentUserQuery);
  const departments = administrator?.departments ?? [];
  const [departmentId, setDepartmentId] = useState<string | null>(
    administrator?.currentDepartment?.id ?? departments[0]?.id ?? null,
  );

  return (
    <Stack>
      <Text size="sm">{t('amocrmUsers.createIntro', { id: user.amoUserId })}</Text>
      <TextInput label={t('amocrmUsers.name')} value={amoUserName(t, user)} readOnly variant="filled" />
      <TextInput label={t('amocrmUsers.email')} value={user.email ?? ''} readOnly variant="filled" />
      {departments.length === 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('amocrmUsers.noDepartments')}
        </Alert>
      ) : (
        <Select
          label={t('amocrmUsers.department')}
          description={t('amocrmUsers.departmentHint')}
          data={departments.map((department) => ({ value: department.id, label: department.name }))}
          value={departmentId}
          onChange={setDepartmentId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {create.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorMessage(t, create.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          onClick={() => departmentId && create.mutate({ amoUserId: user.amoUserId, departmentId })}
          loading={create.isPending}
          disabled={!departmentId}
          data-autofocus
        >
          {t('amocrmUsers.createConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function CreatedManager({ created, onDone }: { created: ManagerFromAmoCrmResponse; onDone: () => void }) {
  const { t } = useTranslation(['sales-settings', 'common']);
  const password = useRef<HTMLInputElement>(null);
  // The button that was pressed is gone: the focus moves to what is to be done now, copying the password.
  useEffect(() => {
    password.current?.focus();
  }, []);
  return (
    <Stack>
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {t('amocrmUsers.created', { name: created.user.name, department: created.department.name })}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={password}
          label={t('amocrmUsers.password')}
          value={created.temporaryPassword}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={created.temporaryPassword} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              aria-label={copied ? undefined : t('amocrmUsers.copyLabel')}
              onClick={copy}
            >
              {copied ? t('amocrmUsers.copied') : t('amocrmUsers.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">{t('amocrmUsers.passwordHint')}</Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('amocrmUsers.done')}</Button>
      </Group>
    </Stack>
  );
}
