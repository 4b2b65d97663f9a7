import { AMO_LOST_STATUS_ID, AMO_WON_STATUS_ID } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { arrayOfBigints } from '../../lib/sql-filters.js';
import type { AmoContact, AmoCustomFieldValue, AmoLead } from '../amocrm/types.js';

/**
 * A lead as one source describes it. `undefined` means "this source does not know" (a webhook carries no
 * contacts, and may omit custom fields or the loss reason): the stored value is kept. Times are unix seconds.
 */
export type LeadFacts = {
  accountId: number;
  amoId: number;
  title: string;
  mainContactAmoId: number | null | undefined;
  paymentMethod: string | null | undefined;
  budgetMinor: number;
  createdAt: number;
  /** `undefined`: closed at an unknown time; the stored time is kept, else `updatedAt` stands in. */
  closedAt: number | null | undefined;
  pipelineAmoId: number;
  statusAmoId: number;
  lossReasonAmoId: number | null | undefined;
  responsibleAmoUserId: number;
  updatedAt: number;
};

/**
 * Who describes the lead: at an equal `updated_at` a complete description (the sync, or a file of the file
 * account) wins over a webhook.
 */
export type LeadSource = 'sync' | 'file' | 'webhook';

/** Leads of one upsert: at most this many per statement, to stay well below the parameter limit. */
const BATCH = 250;

/** A budget whose minor units cannot be stored exactly: above Number.MAX_SAFE_INTEGER (and soon above bigint). */
export class BudgetOutOfRangeError extends RangeError {
  constructor(readonly price: number) {
    super(`the budget ${price} is too large to store`);
    this.name = 'BudgetOutOfRangeError';
  }
}

/**
 * amoCRM budgets are whole units of the account currency (sometimes fractional); stored in minor units.
 * Throws BudgetOutOfRangeError when the result is above Number.MAX_SAFE_INTEGER: such a budget is a typing
 * error in amoCRM, and storing a rounded or clipped amount would be wrong without saying so.
 */
export function budgetMinorOf(price: number | null | undefined, exponent: number): number {
  if (price === null || price === undefined || Number.isNaN(price) || price <= 0) return 0;
  const minor = Math.round(price * 10 ** exponent);
  if (!Number.isSafeInteger(minor)) throw new BudgetOutOfRangeError(price);
  return minor;
}

/** Text of a filled custom field: enum values or plain values joined with ", "; null when empty. */
function customFieldText(values: AmoCustomFieldValue['values']): string | null {
  const texts = values
    .map((value) => (value.value === null || value.value === undefined ? '' : String(value.value).trim()))
    .filter((text) => text !== '');
  return texts.length > 0 ? texts.join(', ') : null;
}

export type LeadContext = { accountId: number; paymentMethodFieldId: number | null; currencyExponent: number };

/**
 * A page of leads of the API as facts to store. A lead with an absurd budget (a typing error in amoCRM) is left
 * out and its id returned, rather than failing every read until someone corrects it.
 */
export function leadFactsOfPage(
  page: readonly AmoLead[],
  context: LeadContext,
): { facts: LeadFacts[]; skipped: number[] } {
  const facts: LeadFacts[] = [];
  const skipped: number[] = [];
  for (const lead of page) {
    try {
      facts.push(leadFactsFromApi(lead, context));
    } catch (error) {
      if (!(error instanceof BudgetOutOfRangeError)) throw error;
      skipped.push(lead.id);
    }
  }
  return { facts, skipped };
}

/** A lead of the API (`with=contacts,loss_reason`) as facts to store; BudgetOutOfRangeError for an absurd budget. */
export function leadFactsFromApi(lead: AmoLead, context: LeadContext): LeadFacts {
  const field =
    context.paymentMethodFieldId === null
      ? undefined
      : lead.custom_fields_values?.find((candidate) => candidate.field_id === context.paymentMethodFieldId);
  const contacts = lead._embedded?.contacts ?? [];
  const mainContact = contacts.find((contact) => contact.is_main) ?? null;
  return {
    accountId: context.accountId,
    amoId: lead.id,
    title: lead.name?.trim() ?? '',
    mainContactAmoId: mainContact?.id ?? null,
    paymentMethod: field ? customFieldText(field.values) : null,
    budgetMinor: budgetMinorOf(
      lead.price_with_minor_units == null ? lead.price : lead.price_with_minor_units / 100,
      context.currencyExponent,
    ),
    createdAt: lead.created_at,
    closedAt: lead.closed_at ?? null,
    pipelineAmoId: lead.pipeline_id,
    statusAmoId: lead.status_id,
    lossReasonAmoId: lead.loss_reason_id ?? lead._embedded?.loss_reason?.[0]?.id ?? null,
    responsibleAmoUserId: lead.responsible_user_id,
    updatedAt: lead.updated_at,
  };
}

export function isClosedStatus(statusId: number): boolean {
  return statusId === AMO_WON_STATUS_ID || statusId === AMO_LOST_STATUS_ID;
}

/**
 * Users with an AMO ID and the department their leads count in: the manager's first department (the
 * oldest department they belong to, then the lowest id), so the choice does not move when they switch
 * their current department. An archived department comes after every active one: its manager works in another
 * one now, and their leads follow them there as on any change of departments (ADR 0040).
 */
const MANAGERS = sql`managers as (
  select u.id as user_id, u.amo_id,
         (select ud.department_id from user_departments ud join departments d on d.id = ud.department_id
           where ud.user_id = u.id order by d.archived_at is not null, d.created_at, d.id limit 1) as department_id
  from users u where u.amo_id is not null
)`;

/** Of several descriptions of one lead in a batch, the newest (the later one on a tie). */
function newestPerLead(leads: readonly LeadFacts[]): LeadFacts[] {
  const newest = new Map<string, LeadFacts>();
  for (const lead of leads) {
    const key = `${lead.accountId}:${lead.amoId}`;
    const seen = newest.get(key);
    if (!seen || seen.updatedAt <= lead.updatedAt) newest.set(key, lead);
  }
  return [...newest.values()];
}

/** A batch as one JSON parameter: far cheaper to send and plan than thousands of bound values. */
function incomingJson(leads: readonly LeadFacts[]): string {
  return JSON.stringify(
    leads.map((lead) => ({
      account_id: lead.accountId,
      amo_id: lead.amoId,
      title: lead.title,
      main_contact_amo_id: lead.mainContactAmoId ?? null,
      main_contact_known: lead.mainContactAmoId !== undefined,
      payment_method: lead.paymentMethod ?? null,
      payment_method_known: lead.paymentMethod !== undefined,
      budget_minor: lead.budgetMinor,
      created_at: lead.createdAt,
      closed_at: lead.closedAt === undefined ? lead.updatedAt : lead.closedAt,
      closed_at_known: lead.closedAt !== undefined,
      pipeline_amo_id: lead.pipelineAmoId,
      status_amo_id: lead.statusAmoId,
      loss_reason_amo_id: lead.lossReasonAmoId ?? null,
      loss_reason_known: lead.lossReasonAmoId !== undefined,
      responsible_amo_user_id: lead.responsibleAmoUserId,
      updated_at: lead.updatedAt,
    })),
  );
}

/** Compared to decide whether an upsert changes a stored lead. */
const COMPARED = [
  'title',
  'main_contact_amo_id',
  'payment_method',
  'budget_minor',
  'amo_created_at',
  'closed_at',
  'pipeline_amo_id',
  'status_amo_id',
  'loss_reason_amo_id',
  'responsible_amo_user_id',
  'manager_user_id',
  'department_id',
  'amo_updated_at',
  'deleted',
] as const;

export type UpsertResult = { created: number; updated: number; changedIds: number[] };

/**
 * Stores leads, the one write path of the sync and the webhooks, so both converge on the same row. A
 * description older than the stored one is ignored (at an equal `updated_at` only the sync applies), a
 * deleted lead comes back only with a description newer than its deletion, and a description equal to
 * the stored row writes nothing: a repeated sync reports no changes.
 */
export async function upsertLeads(
  db: Executor,
  leads: readonly LeadFacts[],
  source: LeadSource,
): Promise<UpsertResult> {
  const result: UpsertResult = { created: 0, updated: 0, changedIds: [] };
  const unique = newestPerLead(leads);
  // A file stamps its leads with the time of the import: only what it says of them is a change, so the
  // same file imported again changes nothing.
  const compared = source === 'file' ? COMPARED.filter((column) => column !== 'amo_updated_at') : COMPARED;
  const newer =
    source === 'webhook'
      ? sql`sales_leads.amo_updated_at < excluded.amo_updated_at`
      : sql`sales_leads.amo_updated_at <= excluded.amo_updated_at`;
  for (let start = 0; start < unique.length; start += BATCH) {
    const batch = unique.slice(start, start + BATCH);
    const rows = await queryRows<{ amo_id: string | number; inserted: boolean }>(
      db,
      sql`with ${MANAGERS},
          incoming as (
            select r.account_id, r.amo_id, r.title, r.main_contact_amo_id, r.main_contact_known, r.payment_method,
                   r.payment_method_known, r.budget_minor, to_timestamp(r.created_at) as amo_created_at,
                   to_timestamp(r.closed_at) as closed_at, r.closed_at_known, r.pipeline_amo_id, r.status_amo_id,
                   r.loss_reason_amo_id, r.loss_reason_known, r.responsible_amo_user_id, to_timestamp(r.updated_at) as amo_updated_at
            from jsonb_to_recordset(${incomingJson(batch)}::jsonb) as r(
              account_id bigint, amo_id bigint, title text, main_contact_amo_id bigint, main_contact_known boolean,
              payment_method text, payment_method_known boolean, budget_minor bigint, created_at double precision,
              closed_at double precision, closed_at_known boolean, pipeline_amo_id bigint, status_amo_id bigint,
              loss_reason_amo_id bigint, loss_reason_known boolean, responsible_amo_user_id bigint, updated_at double precision)
          )
          insert into sales_leads (account_id, amo_id, title, main_contact_amo_id, payment_method, budget_minor, amo_created_at,
                                   closed_at, pipeline_amo_id, status_amo_id, loss_reason_amo_id, responsible_amo_user_id,
                                   manager_user_id, department_id, amo_updated_at)
          select i.account_id, i.amo_id, i.title,
                 case when i.main_contact_known then i.main_contact_amo_id else s.main_contact_amo_id end,
                 case when i.payment_method_known then i.payment_method else s.payment_method end,
                 i.budget_minor, i.amo_created_at,
                 case when i.closed_at_known then i.closed_at else coalesce(s.closed_at, i.closed_at) end,
                 i.pipeline_amo_id, i.status_amo_id,
                 case when i.loss_reason_known then i.loss_reason_amo_id else s.loss_reason_amo_id end,
                 i.responsible_amo_user_id, m.user_id, m.department_id, i.amo_updated_at
          from incoming i
          left join sales_leads s on s.account_id = i.account_id and s.amo_id = i.amo_id
          left join managers m on m.amo_id = i.responsible_amo_user_id
          -- Rows are inserted, and so locked, in this order: concurrent upserts (the sync and webhooks) take
          -- their row locks in the same order and cannot deadlock on each other.
          order by i.account_id, i.amo_id
          on conflict (account_id, amo_id) do update set
            ${sql.join(
              COMPARED.filter((column) => column !== 'deleted').map(
                (column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`,
              ),
              sql`, `,
            )},
            deleted = false, deleted_at = null, stored_at = now()
          where ${newer}
            and (not sales_leads.deleted or sales_leads.deleted_at < excluded.amo_updated_at)
            and (${sql.join(
              compared.map((column) => sql`sales_leads.${sql.identifier(column)}`),
              sql`, `,
            )}) is distinct from (${sql.join(
              compared.map((column) => (column === 'deleted' ? sql`false` : sql`excluded.${sql.identifier(column)}`)),
              sql`, `,
            )})
          returning amo_id, (xmax = 0) as inserted`,
    );
    for (const row of rows) {
      if (row.inserted) result.created++;
      else result.updated++;
      result.changedIds.push(Number(row.amo_id));
    }
  }
  return result;
}

/** Marks leads deleted in amoCRM; returns how many were not marked yet. */
export async function markLeadsDeleted(db: Executor, accountId: number, amoIds: readonly number[]): Promise<number> {
  if (amoIds.length === 0) return 0;
  const rows = await queryRows(
    db,
    sql`update sales_leads set deleted = true, deleted_at = now(), stored_at = now()
        where account_id = ${accountId} and not deleted and amo_id = any(${arrayOfBigints(amoIds)})
        returning amo_id`,
  );
  return rows.length;
}

/**
 * Points every lead at the user whose AMO ID is its responsible user (and that user's department): users
 * get or lose an AMO ID, or change departments, after their leads were stored. Without an account, the
 * leads of every account (synced and from files) are matched.
 */
export async function rematchManagers(db: Executor, accountId?: number): Promise<void> {
  const ofAccount = accountId === undefined ? sql`true` : sql`l.account_id = ${accountId}`;
  await queryRows(
    db,
    sql`with ${MANAGERS}
        update sales_leads l set manager_user_id = m.user_id, department_id = m.department_id, stored_at = now()
        from managers m
        where ${ofAccount} and m.amo_id = l.responsible_amo_user_id
          and (l.manager_user_id, l.department_id) is distinct from (m.user_id, m.department_id)`,
  );
  await queryRows(
    db,
    sql`update sales_leads l set manager_user_id = null, department_id = null, stored_at = now()
        where ${ofAccount} and (l.manager_user_id is not null or l.department_id is not null)
          and not exists (select 1 from users u where u.amo_id = l.responsible_amo_user_id)`,
  );
}

/** Responsible amoCRM users of stored leads whom no user has as AMO ID. */
export async function unmatchedResponsibleUsers(db: Executor, accountId: number): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select distinct l.responsible_amo_user_id as id from sales_leads l
        where l.account_id = ${accountId} and not l.deleted
          and not exists (select 1 from users u where u.amo_id = l.responsible_amo_user_id)
        order by 1`,
  );
  return rows.map((row) => Number(row.id));
}

/** How many stored leads of an account each responsible amoCRM user has; deleted leads are not counted. */
export async function leadsPerResponsibleUser(db: Executor, accountId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: string | number; leads: string | number }>(
    db,
    sql`select l.responsible_amo_user_id as id, count(*) as leads from sales_leads l
        where l.account_id = ${accountId} and not l.deleted
        group by l.responsible_amo_user_id`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.leads)]));
}

/** Main contacts of stored leads that are not stored themselves (e.g. after a sync that failed midway). */
export async function missingMainContacts(db: Executor, accountId: number): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select distinct l.main_contact_amo_id as id from sales_leads l
        where l.account_id = ${accountId} and l.main_contact_amo_id is not null
          and not exists (select 1 from sales_contacts c where c.account_id = l.account_id and c.amo_id = l.main_contact_amo_id)`,
  );
  return rows.map((row) => Number(row.id));
}

export type ContactFacts = { accountId: number; amoId: number; name: string; updatedAt: number };

/** A contact of the API as the name to store: its name, else its first and last names, else none. */
export function contactFactsFromApi(contact: AmoContact, accountId: number): ContactFacts {
  return {
    accountId,
    amoId: contact.id,
    name: contact.name?.trim() || [contact.first_name, contact.last_name].filter(Boolean).join(' ').trim() || '',
    updatedAt: contact.updated_at,
  };
}

/** Stores contact names; an older description never replaces a newer one. Returns how many changed. */
export async function upsertContacts(db: Executor, contacts: readonly ContactFacts[]): Promise<number> {
  const unique = [...new Map(contacts.map((contact) => [contact.amoId, contact])).values()];
  if (unique.length === 0) return 0;
  const rows = await queryRows(
    db,
    sql`insert into sales_contacts (account_id, amo_id, name, amo_updated_at)
        values ${sql.join(
          unique.map(
            (contact) =>
              sql`(${contact.accountId}::bigint, ${contact.amoId}::bigint, ${contact.name}::text, to_timestamp(${contact.updatedAt}::double precision))`,
          ),
          sql`, `,
        )}
        on conflict (account_id, amo_id) do update set name = excluded.name, amo_updated_at = excluded.amo_updated_at
        where sales_contacts.amo_updated_at <= excluded.amo_updated_at
          and (sales_contacts.name, sales_contacts.amo_updated_at) is distinct from (excluded.name, excluded.amo_updated_at)
        returning amo_id`,
  );
  return rows.length;
}
