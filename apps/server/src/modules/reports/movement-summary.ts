import {
  fromThousandths,
  MovementSummaryExportQuery,
  type MovementSummaryParameters,
  MovementSummaryQuery,
  MovementSummaryReport,
  type MovementSummaryRow,
  type Unit,
} from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { allOf, componentFilters, inSubtree } from '../../lib/sql-filters.js';
import { endOfDay, lastClosing, startOfDay } from './closings.js';
import { LABELS, periodText } from './file-words.js';
import { FLOWS, movementFigures, type PlacesInScope } from './movement-figures.js';
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

// A summary sums its changes per component: rows of `component_id, opening, …FLOWS, moves`.

/**
 * The changes of a summary over a location's subtree (transfers within it count both in and out): the quantities
 * there at the last monthly closing before the period (ADR 0044), the movements from that closing to the period's
 * start for the opening, and the period's movements for the figures.
 */
function changesAtPlaces(
  scope: ReportScope,
  period: { start: SQL; end: SQL },
  places: PlacesInScope,
  components: SQL | undefined,
): SQL {
  const { departmentId } = scope;
  const closing = lastClosing(departmentId, period.start);
  const none = sql.raw(FLOWS.map((flow) => `0::bigint as ${flow}`).join(', '));
  const flows = sql.raw(FLOWS.join(', '));
  return sql`select component_id, (quantity * 1000)::bigint as opening, ${none}, 0 as moves
      from stock_closings
      where department_id = ${departmentId} and closed_at = ${closing} and ${places(sql.raw('location_id'))}
        ${components ? sql`and component_id in (${components})` : sql``}
      union all
      select component_id, net, ${none}, 0
      from (${movementFigures(departmentId, closing, period.start, { places, components })}) before_period
      union all
      select component_id, 0, ${flows}, moves
      from (${movementFigures(departmentId, period.start, period.end, { places, components })}) in_period`;
}

/**
 * The changes of a department-wide summary, from the closings' cumulative flows (ADR 0044): the period's figures are
 * the flows before the last closing before its end, less those before the last closing before its start, less the
 * movements from that closing to the start, plus the movements from the later closing to the end; the months between
 * are never read. The opening is the earlier closing's net flow plus the movements to the start. Within one month
 * (both closings the same) the flows cancel and are not read for the figures: the period's movements are.
 */
function changesOfDepartment(scope: ReportScope, period: { start: SQL; end: SQL }, components: SQL | undefined): SQL {
  const { departmentId } = scope;
  const atStart = lastClosing(departmentId, period.start);
  const atEnd = lastClosing(departmentId, period.end);
  // 1 when the period spans a closing, whose flows then stand for the movements between the two closings; else 0.
  const spans = sql`coalesce(${atEnd} > ${period.start}, false)::int`;
  const ofComponents = components ? sql`and component_id in (${components})` : sql``;
  const net = sql.raw(`received - issued + transferred_in - transferred_out + adjusted`);
  const signed = (sign: SQL, count: string) =>
    sql.join(
      [
        ...FLOWS.map((flow) => sql`${sql.raw(flow)} * ${sign} as ${sql.raw(flow)}`),
        sql`${sql.raw(count)} * ${sign} as moves`,
      ],
      sql`, `,
    );
  return sql`select component_id, ${net} as opening, ${signed(sql`-${spans}`, 'movements')}
      from stock_closing_flows
      where department_id = ${departmentId} and closed_at = ${atStart} ${ofComponents}
      union all
      select component_id, 0, ${sql.raw(FLOWS.join(', '))}, movements
      from stock_closing_flows
      where department_id = ${departmentId} and closed_at = ${atEnd} and ${spans} = 1 ${ofComponents}
      union all
      select component_id, net, ${signed(sql`-${spans}`, 'moves')}
      from (${movementFigures(departmentId, atStart, period.start, { components })}) before_period
      union all
      select component_id, 0, ${sql.raw(FLOWS.join(', '))}, moves
      from (${movementFigures(departmentId, sql`greatest(${period.start}, ${atEnd})`, period.end, { components })}) after_closing`;
}

/**
 * Per component: the quantity at the start of the period, what the period's movements received, issued,
 * transferred and adjusted, and the closing those add up to, at the places in scope (all of the department, or a
 * location's subtree). The changes are summed in one pass per component, in thousandths as bigint: PostgreSQL adds
 * those in 128-bit integers, where numeric sums took twice the memory and time. Quantities have three decimals, so
 * nothing is lost; the figures leave the database as those integers and become decimals in `toRow`, only for the
 * rows read. The components are joined before the sums, which group by their key: PostgreSQL then knows how many
 * rows the sums give (of a union's it assumes 200) and joins by hash instead of probing the components' index once
 * per row. The closing value is round(closing × default unit cost) per component.
 */
export function movementSummaryQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const period = { start: startOfDay(parameters.from, scope.timeZone), end: endOfDay(parameters.to, scope.timeZone) };
  const ofComponents = componentFilters('c', parameters);
  const components =
    ofComponents.length > 0 ? sql`select c.id from components c where ${allOf(ofComponents)}` : undefined;
  const { locationId } = parameters;
  const changes = locationId
    ? changesAtPlaces(scope, period, (column) => inSubtree(column, 'locations', locationId), components)
    : changesOfDepartment(scope, period, components);
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, lower(sku), component_id`);
  const sums = sql.raw(FLOWS.map((flow) => `sum(${flow}) as ${flow}`).join(', '));
  const rows = sql`select *, round(closing * cost / 1000)::text as closing_value_minor
    from (
      select *, opening + received - issued + transferred_in - transferred_out + adjusted as closing
      from (
        select c.id as component_id, c.sku, c.name, c.unit, c.default_unit_cost_minor as cost,
               sum(opening) as opening, ${sums}
        from (${changes}) changes
        join components c on c.id = changes.component_id
        group by c.id
        having sum(opening) <> 0 or sum(moves) > 0
      ) per_component
    ) with_closing`;
  const totals = sql.raw(FIGURES.map((figure) => `sum(${figure})::text as ${figure}`).join(', '));
  const summary = sql`select json_build_object(
      'units', (select json_agg(u) from (select unit, ${totals} from result group by unit) u),
      'closing_value_minor', (select sum(closing_value_minor::numeric)::text from result))`;
  return { rows, order, summary };
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
