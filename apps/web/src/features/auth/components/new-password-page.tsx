import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChangeFields } from '../../../components/forms/password-change-fields';
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
          <PasswordChangeFields
            t={t}
            prefix=""
            values={values}
            errors={errors}
            error={change.error}
            onChange={set}
            autoFocus
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
