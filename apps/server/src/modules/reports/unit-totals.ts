import { formatQuantity, Unit } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';

export type UnitTotal = { unit: Unit; quantity: string };

/** JSON array of `column` summed per unit over `relation`: pieces and metres do not add up. Zero sums are left out. */
export function unitTotals(relation: SQL, column: string): SQL {
  return sql`(select json_agg(json_build_object('unit', unit, 'quantity', quantity::text))
              from (select unit, sum(${sql.identifier(column)}::numeric) as quantity from ${relation} group by unit) u
              where quantity <> 0)`;
}

/** The sums as the API gives them, in the order of the units' list. */
export function toUnitQuantities(totals: UnitTotal[] | null): UnitTotal[] {
  return [...(totals ?? [])]
    .sort((a, b) => Unit.options.indexOf(a.unit) - Unit.options.indexOf(b.unit))
    .map(({ unit, quantity }) => ({ unit, quantity: formatQuantity(quantity) }));
}
