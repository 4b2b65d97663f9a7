import { TOTP_DIGITS, TwoFactorConfirmation } from '@cm/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  CopyButton,
  Group,
  InputBase,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import {
  type ComponentPropsWithRef,
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { InlineLoadFailed } from '../load-failed';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './api';

const QR_CODE_SIZE = 192;

/** The secret as an app's "enter a key" screen is easiest to copy from: in groups of four. */
const inGroupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The app's code as typed, without the space some apps show in the middle of it. */
const appCode = (typed: string) => typed.replace(/\s/g, '');

type Problems = { code?: 'required' | 'digits'; password?: 'required' };

/** Why what is typed cannot confirm the setup: a field left empty, or a code that is not the app's digits. */
function problemsOf(typed: string, password: string): Problems {
  const problems: Problems = {};
  if (appCode(typed) === '') problems.code = 'required';
  else if (!TwoFactorConfirmation.shape.code.safeParse(appCode(typed)).success) problems.code = 'digits';
  if (password === '') problems.password = 'required';
  return problems;
}

const failureOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

/**
 * The code field's input, described also by the instructions above it: focus lands on the field as the setup opens,
 * past them, and Mantine describes its fields by their own description and error alone.
 */
function DescribedInput({ alsoDescribedBy, ...props }: ComponentPropsWithRef<'input'> & { alsoDescribedBy: string }) {
  return <input {...props} aria-describedby={`${alsoDescribedBy} ${props['aria-describedby'] ?? ''}`.trim()} />;
}

/**
 * Turning two-factor sign-in on: starts a setup as it is shown, gives the key as a QR code and as text, and turns
 * sign-in's code on with a code of the app and the account's password (a session alone must not bind the account to
 * another phone); `onEnabled` then gets the recovery codes. `onAlreadyEnabled`, when given, takes over once the server
 * says it is on already (turned on in another tab), where a retry would meet the same answer. `secondary` sits beside
 * the submit button (Cancel in a dialog, Sign out on the page the security policy sends to).
 */
export function TwoFactorSetup({
  onEnabled,
  onAlreadyEnabled,
  secondary,
}: {
  onEnabled: (recoveryCodes: string[]) => void;
  onAlreadyEnabled?: () => void;
  secondary?: ReactNode;
}) {
  const { t } = useTranslation(['two-factor', 'errors', 'common']);
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const instructionsId = useId();
  const manualId = useId();
  const settle = useCallback(
    (error: Error) => {
      if (onAlreadyEnabled && failureOf(error) === 'TWO_FACTOR_ALREADY_ENABLED') onAlreadyEnabled();
    },
    [onAlreadyEnabled],
  );
  // Each start makes the server forget the secret before: one per showing, also when development mounts twice.
  const started = useRef(false);
  const { mutate: startSetup } = start;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup(undefined, { onError: settle });
  }, [startSetup, settle]);

  const failure = failureOf(enable.error);
  const wrongCode = failure === 'TWO_FACTOR_CODE_INCORRECT';
  const wrongPassword = failure === 'CURRENT_PASSWORD_INCORRECT';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (enable.isPending || !start.data) return;
    const found = problemsOf(code, password);
    setProblems(found);
    if (found.code || found.password) {
      (found.code ? codeInput : passwordInput).current?.focus();
      return;
    }
    enable.mutate(
      { code: appCode(code), password },
      {
        onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
        onError: (error) => {
          settle(error);
          // The field at fault, its text selected so that what is typed next replaces it.
          const field = (failureOf(error) === 'CURRENT_PASSWORD_INCORRECT' ? passwordInput : codeInput).current;
          field?.focus();
          field?.select();
        },
      },
    );
  };

  if (start.isError) {
    return (
      <Stack gap="md">
        <Text fw={600}>{t('setup.loadFailed')}</Text>
        <InlineLoadFailed error={start.error} onRetry={() => start.mutate(undefined, { onError: settle })} />
        {secondary && <Group justify="flex-end">{secondary}</Group>}
      </Stack>
    );
  }

  const setup = start.data;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" id={instructionsId}>
          {t('setup.scan')}
        </Text>
        <Center>
          {/* The code keeps its light background in the dark theme: phone cameras read dark on light. */}
          <Box p="xs" bg="white" bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 8 }}>
            {setup ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
                alt={t('setup.qrAlt')}
                width={QR_CODE_SIZE}
                height={QR_CODE_SIZE}
                style={{ display: 'block' }}
              />
            ) : (
              <Skeleton width={QR_CODE_SIZE} height={QR_CODE_SIZE} aria-label={t('common:loading')} />
            )}
          </Box>
        </Center>
        <TextInput
          label={t('setup.key')}
          description={t('setup.manual')}
          descriptionProps={{ id: manualId }}
          value={setup ? inGroupsOfFour(setup.secret) : ''}
          readOnly
          disabled={!setup}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <CopyButton value={setup?.secret ?? ''}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('setup.copied') : t('setup.copy')} withinPortal>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    disabled={!setup}
                    aria-label={copied ? t('setup.copied') : t('setup.copy')}
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <InputBase
          component={DescribedInput}
          alsoDescribedBy={`${instructionsId} ${manualId}`}
          ref={codeInput}
          label={t('setup.code')}
          description={t('setup.enter', { digits: TOTP_DIGITS })}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setProblems(({ password }) => ({ password }));
          }}
          error={
            problems.code
              ? t(problems.code === 'required' ? 'setup.codeRequired' : 'setup.codeDigits', { digits: TOTP_DIGITS })
              : wrongCode && errorMessage(t, enable.error)
          }
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_DIGITS + 2}
          size="md"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
          withAsterisk
          data-autofocus
        />
        <PasswordInput
          ref={passwordInput}
          label={t('setup.password')}
          autoComplete="current-password"
          size="md"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setProblems(({ code }) => ({ code }));
          }}
          error={problems.password ? t('setup.passwordRequired') : wrongPassword && errorMessage(t, enable.error)}
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
        />
        {enable.error && !wrongCode && !wrongPassword ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('setup.failed')}>
            {errorMessage(t, enable.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {secondary}
          <Button type="submit" loading={enable.isPending} disabled={!setup}>
            {t('setup.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
