import {
  AMOCRM_WEBHOOK_PATH,
  amoBaseUrl,
  currencyExponent,
  type LeadFieldList,
  type PipelineList,
  type SalesSettings,
  type SalesSettingsUpdate,
} from '@cm/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { pointsToPublicAddresses } from '../../lib/outbound-fetch.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
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
} from '../sales-sync/settings.js';
import { databaseKnowsTimeZone } from './repository.js';

/** Interactive reads wait for amoCRM briefly: the administrator is looking at a spinner. */
const INTERACTIVE = { maxRetries: 1, requestTimeoutMs: 10_000 };

/** A client for an administrator's read of amoCRM; AMOCRM_NOT_CONFIGURED without an account and token. */
export function interactiveAmoClient(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  config: Config,
  box: SecretBox,
  settings: StoredSalesSettings,
) {
  return amoClientFor(settings, box, {
    requestsPerSecond: config.amocrmRequestsPerSecond,
    allowPrivateAddresses: config.amocrmAllowPrivateAddresses,
    database,
    ...INTERACTIVE,
  });
}

/**
 * Refuses a time zone the database does not know. The contract checks it with the runtime's own list
 * (Intl), which may differ from PostgreSQL's: Node still knows US/Pacific-New, which PostgreSQL dropped.
 * Activity days are computed in SQL, so the database has the last word.
 */
async function assertDatabaseKnowsTimeZone(db: Database, timeZone: string): Promise<void> {
  if (await databaseKnowsTimeZone(db, timeZone)) return;
  throw new AppError('VALIDATION_FAILED', {
    errors: [{ path: 'body.timeZone', message: 'This time zone is not known to the database', code: 'custom' }],
  });
}

function webhookPath(secret: string): string {
  return `${AMOCRM_WEBHOOK_PATH}/${secret}`;
}

/** The sales settings: the amoCRM connection (token write-only), the webhook address, time zone and currency. */
export function salesSettingsService(db: Database, kind: DatabaseHandle['kind'], config: Config) {
  const box = createSecretBox(config.appSecret);
  const read = () => salesSettings(db, config.timeZone);

  /** The whole webhook URL when the server knows its public address (PUBLIC_URL); never from the request's Host. */
  const webhookUrl = (secret: string) => (config.publicUrl ? `${config.publicUrl}${webhookPath(secret)}` : null);

  /**
   * Refuses an account address that is, or resolves to, this machine, a private network or link-local
   * (cloud metadata) unless AMOCRM_ALLOW_PRIVATE_ADDRESSES is on. The connection checks again each time
   * (lib/outbound-fetch.ts), as a name can resolve elsewhere later.
   */
  async function assertReachableAddress(address: string) {
    const baseUrl = amoBaseUrl(address);
    if (!baseUrl || config.amocrmAllowPrivateAddresses) return;
    if ((await pointsToPublicAddresses(new URL(baseUrl))) === false) {
      throw new AppError('VALIDATION_FAILED', {
        errors: [
          {
            path: 'body.subdomain',
            message: 'The address is on this machine or a private network; enter the amoCRM account on the internet',
            code: 'address_not_public',
          },
        ],
      });
    }
  }

  async function view(settings: StoredSalesSettings): Promise<SalesSettings> {
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
      webhookUrl: webhookUrl(settings.webhookSecret),
      lastRun: await latestRun(db),
      leadsFilter:
        settings.leadsFilterHonoured === null ? 'unknown' : settings.leadsFilterHonoured ? 'honoured' : 'ignored',
    };
  }

  const client = (settings: StoredSalesSettings) => interactiveAmoClient({ db, kind }, config, box, settings);

  return {
    async get(): Promise<SalesSettings> {
      return view(await read());
    },

    /**
     * Replaces the settings. The token is kept when omitted, removed when null; a new account address
     * needs the token entered again, so a stored token is never sent to an address it was not given for.
     * A new payment-method field or currency re-reads every lead on the next sync; a new time zone
     * recomputes the daily activity at once.
     */
    async update(input: z.output<typeof SalesSettingsUpdate>): Promise<SalesSettings> {
      const before = await read();
      if (input.subdomain !== null) await assertReachableAddress(input.subdomain);
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
      return view(await read());
    },

    /** A new webhook secret: the old URL stops working at once (404). */
    async rotateWebhookSecret() {
      const secret = newWebhookSecret();
      await read();
      await updateSalesSettings(db, { webhookSecret: secret });
      return { webhookPath: webhookPath(secret), webhookUrl: webhookUrl(secret) };
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
