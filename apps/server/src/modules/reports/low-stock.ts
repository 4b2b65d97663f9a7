import {
  formatQuantity,
  LowStockExportQuery,
  type LowStockParameters,
  LowStockQuery,
  LowStockReport,
  type LowStockRow,
  type Unit,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { allOf, componentFilters, isoTime } from '../../lib/sql-filters.js';
import { LABELS, localDay } from './file-words.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';

type Parameters = z.output<typeof LowStockParameters>;

type Row = {
  component_id: string;
  sku: string;
  name: string;
  unit: Unit;
  category_path: string | null;
  on_hand: string;
  minimum_stock: string;
  shortfall: string;
  shortfall_percent: string;
  last_unit_cost_minor: string | number | null;
  last_received_at: Date | string | null;
};
type Summary = { chart: { component_id: string; sku: string; on_hand_percent: string }[] | null };

const CHART_COMPONENTS = 12;

const SORTS: Record<Parameters['sort'], string> = {
  sku: 'lower(sku)',
  name: 'lower(name)',
  onHand: 'on_hand::numeric',
  shortfall: 'shortfall::numeric',
  shortfallShare: 'shortfall_percent::numeric',
};

/**
 * Components the department holds less of than their minimum stock, as the stock screen's "below minimum" filter
 * finds them (archived components are never reordered), with the department's last receipt that was not reversed.
 */
export function lowStockQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { departmentId } = scope;
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, lower(sku), component_id`);
  const rows = sql`select component_id, sku, name, unit, category_path, on_hand::text as on_hand,
             minimum_stock::text as minimum_stock, shortfall::text as shortfall,
             round(shortfall_percent, 2)::text as shortfall_percent, last_unit_cost_minor, last_received_at
      from (
        select c.id as component_id, c.sku, c.name, c.unit, cat.path as category_path, t.quantity as on_hand,
               c.minimum_stock, c.minimum_stock - t.quantity as shortfall,
               (c.minimum_stock - t.quantity) * 100 / c.minimum_stock as shortfall_percent,
               receipt.unit_cost_minor as last_unit_cost_minor, receipt.created_at as last_received_at
        from department_stock t
        join components c on c.id = t.component_id
        left join categories cat on cat.id = c.category_id
        left join lateral (
          select r.unit_cost_minor, r.created_at from movements r
          where r.department_id = ${departmentId} and r.component_id = c.id and r.type = 'receipt'
            and not exists (select 1 from movements x where x.reversal_of_id = r.id)
          order by r.created_at desc limit 1
        ) receipt on true
        where t.department_id = ${departmentId} and c.archived_at is null and t.quantity < c.minimum_stock
          and ${allOf(componentFilters('c', parameters))}
      ) below`;
  const summary = sql`select json_build_object('chart', (
      select json_agg(json_build_object('component_id', component_id, 'sku', sku,
                                        'on_hand_percent', round(100 - shortfall_percent::numeric, 2)::text))
      from (select * from result order by shortfall_percent::numeric desc, lower(sku) limit ${CHART_COMPONENTS}) lowest))`;
  return { rows, order, summary };
}

function toRow(row: Row): LowStockRow {
  return {
    componentId: row.component_id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    categoryPath: row.category_path,
    onHand: formatQuantity(row.on_hand),
    minimumStock: formatQuantity(row.minimum_stock),
    shortfall: formatQuantity(row.shortfall),
    shortfallPercent: Number(row.shortfall_percent),
    lastReceipt:
      row.last_received_at === null
        ? null
        : {
            unitCostMinor: row.last_unit_cost_minor === null ? null : Number(row.last_unit_cost_minor),
            receivedAt: isoTime(row.last_received_at),
          },
  };
}

function toRest(summary: Summary): Pick<LowStockReport, 'chart'> {
  return {
    chart: (summary.chart ?? []).map((point) => ({
      componentId: point.component_id,
      sku: point.sku,
      onHandPercent: Number(point.on_hand_percent),
    })),
  };
}

/** Low stock / reorder list. */
export const lowStock: ReportDefinition<
  typeof LowStockQuery,
  typeof LowStockExportQuery,
  typeof LowStockReport,
  Row,
  LowStockRow,
  Summary,
  ReturnType<typeof toRest>
> = {
  name: 'low-stock',
  summary: 'Components below their minimum stock, with the shortfall and the last receipt',
  schemas: { query: LowStockQuery, exportQuery: LowStockExportQuery, response: LowStockReport },
  title: { en: 'Low stock and reorder list', ru: 'Дефицит и список к заказу' },
  readsClosings: false,
  query: lowStockQuery,
  toRow,
  toRest,
  file: {
    parameters: (parameters, lang) => (parameters.q ? [{ label: LABELS.search[lang], value: parameters.q }] : []),
    columns: () => [
      { header: LABELS.sku, kind: 'text', value: (row) => row.sku },
      { header: LABELS.name, kind: 'text', weight: 3, value: (row) => row.name },
      {
        header: LABELS.category,
        kind: 'text',
        weight: 2,
        value: (row, lang) => row.categoryPath ?? LABELS.noCategory[lang],
      },
      { header: LABELS.unit, kind: 'text', weight: 0.7, value: (row, lang) => unitWord(row.unit, lang) },
      { header: { en: 'On hand', ru: 'В наличии' }, kind: 'quantity', value: (row) => row.onHand },
      { header: { en: 'Minimum', ru: 'Минимум' }, kind: 'quantity', value: (row) => row.minimumStock },
      { header: { en: 'Shortfall', ru: 'Не хватает' }, kind: 'quantity', value: (row) => row.shortfall },
      { header: { en: 'Shortfall, %', ru: 'Дефицит, %' }, kind: 'percent', value: (row) => row.shortfallPercent },
      {
        header: { en: 'Last receipt cost', ru: 'Цена последнего прихода' },
        kind: 'money',
        value: (row) => row.lastReceipt?.unitCostMinor ?? null,
      },
      {
        header: { en: 'Last receipt', ru: 'Последний приход' },
        kind: 'text',
        weight: 1.3,
        value: (row, _lang, timeZone) => (row.lastReceipt ? localDay(row.lastReceipt.receivedAt, timeZone) : null),
      },
    ],
    totals: () => [],
    chart: (rest, lang) =>
      rest.chart.length === 0
        ? null
        : {
            kind: 'bar',
            categories: rest.chart.map((point) => point.sku),
            series: [
              {
                name: { en: 'On hand, % of minimum', ru: 'В наличии, % от минимума' }[lang],
                values: rest.chart.map((point) => point.onHandPercent),
              },
            ],
          },
  },
};
