import type { ReportName, Unit } from '@cm/contract';
import { Button, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText, ListTable } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import { reportQuery } from './api';
import classes from './reports.module.css';
import type { ReportsSearch, ResolvedReport } from './search';
import type { ReportWords } from './use-report-words';

/** What every report's view is given by the screen. */
export type ReportViewProps = {
  report: ResolvedReport;
  search: ReportsSearch;
  update: (patch: Partial<ReportsSearch>) => void;
};

/** A page of a report's rows, with its totals and chart; the last page's stays while the next is read. */
export function useReportQuery<Name extends ReportName>(name: Name, { report, search }: ReportViewProps) {
  return useQuery({
    ...reportQuery(name, { ...report.parameters, page: search.page, pageSize: search.pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** A component in a cell: its SKU over its name. */
export function ComponentCell({ sku, name }: { sku: string; name: string }) {
  return (
    <Stack gap={0} miw={150}>
      <Text size="sm" ff="monospace">
        <CodeText>{sku}</CodeText>
      </Text>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
    </Stack>
  );
}

/** A figure in a cell or a totals cell, its digits aligned. */
export function Figure({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <Text span size="sm" fw={strong ? 700 : undefined} className={classes.figures}>
      {children}
    </Text>
  );
}

/** Sums of one quantity per unit of measure, one line each (pieces and metres do not add up, ADR 0018). */
export function UnitSums({ sums, words }: { sums: readonly { unit: Unit; quantity: string }[]; words: ReportWords }) {
  if (sums.length === 0) return <Figure strong>{words.quantity('0')}</Figure>;
  return (
    <Stack gap={0} align="flex-end">
      {sums.map(({ unit, quantity }) => (
        <Figure key={unit} strong>
          {words.quantity(quantity, unit)}
        </Figure>
      ))}
    </Stack>
  );
}

type ReportTableProps<Row, Data extends { items: Row[]; total: number }> = {
  name: ReportName;
  view: ReportViewProps;
  query: {
    data: Data | undefined;
    isPending: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  columns: DataTableColumn<Row>[];
  idAccessor: keyof Row | ((row: Row) => string);
  /** Opens the component of a row (component reports), by click or Enter. */
  componentOf?: (row: Row) => { componentId: string; sku: string; name: string };
  /** Search or filters narrow the report: the empty message says so and offers to clear them. */
  filtered?: boolean;
  chart: ReactNode;
};

/**
 * A report's chart and table: the rows of the whole report a page at a time, sorted on the server, with the totals of
 * every row in the table's footer; or why the report could not be read, with Retry.
 */
export function ReportTable<Row, Data extends { items: Row[]; total: number }>({
  name,
  view,
  query,
  columns,
  idAccessor,
  componentOf,
  filtered = false,
  chart,
}: ReportTableProps<Row, Data>) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const { report, search, update } = view;
  const rowLabel = useCallback(
    (row: Row) => {
      const component = componentOf?.(row);
      return component ? t('openComponent', { sku: component.sku, name: component.name }) : '';
    },
    [componentOf, t],
  );
  // A totals row under no rows says nothing: the footer shows once there are rows to sum.
  const withRows = (query.data?.total ?? 0) > 0;
  const shownColumns = useMemo(
    () => (withRows ? columns : columns.map(({ footer: _footer, ...column }) => column)),
    [withRows, columns],
  );
  if (query.error && !query.data) {
    return <LoadFailed title={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {chart}
      <div className={classes.wrappingHeaders}>
        <ListTable<Row, string>
          ariaLabel={t(`names.${name}`)}
          storeColumnsKey={`report-${name}-columns`}
          columns={shownColumns}
          query={query}
          state={{ page: search.page, pageSize: search.pageSize, sort: report.sort, order: report.order }}
          onStateChange={update}
          idAccessor={idAccessor}
          onRowClick={
            componentOf ? (row) => void navigate({ href: `/components/${componentOf(row).componentId}` }) : undefined
          }
          rowLabel={componentOf ? rowLabel : undefined}
          emptyMessage={filtered ? t('emptyFiltered') : t(`empty.${name}`)}
          emptyAction={
            filtered ? (
              <Button
                variant="default"
                onClick={() => update({ q: undefined, categoryId: undefined, locationId: undefined })}
              >
                {t('clearFilters')}
              </Button>
            ) : null
          }
          maxHeight="max(320px, calc(100dvh - 300px))"
        />
      </div>
    </>
  );
}

/** A component's row as the reports of components send it: what opens the component and names it. */
type ComponentRow = { componentId: string; sku: string; name: string };

const componentOf = (row: ComponentRow) => row;

/** A report whose rows are components: each row is its component, and opens it. */
export function ComponentReportTable<Row extends ComponentRow, Data extends { items: Row[]; total: number }>(
  props: Omit<ReportTableProps<Row, Data>, 'idAccessor' | 'componentOf'>,
) {
  return <ReportTable {...props} idAccessor="componentId" componentOf={componentOf} />;
}
