import { currencyExponent } from '@cm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type AmoCrmClient, AmoCrmError, AmoCrmRequestError, AmoCrmTokenInvalidError } from '../amocrm/client.js';
import { amoClientFor, isConnected, StoredTokenUnreadableError } from './connection.js';
import { claimLeadRefreshes, finishLeadRefreshes, REFRESH_BATCH, releaseLeadRefreshes } from './lead-refreshes.js';
import { contactFactsFromApi, type LeadContext, leadFactsOfPage, upsertContacts, upsertLeads } from './leads.js';
import { findSalesSettings } from './settings.js';

/** Fewer retries than a sync's: a refresh that cannot read amoCRM now leaves its leads for the next one. */
const REFRESH_MAX_RETRIES = 2;
/**
 * How long refreshes wait after amoCRM refused one (a token, an unpaid account, a block, a long "too many
 * requests"): asking again each minute would only prolong a block. A sync, started by hand, still asks.
 */
const PAUSE_AFTER_REFUSAL_MS = 10 * 60_000;

/**
 * Reads the leads that webhooks named without describing them whole (ADR 0028) from amoCRM's API and stores
 * them as the sync does, 250 a request, paced with the sync and every other read of the account (ADR 0048).
 * `refresh()` runs one drain at a time in this process; a call during a drain makes it go round once more, so a lead
 * queued meanwhile is not left for the scheduler.
 */
export function createLeadRefresher(deps: {
  db: Database;
  kind: DatabaseHandle['kind'];
  config: Config;
  box: SecretBox;
  log: FastifyBaseLogger;
}) {
  const { db, config, box, log } = deps;
  const controller = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let pausedUntil = 0;

  async function drain(): Promise<void> {
    const settings = await findSalesSettings(db);
    // Until a sync has learnt the account, its queued leads wait for that sync's end: asking amoCRM which
    // account the token belongs to every minute would cost a request for nothing.
    if (!isConnected(settings) || settings.amoAccountId === null) return;
    const context: LeadContext = {
      accountId: settings.amoAccountId,
      paymentMethodFieldId: settings.paymentMethodFieldId,
      currencyExponent: currencyExponent(settings.currency),
    };
    let client: AmoCrmClient | undefined;
    for (;;) {
      const claim = await claimLeadRefreshes(db, context.accountId);
      if (claim.amoIds.length === 0) return;
      client ??= amoClientFor(settings, box, {
        requestsPerSecond: config.amocrmRequestsPerSecond,
        allowPrivateAddresses: config.amocrmAllowPrivateAddresses,
        maxRetries: REFRESH_MAX_RETRIES,
        signal: controller.signal,
        database: { db, kind: deps.kind },
      });
      try {
        await store(claim.amoIds, context, client);
        await finishLeadRefreshes(db, claim);
      } catch (error) {
        await releaseLeadRefreshes(db, claim);
        throw error;
      }
      if (claim.amoIds.length < REFRESH_BATCH) return;
    }
  }

  async function store(amoIds: number[], context: LeadContext, client: AmoCrmClient): Promise<void> {
    const contacts = new Set<number>();
    // A lead amoCRM no longer has is simply not returned: its deletion comes as an event of its own.
    for await (const page of client.leadsByIds(amoIds)) {
      // A lead with an absurd budget is left out here as the sync leaves it out, and the sync names it.
      const { facts } = leadFactsOfPage(page, context);
      // What the API gives is the lead as it is now, as a sync reads it: it also replaces a webhook's description
      // of the same second.
      const changed = new Set((await upsertLeads(db, facts, 'sync')).changedIds);
      for (const lead of facts)
        if (changed.has(lead.amoId) && lead.mainContactAmoId) contacts.add(lead.mainContactAmoId);
    }
    // Main contacts are read for the leads that changed; any others a failure left unread, the next sync reads.
    for await (const page of client.contactsByIds([...contacts])) {
      await upsertContacts(
        db,
        page.map((contact) => contactFactsFromApi(contact, context.accountId)),
      );
    }
  }

  function refused(error: unknown): boolean {
    return (
      error instanceof AmoCrmTokenInvalidError ||
      error instanceof StoredTokenUnreadableError ||
      (error instanceof AmoCrmRequestError && [402, 403, 429].includes(error.status))
    );
  }

  return {
    /** Drains the queue; failures are logged and leave the leads queued for the next call or scheduler tick. */
    refresh(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      if (Date.now() < pausedUntil || controller.signal.aborted) return Promise.resolve();
      running = (async () => {
        do {
          again = false;
          try {
            await drain();
          } catch (error) {
            if (refused(error)) pausedUntil = Date.now() + PAUSE_AFTER_REFUSAL_MS;
            if (controller.signal.aborted) return;
            const expected = error instanceof AmoCrmError || error instanceof StoredTokenUnreadableError;
            log[expected ? 'warn' : 'error']({ err: error }, 'leads named by webhooks could not be read from amoCRM');
            return;
          }
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },

    /** Interrupts a drain in flight (its claimed leads go back to the queue) and starts no more. */
    stop(): void {
      controller.abort();
    },
  };
}
