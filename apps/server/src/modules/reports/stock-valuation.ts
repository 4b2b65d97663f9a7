import {
  formatQuantity,
  majorUnits,
  StockValuationExportQuery,
  type StockValuationParameters,
  StockValuationQuery,
  StockValuationReport,
  type StockValuationRow,
  type Unit,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { endOfDay, stockAt } from './closings.js';
import { dayText, LABELS, quantitiesText } from './file-words.js';
import type { ReportDefinition } from './report-definition.js';
import type { ReportQuery } from './report-page.js';
import { toUnitQuantities, type UnitTotal, unitTotals } from './unit-totals.js';

type Parameters = z.output<typeof StockValuationParameters>;

type Row = {
  group_id: string | null;
  group_path: string | null;
  unit: Unit;
  components: number;
  quantity: string;
  value_minor: string;
};

type Summary = {
  quantities: UnitTotal[] | null;
  value_minor: string | null;
  chart: { group_id: string | null; group_path: string | null; value_minor: string }[] | null;
  other_value_minor: string | null;
};

/** Groups the chart shows by name; the rest are one "other". */
const CHART_GROUPS = 12;

const SORTS: Record<Parameters['sort'], string> = {
  group: 'lower(group_path)',
  quantity: 'quantity::numeric',
  value: 'value_minor::numeric',
};

/**
 * Quantity and value on hand at the end of `date` per category (the component's own) or location and unit. Values
 * are round(quantity × default unit cost) per component and location, as the stock screen values its rows, so that
 * today's report adds up to the stock screen's totals.
 */
export function stockValuationQuery(departmentId: string, parameters: Parameters, timeZone: string): ReportQuery {
  const group =
    parameters.groupBy === 'category'
      ? { join: sql`left join categories g on g.id = c.category_id`, key: sql`c.category_id` }
      : { join: sql`join locations g on g.id = s.location_id`, key: sql`s.location_id` };
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(
    `${SORTS[parameters.sort]} ${direction} nulls last, lower(group_path) nulls last, group_id, unit`,
  );
  const rows = sql`select group_id, group_path, unit, components, quantity::text as quantity,
             value_minor::text as value_minor from (
      select ${group.key} as group_id, g.path as group_path, c.unit,
             count(distinct s.component_id)::int as components, sum(s.quantity) as quantity,
             sum(round(s.quantity * c.default_unit_cost_minor)) as value_minor
      from (${stockAt(departmentId, endOfDay(parameters.date, timeZone))}) s
      join components c on c.id = s.component_id
      ${group.join}
      group by ${group.key}, g.path, c.unit
    ) grouped`;
  const summary = sql`select json_build_object(
      'quantities', ${unitTotals(sql`result`, 'quantity')},
      'value_minor', (select sum(value_minor::numeric)::text from result),
      'chart', (select json_agg(json_build_object('group_id', group_id, 'group_path', group_path,
                                                   'value_minor', value_minor::text) order by value_minor::numeric desc)
                from (select group_id, group_path, sum(value_minor::numeric) as value_minor from result
                      group by group_id, group_path order by sum(value_minor::numeric) desc, group_path
                      limit ${CHART_GROUPS}) top),
      'other_value_minor', (select coalesce(sum(value_minor), 0)::text from (
                select sum(value_minor::numeric) as value_minor from result group by group_id
                order by sum(value_minor::numeric) desc offset ${CHART_GROUPS}) rest))`;
  return { rows, order, summary };
}

export function toStockValuationRow(row: Row): StockValuationRow {
  return {
    groupId: row.group_id,
    group: row.group_path,
    unit: row.unit,
    components: Number(row.components),
    quantity: formatQuantity(row.quantity),
    valueMinor: row.value_minor,
  };
}

export function toStockValuationSummary(
  summary: Summary,
): Pick<StockValuationReport, 'totals' | 'chart' | 'otherValueMinor'> {
  return {
    totals: { quantities: toUnitQuantities(summary.quantities), valueMinor: summary.value_minor ?? '0' },
    chart: (summary.chart ?? []).map((point) => ({
      groupId: point.group_id,
      group: point.group_path,
      valueMinor: point.value_minor,
    })),
    otherValueMinor: summary.other_value_minor ?? '0',
  };
}

const GROUP_WORDS = { category: LABELS.category, location: LABELS.location };

/** Stock balance and valuation at a date. */
export const stockValuation: ReportDefinition<
  typeof StockValuationQuery,
  typeof StockValuationExportQuery,
  typeof StockValuationReport,
  Row,
  StockValuationRow,
  Summary,
  ReturnType<typeof toStockValuationSummary>
> = {
  name: 'stock-valuation',
  summary: 'Stock balance and valuation at the end of a day, per category or location and unit',
  schemas: { query: StockValuationQuery, exportQuery: StockValuationExportQuery, response: StockValuationReport },
  title: { en: 'Stock balance and valuation', ru: 'Остатки и стоимость запасов' },
  readsClosings: true,
  query: (scope, parameters) => stockValuationQuery(scope.departmentId, parameters, scope.timeZone),
  toRow: toStockValuationRow,
  toRest: toStockValuationSummary,
  file: {
    day: (parameters) => parameters.date,
    parameters: (parameters, lang) => [
      { label: LABELS.date[lang], value: dayText(parameters.date, lang) },
      { label: LABELS.groupBy[lang], value: GROUP_WORDS[parameters.groupBy][lang] },
      { label: LABELS.valuedAt[lang], value: LABELS.defaultCost[lang] },
    ],
    columns: (parameters) => [
      {
        header: GROUP_WORDS[parameters.groupBy],
        kind: 'text',
        weight: 4,
        value: (row, lang) => row.group ?? LABELS.noCategory[lang],
      },
      { header: LABELS.unit, kind: 'text', value: (row, lang) => unitWord(row.unit, lang) },
      { header: { en: 'Components', ru: 'Компонентов' }, kind: 'count', value: (row) => row.components },
      { header: LABELS.quantity, kind: 'quantity', value: (row) => row.quantity },
      { header: LABELS.value, kind: 'money', value: (row) => row.valueMinor },
    ],
    totals: (rest, lang) => [
      [LABELS.total[lang], null, null, quantitiesText(rest.totals.quantities, lang), rest.totals.valueMinor],
    ],
    chart: (rest, lang, exponent) => ({
      kind: 'bar',
      categories: [
        ...rest.chart.map((point) => point.group ?? LABELS.noCategory[lang]),
        ...(rest.otherValueMinor === '0' ? [] : [LABELS.other[lang]]),
      ],
      series: [
        {
          name: LABELS.value[lang],
          values: [
            ...rest.chart.map((point) => majorUnits(point.valueMinor, exponent)),
            ...(rest.otherValueMinor === '0' ? [] : [majorUnits(rest.otherValueMinor, exponent)]),
          ],
        },
      ],
    }),
  },
};
