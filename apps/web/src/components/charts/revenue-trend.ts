import type { Analytics } from '@cm/contract';
import { chartMoney } from './chart-scale';

export type RevenueTrend = Analytics['trend'];
export type TrendPoint = RevenueTrend['points'][number];

/** A bucket of the trend as the chart draws it: money in major units (positions only), its words beside. */
export type TrendBar = { bucket: string; revenue: number; plan: number | null };

/** The trend's buckets for the chart, each named by `label` (its days in words). */
export function trendBars(
  points: readonly TrendPoint[],
  digits: number,
  label: (point: TrendPoint) => string,
): TrendBar[] {
  return points.map((point) => ({
    bucket: label(point),
    revenue: chartMoney(point.revenueMinor, digits),
    plan: point.planMinor === null ? null : chartMoney(point.planMinor, digits),
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
