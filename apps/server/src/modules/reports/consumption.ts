import {
  ConsumptionExportQuery,
  type ConsumptionParameters,
  ConsumptionQuery,
  ConsumptionReport,
  type ConsumptionRow,
  formatQuantity,
  type Unit,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { allOf, componentFilters } from '../../lib/sql-filters.js';
import { LABELS, periodText, quantitiesText } from './file-words.js';
import { issuesIn } from './issues.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';
import { toUnitQuantities, type UnitTotal, unitTotals } from './unit-totals.js';

type Parameters = z.output<typeof ConsumptionParameters>;

type Row = {
  component_id: string;
  sku: string;
  name: string;
  unit: Unit;
  quantity: string;
  issues: number;
  value_minor: string;
};
type Summary = {
  quantities: UnitTotal[] | null;
  issues: number | null;
  value_minor: string | null;
  weeks: { week: string; issues: number; value_minor: string }[] | null;
};

const SORTS: Record<Parameters['sort'], string> = {
  sku: 'lower(sku)',
  name: 'lower(name)',
  quantity: 'quantity::numeric',
  issues: 'issues',
  value: 'value_minor::numeric',
};

/**
 * The department's issues of the period per component: quantity less the reversals of issues posted in it, valued
 * at the component's default unit cost, and per week (Monday to Sunday on the organisation's clock). The issues are
 * summed per component before the components are joined: a hash of ids instead of a sort of every issue by the
 * component's text columns.
 */
export function consumptionQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { timeZone } = scope;
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, lower(sku), component_id`);
  const ofComponents = componentFilters('c', parameters);
  const issued = issuesIn(
    scope,
    parameters,
    ofComponents.length > 0 ? sql`select c.id from components c where ${allOf(ofComponents)}` : undefined,
  );
  const rows = sql`select component_id, sku, name, unit, quantity::text as quantity, issues,
             value_minor::text as value_minor
      from (
        select i.component_id, c.sku, c.name, c.unit, i.quantity, i.issues,
               round(i.quantity * c.default_unit_cost_minor) as value_minor
        from (
          select component_id, sum(quantity) as quantity, sum(issue)::int as issues
          from (${issued}) issued group by component_id
        ) i
        join components c on c.id = i.component_id
      ) per_component`;
  const weekOf = (instant: string) => sql`date_trunc('week', ${sql.raw(instant)} at time zone ${timeZone})::date`;
  const summary = sql`select json_build_object(
      'quantities', ${unitTotals(sql`result`, 'quantity')},
      'issues', (select coalesce(sum(issues), 0)::int from result),
      'value_minor', (select sum(value_minor::numeric)::text from result),
      'weeks', (select json_agg(json_build_object('week', to_char(week, 'YYYY-MM-DD'), 'issues', coalesce(w.issues, 0),
                                                  'value_minor', coalesce(w.value_minor, 0)::text) order by week)
                from generate_series(date_trunc('week', ${parameters.from}::date), ${parameters.to}::date, interval '1 week') week
                left join (
                  select ${weekOf('i.created_at')} as starts, sum(i.issue)::int as issues,
                         round(sum(i.quantity * c.default_unit_cost_minor)) as value_minor
                  from (${issued}) i join components c on c.id = i.component_id
                  group by 1
                ) w on w.starts = week::date))`;
  return { rows, order, summary };
}

function toRow(row: Row): ConsumptionRow {
  return {
    componentId: row.component_id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    quantity: formatQuantity(row.quantity),
    issues: Number(row.issues),
    valueMinor: row.value_minor,
  };
}

function toRest(summary: Summary): Pick<ConsumptionReport, 'totals' | 'chart'> {
  return {
    totals: {
      quantities: toUnitQuantities(summary.quantities),
      issues: summary.issues ?? 0,
      valueMinor: summary.value_minor ?? '0',
    },
    chart: (summary.weeks ?? []).map((week) => ({
      week: week.week,
      issues: Number(week.issues),
      valueMinor: week.value_minor,
    })),
  };
}

const ISSUES_PER_WEEK = { en: 'Issues per week', ru: 'Выдач в неделю' };

/** Consumption: what was issued. */
export const consumption: ReportDefinition<
  typeof ConsumptionQuery,
  typeof ConsumptionExportQuery,
  typeof ConsumptionReport,
  Row,
  ConsumptionRow,
  Summary,
  ReturnType<typeof toRest>
> = {
  name: 'consumption',
  summary: 'Components issued over a period, the most consumed first, and issues per week',
  schemas: { query: ConsumptionQuery, exportQuery: ConsumptionExportQuery, response: ConsumptionReport },
  title: { en: 'Consumption', ru: 'Расход компонентов' },
  readsClosings: false,
  query: consumptionQuery,
  toRow,
  toRest,
  file: {
    parameters: (parameters, lang) => [
      { label: LABELS.period[lang], value: periodText(parameters, lang) },
      { label: LABELS.valuedAt[lang], value: LABELS.defaultCost[lang] },
    ],
    columns: () => [
      { header: LABELS.sku, kind: 'text', value: (row) => row.sku },
      { header: LABELS.name, kind: 'text', weight: 3, value: (row) => row.name },
      { header: LABELS.unit, kind: 'text', weight: 0.7, value: (row, lang) => unitWord(row.unit, lang) },
      { header: { en: 'Issued', ru: 'Выдано' }, kind: 'quantity', value: (row) => row.quantity },
      { header: { en: 'Issues', ru: 'Выдач' }, kind: 'count', value: (row) => row.issues },
      { header: LABELS.value, kind: 'money', value: (row) => row.valueMinor },
    ],
    totals: (rest, lang) => [
      [
        LABELS.total[lang],
        null,
        null,
        quantitiesText(rest.totals.quantities, lang),
        rest.totals.issues,
        rest.totals.valueMinor,
      ],
    ],
    chart: (rest, lang) =>
      rest.chart.length === 0
        ? null
        : {
            kind: 'line',
            categories: rest.chart.map((week) => week.week),
            series: [{ name: ISSUES_PER_WEEK[lang], values: rest.chart.map((week) => week.issues) }],
          },
  },
};
