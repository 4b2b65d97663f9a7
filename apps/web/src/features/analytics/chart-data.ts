import type { Analytics } from '@cm/contract';

export type TrendPoint = Analytics['trend']['points'][number];
export type LossReason = Analytics['unsuccessful']['reasons'][number];

/** A bucket of the trend as the chart draws it: money in major units (positions only), its words beside. */
export type TrendBar = { bucket: string; revenue: number; plan: number | null };

/** Minor units as a position on a drawing: the figures people read are written from the exact minor units. */
export function majorOf(minor: number, digits: number): number {
  return minor / 10 ** digits;
}

/** The trend's buckets for the chart, each named by `label` (its days in words). */
export function trendBars(
  points: readonly TrendPoint[],
  digits: number,
  label: (point: TrendPoint) => string,
): TrendBar[] {
  return points.map((point) => ({
    bucket: label(point),
    revenue: majorOf(point.revenueMinor, digits),
    plan: point.planMinor === null ? null : majorOf(point.planMinor, digits),
  }));
}

/** Whether the trend has anything to draw: some revenue, or a plan to measure it against. */
export function trendHasFigures(points: readonly TrendPoint[]): boolean {
  return points.some((point) => point.revenueMinor !== 0 || point.planMinor !== null);
}

/** Whether any bucket of the trend has a plan, so the plan is drawn and named. */
export function trendHasPlan(points: readonly TrendPoint[]): boolean {
  return points.some((point) => point.planMinor !== null);
}

/** A loss reason as the chart draws it. */
export type ReasonBar = { reason: string; count: number };

/**
 * The loss reasons for the chart, most frequent first (the server's order for equal counts), each named in words
 * ("No reason given" for leads lost without one). The chart tells its bars apart by name: two reasons of one name
 * get their amoCRM id beside it.
 */
export function reasonBars(reasons: readonly LossReason[], noReason: string): ReasonBar[] {
  const nameOf = (reason: LossReason) => (reason.reasonId === null ? noReason : (reason.name ?? `#${reason.reasonId}`));
  const names = new Map<string, number>();
  for (const reason of reasons) names.set(nameOf(reason), (names.get(nameOf(reason)) ?? 0) + 1);
  return reasons
    .map((reason, index) => ({ reason, index }))
    .sort((first, second) => second.reason.count - first.reason.count || first.index - second.index)
    .map(({ reason }) => {
      const name = nameOf(reason);
      return {
        reason: (names.get(name) ?? 0) > 1 && reason.reasonId !== null ? `${name} (#${reason.reasonId})` : name,
        count: reason.count,
      };
    });
}
