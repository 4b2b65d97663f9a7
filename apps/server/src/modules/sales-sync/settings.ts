import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { arrayOfBigints } from '../../lib/sql-filters.js';

/** Purpose the token is sealed for; binds the ciphertext to this column. */
const TOKEN_PURPOSE = 'sales_settings.token_sealed';

/** The integration settings row, as stored; the token stays sealed. */
export type StoredSalesSettings = {
  subdomain: string | null;
  tokenSealed: string | null;
  amoAccountId: number | null;
  includedPipelineIds: number[];
  paymentMethodFieldId: number | null;
  syncIntervalMinutes: number;
  webhookSecret: string;
  timeZone: string;
  currency: string;
  leadsCursor: number;
  notesCursor: number;
  eventsCursor: number;
  leadsFilterHonoured: boolean | null;
};

type SettingsRow = {
  subdomain: string | null;
  token_sealed: string | null;
  amo_account_id: string | number | null;
  included_pipeline_ids: (string | number)[];
  payment_method_field_id: string | number | null;
  sync_interval_minutes: number;
  webhook_secret: string;
  time_zone: string;
  currency: string;
  leads_cursor: string | number;
  notes_cursor: string | number;
  events_cursor: string | number;
  leads_filter_honoured: boolean | null;
};

const nullableNumber = (value: string | number | null) => (value === null ? null : Number(value));

function fromRow(row: SettingsRow): StoredSalesSettings {
  return {
    subdomain: row.subdomain,
    tokenSealed: row.token_sealed,
    amoAccountId: nullableNumber(row.amo_account_id),
    includedPipelineIds: row.included_pipeline_ids.map(Number),
    paymentMethodFieldId: nullableNumber(row.payment_method_field_id),
    syncIntervalMinutes: row.sync_interval_minutes,
    webhookSecret: row.webhook_secret,
    timeZone: row.time_zone,
    currency: row.currency,
    leadsCursor: Number(row.leads_cursor),
    notesCursor: Number(row.notes_cursor),
    eventsCursor: Number(row.events_cursor),
    leadsFilterHonoured: row.leads_filter_honoured,
  };
}

/** A new webhook secret: 32 random bytes, URL-safe. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The settings row, or null before anyone opened the sales settings. */
export async function findSalesSettings(db: Executor): Promise<StoredSalesSettings | null> {
  const [row] = await queryRows<SettingsRow>(db, sql`select * from sales_settings where id = 1`);
  return row ? fromRow(row) : null;
}

/** The settings row, created with defaults (a fresh webhook secret, the configured time zone) when missing. */
export async function salesSettings(db: Executor, defaultTimeZone: string): Promise<StoredSalesSettings> {
  const found = await findSalesSettings(db);
  if (found) return found;
  await queryRows(
    db,
    sql`insert into sales_settings (id, webhook_secret, time_zone) values (1, ${newWebhookSecret()}, ${defaultTimeZone})
        on conflict (id) do nothing`,
  );
  const created = await findSalesSettings(db);
  if (!created) throw new Error('the sales settings row cannot be read back');
  return created;
}

export type SalesSettingsChanges = Partial<
  Pick<
    StoredSalesSettings,
    | 'subdomain'
    | 'tokenSealed'
    | 'includedPipelineIds'
    | 'paymentMethodFieldId'
    | 'syncIntervalMinutes'
    | 'timeZone'
    | 'currency'
    | 'webhookSecret'
    | 'leadsCursor'
  >
>;

/** Writes the given settings; the others keep their values. */
export async function updateSalesSettings(db: Executor, changes: SalesSettingsChanges): Promise<void> {
  const columns: [keyof SalesSettingsChanges, string][] = [
    ['subdomain', 'subdomain'],
    ['tokenSealed', 'token_sealed'],
    ['paymentMethodFieldId', 'payment_method_field_id'],
    ['syncIntervalMinutes', 'sync_interval_minutes'],
    ['timeZone', 'time_zone'],
    ['currency', 'currency'],
    ['webhookSecret', 'webhook_secret'],
    ['leadsCursor', 'leads_cursor'],
  ];
  const sets = columns
    .filter(([key]) => changes[key] !== undefined)
    .map(([key, column]) => sql`${sql.identifier(column)} = ${changes[key]}`);
  if (changes.includedPipelineIds !== undefined) {
    sets.push(sql`included_pipeline_ids = ${arrayOfBigints(changes.includedPipelineIds)}`);
  }
  if (sets.length === 0) return;
  await queryRows(db, sql`update sales_settings set ${sql.join(sets, sql`, `)}, updated_at = now() where id = 1`);
}

/** Where the next sync reads leads, call notes and chat events from, in unix seconds. */
export type Cursors = { leads: number; notes: number; events: number };

/** Sets the account a token belongs to; a different account than before starts over from the beginning. */
export async function adoptAccount(db: Executor, accountId: number): Promise<void> {
  await queryRows(
    db,
    sql`update sales_settings set amo_account_id = ${accountId}, leads_cursor = 0, notes_cursor = 0, events_cursor = 0,
          leads_filter_honoured = null, updated_at = now()
        where id = 1`,
  );
}

/** Records whether the account honoured `filter[updated_at]` on leads in a run that asked for changes since a time. */
export async function recordLeadsFilter(db: Executor, accountId: number, honoured: boolean): Promise<void> {
  await queryRows(
    db,
    sql`update sales_settings set leads_filter_honoured = ${honoured} where id = 1 and amo_account_id = ${accountId}`,
  );
}

/**
 * Advances the cursors after a successful run. A cursor that changed meanwhile (the settings reset it, e.g.
 * for a new payment-method field) keeps the newer decision.
 */
export async function saveCursors(db: Executor, accountId: number, from: Cursors, to: Cursors): Promise<void> {
  await queryRows(
    db,
    sql`update sales_settings set
          leads_cursor = case when leads_cursor = ${from.leads} then ${to.leads} else leads_cursor end,
          notes_cursor = case when notes_cursor = ${from.notes} then ${to.notes} else notes_cursor end,
          events_cursor = case when events_cursor = ${from.events} then ${to.events} else events_cursor end
        where id = 1 and amo_account_id = ${accountId}`,
  );
}

export function sealToken(box: SecretBox, token: string): string {
  return box.seal(token, TOKEN_PURPOSE);
}

/** The stored token in clear, for the amoCRM client only; throws when it cannot be opened (APP_SECRET changed). */
export function openToken(box: SecretBox, sealed: string): string {
  return box.open(sealed, TOKEN_PURPOSE);
}
