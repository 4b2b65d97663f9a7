import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cm/contract';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkPasswordChange,
  NO_PASSWORDS,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '../../../components/forms/password-change-values';
import { useFocusFirstInvalid } from '../../../components/forms/use-focus-first-invalid';
import { withoutError } from '../../../components/forms/without-error';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { signOut } from '../api';
import { safeRedirect } from '../safe-redirect';
import { useSetNewPassword } from '../session';

/**
 * `/auth/new-password`: all a session signed in with a temporary password may do (the server refuses it everything
 * else): choose a password of its own, then go where sign-in was going. Signing out is offered too.
 */
export default function NewPasswordPage() {
  // Its words come with the screens' (app/i18n.ts), which the route reads first: the sign-in page carries none of them.
  const { t } = useTranslation(['new-password', 'errors', 'common']);
  const router = useRouter();
  const queryClient = useQueryClient();
  const { redirect } = useSearch({ from: '/auth-layout/auth/new-password' });
  const [values, setValues] = useState<PasswordChangeValues>(NO_PASSWORDS);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const change = useSetNewPassword();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, change.error);
  usePageTitle(t('pageTitle'));

  const set = (key: keyof PasswordChangeValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = checkPasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => router.history.push(safeRedirect(redirect)),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
            setErrors({ currentPassword: 'currentIncorrect' });
          }
        },
      },
    );
  };

  const leave = () => {
    signOut();
    queryClient.clear();
    void router.navigate({ to: '/auth/signin' });
  };

  const message = (key: keyof PasswordChangeValues) =>
    errors[key] && t(`validation.${errors[key]}`, { count: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  // A wrong temporary password is said at its field; anything else above the form.
  const otherError =
    change.error && !(change.error instanceof ApiError && change.error.code === 'CURRENT_PASSWORD_INCORRECT');
  const toggle = { 'aria-label': t('common:header.togglePasswordVisibility') };

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t('heading')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('intro')}
            </Text>
          </div>
          {otherError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, change.error)}
            </Alert>
          )}
          <PasswordInput
            label={t('current')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => set('currentPassword', event.currentTarget.value)}
            error={message('currentPassword')}
            withAsterisk
            autoFocus
            visibilityToggleButtonProps={toggle}
          />
          <PasswordInput
            label={t('new')}
            description={t('newHint', { count: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => set('newPassword', event.currentTarget.value)}
            error={message('newPassword')}
            withAsterisk
            visibilityToggleButtonProps={toggle}
          />
          <PasswordInput
            label={t('confirmation')}
            autoComplete="new-password"
            value={values.confirmation}
            onChange={(event) => set('confirmation', event.currentTarget.value)}
            error={message('confirmation')}
            withAsterisk
            visibilityToggleButtonProps={toggle}
          />
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" onClick={leave} disabled={change.isPending}>
              {t('signOut')}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('pending') : t('submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
