import { type SQL, sql } from 'drizzle-orm';

// The totals kept beside the balances and the ledger, recomputed from what they summarise. Each query returns
// the keys whose kept figures differ, so a correct database returns no row. Shared by the ledger's property
// test, the demo seed test and the benchmark, so that all three check the same thing.

/** The condition that a row is the department's, or always true without one. */
function ofDepartment(departmentId: string | undefined): SQL {
  return departmentId ? sql`department_id = ${departmentId}` : sql`true`;
}

/** `department_stock` against the sum of the balances, per department and component. */
export function departmentTotalMismatches(): SQL {
  return sql`with sums as (
               select department_id, component_id, sum(quantity) as quantity from stock_balances group by 1, 2)
             select department_id, component_id from sums full join department_stock t using (department_id, component_id)
             where sums.quantity is distinct from t.quantity`;
}

/**
 * `stock_summary` (ADR 0011) against the count and value of the balances on hand, and
 * `stock_summary_quantities` (ADR 0018) against their quantity per unit, per department and slot; of one
 * department, or of all. Each balance's unit, empty or not, is checked against its component's too.
 */
export function summaryMismatches(departmentId?: string): SQL {
  return sql`with balances as (
               select b.department_id, stock_summary_slot(b.component_id) as slot, c.unit, b.unit as kept_unit,
                      b.quantity, round(b.quantity * c.default_unit_cost_minor) as value_minor
               from stock_balances b join components c on c.id = b.component_id
               where ${ofDepartment(departmentId)}),
             on_hand as (select * from balances where quantity > 0),
             computed as (select department_id, slot, count(*) as balances, sum(value_minor) as value_minor
                          from on_hand group by 1, 2),
             kept as (select * from stock_summary where ${ofDepartment(departmentId)}),
             computed_quantities as (select department_id, slot, unit, sum(quantity) as quantity
                                     from on_hand group by 1, 2, 3),
             kept_quantities as (select * from stock_summary_quantities where ${ofDepartment(departmentId)})
             select department_id, slot from computed full join kept using (department_id, slot)
             where (coalesce(computed.balances, 0), coalesce(computed.value_minor, 0))
                   <> (coalesce(kept.balances, 0), coalesce(kept.value_minor, 0))
             union
             select department_id, slot from computed_quantities full join kept_quantities q
               using (department_id, slot, unit)
             where coalesce(computed_quantities.quantity, 0) <> coalesce(q.quantity, 0)
             union
             select department_id, slot from balances where unit <> kept_unit`;
}

/** `stock_summary.movements` (ADR 0016) against the count of movements, per department and slot. */
export function movementCountMismatches(departmentId?: string): SQL {
  return sql`with counted as (
               select department_id, stock_summary_slot(component_id) as slot, count(*) as movements
               from movements where ${ofDepartment(departmentId)} group by 1, 2),
             kept as (select * from stock_summary where ${ofDepartment(departmentId)})
             select department_id, slot from counted full join kept using (department_id, slot)
             where coalesce(counted.movements, 0) <> coalesce(kept.movements, 0)`;
}
