import type { WonLead } from '@cm/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu, ListTable, type ListTableState } from '../../components/data-table';
import type { AnalyticsRequest } from '../../lib/query-keys/analytics';
import classes from './analytics.module.css';
import { type AnalyticsSearch, wonLeadsQuery, wonLeadsRequest } from './api';
import { useAnalyticsWords } from './use-words';

type Sort = AnalyticsSearch['sort'];

const leadId = (lead: WonLead) => String(lead.amoId);

const DASH = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/**
 * The manager's successful leads of the period (PRODUCT.md §5), sorted and paged on the server as the address
 * says, exportable as shown.
 */
export function WonLeadsTable({
  request,
  search,
  update,
  period,
  averageDays,
}: {
  request: AnalyticsRequest;
  search: AnalyticsSearch;
  update: (patch: Partial<AnalyticsSearch>) => void;
  /** The period in words, for the table's name and its empty message. */
  period: string;
  /** Days from creation to winning, averaged; null without won leads. */
  averageDays: string | null;
}) {
  const { t } = useTranslation(['analytics', 'domain']);
  const words = useAnalyticsWords();
  const titleId = useId();
  const query = useQuery({ ...wonLeadsQuery(wonLeadsRequest(request, search)), placeholderData: keepPreviousData });

  // Widths that let the longer texts and headers wrap, so that the eight columns fit beside the menu at 1280 px: the
  // table otherwise takes the width of its longest lines and scrolls sideways.
  const columns = useMemo<DataTableColumn<WonLead>[]>(
    () => [
      {
        accessor: 'title',
        title: t('won.columns.title'),
        sortable: true,
        width: 180,
        render: (lead) =>
          lead.title ? (
            lead.title
          ) : (
            <Text span size="sm" c="dimmed" fs="italic">
              {t('domain:untitledLead')}
            </Text>
          ),
      },
      {
        accessor: 'contactName',
        title: t('won.columns.contact'),
        width: 120,
        render: (lead) => lead.contactName ?? DASH,
      },
      {
        accessor: 'paymentMethod',
        title: t('won.columns.paymentMethod'),
        width: 110,
        render: (lead) => lead.paymentMethod ?? DASH,
      },
      {
        accessor: 'budgetMinor',
        sortKey: 'budget',
        title: t('won.columns.budget'),
        sortable: true,
        textAlign: 'right',
        render: (lead) => <span className={classes.figure}>{words.money(lead.budgetMinor)}</span>,
      },
      {
        accessor: 'createdAt',
        title: t('won.columns.createdAt'),
        sortable: true,
        noWrap: true,
        render: (lead) => words.date(lead.createdAt),
      },
      {
        accessor: 'closedAt',
        title: t('won.columns.closedAt'),
        sortable: true,
        noWrap: true,
        render: (lead) => words.date(lead.closedAt),
      },
      {
        accessor: 'pipelineId',
        title: t('won.columns.pipelineId'),
        textAlign: 'right',
        width: 90,
        render: (lead) => <span className={classes.figure}>{lead.pipelineId}</span>,
      },
      {
        accessor: 'daysToAcquisition',
        title: t('won.columns.daysToAcquisition'),
        sortable: true,
        textAlign: 'right',
        width: 110,
        render: (lead) => <span className={classes.figure}>{words.decimal(lead.daysToAcquisition)}</span>,
      },
    ],
    [t, words],
  );

  const state: ListTableState<Sort> = {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
  };
  const { managerId, from, to } = request;

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('won.title')}
        </Title>
        <ExportMenu
          path="/sales/analytics/won-leads/export"
          filters={{ managerId, from, to, sort: search.sort, order: search.order }}
        />
      </Group>
      <div className={classes.wrappingHeaders}>
        <ListTable<WonLead, Sort>
          ariaLabel={t('won.tableLabel', { period })}
          storeColumnsKey="analytics-won-leads-columns"
          columns={columns}
          query={query}
          state={state}
          onStateChange={update}
          idAccessor={leadId}
          emptyMessage={t('won.empty', { period })}
          // The rows grow with the page, which scrolls them: a page of rows in a box of its own caught the wheel
          // over it, so the page stopped scrolling there and rows hid in it. The pagination bounds them.
          maxHeight="none"
          toolbar={
            <Text size="sm" c="dimmed" style={{ alignSelf: 'center' }}>
              {averageDays === null ? t('won.noAverage') : t('won.averageDays', { days: words.days(averageDays) })}
            </Text>
          }
        />
      </div>
    </Stack>
  );
}
