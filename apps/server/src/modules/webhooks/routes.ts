import { createHash, timingSafeEqual } from 'node:crypto';
import { currencyExponent, WebhookResponse } from '@cm/contract';
import type { LogLevel } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { PUBLIC } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { queueLeadRefreshes } from '../sales-sync/lead-refreshes.js';
import { markLeadsDeleted, upsertLeads } from '../sales-sync/leads.js';
import { findSalesSettings } from '../sales-sync/settings.js';
import { WebhookPayload, webhookChanges } from './amocrm.js';
import { MalformedFormError, parseBracketedForm } from './form.js';

const tags = ['webhooks'];
/** amoCRM sends one event batch per request; this is far above a real one and far below the global limit. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const LEVELS: LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** The more severe of two log levels. */
function atLeast(level: LogLevel, minimum: LogLevel): LogLevel {
  return LEVELS.indexOf(level) > LEVELS.indexOf(minimum) ? level : minimum;
}

function sameSecret(given: string, expected: string): boolean {
  // Compared as digests: constant time, whatever the lengths.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Incoming webhooks from amoCRM: lead events, written with the same upsert as the sync. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Form bodies are accepted in this plugin only; everywhere else the API stays JSON. The body is kept as
  // text so that the secret is checked before anything of it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post('/amocrm/:secret', {
    config: { access: PUBLIC },
    // The secret is in the URL: keep it out of the request log lines (logged at info).
    logLevel: atLeast(app.config.logLevel, 'warn'),
    schema: {
      tags,
      summary: 'amoCRM lead events (add, update, status, responsible, restore, delete)',
      description:
        'Paste this URL, with the secret from the sales settings, into amoCRM → Settings → Integrations → Webhooks. ' +
        'The body is application/x-www-form-urlencoded with keys such as `leads[update][0][id]`. A description older ' +
        'than the stored lead is ignored. An event with ids and statuses only (the minimal form of many accounts and ' +
        'of the Digital Pipeline) queues its lead, which is then read from amoCRM in the background. Events of ' +
        'another amoCRM account than the connected one are refused with 422.',
      security: [],
      consumes: ['application/x-www-form-urlencoded'],
      params: z.object({ secret: z.string().max(200) }),
      // Any body passes validation: the secret is checked first, then the form is read by the handler.
      body: z
        .custom<unknown>(() => true)
        .meta({ type: 'string', description: 'amoCRM webhook form body, e.g. leads[status][0][id]=1&…' }),
      response: { 200: WebhookResponse, ...problems(400, 404, 413, 415, 422) },
    },
    handler: async (request) => {
      const settings = await findSalesSettings(app.db);
      if (!settings || !sameSecret(request.params.secret, settings.webhookSecret)) throw new AppError('NOT_FOUND');
      if (request.body !== undefined && typeof request.body !== 'string') throw new AppError('UNSUPPORTED_MEDIA_TYPE');

      let payload: ReturnType<typeof WebhookPayload.safeParse>;
      try {
        payload = WebhookPayload.safeParse(parseBracketedForm(request.body ?? ''));
      } catch (error) {
        if (error instanceof MalformedFormError) {
          request.log.warn({ reason: error.message }, 'malformed amoCRM webhook refused');
          throw new AppError('WEBHOOK_MALFORMED', { detail: `The webhook body is malformed: ${error.message}.` });
        }
        throw error;
      }
      if (!payload.success) {
        const errors = payload.error.issues.slice(0, 20).map((issue) => ({
          path: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
          code: issue.code,
        }));
        request.log.warn({ errors }, 'malformed amoCRM webhook refused');
        throw new AppError('WEBHOOK_MALFORMED', { errors });
      }
      // A form of anything else (`%%%%` reads as one field named "%%%%") is no notification at all.
      if (!payload.data.account && !payload.data.leads) {
        throw new AppError('WEBHOOK_MALFORMED', {
          detail: 'The webhook body names no amoCRM account and no lead events.',
        });
      }
      const changes = webhookChanges(payload.data, {
        accountId: settings.amoAccountId,
        paymentMethodFieldId: settings.paymentMethodFieldId,
        currencyExponent: currencyExponent(settings.currency),
      });
      if (changes.invalid.length > 0) {
        const errors = changes.invalid.slice(0, 20).map((issue) => ({
          path: ['body', ...issue.path].join('.'),
          message: issue.message,
          code: 'too_big',
        }));
        request.log.warn({ errors }, 'malformed amoCRM webhook refused');
        throw new AppError('WEBHOOK_MALFORMED', { errors });
      }
      if (changes.withoutAccount > 0) {
        throw new AppError('WEBHOOK_MALFORMED', {
          detail: 'The webhook names no amoCRM account (account[id]) and no sync has learnt it yet.',
        });
      }
      // Our secret pasted into another account's settings: refused, so that amoCRM stops sending it in time.
      if (changes.foreign > 0) {
        request.log.warn({ entries: changes.foreign }, 'amoCRM webhook of another account refused');
        throw new AppError('WEBHOOK_OTHER_ACCOUNT');
      }

      const byAccount = new Map<number, number[]>();
      for (const deletion of changes.deletions) {
        byAccount.set(deletion.accountId, [...(byAccount.get(deletion.accountId) ?? []), deletion.amoId]);
      }
      // All or nothing: the events of one request are applied in one transaction, run again when the
      // database chose it as the victim of a deadlock with a concurrent webhook or the sync. Leads an event
      // did not describe are read from amoCRM after the answer: amoCRM counts an answer slower than 2 s as a
      // failure, and never sends a Digital Pipeline event again.
      const answer = await retryOnConflict(() =>
        app.db.transaction(async (tx) => {
          const stored = await upsertLeads(tx, changes.leads, 'webhook');
          let deleted = 0;
          for (const [accountId, amoIds] of byAccount) deleted += await markLeadsDeleted(tx, accountId, amoIds);
          await queueLeadRefreshes(tx, changes.refreshes);
          return { leads: stored.created + stored.updated, deleted, queued: changes.refreshes.length };
        }),
      );
      if (answer.queued > 0) void app.salesSync.refreshQueuedLeads();
      return answer;
    },
  });
};
