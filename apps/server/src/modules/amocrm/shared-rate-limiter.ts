import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { assertRequestsPerSecond, type RateLimiter, TIMER_SLACK_MS, WINDOW_MS } from './rate-limiter.js';

/**
 * A request still unanswered this long is taken to have reached amoCRM, so its slot frees a window after that.
 * Without it, an instance that crashed with requests in flight would block the account for good; with it, for
 * this long at most, as a live but slow answer does.
 */
const ANSWER_LEASE_MS = 1_000;
/** How often this process asks again while the slot it needs waits for an answer in another instance. */
const POLL_MS = 25;

type Turn = { slot: number | null; waitMs: number; inFlight: boolean };

/**
 * The limiter of `createRateLimiter` kept in PostgreSQL (`amocrm_request_pace`, ADR 0048), so that every instance
 * on the database paces the account together: request n starts no sooner than one second after request n − limit
 * was answered, whichever instances sent them. Taking a slot is one statement that locks the account's row,
 * compares the database's clock with the slot's free instant and, when it has come, records the start; an answer
 * records its instant the same way. Instants are the database's, so the instances' clocks need not agree.
 *
 * In this process the callers queue, so one of them at a time asks the database: concurrent callers keep their
 * order and do not poll side by side.
 */
export function createSharedRateLimiter(
  db: Database,
  account: string,
  requestsPerSecond: number,
  sleep: (ms: number) => Promise<void>,
  now: () => number = () => performance.now(),
): RateLimiter {
  assertRequestsPerSecond(requestsPerSecond);
  const size = requestsPerSecond;
  let accountRow: Promise<unknown> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  // A hold applies here at once; the other instances see it when its write commits.
  let heldUntil = Number.NEGATIVE_INFINITY;

  function ensureAccountRow(): Promise<unknown> {
    accountRow ??= db
      .execute(sql`insert into amocrm_request_pace (account) values (${account}) on conflict do nothing`)
      .catch((error: unknown) => {
        accountRow = null;
        throw error;
      });
    return accountRow;
  }

  /** Takes the next slot if its free instant has come; else says how long until it does. */
  async function take(again = true): Promise<Turn> {
    await ensureAccountRow();
    const [turn] = await queryRows<{ slot: string | null; wait_ms: number; in_flight: boolean }>(
      db,
      sql`
        with slot as (
          select
            taken,
            (taken % ${size}::int)::int + 1 as i,
            clock_timestamp() as at,
            answered_at[(taken % ${size}::int)::int + 1] as answered,
            started_at[(taken % ${size}::int)::int + 1] as started,
            held_until
          from amocrm_request_pace
          where account = ${account}
          for update
        ),
        turn as (
          select
            taken,
            i,
            at,
            greatest(
              held_until,
              coalesce(answered, started + ${ANSWER_LEASE_MS}::int * interval '1 millisecond')
                + ${WINDOW_MS}::int * interval '1 millisecond'
            ) as free_at,
            answered is null and started is not null as in_flight
          from slot
        ),
        took as (
          update amocrm_request_pace
          set taken = turn.taken + 1, started_at[turn.i] = turn.at, answered_at[turn.i] = null
          from turn
          where account = ${account} and (turn.free_at is null or turn.free_at <= turn.at)
          returning turn.taken as slot
        )
        select
          (select slot from took) as slot,
          coalesce(extract(epoch from turn.free_at - turn.at) * 1000, 0)::float8 as wait_ms,
          turn.in_flight
        from turn`,
    );
    if (!turn) {
      // The row is gone: the unlogged table starts empty after PostgreSQL restarts from a crash. Write it again.
      accountRow = null;
      if (again) return take(false);
      throw new Error(`amocrm_request_pace has no row for ${account}`);
    }
    return { slot: turn.slot === null ? null : Number(turn.slot), waitMs: turn.wait_ms, inFlight: turn.in_flight };
  }

  async function takeInTurn(sleepOfCaller: (ms: number) => Promise<void>): Promise<number> {
    for (;;) {
      const held = heldUntil - now();
      if (held > 0) {
        await sleepOfCaller(held);
        continue;
      }
      const turn = await take();
      if (turn.slot !== null) return turn.slot;
      // An answered slot's free instant is final; an unanswered one's comes sooner when its answer does.
      await sleepOfCaller(turn.inFlight ? Math.min(turn.waitMs, POLL_MS) : turn.waitMs + TIMER_SLACK_MS);
    }
  }

  function answer(slot: number): void {
    // Only while the slot is still in the ring: once slot + size is taken, its place holds that request.
    // A lost write costs only the lease: the slot frees as if the answer had been that slow.
    db.execute(
      sql`update amocrm_request_pace set answered_at[${(slot % size) + 1}::int] = clock_timestamp()
          where account = ${account} and taken <= ${slot + size}::bigint`,
    ).catch(() => {});
  }

  return {
    async acquire(sleepOfCaller = sleep) {
      const turn = queue.then(() => takeInTurn(sleepOfCaller));
      // A caller whose wait failed (aborted) took no slot; the next in the queue goes on.
      queue = turn.catch(() => {});
      const slot = await turn;
      return () => answer(slot);
    },
    holdFor(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
      // Should the write fail, this instance still holds; the others meet amoCRM's 429 themselves.
      ensureAccountRow()
        .then(() =>
          db.execute(
            sql`update amocrm_request_pace
                set held_until = greatest(held_until, clock_timestamp() + ${ms}::float8 * interval '1 millisecond')
                where account = ${account}`,
          ),
        )
        .catch(() => {});
    },
  };
}
