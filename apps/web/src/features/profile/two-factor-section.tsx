import type { TwoFactorStatus } from '@cm/contract';
import { Alert, Badge, Button, Card, Group, Modal, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { RecoveryCodesView } from '../../components/two-factor/recovery-codes';
import { TwoFactorSetup } from '../../components/two-factor/two-factor-setup';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { profileKeys } from '../../lib/query-keys/profile';
import { twoFactorStatusQuery, useDisableTwoFactor, useReplaceRecoveryCodes } from './api';

/** So few recovery codes left are worth a warning: the next lost phone may find none. */
const FEW_RECOVERY_CODES = 2;

type Dialog = 'setup' | 'turnOff' | 'replace';

/**
 * "Two-factor sign-in" on the Security tab (PRODUCT.md §4, ADR 0043): whether sign-in asks for a code of an
 * authenticator app, turning it on (the key, then the recovery codes shown once), replacing the recovery codes and
 * turning it off (each after the password; off is refused while the security policy requires it).
 */
export function TwoFactorSection() {
  const { t } = useTranslation(['profile', 'common']);
  const format = useFormatters();
  const status = useQuery(twoFactorStatusQuery);
  // Each opening is a new dialog: a key or codes shown before are gone when it opens again.
  const [dialog, setDialog] = useState<{ kind: Dialog; opening: number } | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (kind: Dialog) => {
    setDialog((previous) => ({ kind, opening: (previous?.opening ?? 0) + 1 }));
    setOpened(true);
  };
  const close = useCallback(() => setOpened(false), []);
  // Gone once it has faded out: recovery codes it showed are not kept in memory.
  const closed = useCallback(() => setDialog(null), []);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-two-factor">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="profile-two-factor">
            {t('twoFactor.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('twoFactor.hint')}
          </Text>
        </div>
        {status.isPending ? (
          <Skeleton height={64} radius="md" aria-label={t('common:loading')} />
        ) : status.isError ? (
          <LoadFailed title={t('twoFactor.loadFailed')} error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <StatusAndActions status={status.data} format={format} onOpen={open} />
        )}
      </Stack>
      {dialog && (
        <TwoFactorDialog key={dialog.opening} kind={dialog.kind} opened={opened} onClose={close} onClosed={closed} />
      )}
    </Card>
  );
}

function StatusAndActions({
  status,
  format,
  onOpen,
}: {
  status: TwoFactorStatus;
  format: ReturnType<typeof useFormatters>;
  onOpen: (kind: Dialog) => void;
}) {
  const { t } = useTranslation('profile');
  const few = status.recoveryCodesLeft <= FEW_RECOVERY_CODES;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Badge
          size="lg"
          variant="light"
          color={status.enabled ? 'green' : 'gray'}
          leftSection={status.enabled ? <IconShieldCheck size={14} /> : <IconShieldLock size={14} />}
        >
          {status.enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
        {status.enabled && status.enabledAt && (
          <Text size="sm">{t('twoFactor.onSince', { date: format.date(status.enabledAt) })}</Text>
        )}
        {status.enabled && (
          <Text size="sm" c={few ? 'orange.8' : 'dimmed'} fw={few ? 600 : undefined}>
            {t('twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </Text>
        )}
      </Group>
      {status.required && (
        <Text size="sm" c="dimmed">
          {t('twoFactor.required')}
        </Text>
      )}
      {status.enabled && few && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('twoFactor.codesLow')}
        </Alert>
      )}
      <Group gap="sm">
        {status.enabled ? (
          <>
            <Button variant="default" onClick={() => onOpen('replace')}>
              {t('twoFactor.replaceCodes')}
            </Button>
            {/* While the policy requires it, the note above says why this stays disabled. */}
            <Button variant="default" color="red" onClick={() => onOpen('turnOff')} disabled={status.required}>
              {t('twoFactor.turnOff')}
            </Button>
          </>
        ) : (
          <Button leftSection={<IconShieldCheck size={16} />} onClick={() => onOpen('setup')}>
            {t('twoFactor.turnOn')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * One of the section's dialogs; once recovery codes are shown, only "Done" or the close button ends it. `onClosed`
 * comes when it has faded out.
 */
function TwoFactorDialog({
  kind,
  opened,
  onClose,
  onClosed,
}: {
  kind: Dialog;
  opened: boolean;
  onClose: () => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation(['profile', 'two-factor', 'common']);
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const title = {
    setup: t('twoFactor.setupTitle'),
    turnOff: t('twoFactor.turnOffTitle'),
    replace: t('twoFactor.replaceTitle'),
  }[kind];

  const enabled = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    notify({ color: 'green', message: t('twoFactor.turnedOn') });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      closeOnEscape={codes === null}
      closeOnClickOutside={codes === null}
      title={title}
      size={kind === 'setup' || codes ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {codes ? (
        <RecoveryCodesView
          codes={codes}
          heading={kind === 'setup' ? t('two-factor:setupPage.enabled') : t('twoFactor.codesReplaced')}
          onDone={onClose}
        />
      ) : kind === 'setup' ? (
        <TwoFactorSetup
          onEnabled={enabled}
          // Turned on in another tab meanwhile: the section says so once it has read the status again.
          onAlreadyEnabled={() => {
            void queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor() });
            onClose();
          }}
          secondary={
            <Button variant="default" onClick={onClose}>
              {t('twoFactor.cancel')}
            </Button>
          }
        />
      ) : (
        <PasswordConfirmationForm kind={kind} onReplaced={setCodes} onClose={onClose} />
      )}
    </Modal>
  );
}

/** Asks for the password before turning two-factor sign-in off or replacing the recovery codes. */
function PasswordConfirmationForm({
  kind,
  onReplaced,
  onClose,
}: {
  kind: 'turnOff' | 'replace';
  onReplaced: (codes: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const disable = useDisableTwoFactor();
  const replace = useReplaceRecoveryCodes();
  const mutation = kind === 'turnOff' ? disable : replace;
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const wrongPassword = mutation.error instanceof ApiError && mutation.error.code === 'CURRENT_PASSWORD_INCORRECT';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (password === '') {
      setMissing(true);
      return;
    }
    if (kind === 'turnOff') {
      disable.mutate(password, {
        onSuccess: () => {
          notify({ color: 'green', message: t('twoFactor.turnedOff') });
          onClose();
        },
      });
    } else {
      replace.mutate(password, { onSuccess: ({ recoveryCodes }) => onReplaced(recoveryCodes) });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{kind === 'turnOff' ? t('twoFactor.turnOffText') : t('twoFactor.replaceText')}</Text>
        <PasswordInput
          label={t('twoFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setMissing(false);
          }}
          error={
            missing ? t('twoFactor.passwordRequired') : wrongPassword ? errorMessage(t, mutation.error) : undefined
          }
          withAsterisk
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
        />
        {mutation.error && !wrongPassword ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('twoFactor.failed')}>
            {errorMessage(t, mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" color={kind === 'turnOff' ? 'red' : undefined} loading={mutation.isPending}>
            {kind === 'turnOff' ? t('twoFactor.turnOff') : t('twoFactor.confirmReplace')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
