import type { BonusCalculation, SyncRunStatus } from '@cm/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { departments } from './departments.js';
import { users } from './users.js';

// amoCRM data is keyed by the amoCRM account id and amoCRM's own ids: an id is unique within one account
// only, and keeping amoCRM's ids makes every upsert idempotent. Timestamps from amoCRM are stored as
// timestamptz; the cursors in the settings stay unix seconds, as amoCRM filters by them.

/**
 * The account id under which leads and activity read from CSV/XLSX files are stored (companies without
 * amoCRM, and the demo data). amoCRM account ids are positive, so file data never collides with synced data.
 */
export const FILE_ACCOUNT_ID = 0;

/** The one row of amoCRM integration settings (id is always 1). The token is sealed by lib/secret-box. */
export const salesSettings = pgTable(
  'sales_settings',
  {
    id: smallint().primaryKey().default(1),
    /** Account subdomain (`mycompany` → https://mycompany.amocrm.ru), a full host, or a base URL. */
    subdomain: text(),
    /** The long-lived token, AES-256-GCM sealed with a key derived from APP_SECRET; never sent back. */
    tokenSealed: text(),
    /** The amoCRM account the token belongs to, learnt by the first sync; a new account restarts the cursors. */
    amoAccountId: bigint({ mode: 'number' }),
    /** Pipelines the sales screens count; empty means all. Every lead is stored whatever its pipeline. */
    includedPipelineIds: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    paymentMethodFieldId: bigint({ mode: 'number' }),
    /** 0 turns the scheduled sync off. */
    syncIntervalMinutes: integer().notNull().default(15),
    /** Secret path segment of the webhook URL given to amoCRM. */
    webhookSecret: text().notNull(),
    timeZone: text().notNull(),
    currency: text().notNull().default('RUB'),
    /** Unix seconds: the next sync asks for leads, notes and events from here (minus a safety overlap). */
    leadsCursor: bigint({ mode: 'number' }).notNull().default(0),
    notesCursor: bigint({ mode: 'number' }).notNull().default(0),
    eventsCursor: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * Whether the account honours `filter[updated_at]` on leads (filtering is an optional amoCRM feature), as
     * the last sync that asked for changes since a time saw; null until one has.
     */
    leadsFilterHonoured: boolean(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('sales_settings_single_row', sql`${table.id} = 1`),
    check('sales_settings_sync_interval_valid', sql`${table.syncIntervalMinutes} between 0 and 1440`),
    check('sales_settings_currency_valid', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const salesPipelines = pgTable(
  'sales_pipelines',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    amoId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    sort: integer().notNull(),
    isMain: boolean().notNull(),
    isArchive: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.amoId] })],
);

/** Stages of a pipeline; 142 (won) and 143 (lost) carry the same ids in every pipeline. */
export const salesPipelineStatuses = pgTable(
  'sales_pipeline_statuses',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    pipelineAmoId: bigint({ mode: 'number' }).notNull(),
    amoId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    sort: integer().notNull(),
    color: text(),
    /** 1 for the "unsorted" stage, 0 for the others. */
    type: smallint().notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.pipelineAmoId, table.amoId] })],
);

export const salesLossReasons = pgTable(
  'sales_loss_reasons',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    amoId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    sort: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.amoId] })],
);

export const salesContacts = pgTable(
  'sales_contacts',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    amoId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    amoUpdatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.amoId] })],
);

/**
 * Leads as amoCRM last described them, from the sync or a webhook (the same upsert; the newer `updated_at`
 * wins). The manager is the user whose AMO ID is the responsible user, and the department is that
 * manager's first department (oldest department, then lowest id); both are null when nobody matches.
 */
export const salesLeads = pgTable(
  'sales_leads',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    amoId: bigint({ mode: 'number' }).notNull(),
    /** Empty when the lead has no title; screens show "Untitled lead". */
    title: text().notNull(),
    /** The main contact; its name is in sales_contacts. */
    mainContactAmoId: bigint({ mode: 'number' }),
    /** Text of the custom field chosen in settings (enum values joined with ", "). */
    paymentMethod: text(),
    /** Budget in minor units of the organisation currency. */
    budgetMinor: bigint({ mode: 'number' }).notNull(),
    amoCreatedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    pipelineAmoId: bigint({ mode: 'number' }).notNull(),
    statusAmoId: bigint({ mode: 'number' }).notNull(),
    lossReasonAmoId: bigint({ mode: 'number' }),
    responsibleAmoUserId: bigint({ mode: 'number' }).notNull(),
    managerUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    departmentId: uuid().references(() => departments.id, { onDelete: 'set null' }),
    /** amoCRM's `updated_at` (a webhook's `last_modified`): an older description never replaces a newer one. */
    amoUpdatedAt: timestamp({ withTimezone: true }).notNull(),
    deleted: boolean().notNull().default(false),
    /** When a webhook reported the deletion; only a description changed after it restores the lead. */
    deletedAt: timestamp({ withTimezone: true }),
    /** When this row last changed here (not in amoCRM). */
    storedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.amoId] }),
    index('sales_leads_department_closed_idx').on(table.departmentId, table.closedAt),
    index('sales_leads_manager_closed_idx').on(table.managerUserId, table.closedAt),
    index('sales_leads_responsible_idx').on(table.responsibleAmoUserId),
    check('sales_leads_budget_nonnegative', sql`${table.budgetMinor} >= 0`),
  ],
);

/**
 * Leads a webhook named without describing them whole (amoCRM's minimal events carry ids and statuses only),
 * waiting to be read from amoCRM's API: one row per lead however many events named it. A refresh claims rows
 * until `claimedUntil`, so that a refresh that died leaves them to the next one; an event arriving meanwhile
 * queues the lead again (a later `queuedAt`), and the refresh then removes only what it had claimed.
 */
export const salesLeadRefreshes = pgTable(
  'sales_lead_refreshes',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    amoId: bigint({ mode: 'number' }).notNull(),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.amoId] }),
    index('sales_lead_refreshes_queued_idx').on(table.accountId, table.queuedAt),
  ],
);

/** One call note (`call_in` / `call_out`) on a lead or a contact: the source of the call minutes. */
export const salesCalls = pgTable(
  'sales_calls',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    /** Note ids are unique per entity type, so the type is part of the key. */
    entityType: text({ enum: ['leads', 'contacts'] }).notNull(),
    noteAmoId: bigint({ mode: 'number' }).notNull(),
    entityAmoId: bigint({ mode: 'number' }).notNull(),
    managerAmoId: bigint({ mode: 'number' }).notNull(),
    direction: text({ enum: ['in', 'out'] }).notNull(),
    durationSeconds: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    amoUpdatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.entityType, table.noteAmoId] }),
    index('sales_calls_created_idx').on(table.accountId, table.createdAt),
    check('sales_calls_entity_type_valid', sql`${table.entityType} in ('leads', 'contacts')`),
    check('sales_calls_direction_valid', sql`${table.direction} in ('in', 'out')`),
    check('sales_calls_duration_nonnegative', sql`${table.durationSeconds} >= 0`),
  ],
);

/** One outgoing chat message event: the source of the message counts. */
export const salesChatMessages = pgTable(
  'sales_chat_messages',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    /** Events carry string ids. */
    eventAmoId: text().notNull(),
    managerAmoId: bigint({ mode: 'number' }).notNull(),
    leadAmoId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.eventAmoId] }),
    index('sales_chat_messages_created_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * Calls and messages per manager (AMO ID) per day in the organisation time zone, recomputed from
 * sales_calls and sales_chat_messages for the days a sync touched (all days when the time zone changes).
 */
export const salesManagerActivity = pgTable(
  'sales_manager_activity',
  {
    accountId: bigint({ mode: 'number' }).notNull(),
    managerAmoId: bigint({ mode: 'number' }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    calls: integer().notNull().default(0),
    callSeconds: bigint({ mode: 'number' }).notNull().default(0),
    callMinutes: numeric({ precision: 14, scale: 2 }).notNull().generatedAlwaysAs(sql`round(call_seconds / 60.0, 2)`),
    messages: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.managerAmoId, table.day] }),
    index('sales_manager_activity_day_idx').on(table.day),
    // The sales screens sum the activity of a department's managers over some days, over every account: with the
    // summed columns in the index they read it alone, not one table page per manager-day (ADR 0036).
    index('sales_manager_activity_manager_day_sums_idx').on(
      table.managerAmoId,
      table.day,
      table.callSeconds,
      table.messages,
    ),
  ],
);

/** A manager's revenue plan for a month (`YYYY-MM`), set by administrators. */
export const salesPlans = pgTable(
  'sales_plans',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.month] }),
    index('sales_plans_month_idx').on(table.month),
    check('sales_plans_month_valid', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('sales_plans_amount_nonnegative', sql`${table.amountMinor} >= 0`),
  ],
);

export const SYNC_RUN_STATUSES = [
  'running',
  'succeeded',
  'failed',
  'token_invalid',
  'account_unpaid',
  'access_denied',
  'rate_limited',
] as const satisfies readonly SyncRunStatus[];
export const SYNC_TRIGGERS = ['manual', 'scheduled'] as const;

/** One sync: its progress counters are written as pages complete, so they can be read while it runs. */
export const salesSyncRuns = pgTable(
  'sales_sync_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    status: text({ enum: SYNC_RUN_STATUSES }).notNull(),
    trigger: text({ enum: SYNC_TRIGGERS }).notNull(),
    startedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    pages: integer().notNull().default(0),
    leads: integer().notNull().default(0),
    leadsCreated: integer().notNull().default(0),
    leadsUpdated: integer().notNull().default(0),
    contacts: integer().notNull().default(0),
    notes: integer().notNull().default(0),
    messages: integer().notNull().default(0),
    /** Responsible users of stored leads that no user's AMO ID matches; those leads have no manager. */
    unmatchedAmoUserIds: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    error: text(),
  },
  (table) => [
    index('sales_sync_runs_started_idx').on(table.startedAt),
    check(
      'sales_sync_runs_status_valid',
      sql`${table.status} in (${sql.raw(SYNC_RUN_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    check('sales_sync_runs_trigger_valid', sql`${table.trigger} in ('manual', 'scheduled')`),
  ],
);

/**
 * A department's closed months (PRODUCT.md §5, ADR 0031): from the close on, the month's figures are the frozen
 * ones in sales_month_figures. Reopening deletes the row and its figures; the audit log keeps both events.
 */
export const salesMonthClosings = pgTable(
  'sales_month_closings',
  {
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.month] }),
    index('sales_month_closings_month_idx').on(table.month),
    check('sales_month_closings_month_valid', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * A manager's figures of a closed month as they were at the close: what the month's leaderboard, analytics and
 * payroll read, with the scheme version and the bonus's explanation, so that they can be explained months later.
 */
export const salesMonthFigures = pgTable(
  'sales_month_figures',
  {
    departmentId: uuid().notNull(),
    month: text().notNull(),
    /** A user with frozen figures is never deleted from under payroll's records (deactivate instead). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    managementType: text(),
    planMinor: bigint({ mode: 'number' }),
    revenueMinor: bigint({ mode: 'number' }).notNull(),
    wonCount: integer().notNull(),
    lostCount: integer().notNull(),
    callMinutes: integer().notNull(),
    /** The scheme version the bonus was computed with: `YYYY-MM` of its management type, null without one. */
    schemeEffectiveFrom: text(),
    calculation: jsonb().$type<BonusCalculation>(),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.month, table.userId] }),
    foreignKey({
      name: 'sales_month_figures_closing_fk',
      columns: [table.departmentId, table.month],
      foreignColumns: [salesMonthClosings.departmentId, salesMonthClosings.month],
    }).onDelete('cascade'),
    index('sales_month_figures_scheme_idx').on(table.managementType, table.schemeEffectiveFrom),
  ],
);

/**
 * The sales read model (issue #25, ADR 0032): per department, day on the organisation's clock and manager, the
 * revenue won and the leads won and lost, as the leads say. Kept by triggers on sales_leads and sales_settings
 * (src/db/functions/sales_daily_results_*.sql), so every write path keeps it exact in its own transaction, and the
 * sales screens read managers × days instead of every lead. Rows are changes, only ever added: a lead's change
 * adds what it takes away and what it adds, and readers sum them. No writer waits for another on a shared row,
 * and housekeeping folds each key's rows into one now and then.
 */
export const salesDailyResults = pgTable(
  'sales_daily_results',
  {
    departmentId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    userId: uuid().notNull(),
    revenueMinor: bigint({ mode: 'number' }).notNull(),
    wonCount: integer().notNull(),
    lostCount: integer().notNull(),
  },
  (table) => [
    index('sales_daily_results_department_day_idx').on(table.departmentId, table.day),
    index('sales_daily_results_user_day_idx').on(table.userId, table.day),
  ],
);

/**
 * Counts the committed changes of what the sales screens show, per department (ADR 0033): its leads' results, and,
 * with no department (every department's), plans, calls and messages, people, bonus schemes, closed months, the
 * currency and the syncs' outcomes. Rows are only added, one per department and transaction (src/db/functions/sales_figures_changed.sql), so
 * writers never wait for each other; housekeeping folds them, keeping the sums. A kept leaderboard is exact while
 * its department's sum with the no-department one is unchanged.
 */
export const salesFiguresChanges = pgTable(
  'sales_figures_changes',
  {
    departmentId: uuid(),
    changes: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [index('sales_figures_changes_department_idx').on(table.departmentId)],
);
