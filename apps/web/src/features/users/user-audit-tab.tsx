import { type AuditEntry, type ManagedUser, PAGE_SIZES } from '@cm/contract';
import { Stack, Tabs } from '@mantine/core';
import { IconHistory, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditListQuery } from '../../components/audit/api';
import { useAuditColumns } from '../../components/audit/audit-columns';
import { ActionFilter } from '../../components/audit/filters';
import { ListTable, type ListTableState } from '../../components/data-table';

/**
 * A user's own audit trail in their modal: what they did and what was done to them, newest first. Its filter and
 * page live in the modal, not the address, which belongs to the users list behind it.
 */
export function UserAuditTab({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('audit');
  const [action, setAction] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<ListTableState>({ page: 1, pageSize: PAGE_SIZES[0] });
  const query = useQuery(auditListQuery({ userId, action, page: page.page, pageSize: page.pageSize }));
  const columns = useAuditColumns();
  const changePage = useCallback(
    (patch: Partial<ListTableState>) => setPage((previous) => ({ ...previous, ...patch })),
    [],
  );

  return (
    <Stack gap="sm">
      <ListTable<AuditEntry>
        ariaLabel={t('userTrailLabel', { name })}
        storeColumnsKey="user-audit-columns"
        columns={columns}
        query={query}
        state={page}
        onStateChange={changePage}
        maxHeight="min(480px, calc(100dvh - 360px))"
        emptyMessage={action ? t('emptyFiltered') : t('emptyUser')}
        toolbar={
          <ActionFilter
            value={action}
            onChange={(next) => {
              setAction(next);
              setPage((previous) => ({ ...previous, page: 1 }));
            }}
          />
        }
      />
    </Stack>
  );
}

export type UserModalTab = 'details' | 'audit';

/**
 * The user modal's tabs: the form (`children`, kept mounted so that a look at the trail keeps what was typed) and
 * the user's audit trail. A new user has no trail yet: the form alone.
 */
export function UserModalTabs({
  user,
  tab,
  onTabChange,
  children,
}: {
  user: ManagedUser | null;
  tab: UserModalTab;
  onTabChange: (tab: UserModalTab) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['audit', 'users']);
  if (!user) return children;
  return (
    <Tabs value={tab} onChange={(next) => onTabChange(next === 'audit' ? 'audit' : 'details')}>
      <Tabs.List mb="md">
        <Tabs.Tab value="details" leftSection={<IconUser size={16} />}>
          {t('users:form.detailsTab')}
        </Tabs.Tab>
        <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
          {t('audit:tab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details" keepMounted>
        {children}
      </Tabs.Panel>
      <Tabs.Panel value="audit">{tab === 'audit' && <UserAuditTab userId={user.id} name={user.name} />}</Tabs.Panel>
    </Tabs>
  );
}
