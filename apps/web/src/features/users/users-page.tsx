import { type ManagedUser, type Role, UserListQuery, type UserStatus } from '@cm/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconPencil, IconPlus, IconShieldCheck, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { Fragment, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu, FilterSelect, ListSearchInput, ListTable, useListSearch } from '../../components/data-table';
import { MaintenanceButton } from '../../components/maintenance/maintenance-button';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { departmentsQuery, userListQuery } from './api';
import { SecurityPolicyControl } from './security-policy';
import { useStatusConfirmation } from './status-confirmation';
import { useTemporaryPasswordModal } from './temporary-password-modal';
import { useUserFormModal } from './user-form-modal';

export { prefetchUsersScreen as prefetch } from './api';

const ROLES: readonly Role[] = ['administrator', 'manager', 'worker'];
const STATUSES: readonly UserStatus[] = ['active', 'disabled'];
/** A badge keeps its whole word in a narrow cell: its label would otherwise shrink to an ellipsis. */
const BADGE_STYLE = { flexShrink: 0, minWidth: 'max-content' } as const;

/** `/users`: the users administration (PRODUCT.md §4), administrators only. */
export default function UsersPage() {
  const { t } = useTranslation(['users', 'common', 'tables', 'domain']);
  const title = t('common:nav.users');
  usePageTitle(title);
  const format = useFormatters();
  const [search, update] = useListSearch(UserListQuery);
  const query = useQuery(userListQuery(search));
  const { data: me } = useQuery(currentUserQuery);
  const departments = useQuery(departmentsQuery);
  const departmentItems = departments.data?.items ?? [];
  const form = useUserFormModal(departmentItems, me?.id);
  const statusChange = useStatusConfirmation();
  const temporaryPassword = useTemporaryPasswordModal();
  const filtered = Boolean(search.q || search.role || search.departmentId || search.status);

  const columns = useMemo<DataTableColumn<ManagedUser>[]>(
    () => [
      {
        accessor: 'name',
        title: t('fields.name'),
        sortable: true,
        toggleable: false,
        render: (user) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {user.name}
            </Text>
            {user.id === me?.id && (
              <Badge variant="light" size="sm" style={BADGE_STYLE}>
                {t('list.you')}
              </Badge>
            )}
            {/* Beside the name, which wraps, so that the sign stays in view where the table scrolls sideways. */}
            {user.twoFactorEnabled && (
              <Tooltip label={t('twoFactor.enabledLabel')} withinPortal>
                <ThemeIcon
                  role="img"
                  aria-label={t('twoFactor.enabledLabel')}
                  color="teal"
                  variant="light"
                  size="sm"
                  style={BADGE_STYLE}
                >
                  <IconShieldCheck size={14} aria-hidden />
                </ThemeIcon>
              </Tooltip>
            )}
          </Group>
        ),
      },
      { accessor: 'email', title: t('fields.email'), sortable: true, noWrap: true },
      {
        accessor: 'role',
        title: t('fields.role'),
        sortable: true,
        noWrap: true,
        render: (user) => t(`common:roles.${user.role}`),
      },
      {
        accessor: 'departments',
        title: t('fields.departments'),
        // A department's name is not broken across lines; the list of them wraps between names.
        render: (user) =>
          user.departments.length === 0 ? (
            <Text c="dimmed">—</Text>
          ) : (
            user.departments.map((department, index) => (
              <Fragment key={department.id}>
                {index > 0 ? ', ' : ''}
                <span style={{ whiteSpace: 'nowrap' }}>{department.name}</span>
              </Fragment>
            ))
          ),
      },
      {
        accessor: 'amoId',
        title: t('fields.amoId'),
        sortable: true,
        textAlign: 'right',
        render: (user) => (user.amoId === null ? <Text c="dimmed">—</Text> : user.amoId),
      },
      {
        accessor: 'managementType',
        title: t('fields.managementType'),
        defaultToggle: false,
        render: (user) =>
          user.managementType ? t(`domain:managementTypes.${user.managementType}`) : <Text c="dimmed">—</Text>,
      },
      {
        accessor: 'status',
        title: t('fields.status'),
        sortable: true,
        render: (user) => (
          <Badge color={user.status === 'active' ? 'green' : 'gray'} variant="light" style={BADGE_STYLE}>
            {t(`status.${user.status}`)}
          </Badge>
        ),
      },
      {
        accessor: 'createdAt',
        title: t('fields.createdAt'),
        sortable: true,
        defaultToggle: false,
        render: (user) => <span style={{ whiteSpace: 'nowrap' }}>{format.dateTime(user.createdAt)}</span>,
      },
      {
        accessor: 'actions',
        title: <VisuallyHidden>{t('tables:actions')}</VisuallyHidden>,
        toggleable: false,
        textAlign: 'right',
        width: 128,
        render: (user) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('actions.edit')} withinPortal>
              <ActionIcon
                variant="subtle"
                aria-label={t('actions.editUser', { name: user.name })}
                onClick={(event) => {
                  event.stopPropagation();
                  form.open(user);
                }}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            {user.id !== me?.id && user.status === 'active' && (
              <Tooltip label={t('actions.temporaryPassword')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('actions.temporaryPasswordFor', { name: user.name })}
                  onClick={(event) => {
                    event.stopPropagation();
                    temporaryPassword.open(user);
                  }}
                >
                  <IconKey size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {user.id !== me?.id &&
              (user.status === 'active' ? (
                <Tooltip label={t('actions.deactivate')} withinPortal>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('actions.deactivateUser', { name: user.name })}
                    onClick={(event) => {
                      event.stopPropagation();
                      statusChange.open(user);
                    }}
                  >
                    <IconUserOff size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Tooltip label={t('actions.reactivate')} withinPortal>
                  <ActionIcon
                    variant="subtle"
                    color="green"
                    aria-label={t('actions.reactivateUser', { name: user.name })}
                    onClick={(event) => {
                      event.stopPropagation();
                      statusChange.open(user);
                    }}
                  >
                    <IconUserCheck size={18} />
                  </ActionIcon>
                </Tooltip>
              ))}
          </Group>
        ),
      },
    ],
    [t, format, me?.id, form.open, statusChange.open, temporaryPassword.open],
  );

  const rowLabel = useCallback((user: ManagedUser) => t('list.open', { name: user.name, email: user.email }), [t]);
  const newUserButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
      {t('list.new')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          <SecurityPolicyControl />
          <MaintenanceButton />
          {newUserButton}
          <ExportMenu path="/users/export" filters={search} />
        </Group>
      </Group>

      <ListTable<ManagedUser, typeof search.sort>
        ariaLabel={title}
        storeColumnsKey="users-columns"
        pinLastColumn
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        onRowClick={(user) => form.open(user)}
        rowLabel={rowLabel}
        emptyMessage={filtered ? t('list.emptyFiltered') : t('list.empty')}
        emptyAction={
          filtered ? (
            <Button
              variant="default"
              onClick={() => update({ q: undefined, role: undefined, departmentId: undefined, status: undefined })}
            >
              {t('list.clearFilters')}
            </Button>
          ) : (
            newUserButton
          )
        }
        toolbar={
          <>
            <ListSearchInput
              value={search.q}
              onChange={(q) => update({ q })}
              placeholder={t('list.searchPlaceholder')}
              w={{ base: '100%', xs: 240 }}
            />
            <FilterSelect<Role>
              label={t('fields.role')}
              anyLabel={t('list.anyRole')}
              options={ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
              value={search.role}
              onChange={(role) => update({ role })}
              searchable={false}
              width={160}
            />
            <FilterSelect
              label={t('fields.department')}
              anyLabel={t('list.anyDepartment')}
              options={departmentItems.map((department) => ({ value: department.id, label: department.name }))}
              value={search.departmentId}
              onChange={(departmentId) => update({ departmentId })}
              width={180}
            />
            <FilterSelect<UserStatus>
              label={t('fields.status')}
              anyLabel={t('list.anyStatus')}
              options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              value={search.status}
              onChange={(status) => update({ status })}
              searchable={false}
              width={150}
            />
          </>
        }
      />
      {form.modal}
      {statusChange.modal}
      {temporaryPassword.modal}
    </Stack>
  );
}
