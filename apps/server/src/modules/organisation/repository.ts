import { currencyExponent } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

/** The currency until an administrator sets the organisation's own. */
const DEFAULT_CURRENCY = 'RUB';

type OrganisationRow = { currency: string; time_zone: string };

/** The sales settings row holds the organisation's currency and time zone for both areas (ADR 0024). */
async function findOrganisation(db: Executor): Promise<OrganisationRow | undefined> {
  const [row] = await queryRows<OrganisationRow>(db, sql`select currency, time_zone from sales_settings where id = 1`);
  return row;
}

/**
 * The organisation's currency and time zone: before an administrator saves them, the defaults they start
 * with (RUB and `TIME_ZONE`). Reads only, never creates.
 */
export async function organisation(
  db: Executor,
  defaultTimeZone: string,
): Promise<{ currency: string; timeZone: string }> {
  const row = await findOrganisation(db);
  return { currency: row?.currency ?? DEFAULT_CURRENCY, timeZone: row?.time_zone ?? defaultTimeZone };
}

/** Digits after the decimal point of the organisation's currency: how files write its money (2 for RUB). */
export async function organisationCurrencyExponent(db: Executor): Promise<number> {
  return currencyExponent((await findOrganisation(db))?.currency ?? DEFAULT_CURRENCY);
}

/** Today (`YYYY-MM-DD`) on the organisation's clock and the organisation's currency, in one statement. */
export async function salesDay(db: Executor, defaultTimeZone: string): Promise<{ today: string; currency: string }> {
  const [row] = await queryRows<{ today: string; currency: string | null }>(
    db,
    sql`select to_char(now() at time zone coalesce(s.time_zone, ${defaultTimeZone}), 'YYYY-MM-DD') as today,
               s.currency
        from (select 1) as one left join sales_settings s on s.id = 1`,
  );
  if (!row) throw new Error('the database gave no current day');
  return { today: row.today, currency: row.currency ?? DEFAULT_CURRENCY };
}

/** The current month (`YYYY-MM`) on the organisation's clock: what "this month" is for plans, bonuses and closing. */
export async function organisationMonth(db: Executor, defaultTimeZone: string): Promise<string> {
  return (await salesDay(db, defaultTimeZone)).today.slice(0, 7);
}
