import { type BonusTerms, computeBonus, revenueToReach } from '@cm/contract';

/** A point of the chart: what a month's revenue would pay in all, in minor units. */
export type PayPoint = { revenueMinor: bigint; totalMinor: bigint; bonusMinor: bigint };

/** The chart runs from no revenue to 200 % of the plan (hundredths of a percent)… */
export const CURVE_END_HUNDREDTHS = 20_000n;
/** …with a point every 5 % of the plan along the way, for the tooltip to show figures between the steps. */
const STEP_HUNDREDTHS = 500n;
/** Where the pay changes its slope without a step: the plan itself (the rate above plan starts there). */
const WHOLE_PLAN = 10_000n;
/** The fixed bonus's threshold. */
const AT_120 = 12_000n;

const ascending = (first: bigint, second: bigint) => (first < second ? -1 : first > second ? 1 : 0);

/**
 * Total pay from no revenue to 200 % of `planMinor` (further when a marked revenue lies beyond), computed with
 * the engine at every 5 % of the plan and at each threshold and one minor unit below it, so that a line drawn
 * straight between the points shows each step upright: between two thresholds the pay grows in proportion to
 * the revenue. The `marks` (current and potential revenue) are points too, so that their markers sit on the line.
 */
export function payCurve(terms: BonusTerms, planMinor: bigint, marks: readonly bigint[] = []): PayPoint[] {
  if (planMinor <= 0n) return [];
  // Math.max takes no bigints.
  let end = revenueToReach(planMinor, CURVE_END_HUNDREDTHS);
  for (const mark of marks) if (mark > end) end = mark;
  const revenues = new Set<bigint>([0n, end]);
  for (let share = STEP_HUNDREDTHS; share < CURVE_END_HUNDREDTHS; share += STEP_HUNDREDTHS) {
    revenues.add(revenueToReach(planMinor, share));
  }
  for (const threshold of [...terms.levels.map((level) => level.thresholdHundredths), WHOLE_PLAN, AT_120]) {
    const reached = revenueToReach(planMinor, threshold);
    if (reached > end) continue;
    revenues.add(reached);
    if (reached > 0n) revenues.add(reached - 1n);
  }
  for (const mark of marks) if (mark >= 0n) revenues.add(mark);
  return [...revenues].sort(ascending).map((revenueMinor) => {
    const result = computeBonus(terms, { planMinor, revenueMinor });
    return { revenueMinor, totalMinor: result.totalMinor, bonusMinor: result.bonusMinor };
  });
}
