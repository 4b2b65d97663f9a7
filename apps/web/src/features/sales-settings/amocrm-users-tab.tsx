import type { AmoCrmUser, UserSummary } from '@cm/contract';
import { Alert, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconRefresh, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable, type WholeTableColumn } from '../../components/data-table';
import { DotBadge } from '../../components/dot-badge';
import { InlineLoadFailed } from '../../components/load-failed';
import { ApiError } from '../../lib/api-client';
import { useFormatters } from '../../lib/format';
import { amoUserName } from './amocrm-user-name';
import { amoCrmUsersQuery, salesSettingsQuery } from './api';
import { CreateManagerModal } from './create-manager-modal';
import { LinkManagerModal } from './link-manager-modal';
import { Section } from './section';

/** Leads that count for no manager: the amoCRM user is not linked to anyone by AMO ID, and has leads. */
function needsAttention(user: AmoCrmUser): boolean {
  return user.match !== 'amo_id' && user.leads > 0;
}

const MATCH_COLORS: Record<AmoCrmUser['match'], string> = { amo_id: 'green', email: 'yellow', none: 'gray' };

function MatchedUser({ user }: { user: UserSummary }) {
  const { t } = useTranslation('sales-settings');
  return (
    <Stack gap={0}>
      <Text size="sm">{user.name}</Text>
      <Text size="xs" c="dimmed">
        <Email email={user.email} />
        {user.active ? null : ` · ${t('amocrmUsers.deactivated')}`}
      </Text>
    </Stack>
  );
}

function MatchCell({ user }: { user: AmoCrmUser }) {
  const { t } = useTranslation('sales-settings');
  const format = useFormatters();
  return (
    <Stack gap={4} align="flex-start">
      <DotBadge color={MATCH_COLORS[user.match]}>{t(`amocrmUsers.match.${user.match}`)}</DotBadge>
      {user.user ? <MatchedUser user={user.user} /> : null}
      {user.match === 'email' && user.user ? (
        <Text size="xs">
          {user.user.amoId === null
            ? t('amocrmUsers.emailNoAmoId')
            : t('amocrmUsers.emailOtherAmoId', { id: user.user.amoId })}
        </Text>
      ) : null}
      {needsAttention(user) ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-text)" aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600}>
            {t('amocrmUsers.unmatchedLeads', { count: user.leads, formatted: format.count(user.leads) })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** An e-mail that may wrap before its @ when a column is narrow, rather than at any letter. */
function Email({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A dialog open on one amoCRM user; its user stays while it closes, so the dialog does not empty as it fades. */
type Dialog = { user: AmoCrmUser; opened: boolean } | null;

/**
 * The "amoCRM users" tab: the account's users read from amoCRM beside the managers here, how each matches one,
 * and its stored leads. Users whose leads count for no manager come first and are tinted and marked; an
 * administrator links one to a manager, or creates a manager from it, in a click.
 */
export function AmoCrmUsersTab() {
  const { t } = useTranslation(['sales-settings', 'common']);
  const format = useFormatters();
  const settings = useQuery(salesSettingsQuery);
  // Not asked before an account is connected: the answer would only be a refusal (409) in the console.
  const connected = Boolean(settings.data?.baseUrl && settings.data.tokenSet);
  const users = useQuery({ ...amoCrmUsersQuery, enabled: connected });
  const [linking, setLinking] = useState<Dialog>(null);
  const [creating, setCreating] = useState<Dialog>(null);

  // Users to attend to first, most leads first; the others in amoCRM's order.
  const rows = useMemo(() => {
    const items = users.data?.items ?? [];
    return [
      ...items.filter(needsAttention).sort((a, b) => b.leads - a.leads),
      ...items.filter((u) => !needsAttention(u)),
    ];
  }, [users.data]);
  const attention = rows.filter(needsAttention).length;

  const columns = useMemo<WholeTableColumn<AmoCrmUser>[]>(
    () => [
      {
        key: 'amoUser',
        title: t('amocrmUsers.column.amoUser'),
        render: (user) => (
          <Stack gap={0}>
            <Text size="sm" fw={600} fs={user.name ? undefined : 'italic'}>
              {user.name ?? t('amocrmUsers.noName')}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email === null ? t('amocrmUsers.noEmail') : <Email email={user.email} />}
            </Text>
            <Text size="xs" c="dimmed">
              {user.active === false
                ? `${t('amocrmUsers.amoUserId', { id: user.amoUserId })} · ${t('amocrmUsers.inactive')}`
                : t('amocrmUsers.amoUserId', { id: user.amoUserId })}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'leads',
        title: t('amocrmUsers.column.leads'),
        align: 'right',
        render: (user) => format.count(user.leads),
      },
      {
        key: 'match',
        title: t('amocrmUsers.column.match'),
        render: (user) => <MatchCell user={user} />,
      },
      {
        key: 'actions',
        title: t('amocrmUsers.column.actions'),
        render: (user) =>
          user.match === 'amo_id' ? null : (
            <Stack gap={6} align="flex-start">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconLink size={14} />}
                aria-label={t('amocrmUsers.linkLabel', { name: amoUserName(t, user) })}
                onClick={() => setLinking({ user, opened: true })}
              >
                {t('amocrmUsers.link')}
              </Button>
              {user.match === 'none' && user.email !== null ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconUserPlus size={14} />}
                  aria-label={t('amocrmUsers.createLabel', { name: amoUserName(t, user) })}
                  onClick={() => setCreating({ user, opened: true })}
                >
                  {t('amocrmUsers.create')}
                </Button>
              ) : null}
              {user.match === 'none' && user.email === null ? (
                <Text size="xs" c="dimmed" maw={260}>
                  {t('amocrmUsers.noEmailToCreate')}
                </Text>
              ) : null}
            </Stack>
          ),
      },
    ],
    [t, format],
  );

  let body: ReactNode;
  if (settings.isPending || (connected && users.isPending)) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('amocrmUsers.loading')}>
        <Skeleton height={36} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else if (settings.isError) {
    body = <InlineLoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  } else if (!connected) {
    body = (
      <Text size="sm" c="dimmed">
        {t('amocrmUsers.connectFirst')}
      </Text>
    );
  } else if (users.isError) {
    body = (
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('amocrmUsers.loadFailed')}
        </Text>
        <InlineLoadFailed error={users.error} onRetry={() => void users.refetch()} />
        {users.error instanceof ApiError && users.error.code === 'AMOCRM_ACCESS_DENIED' ? (
          <Text size="sm">{t('amocrmUsers.accessDenied')}</Text>
        ) : null}
      </Stack>
    );
  } else if (rows.length === 0) {
    body = <EmptyState icon={<IconUsers size={32} />} title={t('amocrmUsers.empty')} variant="light" py="lg" />;
  } else {
    body = (
      <Stack gap="sm">
        {attention > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('amocrmUsers.attention', { count: attention })}
          </Alert>
        ) : null}
        {users.data?.accountId === null ? (
          <Text size="sm" c="dimmed">
            {t('amocrmUsers.notSynced')}
          </Text>
        ) : null}
        <WholeTable
          label={t('amocrmUsers.tableLabel')}
          columns={columns}
          rows={rows}
          attention={needsAttention}
          maxHeight={640}
        />
      </Stack>
    );
  }

  return (
    <Section
      title={t('amocrmUsers.title')}
      description={t('amocrmUsers.description')}
      actions={
        connected ? (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} />}
            loading={users.isFetching}
            onClick={() => void users.refetch()}
          >
            {t('amocrmUsers.refresh')}
          </Button>
        ) : null
      }
    >
      {body}
      {linking && users.data ? (
        <LinkManagerModal
          user={linking.user}
          managers={users.data.managers}
          opened={linking.opened}
          onClose={() => setLinking({ ...linking, opened: false })}
        />
      ) : null}
      {creating ? (
        <CreateManagerModal
          user={creating.user}
          opened={creating.opened}
          onClose={() => setCreating({ ...creating, opened: false })}
        />
      ) : null}
    </Section>
  );
}
