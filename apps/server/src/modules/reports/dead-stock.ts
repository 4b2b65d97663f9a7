import {
  AGE_BUCKETS,
  type AgeBucket,
  DeadStockExportQuery,
  type DeadStockParameters,
  DeadStockQuery,
  DeadStockReport,
  type DeadStockRow,
  formatQuantity,
  majorUnits,
  type Unit,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unitWord } from '../../lib/domain-words.js';
import { allOf, componentFilters, isoTime } from '../../lib/sql-filters.js';
import { LABELS, localDay, quantitiesText } from './file-words.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';
import { toUnitQuantities, type UnitTotal, unitTotals } from './unit-totals.js';

type Parameters = z.output<typeof DeadStockParameters>;

type Row = {
  component_id: string;
  sku: string;
  name: string;
  unit: Unit;
  category_path: string | null;
  quantity: string;
  value_minor: string;
  last_movement_at: Date | string;
  age_days: number;
  bucket: number;
};
type Summary = {
  quantities: UnitTotal[] | null;
  value_minor: string | null;
  buckets: { bucket: number; components: number; value_minor: string }[] | null;
};

const SORTS: Record<Parameters['sort'], string> = {
  sku: 'lower(sku)',
  name: 'lower(name)',
  quantity: 'quantity::numeric',
  value: 'value_minor::numeric',
  age: 'age_days',
};

const BUCKETS_SQL = sql.raw(`array[${AGE_BUCKETS.join(', ')}]`);

/** The largest bucket bound the age reaches. */
const BUCKET_OF_AGE = sql.raw(
  `case ${[...AGE_BUCKETS]
    .reverse()
    .map((bound) => `when age_days >= ${bound} then ${bound}`)
    .join(' ')} end`,
);

/**
 * Components the department has on hand whose last movement there, of any type, is at least `days` old, with
 * their value as the stock screen computes it and their age bucket.
 */
export function deadStockQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { departmentId } = scope;
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[parameters.sort]} ${direction}, lower(sku), component_id`);
  const ofComponents = componentFilters('c', parameters);
  const rows = sql`select component_id, sku, name, unit, category_path, quantity::text as quantity,
             value_minor::text as value_minor, last_movement_at, age_days,
             ${BUCKET_OF_AGE} as bucket
      from (
        select c.id as component_id, c.sku, c.name, c.unit, cat.path as category_path, t.quantity,
               value.value_minor,
               last.created_at as last_movement_at,
               floor(extract(epoch from now() - last.created_at) / 86400)::int as age_days
        from department_stock t
        join components c on c.id = t.component_id
        left join categories cat on cat.id = c.category_id
        cross join lateral (
          select m.created_at from movements m
          where m.department_id = ${departmentId} and m.component_id = t.component_id
          order by m.created_at desc limit 1
        ) last
        cross join lateral (
          select sum(b.value_minor) as value_minor from stock_balances b
          where b.department_id = ${departmentId} and b.component_id = t.component_id
        ) value
        where t.department_id = ${departmentId} and t.quantity > 0
          and not exists (
            select 1 from movements moved
            where moved.department_id = ${departmentId} and moved.component_id = t.component_id
              and moved.created_at > now() - make_interval(days => ${parameters.days})
          )
          ${ofComponents.length > 0 ? sql`and ${allOf(ofComponents)}` : sql``}
      ) dead`;
  const summary = sql`select json_build_object(
      'quantities', ${unitTotals(sql`result`, 'quantity')},
      'value_minor', (select sum(value_minor::numeric)::text from result),
      'buckets', (select json_agg(json_build_object('bucket', bound, 'components', coalesce(b.components, 0),
                                                    'value_minor', coalesce(b.value_minor, 0)::text) order by bound)
                  from unnest(${BUCKETS_SQL}) bound
                  left join (select bucket, count(*)::int as components, sum(value_minor::numeric) as value_minor
                             from result group by bucket) b on b.bucket = bound))`;
  return { rows, order, summary };
}

function toRow(row: Row): DeadStockRow {
  return {
    componentId: row.component_id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    categoryPath: row.category_path,
    quantity: formatQuantity(row.quantity),
    valueMinor: row.value_minor,
    lastMovementAt: isoTime(row.last_movement_at),
    ageDays: Number(row.age_days),
    bucket: Number(row.bucket) as AgeBucket,
  };
}

function toRest(summary: Summary): Pick<DeadStockReport, 'totals' | 'chart'> {
  return {
    totals: { quantities: toUnitQuantities(summary.quantities), valueMinor: summary.value_minor ?? '0' },
    chart: (summary.buckets ?? []).map((bucket) => ({
      bucket: Number(bucket.bucket) as AgeBucket,
      components: Number(bucket.components),
      valueMinor: bucket.value_minor,
    })),
  };
}

/** "30–89 days", "365 days and more": an age bucket in words. */
export function bucketWord(bucket: AgeBucket, lang: 'en' | 'ru'): string {
  const next = AGE_BUCKETS[AGE_BUCKETS.indexOf(bucket) + 1];
  const days = lang === 'en' ? 'days' : 'дн.';
  if (next === undefined) return lang === 'en' ? `${bucket}+ days` : `${bucket} дн. и больше`;
  if (bucket === 0) return lang === 'en' ? `under ${next} days` : `до ${next} дн.`;
  return `${bucket}–${next - 1} ${days}`;
}

/** Dead stock. */
export const deadStock: ReportDefinition<
  typeof DeadStockQuery,
  typeof DeadStockExportQuery,
  typeof DeadStockReport,
  Row,
  DeadStockRow,
  Summary,
  ReturnType<typeof toRest>
> = {
  name: 'dead-stock',
  summary: 'Components on hand with no movement for a number of days, with their value and age',
  schemas: { query: DeadStockQuery, exportQuery: DeadStockExportQuery, response: DeadStockReport },
  title: { en: 'Dead stock', ru: 'Неликвидные запасы' },
  readsClosings: false,
  query: deadStockQuery,
  toRow,
  toRest,
  file: {
    parameters: (parameters, lang) => [
      {
        label: { en: 'No movement for at least', ru: 'Без движения не менее' }[lang],
        value: lang === 'en' ? `${parameters.days} days` : `${parameters.days} дн.`,
      },
      { label: LABELS.valuedAt[lang], value: LABELS.defaultCost[lang] },
    ],
    columns: () => [
      { header: LABELS.sku, kind: 'text', value: (row) => row.sku },
      { header: LABELS.name, kind: 'text', weight: 2.4, value: (row) => row.name },
      {
        header: LABELS.category,
        kind: 'text',
        weight: 1.6,
        value: (row, lang) => row.categoryPath ?? LABELS.noCategory[lang],
      },
      { header: LABELS.unit, kind: 'text', weight: 0.7, value: (row, lang) => unitWord(row.unit, lang) },
      { header: LABELS.quantity, kind: 'quantity', value: (row) => row.quantity },
      { header: LABELS.value, kind: 'money', value: (row) => row.valueMinor },
      {
        header: { en: 'Last movement', ru: 'Последнее движение' },
        kind: 'text',
        weight: 1.3,
        value: (row, _lang, timeZone) => localDay(row.lastMovementAt, timeZone),
      },
      { header: { en: 'Age, days', ru: 'Возраст, дн.' }, kind: 'count', value: (row) => row.ageDays },
      {
        header: { en: 'Age bucket', ru: 'Группа возраста' },
        kind: 'text',
        weight: 1.3,
        value: (row, lang) => bucketWord(row.bucket, lang),
      },
    ],
    totals: (rest, lang) => [
      [
        LABELS.total[lang],
        null,
        null,
        null,
        quantitiesText(rest.totals.quantities, lang),
        rest.totals.valueMinor,
        null,
        null,
        null,
      ],
    ],
    chart: (rest, lang, exponent) => ({
      kind: 'bar',
      categories: rest.chart.map((bucket) => bucketWord(bucket.bucket, lang)),
      series: [
        { name: LABELS.value[lang], values: rest.chart.map((bucket) => majorUnits(bucket.valueMinor, exponent)) },
      ],
    }),
  },
};
