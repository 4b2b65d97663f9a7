import { type AuditEntry, AuditListQuery } from '@cm/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { auditListQuery, auditPeopleQuery } from '../../components/audit/api';
import { useAuditColumns } from '../../components/audit/audit-columns';
import { ActionFilter, personOptions } from '../../components/audit/filters';
import {
  ExportMenu,
  FilterSelect,
  ListSearchInput,
  ListTable,
  type ListTableState,
  useListSearch,
} from '../../components/data-table';
import { DateField } from '../../components/forms/date-field';
import { usePageTitle } from '../../components/use-page-title';
import { useFormatters } from '../../lib/format';

export { prefetchAuditScreen as prefetch } from './api';

/** The company's trail filters by who did it and to whom; "either side" is a user's own tab. */
const AuditPageQuery = AuditListQuery.omit({ userId: true });

/** `/audit`: the company's audit trail (issue #26), administrators only, newest first; nothing in it is editable. */
export default function AuditPage() {
  const { t } = useTranslation(['audit', 'common']);
  const title = t('common:nav.audit');
  usePageTitle(title);
  const format = useFormatters();
  const [search, update] = useListSearch(AuditPageQuery);
  const query = useQuery(auditListQuery(search));
  const people = useQuery(auditPeopleQuery);
  const options = useMemo(() => personOptions(people.data?.items ?? []), [people.data]);
  const columns = useAuditColumns();
  const filtered = Boolean(search.actorId || search.targetId || search.action || search.from || search.to || search.ip);
  const badRange = Boolean(search.from && search.to && search.from > search.to);
  const tableState: ListTableState = { page: search.page, pageSize: search.pageSize };
  const clear = () =>
    update({
      actorId: undefined,
      targetId: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
      ip: undefined,
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <ExportMenu path="/audit/export" filters={search} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('readOnly')}
      </Text>
      <ListTable<AuditEntry>
        ariaLabel={title}
        storeColumnsKey="audit-columns"
        columns={columns}
        query={query}
        state={tableState}
        onStateChange={({ sort: _sort, order: _order, ...patch }) => update(patch)}
        emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
        emptyAction={
          filtered ? (
            <Button variant="default" onClick={clear}>
              {t('clearFilters')}
            </Button>
          ) : undefined
        }
        toolbar={
          <>
            <FilterSelect
              label={t('filters.actor')}
              anyLabel={t('filters.anyActor')}
              options={options}
              value={search.actorId}
              onChange={(actorId) => update({ actorId })}
              width={200}
            />
            <ActionFilter value={search.action} onChange={(action) => update({ action })} />
            <FilterSelect
              label={t('filters.target')}
              anyLabel={t('filters.anyTarget')}
              options={options}
              value={search.targetId}
              onChange={(targetId) => update({ targetId })}
              width={220}
            />
            <DateField
              label={t('filters.from')}
              value={search.from}
              onChange={(from) => update({ from })}
              w={{ base: '100%', xs: 160 }}
            />
            <DateField
              label={t('filters.to')}
              value={search.to}
              onChange={(to) => update({ to })}
              error={badRange ? t('filters.badRange') : undefined}
              w={{ base: '100%', xs: 160 }}
            />
            <ListSearchInput
              label={t('filters.address')}
              placeholder={t('filters.addressPlaceholder')}
              value={search.ip}
              onChange={(ip) => update({ ip })}
              w={{ base: '100%', xs: 190 }}
            />
          </>
        }
      />
      {format.timeZoneNote ? (
        <Text size="xs" c="dimmed">
          {format.timeZoneNote}
        </Text>
      ) : null}
    </Stack>
  );
}
