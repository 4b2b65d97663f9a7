import { EMAIL_PATTERN, TOTP_DIGITS } from '@cm/contract';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { applyChosenPreferences } from '../../../lib/account-preferences';
import { ApiError } from '../../../lib/api-client';
import { appInfoQuery } from '../../../lib/app-info';
import { errorMessage } from '../../../lib/error-message';
import { useSignIn } from '../api';
import { safeRedirect } from '../safe-redirect';
import { secondFactorCode } from '../second-factor-code';

const asksForCode = (error: unknown) => error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED';

type FieldErrors = {
  email?: 'emailRequired' | 'emailInvalid';
  password?: 'passwordRequired';
  code?: 'required' | 'digits';
};

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
  // An account with two-factor sign-in answers the right password with SECOND_FACTOR_REQUIRED: the same card then asks
  // for the code of the authenticator app (or a recovery code), sent again with the same e-mail and password.
  const [codeStep, setCodeStep] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  usePageTitle(t('signIn.pageTitle'));

  const mutation = useSignIn();

  function signIn(code?: string) {
    mutation.mutate(
      { email: email.trim(), password, code },
      {
        onSuccess: async ({ user }) => {
          // The language and theme saved to the account apply at every sign-in (PRODUCT.md §5 "Profile").
          await applyChosenPreferences(user);
          // A temporary password, or a policy requiring two-factor sign-in not yet set up, sends the way on to its
          // own page first (app/router.tsx).
          router.history.push(safeRedirect(redirect));
        },
        onError: (error) => {
          if (asksForCode(error)) setCodeStep(true);
          const failure = code !== undefined && error instanceof ApiError && error.code;
          // The password stopped working meanwhile (changed, or the account deactivated): the error stays in sight.
          if (failure === 'INVALID_CREDENTIALS') toPasswordStep();
          // The next code typed replaces the wrong one.
          if (failure === 'SECOND_FACTOR_INVALID') codeInput.current?.select();
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (codeStep) {
      const checked = secondFactorCode(code, recovery);
      setErrors('problem' in checked ? { code: checked.problem } : {});
      if ('code' in checked) signIn(checked.code);
      return;
    }
    const found = validate(email, password);
    setErrors(found);
    if (Object.keys(found).length === 0) signIn();
  }

  function switchCodeKind() {
    setRecovery(!recovery);
    setCode('');
    setErrors({});
  }

  function toPasswordStep() {
    setPassword('');
    setCode('');
    setErrors({});
    setCodeStep(false);
  }

  function back() {
    mutation.reset();
    toPasswordStep();
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {codeStep
                ? t('secondFactor.heading')
                : t('signIn.heading', { name: appInfo?.name ?? 'Components Master' })}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {codeStep ? t(recovery ? 'secondFactor.recoveryIntro' : 'secondFactor.intro') : t('signIn.subheading')}
            </Text>
          </div>
          {mutation.error && !asksForCode(mutation.error) && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, mutation.error)}
            </Alert>
          )}
          {codeStep ? (
            <div>
              <TextInput
                // A new field for the other kind of code, focused as it comes: browsers and password managers tell
                // the two apart.
                key={String(recovery)}
                ref={codeInput}
                label={t(recovery ? 'secondFactor.recoveryCode' : 'secondFactor.code')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={
                  errors.code &&
                  t(errors.code === 'required' ? 'secondFactor.codeRequired' : 'secondFactor.codeDigits', {
                    digits: TOTP_DIGITS,
                  })
                }
                inputMode={recovery ? 'text' : 'numeric'}
                autoComplete={recovery ? 'off' : 'one-time-code'}
                spellCheck={false}
                withAsterisk
                autoFocus
              />
              <Button variant="subtle" size="compact-sm" mt={6} ml={-4} px={4} onClick={switchCodeKind}>
                {t(recovery ? 'secondFactor.useApp' : 'secondFactor.useRecoveryCode')}
              </Button>
            </div>
          ) : (
            <>
              <TextInput
                label={t('signIn.email')}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={errors.email && t(`signIn.${errors.email}`)}
                withAsterisk
                autoFocus={email === ''}
              />
              <PasswordInput
                label={t('signIn.password')}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={errors.password && t(`signIn.${errors.password}`)}
                withAsterisk
                // Back from the code step, the e-mail is kept and the password is typed again.
                autoFocus={email !== ''}
                visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
              />
            </>
          )}
          <Button type="submit" fullWidth size="md" disabled={mutation.isPending}>
            {codeStep
              ? t(mutation.isPending ? 'secondFactor.pending' : 'secondFactor.submit')
              : t(mutation.isPending ? 'signIn.pending' : 'signIn.submit')}
          </Button>
          {codeStep && (
            <Button variant="default" fullWidth onClick={back} disabled={mutation.isPending}>
              {t('secondFactor.back')}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
