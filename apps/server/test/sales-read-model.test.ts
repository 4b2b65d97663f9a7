import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { FILE_ACCOUNT_ID } from '../src/db/schema/index.js';
import { compactSalesResults } from '../src/modules/sales-results/repository.js';
import { type LeadFacts, markLeadsDeleted, upsertLeads } from '../src/modules/sales-sync/leads.js';
import { salesSettings, updateSalesSettings } from '../src/modules/sales-sync/settings.js';
import { upsertUser } from '../src/modules/users/service.js';
import { buildTestApp } from './app.js';
import { testEngine } from './engine.js';
import { holdTransaction, lockWaiters } from './held-transaction.js';
import { salesResultMismatches } from './sales-results-checks.js';

let app: FastifyInstance;

/** A few days around a month's end, so that the time zone moves leads across days and months. */
const WINDOW_START = Date.parse('2026-03-30T00:00:00Z') / 1000;
const WINDOW_SECONDS = 3 * 86_400;
const MANAGERS = ['rm-a@example.com', 'rm-b@example.com', 'rm-c@example.com'];
const AMO_IDS = [9101, 9102, 9103, 9104];

const leadArbitrary = fc.record({
  amoId: fc.integer({ min: 1, max: 25 }),
  responsible: fc.constantFrom(...AMO_IDS),
  status: fc.constantFrom(142, 143, 70),
  budgetMinor: fc.integer({ min: 0, max: 5_000_000 }),
  closedAt: fc.integer({ min: 0, max: WINDOW_SECONDS }),
  pipeline: fc.constantFrom(1, 2),
});

const action = fc.oneof(
  fc.record({ kind: fc.constant('leads' as const), leads: fc.array(leadArbitrary, { minLength: 1, maxLength: 6 }) }),
  fc.record({
    kind: fc.constant('delete' as const),
    amoIds: fc.array(fc.integer({ min: 1, max: 25 }), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('manager' as const),
    manager: fc.integer({ min: 0, max: MANAGERS.length - 1 }),
    amoId: fc.option(fc.constantFrom(...AMO_IDS), { nil: null }),
    departments: fc.subarray(['North', 'South'], { minLength: 1 }),
  }),
  fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom('Europe/Moscow', 'UTC', 'America/New_York') }),
  fc.record({ kind: fc.constant('pipelines' as const), included: fc.subarray([1, 2]) }),
  fc.record({ kind: fc.constant('compact' as const) }),
);

/** Each step's updated_at is later than the last, so every description replaces the stored one. */
let clock = 1_800_000_000;

type Action = typeof action extends fc.Arbitrary<infer Step> ? Step : never;

async function apply(step: Action): Promise<void> {
  switch (step.kind) {
    case 'leads': {
      clock += 1;
      const facts: LeadFacts[] = step.leads.map((lead) => ({
        accountId: FILE_ACCOUNT_ID,
        amoId: lead.amoId,
        title: '',
        mainContactAmoId: null,
        paymentMethod: null,
        budgetMinor: lead.budgetMinor,
        createdAt: WINDOW_START - 86_400,
        closedAt: lead.status === 70 ? null : WINDOW_START + lead.closedAt,
        pipelineAmoId: lead.pipeline,
        statusAmoId: lead.status,
        lossReasonAmoId: null,
        responsibleAmoUserId: lead.responsible,
        updatedAt: clock,
      }));
      // One description per lead and upsert, as a sync page has.
      await upsertLeads(app.db, [...new Map(facts.map((fact) => [fact.amoId, fact])).values()], 'file');
      return;
    }
    case 'delete':
      await markLeadsDeleted(app.db, FILE_ACCOUNT_ID, step.amoIds);
      return;
    case 'manager': {
      // An AMO ID another manager has is taken from them first, as the users screen will do.
      const email = MANAGERS[step.manager] ?? '';
      if (step.amoId !== null) {
        await queryRows(app.db, sql`update users set amo_id = null where amo_id = ${step.amoId} and email <> ${email}`);
      }
      await upsertUser(app.db, {
        email,
        password: 'long-enough-password',
        role: 'manager',
        amoId: step.amoId,
        departments: step.departments,
      });
      return;
    }
    case 'zone':
      await updateSalesSettings(app.db, { timeZone: step.zone });
      return;
    case 'pipelines':
      await updateSalesSettings(app.db, { includedPipelineIds: step.included });
      return;
    case 'compact':
      await compactSalesResults(app.db);
      return;
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  await salesSettings(app.db, 'Europe/Moscow');
  for (const email of MANAGERS) {
    await upsertUser(app.db, { email, password: 'long-enough-password', role: 'manager', departments: ['North'] });
  }
});

describe('the sales read model', () => {
  it('equals the definitions computed from the leads after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) {
          await apply(step);
          expect(await queryRows(app.db, salesResultMismatches()), JSON.stringify(step)).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });

  // Two connections at once: PGlite has one, so these races exist on PostgreSQL only.
  describe.runIf(testEngine().kind === 'postgres')('under concurrent writers', () => {
    const lead = (amoId: number, responsible: number, day: string, budgetMinor: number): LeadFacts => {
      clock += 1;
      return {
        accountId: FILE_ACCOUNT_ID,
        amoId,
        title: '',
        mainContactAmoId: null,
        paymentMethod: null,
        budgetMinor,
        createdAt: Date.parse(`${day}T00:00:00Z`) / 1000 - 86_400,
        closedAt: Date.parse(`${day}T22:00:00Z`) / 1000,
        pipelineAmoId: 1,
        statusAmoId: 142,
        lossReasonAmoId: null,
        responsibleAmoUserId: responsible,
        updatedAt: clock,
      };
    };

    it('counts a lead changed while the time zone changes under the zone that wins', async () => {
      await updateSalesSettings(app.db, { timeZone: 'UTC', includedPipelineIds: [] });
      await upsertUser(app.db, {
        email: MANAGERS[0] ?? '',
        password: 'long-enough-password',
        role: 'manager',
        amoId: 9201,
        departments: ['North'],
      });
      await upsertLeads(app.db, [lead(101, 9201, '2026-03-31', 100)], 'file');
      // The lead changes in a transaction of its own, left open while the organisation moves to Moscow, where
      // 22:00 UTC on March 31 is already April 1.
      const edit = lead(101, 9201, '2026-03-31', 200);
      const writer = await holdTransaction(
        app.db,
        sql`update sales_leads set budget_minor = ${edit.budgetMinor}, amo_updated_at = now()
            where account_id = ${FILE_ACCOUNT_ID} and amo_id = 101`,
      );
      const zone = updateSalesSettings(app.db, { timeZone: 'Europe/Moscow' });
      await lockWaiters(app.db, 1, zone);
      await writer.commit();
      await zone;
      expect(await queryRows(app.db, salesResultMismatches())).toEqual([]);
    });

    it('lets writers of the same manager and days in opposite orders both commit, without a deadlock', async () => {
      await upsertUser(app.db, {
        email: MANAGERS[1] ?? '',
        password: 'long-enough-password',
        role: 'manager',
        amoId: 9202,
        departments: ['North'],
      });
      const insertLead = (amoId: number, closedAt: string) =>
        sql`insert into sales_leads (account_id, amo_id, title, budget_minor, amo_created_at, closed_at, pipeline_amo_id,
                                     status_amo_id, responsible_amo_user_id, manager_user_id, department_id, amo_updated_at)
            select ${FILE_ACCOUNT_ID}, ${amoId}, '', 10, now(), ${closedAt}::timestamptz, 1, 142, 9202, u.id,
                   d.department_id, now()
            from users u join user_departments d on d.user_id = u.id where u.amo_id = 9202`;
      // One writer adds to May 1, then May 2; the other to May 2, then May 1: rows updated in place would have
      // each wait for the other.
      const first = await holdTransaction(app.db, insertLead(201, '2026-05-01T12:00:00Z'));
      const second = upsertLeads(
        app.db,
        [lead(202, 9202, '2026-05-02', 20), lead(203, 9202, '2026-05-01', 30)],
        'file',
      );
      await second;
      await first.run(insertLead(204, '2026-05-02T12:00:00Z'));
      await first.commit();
      expect(await queryRows(app.db, salesResultMismatches())).toEqual([]);
    });
  });
});
