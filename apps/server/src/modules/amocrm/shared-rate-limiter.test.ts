import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { testEngine } from '../../../test/engine.js';
import { databaseUrl } from '../../../test/global-setup.js';
import { type DatabaseHandle, fromPostgresPools, postgresPool, queryRows } from '../../db/client.js';
import type { RateLimiter } from './rate-limiter.js';
import { createSharedRateLimiter } from './shared-rate-limiter.js';

const engine = testEngine();
const sleep = (ms: number) => delay(ms);

/** Another handle on the same database with pools of its own, as another server instance has. */
async function anotherInstance(first: DatabaseHandle, url: string): Promise<DatabaseHandle> {
  const [row] = await queryRows<{ name: string }>(first.db, sql`select current_database() as name`);
  const same = databaseUrl(url, row?.name ?? '');
  return fromPostgresPools(
    postgresPool(same, 2, () => {}),
    postgresPool(same, 1, () => {}),
  );
}

/** The most requests that started within any one second, from the instants they started. */
function peakPerSecond(starts: number[]): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let peak = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while ((sorted[last] ?? 0) - (sorted[first] ?? 0) >= 1_000) first++;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
}

/** One request through `limiter`: when it started, answered after `answerMs`. */
async function request(limiter: RateLimiter, answerMs: number): Promise<number> {
  const answered = await limiter.acquire();
  const startedAt = performance.now();
  await delay(answerMs);
  answered();
  return startedAt;
}

describe.runIf(engine.kind === 'postgres')('the amoCRM pace shared by instances on PostgreSQL', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await anotherInstance(first, engine.kind === 'postgres' ? engine.url : '');
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('keeps two instances together within 7 requests in any second', async () => {
    const account = 'https://two-instances.amocrm.ru';
    const limiters = [first, second].map((handle) => createSharedRateLimiter(handle.db, account, 7, sleep));
    const starts = await Promise.all(
      Array.from({ length: 30 }, (_, index) => request(limiters[index % 2] as RateLimiter, (index * 7) % 40)),
    );

    expect(starts).toHaveLength(30);
    expect(peakPerSecond(starts)).toBe(7);
  }, 60_000);

  it('holds every instance after a 429 seen by one', async () => {
    const account = 'https://held.amocrm.ru';
    const holding = createSharedRateLimiter(first.db, account, 7, sleep);
    const other = createSharedRateLimiter(second.db, account, 7, sleep);
    await request(other, 0);

    const heldAt = performance.now();
    holding.holdFor(1_500);
    // The hold reaches the other instance once its write commits.
    for (;;) {
      const [row] = await queryRows<{ held: boolean }>(
        second.db,
        sql`select held_until is not null as held from amocrm_request_pace where account = ${account}`,
      );
      if (row?.held) break;
      await delay(5);
    }
    const startedAt = await request(other, 0);

    expect(startedAt - heldAt).toBeGreaterThanOrEqual(1_500);
  });

  it('frees the slots of an instance that stopped before its answers came, after their lease', async () => {
    const account = 'https://crashed.amocrm.ru';
    const crashed = createSharedRateLimiter(first.db, account, 7, sleep);
    const other = createSharedRateLimiter(second.db, account, 7, sleep);
    const firstStart = performance.now();
    // Seven requests that are never answered: the instance that sent them is gone.
    for (let index = 0; index < 7; index++) await crashed.acquire();

    const startedAt = await request(other, 0);

    // The lease (1 s) and the window (1 s) after the first of them, and not for ever (the test's timeout).
    expect(startedAt - firstStart).toBeGreaterThanOrEqual(2_000);
  });

  it('writes its row again when it is gone, as after PostgreSQL restarts from a crash (the table is unlogged)', async () => {
    const account = 'https://emptied.amocrm.ru';
    const limiter = createSharedRateLimiter(first.db, account, 7, sleep);
    await request(limiter, 0);
    await first.db.execute(sql`delete from amocrm_request_pace where account = ${account}`);

    await request(limiter, 0);

    const rows = await queryRows(first.db, sql`select 1 from amocrm_request_pace where account = ${account}`);
    expect(rows).toHaveLength(1);
  });
});
