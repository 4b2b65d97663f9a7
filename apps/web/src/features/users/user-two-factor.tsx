import type { ManagedUser } from '@cm/contract';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useResetTwoFactor } from './api';

const TWO_FACTOR_RESET_STACK_ID = 'two-factor-reset';

/**
 * A user's two-factor sign-in in their modal: whether it is on and, for anyone but the signed-in administrator
 * (who turns theirs off on the profile), a reset for a lost phone, asked about first.
 */
export function UserTwoFactor({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  const { t } = useTranslation(['users', 'errors']);
  // The modal shows the user as the list had them when it opened: after a reset, this section knows better.
  const [enabled, setEnabled] = useState(user.twoFactorEnabled);
  const [confirming, setConfirming] = useState(false);
  const reset = useResetTwoFactor();
  const close = () => setConfirming(false);

  const confirm = () => {
    if (reset.isPending) return;
    reset.mutate(user.id, {
      onSuccess: () => {
        setEnabled(false);
        notify({ color: 'green', message: t('twoFactor.resetDone', { name: user.name }) });
        close();
      },
    });
  };

  return (
    <Paper withBorder radius="md" px="md" py="sm" component="section" aria-labelledby="user-two-factor-title">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem' }}>
          <Group gap={8} wrap="nowrap">
            <Text id="user-two-factor-title" size="sm" fw={600}>
              {t('twoFactor.title')}
            </Text>
            <Badge
              color={enabled ? 'teal' : 'gray'}
              variant="light"
              leftSection={enabled ? <IconShieldCheck size={12} /> : undefined}
              style={{ flexShrink: 0 }}
            >
              {enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {isSelf ? (
              <>
                {t('twoFactor.selfHint')}{' '}
                {/* The router is built from the table of screens, so it types no screen's search: the tab is the profile's. */}
                <Anchor component={Link} to="/profile" search={{ tab: 'security' } as never} underline="always">
                  {t('policy.openSecurity')}
                </Anchor>
              </>
            ) : enabled ? (
              t('twoFactor.onHint')
            ) : (
              t('twoFactor.offHint')
            )}
          </Text>
        </Stack>
        {enabled && !isSelf && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconShieldOff size={16} />}
            onClick={() => {
              reset.reset();
              setConfirming(true);
            }}
          >
            {t('twoFactor.reset')}
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={close}
        title={t('twoFactor.confirmTitle')}
        // In the stack of the user's modal: above it, and Escape closes this one alone.
        stackId={TWO_FACTOR_RESET_STACK_ID}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.confirmText', { name: user.name, email: user.email })}</Text>
          {reset.error ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('twoFactor.failed')}>
              {errorMessage(t, reset.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={reset.isPending} data-autofocus>
              {t('confirm.cancel')}
            </Button>
            <Button color="red" loading={reset.isPending} onClick={confirm}>
              {t('twoFactor.reset')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
