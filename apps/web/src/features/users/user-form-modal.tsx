import {
  type DepartmentRef,
  MANAGEMENT_TYPE_WORDS,
  type ManagedUser,
  ManagementType,
  PASSWORD_MIN_LENGTH,
  Role,
} from '@cm/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useCreateUser, useUpdateUser } from './api';
import { type UserModalTab, UserModalTabs } from './user-audit-tab';
import {
  emptyUserValues,
  type FieldErrors,
  type FieldMessage,
  serverUserErrors,
  toUserInput,
  type UserFormValues,
  userValuesOf,
} from './user-form-values';
import { UserTwoFactor } from './user-two-factor';

type Target = { user: ManagedUser | null; session: number };

/**
 * Hosts the form that creates a user (`open(null)`) or edits one (`open(user)`) in a modal; `selfId` is the
 * signed-in administrator, who cannot take away their own role.
 */
export function useUserFormModal(
  departments: readonly DepartmentRef[],
  selfId: string | undefined,
): { open: (user: ManagedUser | null) => void; modal: React.ReactNode } {
  const { t } = useTranslation('users');
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const [tab, setTab] = useState<UserModalTab>('details');
  const open = useCallback((user: ManagedUser | null) => {
    setTarget((previous) => ({ user, session: (previous?.session ?? 0) + 1 }));
    setTab('details');
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal = (
    // A stack, so that a confirmation asked from within the form opens above it and Escape closes that alone.
    <Modal.Stack>
      <Modal
        stackId="user"
        opened={opened}
        onClose={close}
        title={target?.user ? t('form.editTitle') : t('form.createTitle')}
        // The trail's columns need more room than the form's.
        size={tab === 'audit' ? '72rem' : 'lg'}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {target ? (
          <UserModalTabs key={target.session} user={target.user} tab={tab} onTabChange={setTab}>
            <UserForm
              user={target.user}
              departments={departments}
              isSelf={target.user !== null && target.user.id === selfId}
              onDone={close}
            />
          </UserModalTabs>
        ) : null}
      </Modal>
    </Modal.Stack>
  );
  return { open, modal };
}

const ROLES = Role.options;
const MANAGEMENT_TYPES = ManagementType.options;

function UserForm({
  user,
  departments,
  isSelf,
  onDone,
}: {
  user: ManagedUser | null;
  departments: readonly DepartmentRef[];
  isSelf: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['users', 'common', 'errors']);
  const creating = user === null;
  const [values, setValues] = useState<UserFormValues>(() =>
    user ? userValuesOf(user) : emptyUserValues(departments.length === 1 && departments[0] ? [departments[0].id] : []),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const mutation = creating ? createUser : updateUser;
  const form = useRef<HTMLFormElement>(null);
  const serverErrors =
    mutation.error instanceof ApiError ? serverUserErrors(mutation.error.code, mutation.error.problem) : {};
  const focusFirstInvalid = useFocusFirstInvalid(form, mutation.error);

  const set = <Key extends keyof UserFormValues>(key: Key, value: UserFormValues[Key]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
    if (mutation.error) mutation.reset();
  };
  const messageOf = (field: keyof UserFormValues) => {
    const message: FieldMessage | undefined = errors[field] ?? serverErrors[field];
    return message ? t(message.key, message.values ?? {}) : undefined;
  };
  // A refusal that no field shows (a lost connection, a server error) is shown above the buttons.
  const generalError = mutation.error && Object.keys(serverErrors).length === 0 ? mutation.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const { input, errors: found } = toUserInput(values, creating);
    setErrors(found);
    if (!input) {
      focusFirstInvalid();
      return;
    }
    const onSuccess = (saved: ManagedUser) => {
      notify({
        color: 'green',
        title: creating ? t('form.created') : t('form.saved'),
        message: creating
          ? t(values.temporaryPassword ? 'form.createdTemporaryMessage' : 'form.createdMessage', { name: saved.name })
          : t('form.savedMessage', { name: saved.name }),
      });
      onDone();
    };
    if (user) updateUser.mutate({ id: user.id, input }, { onSuccess });
    else createUser.mutate(input as Parameters<typeof createUser.mutate>[0], { onSuccess });
  };

  const locale = i18n.language === 'ru' ? 'ru' : 'en';
  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={messageOf('name')}
            required
            maxLength={200}
            autoComplete="off"
            data-autofocus
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={messageOf('email')}
            required
            autoComplete="off"
            spellCheck={false}
          />
          <Select
            label={t('fields.role')}
            data={ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
            value={values.role}
            onChange={(role) => role && set('role', role as UserFormValues['role'])}
            allowDeselect={false}
            required
            disabled={isSelf}
            description={isSelf ? t('hints.ownRole') : undefined}
            error={messageOf('role')}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t('fields.departments')}
            data={departments.map((department) => ({ value: department.id, label: department.name }))}
            value={values.departmentIds}
            onChange={(departmentIds) => set('departmentIds', departmentIds)}
            error={messageOf('departmentIds')}
            required
            searchable
            nothingFoundMessage={t('form.noDepartments')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('fields.amoId')}
            description={t('hints.amoId')}
            value={values.amoId}
            onChange={(event) => set('amoId', event.currentTarget.value)}
            error={messageOf('amoId')}
            inputMode="numeric"
            autoComplete="off"
          />
          <Select
            label={t('fields.managementType')}
            description={t('hints.managementType')}
            placeholder={t('form.noManagementType')}
            data={MANAGEMENT_TYPES.map((type) => ({ value: type, label: MANAGEMENT_TYPE_WORDS[type][locale] }))}
            value={values.managementType}
            onChange={(type) => set('managementType', (type as UserFormValues['managementType']) ?? null)}
            clearable
            error={messageOf('managementType')}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {user && <UserTwoFactor user={user} isSelf={isSelf} />}
        {creating && (
          <PasswordInput
            label={t('fields.password')}
            description={t('hints.password', { count: PASSWORD_MIN_LENGTH })}
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={messageOf('password')}
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
          />
        )}
        {creating && (
          <Checkbox
            label={t('form.temporaryPassword')}
            checked={values.temporaryPassword}
            onChange={(event) => set('temporaryPassword', event.currentTarget.checked)}
          />
        )}
        {generalError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('form.failed')}>
            {errorMessage(t, generalError)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
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
