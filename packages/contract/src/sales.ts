import { z } from 'zod';
import { Pagination, pageOf, QueryFlag } from './lists.js';
import { MoneyMinor } from './quantities.js';
import { AmoId, Role } from './users.js';

/** Statuses that close a lead in every amoCRM pipeline. */
export const AMO_WON_STATUS_ID = 142;
export const AMO_LOST_STATUS_ID = 143;

/** Path of the amoCRM webhook; the secret from the sales settings follows it. */
export const AMOCRM_WEBHOOK_PATH = '/api/webhooks/amocrm';

/** An id amoCRM gave to a pipeline, status, field or user. */
export const AmoEntityId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'Use an IANA time zone such as Europe/Moscow' });

export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'Use a three-letter ISO 4217 code such as RUB' });

/** A calendar month, `YYYY-MM`, of the years 0001–9999 (PostgreSQL has no year 0). */
export const PlanMonth = z.string().regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, { message: 'Use YYYY-MM, e.g. 2025-03' });

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base URL of an amoCRM account from what an administrator typed: a subdomain (`mycompany` →
 * https://mycompany.amocrm.ru), a host (`mycompany.kommo.com`), or a URL. Plain http is allowed for the
 * local machine only (the amoCRM stand-in); null when the text is none of these.
 */
export function amoBaseUrl(address: string): string | null {
  const text = address.trim();
  if (SUBDOMAIN.test(text)) return `https://${text.toLowerCase()}.amocrm.ru`;
  if (HOST.test(text)) return `https://${text.toLowerCase()}`;
  try {
    const url = new URL(text);
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
      return null;
    }
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return url.origin;
  } catch {
    // Not a URL either.
  }
  return null;
}

export const AmoAccountAddress = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((value) => amoBaseUrl(value) !== null, {
    message: 'Enter the account subdomain (mycompany), its host (mycompany.amocrm.ru) or an https URL',
  });

/**
 * How a run ended. Besides success and failure, the refusals amoCRM gives a reason for, each with its own remedy:
 * a refused token (401), and SyncRefusal: an unpaid account (402), access denied (403: blocked after too many
 * requests, or no rights), and "too many requests" (429) beyond the sync's retries.
 */
export const SyncRefusal = z.enum(['account_unpaid', 'access_denied', 'rate_limited']);
export type SyncRefusal = z.infer<typeof SyncRefusal>;
export const SyncRunStatus = z.enum(['running', 'succeeded', 'failed', 'token_invalid', ...SyncRefusal.options]);
export type SyncRunStatus = z.infer<typeof SyncRunStatus>;
export const SyncTrigger = z.enum(['manual', 'scheduled']);
export type SyncTrigger = z.infer<typeof SyncTrigger>;

export const SyncRun = z
  .object({
    id: z.uuid(),
    status: SyncRunStatus,
    trigger: SyncTrigger,
    startedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    startedAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
    pages: z.number().int().describe('Pages read from amoCRM so far (leads, contacts, notes and events)'),
    leads: z.number().int().describe('Leads read'),
    leadsCreated: z.number().int().describe('Leads stored for the first time'),
    leadsUpdated: z.number().int().describe('Stored leads that changed; leads read unchanged are not counted'),
    contacts: z.number().int(),
    notes: z.number().int().describe('Call notes read, on leads and on contacts'),
    messages: z.number().int().describe('Outgoing chat messages read'),
    unmatchedAmoUserIds: z
      .array(z.number().int())
      .describe('Responsible amoCRM users of stored leads whom no user has as AMO ID: their leads have no manager'),
    error: z
      .string()
      .nullable()
      .describe(
        'Why the run failed; on a succeeded run, what it had to leave out (leads whose budget is too large to store)',
      ),
  })
  .meta({ id: 'SyncRun' });
export type SyncRun = z.infer<typeof SyncRun>;

export const SyncRunList = pageOf(SyncRun);
export type SyncRunList = z.infer<typeof SyncRunList>;
export const SyncRunListQuery = Pagination;

export const SyncStartResponse = z.object({ runId: z.uuid() });
export type SyncStartResponse = z.infer<typeof SyncStartResponse>;

export const SalesSettings = z
  .object({
    subdomain: z.string().nullable().describe('Account subdomain, host or base URL as entered'),
    baseUrl: z.string().nullable().describe('The address the sync talks to, derived from `subdomain`'),
    tokenSet: z.boolean().describe('Whether a long-lived token is stored; the token itself is never sent back'),
    accountId: z.number().int().nullable().describe('The amoCRM account id, known after the first sync'),
    includedPipelineIds: z.array(AmoEntityId).describe('Pipelines the sales screens count; empty means all'),
    paymentMethodFieldId: AmoEntityId.nullable(),
    syncIntervalMinutes: z.number().int().describe('0: no scheduled sync'),
    timeZone: z.string(),
    currency: z.string(),
    webhookPath: z.string(),
    webhookUrl: z
      .string()
      .nullable()
      .describe(
        "The URL to paste into amoCRM, on the server's configured public address (PUBLIC_URL); null when none is configured: the client then puts webhookPath on the address it reached the server at",
      ),
    lastRun: SyncRun.nullable(),
    leadsFilter: z
      .enum(['unknown', 'honoured', 'ignored'])
      .describe(
        "Whether the account filters leads by time of change, an optional amoCRM feature: when it is off ('ignored'), every sync reads every lead; 'unknown' until a sync has asked for changes since a time",
      ),
  })
  .meta({ id: 'SalesSettings' });
export type SalesSettings = z.infer<typeof SalesSettings>;

export const SalesSettingsUpdate = z.object({
  subdomain: AmoAccountAddress.nullable(),
  token: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .nullable()
    .optional()
    .describe('Write-only. Omitted: the stored token is kept. null: the stored token is removed.'),
  includedPipelineIds: z.array(AmoEntityId).max(200).default([]),
  paymentMethodFieldId: AmoEntityId.nullable().default(null),
  syncIntervalMinutes: z.number().int().min(0).max(1440).default(15),
  timeZone: TimeZone,
  currency: CurrencyCode.default('RUB'),
});
export type SalesSettingsUpdate = z.input<typeof SalesSettingsUpdate>;

export const WebhookSecretResponse = z.object({ webhookPath: z.string(), webhookUrl: z.string().nullable() });

export const LeadField = z.object({
  id: AmoEntityId,
  name: z.string(),
  type: z.string().describe('amoCRM field type: select, multiselect, text, numeric, …'),
  code: z.string().nullable(),
  enums: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export const LeadFieldList = z.object({ items: z.array(LeadField) });
export type LeadFieldList = z.infer<typeof LeadFieldList>;

export const PipelineStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  color: z.string().nullable(),
  type: z.number().int().describe('1: the "unsorted" stage'),
});
export const Pipeline = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  isMain: z.boolean(),
  isArchive: z.boolean(),
  statuses: z.array(PipelineStatus),
});
export const PipelineList = z.object({
  source: z.enum(['stored', 'live']).describe('stored: as of the last sync; live: read from amoCRM just now'),
  items: z.array(Pipeline),
});
export type PipelineList = z.infer<typeof PipelineList>;
export const PipelineListQuery = z.object({
  live: QueryFlag.optional().describe('Read from amoCRM even when pipelines are stored'),
});

export const PlanGridQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

export const PlanGridRow = z.object({
  userId: z.uuid(),
  name: z.string(),
  role: Role,
  amoId: AmoId.nullable(),
  active: z.boolean(),
  amounts: z.array(MoneyMinor.nullable()).length(12).describe('January to December; null: no plan'),
});
export const PlanGrid = z
  .object({
    year: z.number().int(),
    currency: z.string(),
    months: z.array(PlanMonth).length(12),
    managers: z.array(PlanGridRow),
  })
  .meta({ id: 'PlanGrid' });
export type PlanGrid = z.infer<typeof PlanGrid>;

export const PlanEntry = z.object({
  userId: z.uuid(),
  month: PlanMonth,
  amountMinor: MoneyMinor.nullable().describe('null removes the plan'),
});
export const PlansUpdateRequest = z.object({ items: z.array(PlanEntry).min(1).max(2000) });
export type PlansUpdateRequest = z.infer<typeof PlansUpdateRequest>;
export const PlansUpdateResponse = z.object({ saved: z.number().int(), removed: z.number().int() });

export const PlanCopyRequest = z.object({
  fromMonth: PlanMonth,
  toMonth: PlanMonth,
  overwrite: z.boolean().default(false).describe('Replace plans the target month already has'),
});
export type PlanCopyRequest = z.input<typeof PlanCopyRequest>;
export const PlanCopyResponse = z.object({ copied: z.number().int(), skipped: z.number().int() });

export const WebhookResponse = z.object({
  leads: z.number().int().describe('Lead descriptions applied (older ones than stored are ignored)'),
  deleted: z.number().int(),
  queued: z
    .number()
    .int()
    .describe('Leads an event named without describing them whole: they are read from amoCRM in the background'),
});
