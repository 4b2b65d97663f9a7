import { type SQL, sql } from 'drizzle-orm';
import { endOfDay, startOfDay } from './closings.js';
import type { ReportScope } from './report-definition.js';

/**
 * The department's issues posted in the period (whole days of the organisation's clock), one row each: the quantity
 * signed (the reversal of an issue takes it back), `issue` 1 for an issue and 0 for such a reversal, and when it was
 * posted. `components` narrows them to the components a filter selects.
 */
export function issuesIn(scope: ReportScope, period: { from: string; to: string }, components?: SQL): SQL {
  const { departmentId, timeZone } = scope;
  return sql`select m.component_id, m.created_at,
             case when m.type = 'issue' then m.quantity else -m.quantity end as quantity,
             (m.type = 'issue')::int as issue
      from movements m
      where m.department_id = ${departmentId}
        and m.created_at >= ${startOfDay(period.from, timeZone)} and m.created_at < ${endOfDay(period.to, timeZone)}
        and (m.type = 'issue'
             or (m.type = 'reversal' and (select o.type from movements o where o.id = m.reversal_of_id) = 'issue'))
        ${components ? sql`and m.component_id in (${components})` : sql``}`;
}
