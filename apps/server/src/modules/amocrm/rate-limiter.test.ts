import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.js';

describe('rate limiter', () => {
  it('gives an aborted wait its place back, so the callers queued behind it still get theirs', async () => {
    let clock = 0;
    const sleep = async (ms: number) => {
      clock += ms;
    };
    const limiter = createRateLimiter(1, sleep, () => clock);
    const first = await limiter.acquire();
    const aborted = limiter.acquire(async () => {
      throw new Error('aborted');
    });
    const next = limiter.acquire();
    first();

    await expect(aborted).rejects.toThrow('aborted');
    // Without the place given back, this would never resolve and the test would time out.
    const answered = await next;
    answered();
    expect(clock).toBeGreaterThanOrEqual(1_000);
  });
});
