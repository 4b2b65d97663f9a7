import type { AccountSession } from '@cm/contract';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText, WholeTable, type WholeTableColumn } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import { errorMessage } from '../../lib/error-message';
import { useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { sessionsQuery, useSignOutOtherSessions, useSignOutSession } from './api';
import { TwoFactorSection } from './two-factor-section';

/** What is being confirmed: one session, or all the others. */
type Ending = { kind: 'one'; session: AccountSession } | { kind: 'others'; count: number };

/**
 * The "Security" tab (PRODUCT.md §4, §5): two-factor sign-in (two-factor-section.tsx), then where the account is
 * signed in, with the device, the address and when each session was last active; "Sign out" ends one, "Sign out all
 * other sessions" every one but this. Each asks first.
 */
export function SecurityTab() {
  const { t } = useTranslation(['profile', 'common']);
  const format = useFormatters();
  const sessions = useQuery(sessionsQuery);
  const [ending, setEnding] = useState<Ending | null>(null);

  const deviceOf = (session: AccountSession) => {
    const browser = session.browser ?? t('security.unknownBrowser');
    return session.operatingSystem ? t('security.onSystem', { browser, system: session.operatingSystem }) : browser;
  };

  const items = sessions.data?.items ?? [];
  const others = items.filter((session) => !session.current).length;
  const columns: WholeTableColumn<AccountSession>[] = [
    {
      key: 'device',
      title: t('security.device'),
      // The badge goes under the name, where a narrow screen still has room for it.
      render: (session) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {deviceOf(session)}
          </Text>
          {session.current && (
            <Badge variant="light" size="sm">
              {t('security.current')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'address',
      title: t('security.address'),
      render: (session) => session.ip ?? <Text c="dimmed">{t('security.unknownAddress')}</Text>,
    },
    {
      key: 'signedInAt',
      title: t('security.signedInAt'),
      render: (session) => <DateTimeText iso={session.signedInAt} />,
    },
    {
      key: 'lastUsedAt',
      title: t('security.lastUsedAt'),
      render: (session) => <DateTimeText iso={session.lastUsedAt} />,
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (session) =>
        session.current ? null : (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconLogout size={14} />}
            aria-label={t('security.signOutSession', {
              device: deviceOf(session),
              lastUsed: format.dateTime(session.lastUsedAt),
            })}
            onClick={() => setEnding({ kind: 'one', session })}
          >
            {t('security.signOut')}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <TwoFactorSection />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-sessions">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ flex: '1 1 320px' }}>
              <Title order={2} size="h4" id="profile-sessions">
                {t('security.sessions')}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {t('security.sessionsHint')}
              </Text>
            </div>
            <Button
              variant="default"
              color="red"
              leftSection={<IconLogout size={16} />}
              disabled={others === 0}
              onClick={() => setEnding({ kind: 'others', count: others })}
            >
              {t('security.signOutOthers')}
            </Button>
          </Group>
          {sessions.isPending ? (
            <Skeleton height={120} radius="md" aria-label={t('common:loading')} />
          ) : sessions.isError ? (
            <LoadFailed
              title={t('security.loadFailed')}
              error={sessions.error}
              onRetry={() => void sessions.refetch()}
            />
          ) : (
            <>
              <WholeTable<AccountSession>
                label={t('security.caption')}
                columns={columns}
                rows={items}
                highlight={(session) => session.current}
              />
              {others === 0 && (
                <Text size="sm" c="dimmed">
                  {t('security.onlyThis')}
                </Text>
              )}
            </>
          )}
        </Stack>
        <EndingConfirmation ending={ending} deviceOf={deviceOf} onClose={() => setEnding(null)} />
      </Card>
    </Stack>
  );
}

function EndingConfirmation({
  ending,
  deviceOf,
  onClose,
}: {
  ending: Ending | null;
  deviceOf: (session: AccountSession) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const mutation = ending?.kind === 'others' ? signOutOthers : signOutOne;
  // What the dialog said stays while it closes, so that its text does not change under the closing animation.
  const [shown, setShown] = useState<Ending | null>(ending);
  if (ending && ending !== shown) setShown(ending);

  const close = () => {
    signOutOne.reset();
    signOutOthers.reset();
    onClose();
  };
  const confirm = () => {
    if (!ending || mutation.isPending) return;
    if (ending.kind === 'one') {
      signOutOne.mutate(ending.session.id, {
        onSuccess: () => {
          notify({ color: 'green', message: t('security.signedOut') });
          close();
        },
      });
    } else {
      signOutOthers.mutate(undefined, {
        onSuccess: ({ count }) => {
          notify({ color: 'green', message: t('security.othersSignedOut', { count }) });
          close();
        },
      });
    }
  };

  return (
    <Modal
      opened={ending !== null}
      onClose={close}
      title={shown?.kind === 'others' ? t('security.confirmOthersTitle') : t('security.confirmOneTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {shown?.kind === 'one'
            ? t('security.confirmOneText', {
                device: deviceOf(shown.session),
                address: shown.session.ip ?? t('security.unknownAddress'),
              })
            : t('security.confirmOthersText', { count: shown?.kind === 'others' ? shown.count : 0 })}
        </Text>
        {mutation.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('security.failed')}>
            {errorMessage(t, mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending} data-autofocus>
            {t('security.cancel')}
          </Button>
          <Button color="red" loading={mutation.isPending} onClick={confirm}>
            {shown?.kind === 'others' ? t('security.signOutOthers') : t('security.signOut')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
