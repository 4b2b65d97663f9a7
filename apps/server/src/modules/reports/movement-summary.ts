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
import { endOfDay, startOfDay, stockAt } from './closings.js';
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
 * What each movement adds to the figures of the location it puts into (`to`) and of the one it takes from (`from`).
 * A reversal counts under the type it reverses, with the opposite sign: a reversed receipt was not received, a
 * reversed transfer did not go out. Hence at every location closing = opening + received − issued + in − out + adjusted.
 */
const INTO = sql`case kind when 'receipt' then q else 0 end, case kind when 'issue' then -q else 0 end,
  case when kind = 'transfer' and not reversal then q else 0 end,
  case when kind = 'transfer' and reversal then -q else 0 end,
  case kind when 'adjustment' then q else 0 end`;
const OUT_OF = sql`case kind when 'receipt' then -q else 0 end, case kind when 'issue' then q else 0 end,
  case when kind = 'transfer' and reversal then -q else 0 end,
  case when kind = 'transfer' and not reversal then q else 0 end,
  case kind when 'adjustment' then -q else 0 end`;

/**
 * Per component: the quantity at the start of the period (from the monthly closings, ADR 0044), what the period's
 * movements received, issued, transferred and adjusted, and the closing those add up to, at the locations in scope
 * (all of the department, or a location's subtree: transfers within it count both in and out).
 */
export function movementSummaryQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { departmentId, timeZone } = scope;
  const start = startOfDay(parameters.from, timeZone);
  const end = endOfDay(parameters.to, timeZone);
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
      select m.component_id, m.from_location_id, m.to_location_id, m.quantity as q, m.type = 'reversal' as reversal,
             case when m.type = 'reversal' then (select o.type from movements o where o.id = m.reversal_of_id)
                  else m.type end as kind
      from movements m
      where m.department_id = ${departmentId} and m.created_at >= ${start} and m.created_at < ${end}
    ), per_location as (
      select component_id, location_id, sum(opening) as opening, sum(received) as received, sum(issued) as issued,
             sum(transferred_in) as transferred_in, sum(transferred_out) as transferred_out, sum(adjusted) as adjusted
      from (
        select component_id, location_id, quantity as opening, 0 as received, 0 as issued, 0 as transferred_in,
               0 as transferred_out, 0 as adjusted
        from (${stockAt(departmentId, start)}) opening_stock
        union all
        select component_id, to_location_id, 0, ${INTO} from movements_in_period where to_location_id is not null
        union all
        select component_id, from_location_id, 0, ${OUT_OF} from movements_in_period where from_location_id is not null
      ) figures
      where ${inScope}
      group by component_id, location_id
    ), per_component as (
      select p.component_id, c.sku, c.name, c.unit, sum(p.opening) as opening, sum(p.received) as received,
             sum(p.issued) as issued, sum(p.transferred_in) as transferred_in, sum(p.transferred_out) as transferred_out,
             sum(p.adjusted) as adjusted,
             sum(p.opening + p.received - p.issued + p.transferred_in - p.transferred_out + p.adjusted) as closing,
             sum(round((p.opening + p.received - p.issued + p.transferred_in - p.transferred_out + p.adjusted)
                       * c.default_unit_cost_minor)) as closing_value_minor
      from per_location p join components c on c.id = p.component_id
      group by p.component_id, c.sku, c.name, c.unit
    )
    select component_id, sku, name, unit, opening::text as opening, received::text as received, issued::text as issued,
           transferred_in::text as transferred_in, transferred_out::text as transferred_out, adjusted::text as adjusted,
           closing::text as closing, closing_value_minor::text as closing_value_minor,
           row_number() over (order by ${order}) as ordinal
    from per_component`;
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
    columns: [
      { header: LABELS.sku, kind: 'text', value: (row) => row.sku },
      { header: LABELS.name, kind: 'text', weight: 3, value: (row) => row.name },
      { header: LABELS.unit, kind: 'text', weight: 0.7, value: (row, lang) => unitWord(row.unit, lang) },
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
      const units = rest.totals.units;
      if (units.length === 0) return null;
      return {
        kind: 'bar',
        categories: FIGURE_KEYS.map((key) => COLUMN_WORDS[key][lang]),
        series: units.map((figures) => ({
          name: unitWord(figures.unit, lang),
          values: FIGURE_KEYS.map((key) => Number(figures[key])),
        })),
      };
    },
  },
};
