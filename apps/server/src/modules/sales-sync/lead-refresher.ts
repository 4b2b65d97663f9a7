import { currencyExponent } from '@cm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type AmoCrmClient, AmoCrmError } from '../amocrm/client.js';
import { amoClientFor, isConnected, StoredTokenUnreadableError } from './connection.js';
import {
  type Claim,
  claimLeadRefreshes,
  finishLeadRefreshes,
  REFRESH_BATCH,
  releaseLeadRefreshes,
} from './lead-refreshes.js';
import {
  BudgetOutOfRangeError,
  contactFactsFromApi,
  type LeadContext,
  type LeadFacts,
  leadFactsFromApi,
  upsertContacts,
  upsertLeads,
} from './leads.js';
import { findSalesSettings } from './settings.js';

/** Fewer retries than a sync's: a refresh that cannot read amoCRM now leaves its leads for the next one. */
const REFRESH_MAX_RETRIES = 2;

/**
 * Reads the leads that webhooks named without describing them whole (ADR 0028) from amoCRM's API and stores
 * them as the sync does, 250 a request, paced by the account's one rate limiter with the sync and every other
 * read. `refresh()` runs one drain at a time in this process; a call during a drain makes it go round once
 * more, so a lead queued meanwhile is not left for the scheduler.
 */
export function createLeadRefresher(deps: { db: Database; config: Config; box: SecretBox; log: FastifyBaseLogger }) {
  const { db, config, box, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;

  async function drain(): Promise<void> {
    const settings = await findSalesSettings(db);
    // Until a sync has learnt the account, the leads queued under the account the webhooks named are read.
    if (!isConnected(settings)) return;
    const client = amoClientFor(settings, box, {
      requestsPerSecond: config.amocrmRequestsPerSecond,
      allowPrivateAddresses: config.amocrmAllowPrivateAddresses,
      maxRetries: REFRESH_MAX_RETRIES,
    });
    const accountId = settings.amoAccountId ?? (await client.account()).id;
    const context = {
      accountId,
      paymentMethodFieldId: settings.paymentMethodFieldId,
      currencyExponent: currencyExponent(settings.currency),
    };
    for (;;) {
      const claim = await claimLeadRefreshes(db, accountId);
      if (claim.amoIds.length === 0) return;
      try {
        await store(claim, context, client);
      } catch (error) {
        await releaseLeadRefreshes(db, claim);
        throw error;
      }
      await finishLeadRefreshes(db, claim);
      if (claim.amoIds.length < REFRESH_BATCH) return;
    }
  }

  async function store(claim: Claim, context: LeadContext, client: AmoCrmClient): Promise<void> {
    const contacts = new Set<number>();
    for await (const page of client.leadsByIds(claim.amoIds)) {
      const facts: LeadFacts[] = [];
      for (const lead of page) {
        try {
          facts.push(leadFactsFromApi(lead, context));
        } catch (error) {
          // The sync names such a lead in its run's record; here it is only left out, as the sync leaves it.
          if (!(error instanceof BudgetOutOfRangeError)) throw error;
        }
      }
      // What the API gives is the lead as it is now, as a sync reads it: it also replaces a webhook's description
      // of the same second.
      const stored = await upsertLeads(db, facts, 'sync');
      const changed = new Set(stored.changedIds);
      for (const lead of facts)
        if (changed.has(lead.amoId) && lead.mainContactAmoId) contacts.add(lead.mainContactAmoId);
    }
    // A lead amoCRM no longer has is simply not returned: its deletion comes as an event of its own. Main
    // contacts are read for the leads that changed; any others a failure left unread, the next sync reads.
    for await (const page of client.contactsByIds([...contacts])) {
      await upsertContacts(
        db,
        page.map((contact) => contactFactsFromApi(contact, context.accountId)),
      );
    }
  }

  return {
    /** Drains the queue; failures are logged and leave the leads queued for the next call or scheduler tick. */
    refresh(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await drain();
          } catch (error) {
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
  };
}
