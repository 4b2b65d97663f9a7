import {
  AMOCRM_WEBHOOK_PATH,
  amoBaseUrl,
  type LeadFieldList,
  type PipelineList,
  type SalesSettings,
  type SalesSettingsUpdate,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { type Database, queryRows } from '../../db/client.js';
import { databaseError } from '../../lib/database-errors.js';
import { currencyExponent } from '../../lib/money.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { AppError } from '../../plugins/errors.js';
import { recomputeActivity } from '../sales-sync/activity.js';
import { amoClientFor, readFromAmoCrm } from '../sales-sync/connection.js';
import { pipelinesFromApi, storedPipelines } from '../sales-sync/reference.js';
import { latestRun } from '../sales-sync/runs.js';
import {
  newWebhookSecret,
  type SalesSettingsChanges,
  type StoredSalesSettings,
  salesSettings,
  sealToken,
  updateSalesSettings,
} from './settings.js';

/** Interactive reads wait for amoCRM briefly: the administrator is looking at a spinner. */
const INTERACTIVE = { maxRetries: 1, requestTimeoutMs: 10_000 };

export type Origin = { protocol: string; host: string };

/** SQLSTATE invalid_parameter_value: what PostgreSQL answers to a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';

/**
 * Refuses a time zone the database does not know. The contract checks it with the runtime's own list
 * (Intl), which may differ from PostgreSQL's: Node still knows US/Pacific-New, which PostgreSQL dropped.
 * Activity days are computed in SQL, so the database has the last word.
 */
async function assertDatabaseKnowsTimeZone(db: Database, timeZone: string): Promise<void> {
  try {
    await queryRows(db, sql`select now() at time zone ${timeZone}`);
  } catch (error) {
    if (databaseError(error)?.code !== INVALID_PARAMETER_VALUE) throw error;
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'body.timeZone', message: 'This time zone is not known to the database', code: 'custom' }],
    });
  }
}

function webhookPath(secret: string): string {
  return `${AMOCRM_WEBHOOK_PATH}/${secret}`;
}

function webhookUrl(origin: Origin, secret: string): string {
  return `${origin.protocol}://${origin.host}${webhookPath(secret)}`;
}

/** The sales settings: the amoCRM connection (token write-only), the webhook address, time zone and currency. */
export function salesSettingsService(db: Database, config: Config) {
  const box = createSecretBox(config.appSecret);
  const read = () => salesSettings(db, config.timeZone);

  async function view(settings: StoredSalesSettings, origin: Origin): Promise<SalesSettings> {
    return {
      subdomain: settings.subdomain,
      baseUrl: settings.subdomain ? amoBaseUrl(settings.subdomain) : null,
      tokenSet: settings.tokenSealed !== null,
      accountId: settings.amoAccountId,
      includedPipelineIds: settings.includedPipelineIds,
      paymentMethodFieldId: settings.paymentMethodFieldId,
      syncIntervalMinutes: settings.syncIntervalMinutes,
      timeZone: settings.timeZone,
      currency: settings.currency,
      webhookPath: webhookPath(settings.webhookSecret),
      webhookUrl: webhookUrl(origin, settings.webhookSecret),
      lastRun: await latestRun(db),
    };
  }

  function client(settings: StoredSalesSettings) {
    return amoClientFor(settings, box, { requestsPerSecond: config.amocrmRequestsPerSecond, ...INTERACTIVE });
  }

  return {
    async get(origin: Origin): Promise<SalesSettings> {
      return view(await read(), origin);
    },

    /**
     * Replaces the settings. The token is kept when omitted, removed when null; a new account address
     * needs the token entered again, so a stored token is never sent to an address it was not given for.
     * A new payment-method field or currency re-reads every lead on the next sync; a new time zone
     * recomputes the daily activity at once.
     */
    async update(input: z.output<typeof SalesSettingsUpdate>, origin: Origin): Promise<SalesSettings> {
      const before = await read();
      const addressChanged =
        (before.subdomain ? amoBaseUrl(before.subdomain) : null) !==
        (input.subdomain ? amoBaseUrl(input.subdomain) : null);
      if (addressChanged && input.subdomain !== null && input.token === undefined && before.tokenSealed !== null) {
        throw new AppError('VALIDATION_FAILED', {
          errors: [
            {
              path: 'body.token',
              message: 'Enter the token again for the new account address',
              code: 'token_required',
            },
          ],
        });
      }
      await assertDatabaseKnowsTimeZone(db, input.timeZone);
      const changes: SalesSettingsChanges = {
        subdomain: input.subdomain,
        includedPipelineIds: [...new Set(input.includedPipelineIds)],
        paymentMethodFieldId: input.paymentMethodFieldId,
        syncIntervalMinutes: input.syncIntervalMinutes,
        timeZone: input.timeZone,
        currency: input.currency,
      };
      // The token rule: a token given is stored; null, or no account address, removes it; omitted, it is
      // kept (a new address without a token was refused above, so the kept token stays with its address).
      if (typeof input.token === 'string') changes.tokenSealed = sealToken(box, input.token);
      else if (input.token === null || input.subdomain === null) changes.tokenSealed = null;
      if (
        input.paymentMethodFieldId !== before.paymentMethodFieldId ||
        currencyExponent(input.currency) !== currencyExponent(before.currency)
      ) {
        changes.leadsCursor = 0;
      }
      await db.transaction(async (tx) => {
        await updateSalesSettings(tx, changes);
        if (input.timeZone !== before.timeZone && before.amoAccountId !== null) {
          await recomputeActivity(tx, before.amoAccountId, input.timeZone, 'all');
        }
      });
      return view(await read(), origin);
    },

    /** A new webhook secret: the old URL stops working at once (404). */
    async rotateWebhookSecret(origin: Origin) {
      const secret = newWebhookSecret();
      await read();
      await updateSalesSettings(db, { webhookSecret: secret });
      return { webhookPath: webhookPath(secret), webhookUrl: webhookUrl(origin, secret) };
    },

    /** The account's lead custom fields, read from amoCRM now, to pick the payment-method field. */
    async leadFields(): Promise<LeadFieldList> {
      const settings = await read();
      const fields = await readFromAmoCrm(() => client(settings).leadFields());
      return {
        items: fields.map((field) => ({
          id: field.id,
          name: field.name,
          type: field.type,
          code: field.code ?? null,
          enums: (field.enums ?? []).map((option) => ({ id: option.id, value: option.value })),
        })),
      };
    },

    /** Pipelines as of the last sync, or read from amoCRM when none are stored yet (or `live` is asked). */
    async pipelines(live: boolean): Promise<PipelineList> {
      const settings = await read();
      if (!live && settings.amoAccountId !== null) {
        const stored = await storedPipelines(db, settings.amoAccountId);
        if (stored.length > 0) return { source: 'stored', items: stored };
      }
      const pipelines = await readFromAmoCrm(() => client(settings).pipelines());
      return { source: 'live', items: pipelinesFromApi(pipelines) };
    },
  };
}
