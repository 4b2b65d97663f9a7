import {
  formatQuantity,
  MovementSummaryExportQuery,
  type MovementSummaryParameters,
  MovementSummaryQuery,
  MovementSummaryReport,
  type MovementSummaryRow,
  type Unit,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { allOf, componentFilters } from '../../lib/sql-filters.js';
import { changesUpTo, endOfDay, lastClosing, startOfDay } from './closings.js';
import { LABELS, periodText } from './file-words.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';

type Parameters = z.output<typeof MovementSummaryParameters>;

const FIGURES = ['opening', 'received', 'issued', 'transferred_in', 'transferred_out', 'adjusted', 'closing'] as const;
type Figures = Record<(typeof FIGURES)[number], string>;

type Row = Figures & { component_id: string; sku: string; name: string; unit: Unit; closing_value_minor: string };
type Summary = { units: (Figures & { unit: Unit })[] | null; closing_value_minor: string | null };

/**
 * The figures are summed in thousandths as bigint: PostgreSQL adds those in 128-bit integers, where numeric sums
 * took twice the memory and time over a quarter's movements. Quantities have three decimals, so nothing is lost.
 */
function quantity(figure: (typeof FIGURES)[number]) {
  return sql.raw(`(${figure}::numeric / 1000)::numeric(30, 3)::text as ${figure}`);
}

const SORTS: Record<Parameters['sort'], string> = {
  sku: 'lower(sku)',
  name: 'lower(name)',
  opening: 'opening',
  received: 'received',
  issued: 'issued',
  closing: 'closing',
};

/**
 * What each movement adds to the figures of the location it puts into (`to`) and of the one it takes from (`from`).
 * A reversal counts under the type it reverses, with the opposite sign: a reversed receipt was not received, a
 * reversed transfer did not go out. Hence at every location closing = opening + received − issued + in − out + adjusted.
 */
const INTO = sql`case kind when 'receipt' then q else 0 end as received,
  case kind when 'issue' then -q else 0 end as issued,
  case when kind = 'transfer' and not reversal then q else 0 end as transferred_in,
  case when kind = 'transfer' and reversal then -q else 0 end as transferred_out,
  case kind when 'adjustment' then q else 0 end as adjusted`;
const OUT_OF = sql`case kind when 'receipt' then -q else 0 end, case kind when 'issue' then q else 0 end,
  case when kind = 'transfer' and reversal then -q else 0 end,
  case when kind = 'transfer' and not reversal then q else 0 end,
  case kind when 'adjustment' then -q else 0 end`;

/**
 * Per component: the quantity at the start of the period (the last monthly closing before it plus the movements
 * since, ADR 0044), what the period's movements received, issued, transferred and adjusted, and the closing those add
 * up to, at the locations in scope (all of the department, or a location's subtree: transfers within it count both
 * in and out). The opening and the period's figures are summed apart, a numeric sum per row each, and joined; the
 * closing value is round(closing × default unit cost) per component.
 */
export function movementSummaryQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { departmentId, timeZone } = scope;
  const start = startOfDay(parameters.from, timeZone);
  const end = endOfDay(parameters.to, timeZone);
  const closing = lastClosing(departmentId, start);
  const inScope = allOf([
    parameters.locationId
      ? sql`location_id in (select id from locations where ancestor_ids @> array[${parameters.locationId}::uuid])`
      : undefined,
    parameters.q || parameters.categoryId
      ? sql`component_id in (select c.id from components c where ${allOf(componentFilters('c', parameters))})`
      : undefined,
  ]);
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, lower(sku), component_id`);
  const rows = sql`with movements_in_period as (
      select m.component_id, m.from_location_id, m.to_location_id, (m.quantity * 1000)::bigint as q,
             m.type = 'reversal' as reversal,
             case when m.type = 'reversal' then (select o.type from movements o where o.id = m.reversal_of_id)
                  else m.type end as kind
      from movements m
      where m.department_id = ${departmentId} and m.created_at >= ${start} and m.created_at < ${end}
    ), opening as (
      select component_id, sum((quantity * 1000)::bigint) as opening
      from (${changesUpTo(departmentId, closing, start)}) opening_stock
      where ${inScope}
      group by component_id
    ), moved as (
      select component_id, sum(received) as received, sum(issued) as issued, sum(transferred_in) as transferred_in,
             sum(transferred_out) as transferred_out, sum(adjusted) as adjusted
      from (
        select component_id, to_location_id as location_id, ${INTO} from movements_in_period where to_location_id is not null
        union all
        select component_id, from_location_id, ${OUT_OF} from movements_in_period where from_location_id is not null
      ) figures
      where ${inScope}
      group by component_id
    ), per_component as (
      select coalesce(o.component_id, m.component_id) as component_id, coalesce(o.opening, 0) as opening,
             coalesce(m.received, 0) as received, coalesce(m.issued, 0) as issued,
             coalesce(m.transferred_in, 0) as transferred_in, coalesce(m.transferred_out, 0) as transferred_out,
             coalesce(m.adjusted, 0) as adjusted
      from opening o full join moved m on m.component_id = o.component_id
      where o.opening <> 0 or m.component_id is not null
    )
    select p.component_id, c.sku, c.name, c.unit, ${quantity('opening')}, ${quantity('received')},
           ${quantity('issued')}, ${quantity('transferred_in')}, ${quantity('transferred_out')},
           ${quantity('adjusted')}, ${quantity('closing')},
           round(closing * c.default_unit_cost_minor / 1000)::text as closing_value_minor,
           row_number() over (order by ${order}) as ordinal
    from (select *, opening + received - issued + transferred_in - transferred_out + adjusted as closing
          from per_component) p
    join components c on c.id = p.component_id`;
  const sums = sql.raw(FIGURES.map((figure) => `sum(${figure}::numeric)::text as ${figure}`).join(', '));
  const summary = sql`select json_build_object(
      'units', (select json_agg(u) from (select unit, ${sums} from result group by unit) u),
      'closing_value_minor', (select sum(closing_value_minor::numeric)::text from result))`;
  return { rows, summary };
}

function toFigures(figures: Figures) {
  return {
    opening: formatQuantity(figures.opening),
    received: formatQuantity(figures.received),
    issued: formatQuantity(figures.issued),
    transferredIn: formatQuantity(figures.transferred_in),
    transferredOut: formatQuantity(figures.transferred_out),
    adjusted: formatQuantity(figures.adjusted),
    closing: formatQuantity(figures.closing),
  };
}

function toRow(row: Row): MovementSummaryRow {
  return {
    componentId: row.component_id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    ...toFigures(row),
    closingValueMinor: row.closing_value_minor,
  };
}

function toRest(summary: Summary): Pick<MovementSummaryReport, 'totals'> {
  return {
    totals: {
      units: (summary.units ?? []).map((figures) => ({ unit: figures.unit, ...toFigures(figures) })),
      closingValueMinor: summary.closing_value_minor ?? '0',
    },
  };
}

const COLUMN_WORDS = {
  opening: { en: 'Opening', ru: 'На начало' },
  received: { en: 'Received', ru: 'Приход' },
  issued: { en: 'Issued', ru: 'Расход' },
  transferredIn: { en: 'Transferred in', ru: 'Перемещено сюда' },
  transferredOut: { en: 'Transferred out', ru: 'Перемещено отсюда' },
  adjusted: { en: 'Adjusted', ru: 'Корректировки' },
  closing: { en: 'Closing', ru: 'На конец' },
} as const;

const FIGURE_KEYS = Object.keys(COLUMN_WORDS) as (keyof typeof COLUMN_WORDS)[];

/** How much of a unit went through the period: opening plus everything that came in or went out. */
function turnover(figures: Record<(typeof FIGURE_KEYS)[number], string>): number {
  return FIGURE_KEYS.reduce((sum, key) => sum + Math.abs(Number(figures[key])), 0);
}

/** Movement summary for a period. */
export const movementSummary: ReportDefinition<
  typeof MovementSummaryQuery,
  typeof MovementSummaryExportQuery,
  typeof MovementSummaryReport,
  Row,
  MovementSummaryRow,
  Summary,
  ReturnType<typeof toRest>
> = {
  name: 'movement-summary',
  summary: 'Opening, received, issued, transferred, adjusted and closing quantity per component over a period',
  schemas: { query: MovementSummaryQuery, exportQuery: MovementSummaryExportQuery, response: MovementSummaryReport },
  title: { en: 'Movement summary', ru: 'Движение запасов' },
  readsClosings: true,
  query: movementSummaryQuery,
  toRow,
  toRest,
  file: {
    parameters: (parameters, lang) => [
      { label: LABELS.period[lang], value: periodText(parameters, lang) },
      ...(parameters.q ? [{ label: LABELS.search[lang], value: parameters.q }] : []),
    ],
    columns: () => [
      { header: LABELS.sku, kind: 'text', weight: 1.6, value: (row) => row.sku },
      { header: LABELS.name, kind: 'text', weight: 2.4, value: (row) => row.name },
      { header: LABELS.unit, kind: 'text', weight: 0.6, value: (row, lang) => unitWord(row.unit, lang) },
      ...FIGURE_KEYS.map((key) => ({
        header: COLUMN_WORDS[key],
        kind: 'quantity' as const,
        value: (row: MovementSummaryRow) => row[key],
      })),
      {
        header: { en: 'Closing value', ru: 'Стоимость на конец' },
        kind: 'money',
        value: (row) => row.closingValueMinor,
      },
    ],
    totals: (rest, lang) => [
      ...rest.totals.units.map((figures) => [
        LABELS.total[lang],
        null,
        unitWord(figures.unit, lang),
        ...FIGURE_KEYS.map((key) => figures[key]),
        null,
      ]),
      [LABELS.total[lang], null, null, null, null, null, null, null, null, null, rest.totals.closingValueMinor],
    ],
    chart: (rest, lang) => {
      // Pieces and metres share no axis: the chart shows the unit that moved the most, as the screen does first.
      const [busiest] = [...rest.totals.units].sort((a, b) => turnover(b) - turnover(a));
      if (!busiest) return null;
      return {
        kind: 'bar',
        categories: FIGURE_KEYS.map((key) => COLUMN_WORDS[key][lang]),
        series: [{ name: unitWord(busiest.unit, lang), values: FIGURE_KEYS.map((key) => Number(busiest[key])) }],
      };
    },
  },
};
