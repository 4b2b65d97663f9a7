import { performance } from 'node:perf_hooks';
import { currencyExponent, type SyncRunStatus, type SyncTrigger } from '@cm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { AmoCrmError, AmoCrmTokenInvalidError } from '../amocrm/client.js';
import {
  callFactsFromNote,
  insertMessages,
  type MessageFacts,
  messageFactsFromEvent,
  recomputeActivity,
  upsertCalls,
} from './activity.js';
import { amoClientFor, isConnected, refusalOf, StoredTokenUnreadableError } from './connection.js';
import { createLeadRefresher } from './lead-refresher.js';
import {
  contactFactsFromApi,
  leadFactsOfPage,
  missingMainContacts,
  rematchManagers,
  unmatchedResponsibleUsers,
  upsertContacts,
  upsertLeads,
} from './leads.js';
import { createSyncLock } from './lock.js';
import { refreshReferenceData } from './reference.js';
import {
  closeAbandonedRuns,
  emptyProgress,
  finishRun,
  insertRun,
  latestRun,
  type SyncProgress,
  writeProgress,
} from './runs.js';
import {
  adoptAccount,
  type Cursors,
  findSalesSettings,
  recordLeadsFilter,
  type StoredSalesSettings,
  salesSettings,
  saveCursors,
} from './settings.js';

/**
 * Each sync re-reads this much before its cursors. Leads changed within the same second as the cursor,
 * and notes or events amoCRM stamped slightly out of order, are read again; the upserts make that free.
 */
export const CURSOR_OVERLAP_SECONDS = 600;
/** More patient than an interactive read: a 429 storm must not fail a sync that can simply wait. */
const SYNC_MAX_RETRIES = 8;
const SCHEDULER_TICK_MS = 60_000;
const PROGRESS_INTERVAL_MS = 200;
/** Outgoing messages come 100 to a page; they are stored a few pages at a time. */
const MESSAGE_BATCH = 500;
const READ_AHEAD_PAGES = 3;
/** Leads left out of a run that the run's record names by id; the rest are only counted. */
const SKIPPED_IDS_LISTED = 20;
const INTERRUPTED =
  'The sync was interrupted (the server is stopping or lost its database lock); the next sync continues from the last completed one.';

declare module 'fastify' {
  interface FastifyInstance {
    salesSync: SalesSync;
  }
}

export type SalesSync = ReturnType<typeof createSalesSync>;

/** Whether a scheduled sync is due: configured, an interval set, and the last run started at least that long ago. */
export function isSyncDue(settings: StoredSalesSettings | null, lastStartedAt: Date | null, now: Date): boolean {
  if (!isConnected(settings) || settings.syncIntervalMinutes === 0) return false;
  return lastStartedAt === null || now.getTime() - lastStartedAt.getTime() >= settings.syncIntervalMinutes * 60_000;
}

/**
 * What a positional read in updated_at order saw: the newest updated_at, and whether an item came twice
 * (it changed during the read, moved to the end, and may have pushed a neighbour past a page boundary).
 * The next cursor is then the first sighting of the earliest such item, so the next run reads the
 * neighbour again; otherwise it is the newest updated_at seen.
 */
function sightings() {
  const firstSeen = new Map<number, number>();
  let newest = Number.NEGATIVE_INFINITY;
  let rewindTo = Number.POSITIVE_INFINITY;
  return {
    get empty(): boolean {
      return firstSeen.size === 0;
    },
    see(id: number, updatedAt: number) {
      const earlier = firstSeen.get(id);
      if (earlier === undefined) firstSeen.set(id, updatedAt);
      else rewindTo = Math.min(rewindTo, earlier);
      newest = Math.max(newest, updatedAt);
    },
    nextCursor(previous: number): number {
      const seen = Math.max(previous, newest);
      return Number.isFinite(rewindTo) ? Math.min(rewindTo, seen) : seen;
    },
  };
}

type Sightings = ReturnType<typeof sightings>;

/**
 * One cursor shared by several lists read one after the other (call notes on leads, then on contacts): the
 * earliest of their next cursors, so that progress on one list never skips what another still has to read
 * (a rewind, or a note added to the first list while the second was read). A list that showed nothing new
 * holds the cursor no later than `readFrom`, when the lists began to be read: its own clock is not known,
 * and ours may differ from amoCRM's by less than the overlap. When no list showed anything, it stays.
 */
function sharedCursor(previous: number, readFrom: number, lists: readonly Sightings[]): number {
  if (lists.every((list) => list.empty)) return previous;
  return Math.min(...lists.map((list) => (list.empty ? Math.max(previous, readFrom) : list.nextCursor(previous))));
}

/** Why some leads of a run were left out, for its record; null when none were. */
function skippedLeadsNote(skipped: readonly number[]): string | null {
  if (skipped.length === 0) return null;
  const listed = skipped.slice(0, SKIPPED_IDS_LISTED).join(', ');
  const more = skipped.length > SKIPPED_IDS_LISTED ? ` and ${skipped.length - SKIPPED_IDS_LISTED} more` : '';
  return (
    `${skipped.length} lead(s) were left out: their budget is too large to store (amoCRM ids ${listed}${more}). ` +
    'Correct the budget in amoCRM; the next sync then reads them.'
  );
}

/**
 * Reads up to `depth` pages ahead of the caller, so that requests keep going out at the rate limit while
 * the pages already read are being stored, instead of waiting for each write to finish.
 */
async function* readAhead<T>(source: AsyncGenerator<T>, depth = READ_AHEAD_PAGES): AsyncGenerator<T> {
  const pending: Promise<IteratorResult<T>>[] = [];
  try {
    for (;;) {
      // An async generator queues these calls and runs them one after another: it reads ahead.
      while (pending.length < depth) {
        const next = source.next();
        // Awaited below in order; a failure must not surface before then as an unhandled rejection.
        next.catch(() => {});
        pending.push(next);
      }
      const result = await (pending.shift() as Promise<IteratorResult<T>>);
      if (result.done) return;
      yield result.value;
    }
  } finally {
    await source.return(undefined).catch(() => {});
  }
}

function since(cursor: number): number {
  return Math.max(0, cursor - CURSOR_OVERLAP_SECONDS);
}

/**
 * The amoCRM sync: one run at a time across all instances (see lock.ts), started on demand or by the
 * scheduler, writing its progress to its sync_runs row as pages complete.
 */
export function createSalesSync(deps: {
  db: Database;
  kind: DatabaseHandle['kind'];
  config: Config;
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = deps;
  const lock = createSyncLock(db, deps.kind);
  const box = createSecretBox(config.appSecret);
  const refresher = createLeadRefresher({ db, kind: deps.kind, config, box, log });
  let current: { runId: string; controller: AbortController; done: Promise<void> } | null = null;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  /** Starts and scheduler checks under way: stop() waits for them, so none starts a run after it. */
  const pending = new Set<Promise<unknown>>();

  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    const forget = () => pending.delete(work);
    work.then(forget, forget);
    return work;
  }

  const shuttingDown = () => new AppError('SERVICE_UNAVAILABLE', { detail: 'The server is shutting down.' });

  /**
   * start() itself: the lock, the run's row, then the run in the background. `stillWanted`, asked once the lock is
   * held, may decide that no run starts after all: null then.
   */
  function begin(trigger: SyncTrigger, startedBy: string | null): Promise<{ runId: string }>;
  function begin(
    trigger: SyncTrigger,
    startedBy: string | null,
    stillWanted: () => Promise<boolean>,
  ): Promise<{ runId: string } | null>;
  async function begin(
    trigger: SyncTrigger,
    startedBy: string | null,
    stillWanted: () => Promise<boolean> = async () => true,
  ): Promise<{ runId: string } | null> {
    if (!isConnected(await findSalesSettings(db))) throw new AppError('AMOCRM_NOT_CONFIGURED');
    const held = await lock.tryAcquire();
    if (!held) throw new AppError('SYNC_ALREADY_RUNNING');
    let runId: string;
    let wanted: boolean;
    try {
      // stop() may have been called during any await above or below; it waits for this start to settle,
      // and nothing may run after it, so each step checks again.
      if (stopping) throw shuttingDown();
      wanted = await stillWanted();
    } catch (error) {
      await held.release();
      throw error;
    }
    if (!wanted) {
      await held.release();
      return null;
    }
    try {
      await closeAbandonedRuns(db);
      runId = await insertRun(db, trigger, startedBy);
      if (stopping) {
        await finishRun(db, runId, { status: 'failed', progress: emptyProgress(), error: INTERRUPTED });
        throw shuttingDown();
      }
    } catch (error) {
      await held.release();
      throw error;
    }
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, held.lost]);
    log.info({ runId, trigger }, 'amoCRM sync started');
    const done = execute(runId, signal).finally(async () => {
      await held.release().catch((error) => log.error({ err: error }, 'the sync lock could not be released'));
      if (current?.runId === runId) current = null;
    });
    current = { runId, controller, done };
    return { runId };
  }

  /** The work of one run; every failure ends in the run's row, none escapes. */
  async function execute(runId: string, signal: AbortSignal): Promise<void> {
    const progress = emptyProgress();
    try {
      await synchronise(runId, progress, signal);
    } catch (error) {
      const outcome = describeFailure(error, signal);
      if (outcome.status === 'failed' && !(error instanceof AmoCrmError) && !signal.aborted) {
        log.error({ err: error, runId }, 'amoCRM sync failed');
      } else {
        log.warn({ runId, status: outcome.status, reason: outcome.error }, 'amoCRM sync stopped');
      }
      await finishRun(db, runId, { ...outcome, progress }).catch((writeError) =>
        log.error({ err: writeError, runId }, 'the failed sync could not be recorded'),
      );
    }
  }

  function describeFailure(
    error: unknown,
    signal: AbortSignal,
  ): { status: Exclude<SyncRunStatus, 'running' | 'succeeded'>; error: string } {
    if (error instanceof AmoCrmTokenInvalidError) {
      return {
        status: 'token_invalid',
        error:
          'amoCRM refused the token (401): it is invalid or expired. Enter a new long-lived token in the sales settings; data synced earlier is kept.',
      };
    }
    if (error instanceof StoredTokenUnreadableError) return { status: 'token_invalid', error: error.message };
    // amoCRM's refusals end a run with a status of their own: the screen says what to do about each.
    const refusal = refusalOf(error);
    if (refusal && error instanceof Error) return { status: refusal, error: error.message };
    if (signal.aborted) return { status: 'failed', error: INTERRUPTED };
    if (error instanceof AmoCrmError) return { status: 'failed', error: error.message };
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'failed', error: `The sync failed on the server: ${reason.slice(0, 300)}` };
  }

  async function synchronise(runId: string, progress: SyncProgress, signal: AbortSignal): Promise<void> {
    const runStartedAt = Math.floor(Date.now() / 1000);
    // Progress is written as pages complete, at most a few times a second: live enough for a progress bar,
    // and a large sync does not spend its time on its own bookkeeping.
    let savedAt = 0;
    const save = async () => {
      if (performance.now() - savedAt < PROGRESS_INTERVAL_MS) return;
      savedAt = performance.now();
      await writeProgress(db, runId, progress);
    };
    const settings = await salesSettings(db, config.timeZone);
    const client = amoClientFor(settings, box, {
      requestsPerSecond: config.amocrmRequestsPerSecond,
      allowPrivateAddresses: config.amocrmAllowPrivateAddresses,
      maxRetries: SYNC_MAX_RETRIES,
      signal,
      database: { db, kind: deps.kind },
    });
    const account = await client.account();
    let start: Cursors = { leads: settings.leadsCursor, notes: settings.notesCursor, events: settings.eventsCursor };
    if (settings.amoAccountId !== account.id) {
      await adoptAccount(db, account.id);
      start = { leads: 0, notes: 0, events: 0 };
    }
    const accountId = account.id;
    const [pipelines, lossReasons] = await Promise.all([client.pipelines(), client.lossReasons()]);
    await refreshReferenceData(db, accountId, pipelines, lossReasons);

    // Leads. Paging is by position in updated_at order: a lead changed while we read moves to the end and
    // shifts its neighbours one place earlier, so one of them can slip past a page boundary. Such a lead
    // shows up twice; the next run then starts again from where its first sighting was.
    const context = {
      accountId,
      paymentMethodFieldId: settings.paymentMethodFieldId,
      currencyExponent: currencyExponent(settings.currency),
    };
    const leadsRead = sightings();
    const contactsToRead = new Set<number>();
    // A lead with an absurd budget (a typing error in amoCRM) is left out and named in the run's record,
    // rather than failing every sync until someone corrects it; the next sync after the correction reads it.
    const skipped: number[] = [];
    // An account whose filtering is off ignores the time asked for and lists every lead: a lead changed before
    // it shows that, and the settings then say that every sync reads everything.
    const leadsFrom = since(start.leads);
    let leadsFilterIgnored = false;
    for await (const page of readAhead(client.leadsUpdatedSince(leadsFrom))) {
      signal.throwIfAborted();
      for (const lead of page) {
        leadsRead.see(lead.id, lead.updated_at);
        if (lead.updated_at < leadsFrom) leadsFilterIgnored = true;
      }
      const { facts, skipped: left } = leadFactsOfPage(page, context);
      skipped.push(...left);
      const stored = await upsertLeads(db, facts, 'sync');
      const changed = new Set(stored.changedIds);
      for (const lead of facts) {
        if (changed.has(lead.amoId) && lead.mainContactAmoId) contactsToRead.add(lead.mainContactAmoId);
      }
      progress.pages++;
      progress.leads += page.length;
      progress.leadsCreated += stored.created;
      progress.leadsUpdated += stored.updated;
      await save();
    }

    if (leadsFrom > 0) await recordLeadsFilter(db, accountId, !leadsFilterIgnored);

    // Main contacts of the leads that changed, and any a failed run left unread.
    for (const id of await missingMainContacts(db, accountId)) contactsToRead.add(id);
    for await (const page of readAhead(client.contactsByIds([...contactsToRead]))) {
      signal.throwIfAborted();
      await upsertContacts(
        db,
        page.map((contact) => contactFactsFromApi(contact, accountId)),
      );
      progress.pages++;
      progress.contacts += page.length;
      await save();
    }

    // Call notes on leads and on contacts, then outgoing chat messages: the days they fall on are recomputed.
    const days = new Set<string>();
    // Notes page the same way as leads, so a note changed during the run is handled the same way; the two
    // lists are separate, each with its own sightings, and share one cursor (see sharedCursor).
    const notesReadFrom = Math.floor(Date.now() / 1000);
    const notesRead = { leads: sightings(), contacts: sightings() };
    for (const entity of ['leads', 'contacts'] as const) {
      for await (const page of readAhead(client.callNotesSince(entity, since(start.notes)))) {
        signal.throwIfAborted();
        const calls = page.flatMap((note) => callFactsFromNote(note, entity, accountId) ?? []);
        for (const day of await upsertCalls(db, calls, settings.timeZone)) days.add(day);
        for (const note of page) notesRead[entity].see(note.id, note.updated_at);
        progress.pages++;
        progress.notes += page.length;
        await save();
      }
    }
    let newestEvent = start.events;
    let messages: MessageFacts[] = [];
    const storeMessages = async () => {
      for (const day of await insertMessages(db, messages, settings.timeZone)) days.add(day);
      messages = [];
    };
    for await (const page of readAhead(client.outgoingChatMessagesSince(since(start.events)))) {
      signal.throwIfAborted();
      messages.push(...page.flatMap((event) => messageFactsFromEvent(event, accountId) ?? []));
      if (messages.length >= MESSAGE_BATCH) await storeMessages();
      for (const event of page) newestEvent = Math.max(newestEvent, event.created_at);
      progress.pages++;
      progress.messages += page.length;
      await save();
    }
    await storeMessages();
    await recomputeActivity(db, accountId, settings.timeZone, [...days]);

    await rematchManagers(db, accountId);
    const unmatched = await unmatchedResponsibleUsers(db, accountId);
    // No cursor moves past the time the run began: an item dated in the future (an integration with a wrong
    // clock) would otherwise hide everything newer until that date.
    const notAfterStart = (cursor: number) => Math.min(cursor, runStartedAt);
    await saveCursors(db, accountId, start, {
      leads: notAfterStart(leadsRead.nextCursor(start.leads)),
      notes: notAfterStart(sharedCursor(start.notes, notesReadFrom, [notesRead.leads, notesRead.contacts])),
      events: notAfterStart(newestEvent),
    });
    const note = skippedLeadsNote(skipped);
    await finishRun(db, runId, { status: 'succeeded', progress, unmatched, ...(note !== null && { error: note }) });
    if (note !== null) {
      log.warn({ runId, leads: skipped }, 'amoCRM sync left out leads with a budget too large to store');
    }
    log.info({ runId, ...progress, unmatched: unmatched.length, skipped: skipped.length }, 'amoCRM sync finished');
  }

  const sync = {
    /**
     * Starts a sync in the background and returns its run id at once. AMOCRM_NOT_CONFIGURED without an
     * account and token; SYNC_ALREADY_RUNNING when a sync runs here or on another instance;
     * SERVICE_UNAVAILABLE once stop() was called, also while this start was on its way.
     */
    start(trigger: SyncTrigger, startedBy: string | null): Promise<{ runId: string }> {
      if (stopping) return Promise.reject(shuttingDown());
      return track(begin(trigger, startedBy));
    },

    /**
     * One scheduler check: starts a scheduled sync when one is due; quiet when another instance runs it. Exactly one
     * run per interval across all instances: another may start the due run after this one read the latest and even
     * finish it before this one takes the lock, so the run starts only if no other started since that read.
     */
    tick(now = new Date()): Promise<void> {
      if (stopping || current) return Promise.resolve();
      return track(
        (async () => {
          const settings = await findSalesSettings(db);
          const last = await latestRun(db);
          if (!isSyncDue(settings, last ? new Date(last.startedAt) : null, now)) return;
          try {
            await begin('scheduled', null, async () => (await latestRun(db))?.id === last?.id);
          } catch (error) {
            const quiet = ['SYNC_ALREADY_RUNNING', 'AMOCRM_NOT_CONFIGURED', 'SERVICE_UNAVAILABLE'];
            if (error instanceof AppError && quiet.includes(error.code)) return;
            throw error;
          }
        })(),
      );
    },

    /**
     * Reads from amoCRM the leads webhooks named without describing them (ADR 0028), in the background of the
     * webhook's answer; what cannot be read now waits for the next call or the scheduler's next minute.
     */
    refreshQueuedLeads(): Promise<void> {
      if (stopping) return Promise.resolve();
      return track(refresher.refresh());
    },

    /**
     * Checks every minute whether a scheduled sync is due, and reads the leads webhooks left queued; the timer
     * never keeps the process alive.
     */
    startScheduler(): void {
      if (timer || stopping) return;
      timer = setInterval(() => {
        sync.tick().catch((error) => log.warn({ err: error }, 'scheduled amoCRM sync check failed'));
        void sync.refreshQueuedLeads();
      }, SCHEDULER_TICK_MS);
      timer.unref();
    },

    /** Resolves once no sync runs or starts in this process: a run's row is final and its lock released. */
    async whenIdle(): Promise<void> {
      await Promise.allSettled([...pending]);
      await current?.done;
    },

    /**
     * Stops the scheduler and interrupts a running sync, waiting until its row records the interruption and
     * its lock is released. A start on its way when this is called is waited for and starts nothing.
     */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      refresher.stop();
      await Promise.allSettled([...pending]);
      const running = current;
      if (running) {
        running.controller.abort();
        await running.done;
      }
    },
  };
  return sync;
}
