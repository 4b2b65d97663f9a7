import { type AdministeredDepartment, DEPARTMENT_NAME_MAX_LENGTH } from '@cm/contract';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LeaveTexts, LeaveWithoutSavingModal } from '../../components/forms/leave-without-saving';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useCreateDepartment, useRenameDepartment } from './api';
import { type NameMessage, serverNameError, toDepartmentNaming } from './naming-values';

type Target = { department: AdministeredDepartment | null; session: number };

/**
 * Hosts the form that creates a department (`open(null)`) or renames one (`open(department)`) in a modal. Closing
 * it, or leaving the screen, with a name typed and not saved asks first.
 */
export function useNamingModal(): {
  open: (department: AdministeredDepartment | null) => void;
  modal: React.ReactNode;
} {
  const { t } = useTranslation('departments');
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, setOpened] = useState(false);
  const dirty = useRef(false);
  const [askingToClose, setAskingToClose] = useState(false);
  const open = useCallback((department: AdministeredDepartment | null) => {
    dirty.current = false;
    setTarget((previous) => ({ department, session: (previous?.session ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const close = useCallback(() => {
    dirty.current = false;
    setOpened(false);
  }, []);
  const requestClose = useCallback(() => {
    if (dirty.current) setAskingToClose(true);
    else close();
  }, [close]);
  const blocker = useBlocker({
    shouldBlockFn: () => dirty.current,
    enableBeforeUnload: () => dirty.current,
    withResolver: true,
  });
  const leaveTexts: LeaveTexts = {
    title: t('leave.title'),
    message: t('leave.message'),
    stay: t('leave.stay'),
    discard: t('leave.discard'),
  };

  const modal = (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={target?.department ? t('form.renameTitle') : t('form.createTitle')}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {target ? (
          <NamingForm
            key={target.session}
            department={target.department}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onDone={close}
          />
        ) : null}
      </Modal>
      <LeaveWithoutSavingModal
        opened={askingToClose || blocker.status === 'blocked'}
        texts={leaveTexts}
        onStay={() => {
          setAskingToClose(false);
          blocker.reset?.();
        }}
        onDiscard={() => {
          setAskingToClose(false);
          close();
          blocker.proceed?.();
        }}
      />
    </>
  );
  return { open, modal };
}

function NamingForm({
  department,
  onDirtyChange,
  onCancel,
  onDone,
}: {
  department: AdministeredDepartment | null;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['departments', 'errors']);
  const creating = department === null;
  const [name, setName] = useState(department?.name ?? '');
  const [error, setError] = useState<NameMessage | null>(null);
  const create = useCreateDepartment();
  const rename = useRenameDepartment();
  const mutation = creating ? create : rename;
  const input = useRef<HTMLInputElement>(null);
  const serverError =
    mutation.error instanceof ApiError ? serverNameError(mutation.error.code, mutation.error.problem) : null;
  const shown = error ?? serverError;
  // A refusal the field does not show (a lost connection, a server error) is shown above the buttons.
  const generalError = mutation.error && !serverError ? mutation.error : null;

  const change = (value: string) => {
    setName(value);
    setError(null);
    onDirtyChange(value !== (department?.name ?? ''));
    if (mutation.error) mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = toDepartmentNaming(name);
    if (!checked.input) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    const onSuccess = (saved: AdministeredDepartment) => {
      onDirtyChange(false);
      notify({
        color: 'green',
        title: creating ? t('form.created') : t('form.renamed'),
        message: creating
          ? t('form.createdMessage', { name: saved.name })
          : t('form.renamedMessage', { name: saved.name }),
      });
      onDone();
    };
    const onError = () => input.current?.focus();
    if (department) rename.mutate({ id: department.id, input: checked.input }, { onSuccess, onError });
    else create.mutate(checked.input, { onSuccess, onError });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={input}
          label={t('fields.name')}
          description={t('form.hint')}
          value={name}
          onChange={(event) => change(event.currentTarget.value)}
          error={shown ? t(shown.key, shown.values ?? {}) : undefined}
          required
          maxLength={DEPARTMENT_NAME_MAX_LENGTH + 20}
          autoComplete="off"
          data-autofocus
        />
        {generalError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('form.failed')}>
            {errorMessage(t, generalError)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {creating ? t('form.create') : t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
