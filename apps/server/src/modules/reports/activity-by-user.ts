import {
  ActivityByUserExportQuery,
  type ActivityByUserParameters,
  ActivityByUserQuery,
  ActivityByUserReport,
  type ActivityByUserRow,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { endOfDay, startOfDay } from './closings.js';
import { LABELS, periodText } from './file-words.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import type { ReportQuery } from './report-page.js';

type Parameters = z.output<typeof ActivityByUserParameters>;

const COUNTS = ['receipts', 'issues', 'transfers', 'adjustments', 'reversals', 'total'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;
type Row = Counts & { user_id: string; name: string };
type Summary = { totals: Counts | null; chart: Row[] | null };

const CHART_PEOPLE = 12;

/** Movements each person posted in the department over the period, per type. */
export function activityByUserQuery(scope: ReportScope, parameters: Parameters): ReportQuery {
  const { departmentId, timeZone } = scope;
  const direction = parameters.order === 'desc' ? 'desc' : 'asc';
  const key = parameters.sort === 'name' ? 'lower(name)' : parameters.sort;
  const order = sql.raw(`${key} ${direction}, lower(name), user_id`);
  const rows = sql`select * from (
      select m.user_id, u.name,
             count(*) filter (where m.type = 'receipt')::int as receipts,
             count(*) filter (where m.type = 'issue')::int as issues,
             count(*) filter (where m.type = 'transfer')::int as transfers,
             count(*) filter (where m.type = 'adjustment')::int as adjustments,
             count(*) filter (where m.type = 'reversal')::int as reversals,
             count(*)::int as total
      from movements m join users u on u.id = m.user_id
      where m.department_id = ${departmentId}
        and m.created_at >= ${startOfDay(parameters.from, timeZone)} and m.created_at < ${endOfDay(parameters.to, timeZone)}
      group by m.user_id, u.name
    ) per_user`;
  const sums = sql.raw(COUNTS.map((count) => `coalesce(sum(${count}), 0)::int as ${count}`).join(', '));
  const summary = sql`select json_build_object(
      'totals', (select row_to_json(t) from (select ${sums} from result) t),
      'chart', (select json_agg(top) from (select * from result order by total desc, lower(name) limit ${CHART_PEOPLE}) top))`;
  return { rows, order, summary };
}

function toRow(row: Row): ActivityByUserRow {
  return {
    userId: row.user_id,
    name: row.name,
    receipts: Number(row.receipts),
    issues: Number(row.issues),
    transfers: Number(row.transfers),
    adjustments: Number(row.adjustments),
    reversals: Number(row.reversals),
    total: Number(row.total),
  };
}

const NO_COUNTS: Counts = { receipts: 0, issues: 0, transfers: 0, adjustments: 0, reversals: 0, total: 0 };

function toRest(summary: Summary): Pick<ActivityByUserReport, 'totals' | 'chart'> {
  return { totals: summary.totals ?? NO_COUNTS, chart: (summary.chart ?? []).map(toRow) };
}

const COUNT_WORDS: Record<(typeof COUNTS)[number], { en: string; ru: string }> = {
  receipts: { en: 'Receipts', ru: 'Приходы' },
  issues: { en: 'Issues', ru: 'Выдачи' },
  transfers: { en: 'Transfers', ru: 'Перемещения' },
  adjustments: { en: 'Adjustments', ru: 'Корректировки' },
  reversals: { en: 'Reversals', ru: 'Сторно' },
  total: { en: 'Total', ru: 'Всего' },
};

const TYPES = COUNTS.filter((count) => count !== 'total');

/** Activity by user. */
export const activityByUser: ReportDefinition<
  typeof ActivityByUserQuery,
  typeof ActivityByUserExportQuery,
  typeof ActivityByUserReport,
  Row,
  ActivityByUserRow,
  Summary,
  ReturnType<typeof toRest>
> = {
  name: 'activity-by-user',
  summary: 'Movements each person posted over a period, per type',
  schemas: { query: ActivityByUserQuery, exportQuery: ActivityByUserExportQuery, response: ActivityByUserReport },
  title: { en: 'Activity by user', ru: 'Активность пользователей' },
  readsClosings: false,
  query: activityByUserQuery,
  toRow,
  toRest,
  file: {
    parameters: (parameters, lang) => [{ label: LABELS.period[lang], value: periodText(parameters, lang) }],
    columns: () => [
      { header: { en: 'User', ru: 'Пользователь' }, kind: 'text', weight: 3, value: (row) => row.name },
      ...COUNTS.map((count) => ({
        header: COUNT_WORDS[count],
        kind: 'count' as const,
        value: (row: ActivityByUserRow) => row[count],
      })),
    ],
    totals: (rest, lang) => [[LABELS.total[lang], ...COUNTS.map((count) => rest.totals[count])]],
    chart: (rest, lang) =>
      rest.chart.length === 0
        ? null
        : {
            kind: 'bar',
            stacked: true,
            categories: rest.chart.map((row) => row.name),
            series: TYPES.map((type) => ({
              name: COUNT_WORDS[type][lang],
              values: rest.chart.map((row) => row[type]),
            })),
          },
  },
};
