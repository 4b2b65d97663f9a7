import { EMAIL_PATTERN } from '@cm/contract';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { applyChosenPreferences } from '../../../lib/account-preferences';
import { appInfoQuery } from '../../../lib/app-info';
import { errorMessage } from '../../../lib/error-message';
import { useSignIn } from '../api';
import { safeRedirect } from '../safe-redirect';

type FieldErrors = { email?: 'emailRequired' | 'emailInvalid'; password?: 'passwordRequired' };

/** Keys of the messages, not the messages: switching language re-translates errors already shown. */
function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim() === '') errors.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'emailInvalid';
  if (password === '') errors.password = 'passwordRequired';
  return errors;
}

export default function SignInPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const router = useRouter();
  const { redirect } = useSearch({ from: '/auth-layout/auth/signin' });
  const { data: appInfo } = useQuery(appInfoQuery);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  usePageTitle(t('signIn.pageTitle'));

  const mutation = useSignIn();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      mutation.mutate(
        { email: email.trim(), password },
        {
          onSuccess: async ({ user }) => {
            // The language and theme saved to the account apply at every sign-in (PRODUCT.md §5 "Profile").
            await applyChosenPreferences(user);
            // A temporary password sends the way on to "Set a new password" first (app/router.tsx).
            router.history.push(safeRedirect(redirect));
          },
        },
      );
    }
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t('signIn.heading', { name: appInfo?.name ?? 'Components Master' })}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('signIn.subheading')}
            </Text>
          </div>
          {mutation.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, mutation.error)}
            </Alert>
          )}
          <TextInput
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email && t(`signIn.${errors.email}`)}
            withAsterisk
            autoFocus
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password && t(`signIn.${errors.password}`)}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
          />
          <Button type="submit" fullWidth size="md" disabled={mutation.isPending}>
            {mutation.isPending ? t('signIn.pending') : t('signIn.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
