import {
  fromThousandths,
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
import { allOf, componentFilters, inSubtree } from '../../lib/sql-filters.js';
import { endOfDay, lastClosing, startOfDay } from './closings.js';
import { LABELS, periodText } from './file-words.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';

type Parameters = z.output<typeof MovementSummaryParameters>;

const FIGURES = ['opening', 'received', 'issued', 'transferred_in', 'transferred_out', 'adjusted', 'closing'] as const;
type Figures = Record<(typeof FIGURES)[number], string>;

type Row = Figures & { component_id: string; sku: string; name: string; unit: Unit; closing_value_minor: string };
type Summary = { units: (Figures & { unit: Unit })[] | null; closing_value_minor: string | null };

const SORTS: Record<Parameters['sort'], string> = {
  sku: 'lower(sku)',
  name: 'lower(name)',
  opening: 'opening',
  received: 'received',
  issued: 'issued',
  closing: 'closing',
};

/**
 * What a movement adds to each figure, from whether its destination (`arrives`) and its source (`leaves`) are in scope,
 * 1 or 0: at a location of the scope, it puts its quantity in or takes it out. A reversal counts under the type it
 * reverses, with the opposite sign: a reversed receipt was not received, a reversed transfer did not go out. Hence at
 * every location closing = opening + received − issued + in − out + adjusted.
 */
const FIGURES_OF_A_MOVEMENT = sql`case kind when 'receipt' then q * (arrives - leaves) else 0 end as received,
  case kind when 'issue' then q * (leaves - arrives) else 0 end as issued,
  case when kind = 'transfer' then q * case when reversal then leaves else arrives end else 0 end as transferred_in,
  case when kind = 'transfer' then q * case when reversal then arrives else leaves end else 0 end as transferred_out,
  case kind when 'adjustment' then q * (arrives - leaves) else 0 end as adjusted`;

/**
 * Per component: the quantity at the start of the period (the last monthly closing before it plus the movements
 * since, ADR 0044), what the period's movements received, issued, transferred and adjusted, and the closing those add
 * up to, at the locations in scope (all of the department, or a location's subtree: transfers within it count both
 * in and out). The closing's rows and the movements from the closing to the period's end are read once and summed
 * in one pass per component, in thousandths as bigint: PostgreSQL adds those in 128-bit integers, where numeric sums
 * took twice the memory and time. Quantities have three decimals, so nothing is lost; the figures leave the database
 * as those integers and become decimals in `toRow`, only for the rows read. The closing value is
 * round(closing × default unit cost) per component.
 */
export function movementSummaryQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { departmentId, timeZone } = scope;
  const start = startOfDay(parameters.from, timeZone);
  const end = endOfDay(parameters.to, timeZone);
  const closing = lastClosing(departmentId, start);
  const atLocation = (column: string) =>
    parameters.locationId ? inSubtree(sql.raw(column), 'locations', parameters.locationId) : sql`true`;
  const ofComponents = componentFilters('c', parameters);
  const inComponents =
    ofComponents.length > 0
      ? sql`component_id in (select c.id from components c where ${allOf(ofComponents)})`
      : sql`true`;
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, lower(sku), component_id`);
  const rows = sql`with changes as (
      select component_id, (quantity * 1000)::bigint as opening, 0::bigint as received, 0::bigint as issued,
             0::bigint as transferred_in, 0::bigint as transferred_out, 0::bigint as adjusted, false as moved
      from stock_closings
      where department_id = ${departmentId} and closed_at = ${closing} and ${atLocation('location_id')}
        and ${inComponents}
      union all
      select component_id, case when before_period then q * (arrives - leaves) else 0 end, ${FIGURES_OF_A_MOVEMENT},
             not before_period and arrives + leaves > 0
      from (
        select m.component_id, (m.quantity * 1000)::bigint as q, m.created_at < ${start} as before_period,
               (m.to_location_id is not null and ${atLocation('m.to_location_id')})::int as arrives,
               (m.from_location_id is not null and ${atLocation('m.from_location_id')})::int as leaves,
               m.type = 'reversal' as reversal,
               case when m.created_at < ${start} then null
                    when m.type = 'reversal' then (select o.type from movements o where o.id = m.reversal_of_id)
                    else m.type end as kind
        from movements m
        where m.department_id = ${departmentId} and m.created_at >= coalesce(${closing}, '-infinity')
          and m.created_at < ${end} and ${inComponents}
      ) movement
    ), per_component as (
      select component_id, sum(opening) as opening, sum(received) as received, sum(issued) as issued,
             sum(transferred_in) as transferred_in, sum(transferred_out) as transferred_out, sum(adjusted) as adjusted
      from changes
      group by component_id
      having sum(opening) <> 0 or bool_or(moved)
    )
    select p.component_id, c.sku, c.name, c.unit, p.opening, p.received, p.issued, p.transferred_in,
           p.transferred_out, p.adjusted, p.closing,
           round(p.closing * c.default_unit_cost_minor / 1000)::text as closing_value_minor,
           row_number() over (order by ${order}) as ordinal
    from (select *, opening + received - issued + transferred_in - transferred_out + adjusted as closing
          from per_component) p
    join components c on c.id = p.component_id`;
  const sums = sql.raw(FIGURES.map((figure) => `sum(${figure})::text as ${figure}`).join(', '));
  const summary = sql`select json_build_object(
      'units', (select json_agg(u) from (select unit, ${sums} from result group by unit) u),
      'closing_value_minor', (select sum(closing_value_minor::numeric)::text from result))`;
  return { rows, summary };
}

/** Figures in thousandths, as the query sums them, written as the API writes quantities. */
function toFigures(figures: Figures) {
  const decimal = (thousandths: string) => fromThousandths(BigInt(thousandths));
  return {
    opening: decimal(figures.opening),
    received: decimal(figures.received),
    issued: decimal(figures.issued),
    transferredIn: decimal(figures.transferred_in),
    transferredOut: decimal(figures.transferred_out),
    adjusted: decimal(figures.adjusted),
    closing: decimal(figures.closing),
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
