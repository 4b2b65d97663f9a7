import { type SQL, sql } from 'drizzle-orm';

/** The movement summary's figures besides the opening and closing, as its SQL and the closings' flows name them. */
export const FLOWS = ['received', 'issued', 'transferred_in', 'transferred_out', 'adjusted'] as const;

/** Where the places in scope are: a condition on a location column, or all of the department's. */
export type PlacesInScope = (column: SQL) => SQL;

/**
 * One row per movement of the department posted in [since, until), for the components `components` selects when
 * given, with what it adds at the places in scope, in thousandths of its unit (bigint, so that sums stay integers):
 * `net` to the quantity there, and to each of the FLOWS. A movement arrives in scope when its destination is there and
 * leaves it when its source is. A reversal counts under the type it reverses, with the opposite sign: a reversed
 * receipt was not received, a reversed transfer neither came in nor went out. Hence at every scope
 * net = received − issued + transferred in − transferred out + adjusted. `moves` is 1 for a movement that touches
 * the scope.
 */
export function movementFigures(
  departmentId: string,
  since: SQL,
  until: SQL,
  { places, components }: { places?: PlacesInScope; components?: SQL },
): SQL {
  const inScope = (column: string) =>
    places
      ? sql`(${sql.raw(column)} is not null and ${places(sql.raw(column))})`
      : sql`(${sql.raw(column)} is not null)`;
  return sql`select component_id, q * (arrives - leaves) as net,
         case kind when 'receipt' then q * (arrives - leaves) else 0 end as received,
         case kind when 'issue' then q * (leaves - arrives) else 0 end as issued,
         case kind when 'transfer' then q * sign * case when sign > 0 then arrives else leaves end else 0 end
           as transferred_in,
         case kind when 'transfer' then q * sign * case when sign > 0 then leaves else arrives end else 0 end
           as transferred_out,
         case kind when 'adjustment' then q * (arrives - leaves) else 0 end as adjusted,
         (arrives + leaves > 0)::int as moves
    from (
      select m.component_id, (m.quantity * 1000)::bigint as q,
             ${inScope('m.to_location_id')}::int as arrives, ${inScope('m.from_location_id')}::int as leaves,
             case when m.type = 'reversal' then -1 else 1 end as sign,
             case when m.type = 'reversal' then (select o.type from movements o where o.id = m.reversal_of_id)
                  else m.type end as kind
      from movements m
      where m.department_id = ${departmentId} and m.created_at >= coalesce(${since}, '-infinity')
        and m.created_at < ${until} ${components ? sql`and m.component_id in (${components})` : sql``}
    ) movement`;
}
