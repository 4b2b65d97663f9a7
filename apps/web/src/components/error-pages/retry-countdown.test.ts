import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryWaitMs, type SecondsLeft, startRetryCountdown } from './retry-countdown';

describe('retryWaitMs', () => {
  it('doubles from 2 s up to 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 20].map((failures) => retryWaitMs(failures, middle))).toEqual([
      2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads each wait by a fifth either way', () => {
    for (const failures of [0, 1, 2, 3, 4, 10]) {
      const middle = retryWaitMs(failures, () => 0.5);
      expect(retryWaitMs(failures, () => 0)).toBe(middle * 0.8);
      expect(retryWaitMs(failures, () => 1)).toBe(middle * 1.2);
    }
  });
});

describe('startRetryCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A countdown whose waits are exactly 2, 4, 8… s, with what it told and how often it checked. */
  function countdown(answers: (boolean | Error)[]) {
    const ticks: SecondsLeft[] = [];
    const check = vi.fn(async () => {
      const answer = answers.shift() ?? false;
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const onAnswered = vi.fn();
    const started = startRetryCountdown(
      check,
      (left) => ticks.push(left),
      onAnswered,
      () => 0.5,
    );
    return { ticks, check, onAnswered, ...started };
  }

  it('counts down each second, checks, and waits longer after every failed check', async () => {
    const { ticks, check, onAnswered } = countdown([false, new Error('unreachable'), false]);
    expect(ticks).toEqual([2]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000 + 8000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(ticks).toEqual([2, 1, null, 4, 3, 2, 1, null, 8, 7, 6, 5, 4, 3, 2, 1, null, 16]);
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('stops once a check answers, telling it once', async () => {
    const { ticks, check, onAnswered } = countdown([false, true]);
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(onAnswered).toHaveBeenCalledTimes(1);
    const told = ticks.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(ticks).toHaveLength(told);
  });

  it('checks at once when asked, once however often, and starts the next, longer wait after it', async () => {
    const { ticks, check, tryNow } = countdown([false]);
    await vi.advanceTimersByTimeAsync(1000);
    tryNow();
    tryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(ticks).toEqual([2, 1, null, 4]);
  });

  it('shows whole seconds when the wait has a fraction of one', async () => {
    const ticks: SecondsLeft[] = [];
    const check = vi.fn(async () => false);
    startRetryCountdown(
      check,
      (left) => ticks.push(left),
      () => {},
      () => 0,
    );
    await vi.advanceTimersByTimeAsync(599);
    expect(ticks).toEqual([2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(ticks).toEqual([2, 1, null, 4]);
  });

  it('neither checks nor tells anything once stopped, even with a check under way', async () => {
    let answer: (answered: boolean) => void = () => {};
    const ticks: SecondsLeft[] = [];
    const onAnswered = vi.fn();
    const check = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { stop } = startRetryCountdown(
      check,
      (left) => ticks.push(left),
      onAnswered,
      () => 0.5,
    );
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    answer(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onAnswered).not.toHaveBeenCalled();
    expect(ticks).toEqual([2, 1, null]);
  });
});
