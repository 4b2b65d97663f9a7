import { AMO_LOST_STATUS_ID } from '@cm/contract';
import { z } from 'zod';
import { FILE_ACCOUNT_ID } from '../../db/schema/sales.js';
import type { LeadRef } from '../sales-sync/lead-refreshes.js';
import { BudgetOutOfRangeError, budgetMinorOf, isClosedStatus, type LeadFacts } from '../sales-sync/leads.js';

// amoCRM webhooks (Settings → Integrations → Webhooks) arrive as application/x-www-form-urlencoded:
// `leads[<event>][<i>][<field>]=<value>` with every value a string, plus `account[id]`, `account[subdomain]`.
// Lead fields are the legacy API v2 names (`date_create`, `last_modified`, `price`, `responsible_user_id`,
// `pipeline_id`, `custom_fields[j][id]`, `custom_fields[j][values][k][value]` / `[enum]`); current accounts
// also send `created_at` and `updated_at`. A `leads[status]` event also carries `old_status_id` and
// `old_pipeline_id`; `leads[delete]` carries only `id`, `status_id` and `pipeline_id`. Many accounts, and
// amoCRM's Digital Pipeline, send every event in that minimal form: ids and statuses only, sometimes not even
// the pipeline. An event that describes its lead whole is stored as it is; one that does not names a lead to
// be read from the API (sales-sync/lead-refreshes.ts). Fields not listed here are ignored. The loss reason is
// read from `loss_reason_id` (or `loss_reason[id]` / `loss_reason[0][id]`) when amoCRM includes it; otherwise
// the stored one is kept and the next sync fills it.

const whole = z
  .string()
  .trim()
  .regex(/^\d+$/, { message: 'expected a whole number' })
  .transform(Number)
  .refine(Number.isSafeInteger, { message: 'number too large' });
const optionalWhole = z
  .string()
  .trim()
  .regex(/^\d*$/, { message: 'expected a whole number' })
  .transform((value) => (value === '' ? null : Number(value)))
  .refine((value) => value === null || Number.isSafeInteger(value), { message: 'number too large' })
  .optional();
/** 9999-12-31T23:59:59Z: later times are no dates amoCRM sends, and PostgreSQL refuses some of them. */
const MAX_UNIX_SECONDS = 253_402_300_799;
/** Unix seconds; empty means none. */
const optionalTime = z
  .string()
  .trim()
  .regex(/^\d*$/, { message: 'expected unix seconds' })
  .transform((value) => (value === '' ? null : Number(value)))
  .refine((value) => value === null || value <= MAX_UNIX_SECONDS, { message: 'time out of range' })
  .optional();
/**
 * A budget in units of the account currency: at most 13 digits and 2 decimals (amoCRM sends whole numbers).
 * In a currency with up to 2 decimals its minor units are then exact; in one with 3 or 4, webhookChanges
 * refuses the few amounts whose minor units are not.
 */
const price = z
  .string()
  .trim()
  .regex(/^(?:\d{1,13}(?:\.\d{1,2})?)?$/, { message: 'expected an amount of at most 13 digits and 2 decimals' })
  .optional();
const indexed = <Item extends z.ZodType>(item: Item) => z.record(z.string().regex(/^\d+$/), item);

const CustomField = z.looseObject({
  id: whole,
  values: indexed(z.union([z.looseObject({ value: z.string().optional(), enum: z.string().optional() }), z.string()]))
    .optional()
    .default({}),
});

const LeadEvent = z
  .looseObject({
    id: whole,
    name: z.string().optional(),
    status_id: whole.optional(),
    pipeline_id: whole.optional(),
    price,
    responsible_user_id: whole.optional(),
    account_id: optionalWhole,
    date_create: optionalTime,
    created_at: optionalTime,
    last_modified: optionalTime,
    updated_at: optionalTime,
    closed_at: optionalTime,
    date_close: optionalTime,
    loss_reason_id: optionalWhole,
    loss_reason: z
      .union([indexed(z.looseObject({ id: optionalWhole })), z.looseObject({ id: optionalWhole })])
      .optional(),
    custom_fields: indexed(CustomField).optional(),
  })
  .transform((lead) => {
    // The newer of the two names for the time of the change, and the time of creation, where the event has them.
    const changed = [lead.updated_at, lead.last_modified].filter((time) => time !== null && time !== undefined);
    return {
      ...lead,
      updatedAt: changed.length > 0 ? Math.max(...changed) : undefined,
      createdAt: lead.created_at ?? lead.date_create ?? undefined,
    };
  });

const DeleteEvent = z.looseObject({ id: whole, account_id: optionalWhole });

const LEAD_EVENTS = ['add', 'update', 'status', 'responsible', 'restore'] as const;

export const WebhookPayload = z.looseObject({
  account: z.looseObject({ id: optionalWhole, subdomain: z.string().optional() }).optional(),
  leads: z
    .looseObject({
      add: indexed(LeadEvent).optional(),
      update: indexed(LeadEvent).optional(),
      status: indexed(LeadEvent).optional(),
      responsible: indexed(LeadEvent).optional(),
      restore: indexed(LeadEvent).optional(),
      delete: indexed(DeleteEvent).optional(),
    })
    .optional(),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;
type LeadEvent = z.infer<typeof LeadEvent>;

export type WebhookContext = {
  /** The account of the settings, when a sync has learnt it. */
  accountId: number | null;
  paymentMethodFieldId: number | null;
  currencyExponent: number;
};

export type WebhookChanges = {
  leads: LeadFacts[];
  /** Leads an event named without describing them whole: to be read from amoCRM. */
  refreshes: LeadRef[];
  /** Entries that passed the schema and still cannot be stored (a budget too large in this currency). */
  invalid: { path: string[]; message: string }[];
  deletions: { accountId: number; amoId: number }[];
  /** Entries of another amoCRM account than the configured one: not ours to store. */
  foreign: number;
  /** Entries whose account is named nowhere (neither in the payload nor by an earlier sync). */
  withoutAccount: number;
};

function lossReasonOf(lead: LeadEvent, statusAmoId: number): number | null | undefined {
  if (lead.loss_reason_id !== undefined) return lead.loss_reason_id || null;
  const reason = lead.loss_reason as Record<string, { id?: number | null }> | { id?: number | null } | undefined;
  if (reason) {
    const id = 'id' in reason ? (reason.id as number | null | undefined) : Object.values(reason)[0]?.id;
    if (id !== undefined) return id || null;
  }
  // Leaving "lost" clears the reason; a lost lead without one in the payload keeps the stored reason.
  return statusAmoId === AMO_LOST_STATUS_ID ? undefined : null;
}

function closedAtOf(lead: LeadEvent, statusAmoId: number): number | null | undefined {
  const given = lead.closed_at ?? lead.date_close;
  if (given !== undefined && given !== null) return given || null;
  // A closed lead without a closing time: the stored one is kept, else the time of this change stands in.
  return isClosedStatus(statusAmoId) ? undefined : null;
}

function paymentMethodOf(lead: LeadEvent, fieldId: number | null): string | null | undefined {
  if (fieldId === null) return null;
  // No custom fields at all: this payload does not tell; the stored value is kept.
  if (!lead.custom_fields) return undefined;
  const field = Object.values(lead.custom_fields).find((candidate) => candidate.id === fieldId);
  if (!field) return null;
  const texts = Object.values(field.values)
    .map((value) => (typeof value === 'string' ? value : (value.value ?? '')).trim())
    .filter((text) => text !== '');
  return texts.length > 0 ? texts.join(', ') : null;
}

/** The lead changes a webhook reports, for the configured account; descriptions carry amoCRM's legacy fields. */
export function webhookChanges(payload: WebhookPayload, context: WebhookContext): WebhookChanges {
  const changes: WebhookChanges = {
    leads: [],
    refreshes: [],
    invalid: [],
    deletions: [],
    foreign: 0,
    withoutAccount: 0,
  };
  const queued = new Set<string>();
  const payloadAccount = payload.account?.id ?? null;
  const accountOf = (entryAccount: number | null | undefined): number | null => {
    const accountId = entryAccount ?? payloadAccount ?? context.accountId;
    if (accountId === null) {
      changes.withoutAccount++;
      return null;
    }
    // Account 0 holds the leads of files (FILE_ACCOUNT_ID) and is no amoCRM account: a webhook never writes there.
    if (accountId === FILE_ACCOUNT_ID || (context.accountId !== null && accountId !== context.accountId)) {
      changes.foreign++;
      return null;
    }
    return accountId;
  };
  for (const event of LEAD_EVENTS) {
    for (const [index, lead] of Object.entries(payload.leads?.[event] ?? {})) {
      const accountId = accountOf(lead.account_id);
      if (accountId === null) continue;
      const { status_id: statusAmoId, pipeline_id: pipelineAmoId, responsible_user_id: responsible } = lead;
      const { createdAt, updatedAt } = lead;
      if (
        statusAmoId === undefined ||
        pipelineAmoId === undefined ||
        responsible === undefined ||
        createdAt === undefined ||
        updatedAt === undefined
      ) {
        // Once each, however many events of the request name it.
        if (!queued.has(`${accountId} ${lead.id}`)) changes.refreshes.push({ accountId, amoId: lead.id });
        queued.add(`${accountId} ${lead.id}`);
        continue;
      }
      let budgetMinor: number;
      try {
        budgetMinor = budgetMinorOf(lead.price ? Number(lead.price) : 0, context.currencyExponent);
      } catch (error) {
        if (!(error instanceof BudgetOutOfRangeError)) throw error;
        changes.invalid.push({ path: ['leads', event, index, 'price'], message: 'amount too large for the currency' });
        continue;
      }
      changes.leads.push({
        accountId,
        amoId: lead.id,
        title: lead.name?.trim() ?? '',
        mainContactAmoId: undefined,
        paymentMethod: paymentMethodOf(lead, context.paymentMethodFieldId),
        budgetMinor,
        createdAt,
        closedAt: closedAtOf(lead, statusAmoId),
        pipelineAmoId,
        statusAmoId,
        lossReasonAmoId: lossReasonOf(lead, statusAmoId),
        responsibleAmoUserId: responsible,
        updatedAt,
      });
    }
  }
  for (const deletion of Object.values(payload.leads?.delete ?? {})) {
    const accountId = accountOf(deletion.account_id);
    if (accountId !== null) changes.deletions.push({ accountId, amoId: deletion.id });
  }
  return changes;
}
