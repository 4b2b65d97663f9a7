import {
  type AbcClass,
  AbcExportQuery,
  type AbcParameters,
  AbcQuery,
  AbcReport,
  type AbcRow,
  formatQuantity,
  majorUnits,
  type Unit,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { LABELS, periodText } from './file-words.js';
import { issuesIn } from './issues.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';

type Parameters = z.output<typeof AbcParameters>;

type Row = {
  rank: number;
  component_id: string;
  sku: string;
  name: string;
  unit: Unit;
  quantity: string;
  value_minor: string;
  share_percent: string;
  cumulative_percent: string;
  class: AbcClass;
};
type Summary = {
  value_minor: string | null;
  classes: { class: AbcClass; components: number; value_minor: string; share_percent: string }[] | null;
  curve: { rank: number; cumulative_percent: string }[] | null;
};

const CURVE_POINTS = 100;

const SORTS: Record<Parameters['sort'], string> = {
  rank: 'rank',
  sku: 'lower(sku)',
  name: 'lower(name)',
  value: 'value_minor::numeric',
};

/**
 * Components ranked by the value of what the department issued of them over the period (issues less their
 * reversals, at the default unit cost), with their share and cumulative share. A component is in class A while the
 * components ranked before it hold less than `a` % of the value, in B while they hold less than `a + b` %, else in C:
 * the component that crosses a threshold still belongs to the class it completes.
 */
export function abcQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, rank`);
  const rows = sql`with issued as (
      select component_id, sum(quantity) as quantity from (${issuesIn(scope, parameters)}) issue group by component_id
    ), consumed as (
      select i.component_id, c.sku, c.name, c.unit, i.quantity, round(i.quantity * c.default_unit_cost_minor) as value_minor
      from issued i join components c on c.id = i.component_id
    ), ranked as (
      select *, row_number() over ranking as rank, sum(value_minor) over ranking as cumulative,
             sum(value_minor) over () as whole
      from consumed where value_minor > 0
      window ranking as (order by value_minor desc, lower(sku), component_id rows unbounded preceding)
    )
    select rank, component_id, sku, name, unit, quantity::text as quantity, value_minor::text as value_minor,
           round(value_minor * 100 / whole, 2)::text as share_percent,
           round(cumulative * 100 / whole, 2)::text as cumulative_percent,
           case when (cumulative - value_minor) * 100 < ${parameters.a} * whole then 'A'
                when (cumulative - value_minor) * 100 < ${parameters.a + parameters.b} * whole then 'B'
                else 'C' end as class
    from ranked`;
  const summary = sql`select json_build_object(
      'value_minor', (select sum(value_minor::numeric)::text from result),
      'classes', (select json_agg(json_build_object('class', k.class, 'components', coalesce(g.components, 0),
                                                    'value_minor', coalesce(g.value_minor, 0)::text,
                                                    'share_percent', coalesce(g.share_percent, 0)::text) order by k.class)
                  from (values ('A'), ('B'), ('C')) k(class)
                  left join (select class, count(*)::int as components, sum(value_minor::numeric) as value_minor,
                                    round(sum(value_minor::numeric) * 100
                                          / nullif((select sum(value_minor::numeric) from result), 0), 2) as share_percent
                             from result group by class) g on g.class = k.class),
      'curve', (select json_agg(json_build_object('rank', rank, 'cumulative_percent', cumulative_percent) order by rank)
                from result
                where rank = 1 or rank = (select count(*) from result)
                   or rank % greatest(ceil((select count(*) from result)::numeric / ${CURVE_POINTS}), 1) = 0))`;
  return { rows, order, summary };
}

function toRow(row: Row): AbcRow {
  return {
    rank: Number(row.rank),
    componentId: row.component_id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    quantity: formatQuantity(row.quantity),
    valueMinor: row.value_minor,
    sharePercent: Number(row.share_percent),
    cumulativePercent: Number(row.cumulative_percent),
    class: row.class,
  };
}

function toRest(summary: Summary): Pick<AbcReport, 'totals' | 'chart'> {
  return {
    totals: { valueMinor: summary.value_minor ?? '0' },
    chart: {
      classes: (summary.classes ?? []).map((group) => ({
        class: group.class,
        components: Number(group.components),
        valueMinor: group.value_minor,
        sharePercent: Number(group.share_percent),
      })),
      curve: (summary.curve ?? []).map((point) => ({
        rank: Number(point.rank),
        cumulativePercent: Number(point.cumulative_percent),
      })),
    },
  };
}

/** ABC analysis by consumption value. */
export const abcAnalysis: ReportDefinition<
  typeof AbcQuery,
  typeof AbcExportQuery,
  typeof AbcReport,
  Row,
  AbcRow,
  Summary,
  ReturnType<typeof toRest>
> = {
  name: 'abc-analysis',
  summary: 'Components in classes A, B and C by the value consumed over a period',
  schemas: { query: AbcQuery, exportQuery: AbcExportQuery, response: AbcReport },
  title: { en: 'ABC analysis', ru: 'ABC-анализ' },
  readsClosings: false,
  query: abcQuery,
  toRow,
  toRest,
  file: {
    parameters: (parameters, lang) => [
      { label: LABELS.period[lang], value: periodText(parameters, lang) },
      {
        label: { en: 'Classes', ru: 'Классы' }[lang],
        value: `A ${parameters.a} %, B ${parameters.b} %, C ${100 - parameters.a - parameters.b} %`,
      },
      { label: LABELS.valuedAt[lang], value: LABELS.defaultCost[lang] },
    ],
    columns: () => [
      { header: { en: 'Rank', ru: 'Место' }, kind: 'count', weight: 0.7, value: (row) => row.rank },
      { header: LABELS.sku, kind: 'text', value: (row) => row.sku },
      { header: LABELS.name, kind: 'text', weight: 3, value: (row) => row.name },
      { header: LABELS.unit, kind: 'text', weight: 0.7, value: (row, lang) => unitWord(row.unit, lang) },
      { header: { en: 'Issued', ru: 'Выдано' }, kind: 'quantity', value: (row) => row.quantity },
      { header: LABELS.value, kind: 'money', value: (row) => row.valueMinor },
      { header: { en: 'Share', ru: 'Доля' }, kind: 'percent', value: (row) => row.sharePercent },
      {
        header: { en: 'Cumulative', ru: 'Нарастающим итогом' },
        kind: 'percent',
        value: (row) => row.cumulativePercent,
      },
      { header: { en: 'Class', ru: 'Класс' }, kind: 'text', weight: 0.6, value: (row) => row.class },
    ],
    totals: (rest, lang) => [
      [LABELS.total[lang], null, null, null, null, rest.totals.valueMinor, null, null, null],
      ...rest.chart.classes.map((group) => [
        `${{ en: 'Class', ru: 'Класс' }[lang]} ${group.class}`,
        null,
        null,
        null,
        group.components,
        group.valueMinor,
        group.sharePercent,
        null,
        null,
      ]),
    ],
    chart: (rest, lang, exponent) => ({
      kind: 'bar',
      categories: rest.chart.classes.map((group) => `${{ en: 'Class', ru: 'Класс' }[lang]} ${group.class}`),
      series: [
        { name: LABELS.value[lang], values: rest.chart.classes.map((group) => majorUnits(group.valueMinor, exponent)) },
      ],
    }),
  },
};
