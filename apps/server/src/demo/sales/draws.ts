import type { Random } from '../../lib/seeded-random.js';

/** The random draws the demo year is played with: weighted picks, budgets and the days a deal takes. */

/** Budgets are whole rubles in steps of 500 between these bounds. */
export const BUDGET_STEP = 500;
export const MIN_BUDGET = 20_000;
export const MAX_BUDGET = 900_000;

export type Weighted<T> = readonly (readonly [T, number])[];

export function weighted<T>(random: Random, items: Weighted<T>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random.next() * total;
  for (const [item, weight] of items) {
    left -= weight;
    if (left < 0) return item;
  }
  return (items.at(-1) as readonly [T, number])[0];
}

/** About normally distributed, mean 0 and deviation 1 (a sum of three uniforms). */
function normal(random: Random): number {
  return (random.next() + random.next() + random.next() - 1.5) * 2;
}

/** Budgets are skewed towards the low end of the range, as real ones are. */
export function drawBudget(random: Random, [min, max]: readonly [number, number]): number {
  return Math.round((min * (max / min) ** (random.next() ** 1.4)) / BUDGET_STEP) * BUDGET_STEP;
}

/** Budgets of won leads that add up to exactly `revenue` (at least MIN_BUDGET), each within the overall bounds. */
export function wonBudgets(random: Random, revenue: number, range: readonly [number, number]): number[] {
  const budgets: number[] = [];
  let remaining = revenue;
  while (remaining > 0) {
    let budget = drawBudget(random, range);
    // The last lead takes what is left, unless that would be too large for one lead or leave too little for the next.
    if (remaining - budget < MIN_BUDGET) budget = remaining <= MAX_BUDGET ? remaining : remaining - MIN_BUDGET;
    budgets.push(budget);
    remaining -= budget;
  }
  return budgets;
}

/** Days a deal took: around `typical`, now and then much longer. */
export function daysTaken(random: Random, typical: number, cap: number): number {
  return Math.min(cap, Math.round(typical * Math.exp(normal(random) * 0.6)));
}
