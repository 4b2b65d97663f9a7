import {
  type Locale,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  type SignedInUser,
  type ThemeSetting,
} from '@cm/contract';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '../../components/forms/segmented-choice';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { withoutError } from '../../components/forms/without-error';
import { applyAccountPreferences } from '../../lib/account-preferences';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useChangePassword, useUpdateProfile } from './api';

type AccountValues = { name: string; locale: Locale; theme: ThemeSetting };
type AccountErrors = { name?: 'nameRequired' | 'nameTooLong' };

const valuesOf = (user: SignedInUser): AccountValues => ({ name: user.name, locale: user.locale, theme: user.theme });

/** Keys of the messages, not the messages: switching language re-translates errors already shown. */
function checkAccount(values: AccountValues): AccountErrors {
  const name = values.name.trim();
  if (name === '') return { name: 'nameRequired' };
  if (name.length > PROFILE_NAME_MAX_LENGTH) return { name: 'nameTooLong' };
  return {};
}

/**
 * The "Profile settings" tab: the name, language and theme saved to the account (applied at once and at every
 * sign-in), and the password. Each form has its own Save and Cancel; either holding changes makes the screen ask
 * before it is left.
 */
export function SettingsTab({ user, onDirtyChange }: { user: SignedInUser; onDirtyChange: (dirty: boolean) => void }) {
  const [accountDirty, setAccountDirty] = useState(false);
  const [passwordDirty, setPasswordDirty] = useState(false);
  useEffect(() => onDirtyChange(accountDirty || passwordDirty), [accountDirty, passwordDirty, onDirtyChange]);
  return (
    <Stack gap="md" maw={720}>
      <AccountForm user={user} onDirtyChange={setAccountDirty} />
      <PasswordForm onDirtyChange={setPasswordDirty} />
    </Stack>
  );
}

function AccountForm({ user, onDirtyChange }: { user: SignedInUser; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const baseline = useMemo(() => valuesOf(user), [user]);
  const [values, setValues] = useState<AccountValues>(baseline);
  const [errors, setErrors] = useState<AccountErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useUpdateProfile();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, save.error);

  const dirty = values.name !== baseline.name || values.locale !== baseline.locale || values.theme !== baseline.theme;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = <Key extends keyof AccountValues>(key: Key, value: AccountValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'name') setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAccount(values);
    setErrors(found);
    if (found.name) {
      focusFirstInvalid();
      return;
    }
    save.mutate(
      { name: values.name.trim(), locale: values.locale, theme: values.theme },
      {
        onSuccess: async (saved) => {
          setValues(valuesOf(saved));
          await applyAccountPreferences(saved);
          notifications.show({ color: 'green', message: t('settings.saved', { lng: saved.locale }) });
        },
      },
    );
  };

  const cancel = () => {
    setValues(baseline);
    setErrors({});
    save.reset();
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-account-settings">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="profile-account-settings">
              {t('settings.account')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('settings.accountHint')}
            </Text>
          </div>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, save.error)}
            </Alert>
          )}
          <TextInput
            label={t('settings.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name && t(`validation.${errors.name}`, { count: PROFILE_NAME_MAX_LENGTH })}
            autoComplete="name"
            withAsterisk
          />
          <SegmentedChoice<Locale>
            label={t('settings.language')}
            value={values.locale}
            options={[
              { value: 'en', label: t('common:languages.en') },
              { value: 'ru', label: t('common:languages.ru') },
            ]}
            onChange={(locale) => set('locale', locale)}
          />
          <SegmentedChoice<ThemeSetting>
            label={t('settings.theme')}
            value={values.theme}
            options={[
              { value: 'light', label: t('settings.themes.light') },
              { value: 'dark', label: t('settings.themes.dark') },
              { value: 'system', label: t('settings.themes.system') },
            ]}
            onChange={(theme) => set('theme', theme)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={!dirty || save.isPending}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string; confirmation: string };
type PasswordErrors = Partial<
  Record<
    keyof PasswordValues,
    'currentRequired' | 'currentIncorrect' | 'newTooShort' | 'newTooLong' | 'newSameAsCurrent' | 'confirmationDiffers'
  >
>;
const NO_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmation: '' };

function checkPasswords(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (values.currentPassword === '') errors.currentPassword = 'currentRequired';
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'newTooShort';
  else if (values.newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = 'newTooLong';
  else if (values.newPassword === values.currentPassword) errors.newPassword = 'newSameAsCurrent';
  if (values.confirmation !== values.newPassword) errors.confirmation = 'confirmationDiffers';
  return errors;
}

function PasswordForm({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const [values, setValues] = useState<PasswordValues>(NO_PASSWORDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const change = useChangePassword();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, change.error);

  const dirty = values.currentPassword !== '' || values.newPassword !== '' || values.confirmation !== '';
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = (key: keyof PasswordValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswords(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(NO_PASSWORDS);
          setErrors({});
          notifications.show({ color: 'green', message: t('password.changed') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
            setErrors({ currentPassword: 'currentIncorrect' });
          }
        },
      },
    );
  };

  const cancel = () => {
    setValues(NO_PASSWORDS);
    setErrors({});
    change.reset();
  };

  const message = (key: keyof PasswordValues) =>
    errors[key] && t(`validation.${errors[key]}`, { count: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  // A wrong current password is said at its field; anything else above the form.
  const otherError =
    change.error && !(change.error instanceof ApiError && change.error.code === 'CURRENT_PASSWORD_INCORRECT');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-password">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="profile-password">
              {t('password.title')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('password.hint')}
            </Text>
          </div>
          {otherError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, change.error)}
            </Alert>
          )}
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => set('currentPassword', event.currentTarget.value)}
            error={message('currentPassword')}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
          />
          <PasswordInput
            label={t('password.new')}
            description={t('password.newHint', { count: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => set('newPassword', event.currentTarget.value)}
            error={message('newPassword')}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
          />
          <PasswordInput
            label={t('password.confirmation')}
            autoComplete="new-password"
            value={values.confirmation}
            onChange={(event) => set('confirmation', event.currentTarget.value)}
            error={message('confirmation')}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={!dirty || change.isPending}>
              {t('password.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending} disabled={!dirty}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
