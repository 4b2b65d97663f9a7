import { AMO_LOST_STATUS_ID } from '@cm/contract';
import { z } from 'zod';
import { budgetMinorOf, isClosedStatus, type LeadFacts } from '../sales-sync/leads.js';
import type { FormTree } from './form.js';

// amoCRM webhooks (Settings → Integrations → Webhooks) arrive as application/x-www-form-urlencoded:
// `leads[<event>][<i>][<field>]=<value>` with every value a string, plus `account[id]`, `account[subdomain]`.
// Lead fields are the legacy API v2 names (`date_create`, `last_modified`, `price`, `responsible_user_id`,
// `pipeline_id`, `custom_fields[j][id]`, `custom_fields[j][values][k][value]` / `[enum]`); current accounts
// also send `created_at` and `updated_at`. A `leads[status]` event also carries `old_status_id` and
// `old_pipeline_id`; `leads[delete]` carries only `id`, `status_id` and `pipeline_id`. Fields not listed
// here are ignored. The loss reason is read from `loss_reason_id` (or `loss_reason[id]` /
// `loss_reason[0][id]`) when amoCRM includes it; otherwise the stored one is kept and the next sync fills it.

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
    status_id: whole,
    pipeline_id: whole,
    price: z
      .string()
      .trim()
      .regex(/^\d*(?:\.\d+)?$/, { message: 'expected an amount' })
      .optional(),
    responsible_user_id: whole,
    account_id: optionalWhole,
    date_create: optionalWhole,
    created_at: optionalWhole,
    last_modified: optionalWhole,
    updated_at: optionalWhole,
    closed_at: optionalWhole,
    date_close: optionalWhole,
    loss_reason_id: optionalWhole,
    loss_reason: z
      .union([indexed(z.looseObject({ id: optionalWhole })), z.looseObject({ id: optionalWhole })])
      .optional(),
    custom_fields: indexed(CustomField).optional(),
  })
  .refine((lead) => (lead.updated_at ?? lead.last_modified) != null, {
    message: 'last_modified or updated_at is required',
  })
  .refine((lead) => (lead.created_at ?? lead.date_create) != null, {
    message: 'date_create or created_at is required',
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
  deletions: { accountId: number; amoId: number }[];
  /** Entries of another amoCRM account than the configured one: not ours to store. */
  foreign: number;
  /** Entries whose account is named nowhere (neither in the payload nor by an earlier sync). */
  withoutAccount: number;
};

/** Reads a form tree as an amoCRM webhook; the zod error says what is wrong with it. */
export function readWebhook(tree: FormTree) {
  return WebhookPayload.safeParse(tree);
}

function lossReasonOf(lead: LeadEvent): number | null | undefined {
  if (lead.loss_reason_id !== undefined) return lead.loss_reason_id || null;
  const reason = lead.loss_reason as Record<string, { id?: number | null }> | { id?: number | null } | undefined;
  if (reason) {
    const id = 'id' in reason ? (reason.id as number | null | undefined) : Object.values(reason)[0]?.id;
    if (id !== undefined) return id || null;
  }
  // Leaving "lost" clears the reason; a lost lead without one in the payload keeps the stored reason.
  return lead.status_id === AMO_LOST_STATUS_ID ? undefined : null;
}

function closedAtOf(lead: LeadEvent): number | null | undefined {
  const given = lead.closed_at ?? lead.date_close;
  if (given !== undefined && given !== null) return given || null;
  // A closed lead without a closing time: the stored one is kept, else the time of this change stands in.
  return isClosedStatus(lead.status_id) ? undefined : null;
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
  const changes: WebhookChanges = { leads: [], deletions: [], foreign: 0, withoutAccount: 0 };
  const payloadAccount = payload.account?.id ?? null;
  const accountOf = (entryAccount: number | null | undefined): number | null => {
    const accountId = entryAccount ?? payloadAccount ?? context.accountId;
    if (accountId === null) {
      changes.withoutAccount++;
      return null;
    }
    if (context.accountId !== null && accountId !== context.accountId) {
      changes.foreign++;
      return null;
    }
    return accountId;
  };
  for (const event of LEAD_EVENTS) {
    for (const lead of Object.values(payload.leads?.[event] ?? {})) {
      const accountId = accountOf(lead.account_id);
      if (accountId === null) continue;
      const updatedAt = Math.max(lead.updated_at ?? 0, lead.last_modified ?? 0);
      changes.leads.push({
        accountId,
        amoId: lead.id,
        title: lead.name?.trim() ?? '',
        mainContactAmoId: undefined,
        paymentMethod: paymentMethodOf(lead, context.paymentMethodFieldId),
        budgetMinor: budgetMinorOf(lead.price ? Number(lead.price) : 0, context.currencyExponent),
        createdAt: lead.created_at ?? lead.date_create ?? updatedAt,
        closedAt: closedAtOf(lead),
        pipelineAmoId: lead.pipeline_id,
        statusAmoId: lead.status_id,
        lossReasonAmoId: lossReasonOf(lead),
        responsibleAmoUserId: lead.responsible_user_id,
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
