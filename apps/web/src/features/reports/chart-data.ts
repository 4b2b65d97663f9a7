// The reports' figures as the charts draw them. Charts place bars by binary floats; the tables and the words beside
// each chart write the exact amounts and quantities.
import type {
  AbcClass,
  AbcReport,
  AgeBucket,
  ConsumptionReport,
  DeadStockReport,
  MovementSummaryReport,
  StockValuationReport,
  Unit,
} from '@cm/contract';
import { chartMoney } from '../../components/charts/chart-scale';

export type ValuationBar = { group: string; value: number; valueMinor: string };

/** The value of each group, the largest first, then the rest of the groups as one bar when they hold any. */
export function valuationBars(
  report: Pick<StockValuationReport, 'chart' | 'otherValueMinor'>,
  digits: number,
  groupName: (group: string | null) => string,
  otherName: string,
): ValuationBar[] {
  const bars = report.chart.map((point) => ({
    group: groupName(point.group),
    value: chartMoney(point.valueMinor, digits),
    valueMinor: point.valueMinor,
  }));
  if (BigInt(report.otherValueMinor) !== 0n) {
    bars.push({
      group: otherName,
      value: chartMoney(report.otherValueMinor, digits),
      valueMinor: report.otherValueMinor,
    });
  }
  return bars;
}

/** The figures of a movement summary, in the order stock flows from the opening to the closing balance. */
export const MOVEMENT_FIGURES = [
  'opening',
  'received',
  'issued',
  'transferredIn',
  'transferredOut',
  'adjusted',
  'closing',
] as const;
export type MovementFigure = (typeof MOVEMENT_FIGURES)[number];

/** Each figure's colour: balances grey-blue, what came in green, what went out orange, moves and counts apart. */
export const MOVEMENT_FIGURE_COLORS: Record<MovementFigure, string> = {
  opening: 'gray.6',
  received: 'teal.6',
  issued: 'orange.6',
  transferredIn: 'cyan.6',
  transferredOut: 'grape.5',
  adjusted: 'violet.5',
  closing: 'blue.6',
};

export type MovementBar = { figure: MovementFigure; label: string; quantity: number; exact: string; color: string };

/**
 * One chart per unit of measure (pieces and metres do not add up): a bar per figure. What left the stock (issued,
 * transferred out) is drawn below zero, so that the bars read as the flow from the opening to the closing balance.
 */
export function movementCharts(
  units: MovementSummaryReport['totals']['units'],
  label: (figure: MovementFigure) => string,
): { unit: Unit; bars: MovementBar[] }[] {
  return units.map((totals) => ({
    unit: totals.unit,
    bars: MOVEMENT_FIGURES.map((figure) => {
      const outgoing = figure === 'issued' || figure === 'transferredOut';
      const quantity = Number(totals[figure]);
      return {
        figure,
        label: label(figure),
        quantity: outgoing ? -quantity : quantity,
        exact: totals[figure],
        color: MOVEMENT_FIGURE_COLORS[figure],
      };
    }),
  }));
}

/** Whether a movement summary moved or held anything at all. */
export function movementHasFigures(units: MovementSummaryReport['totals']['units']): boolean {
  return units.some((totals) => MOVEMENT_FIGURES.some((figure) => Number(totals[figure]) !== 0));
}

export type WeekPoint = { week: string; day: string; value: number; valueMinor: string; issues: number };

/** Consumption per week: its value on the chart's scale and the issues posted. */
export function consumptionWeeks(
  chart: ConsumptionReport['chart'],
  digits: number,
  weekName: (monday: string) => string,
): WeekPoint[] {
  return chart.map((point) => ({
    week: weekName(point.week),
    day: point.week,
    value: chartMoney(point.valueMinor, digits),
    valueMinor: point.valueMinor,
    issues: point.issues,
  }));
}

export type AgeBar = { bucket: AgeBucket; label: string; value: number; valueMinor: string; components: number };

/** Dead stock per age bucket, every bucket, in their order. */
export function ageBars(
  chart: DeadStockReport['chart'],
  digits: number,
  name: (bucket: AgeBucket) => string,
): AgeBar[] {
  return [...chart]
    .sort((first, second) => first.bucket - second.bucket)
    .map((point) => ({
      bucket: point.bucket,
      label: name(point.bucket),
      value: chartMoney(point.valueMinor, digits),
      valueMinor: point.valueMinor,
      components: point.components,
    }));
}

/** The colour of each ABC class, the same in the chart and the table's badges. */
export const CLASS_COLORS: Record<AbcClass, string> = { A: 'blue.7', B: 'teal.7', C: 'gray.6' };

/** The classes' shares of consumption value as a donut's slices; a class without components has none. */
export function classSlices(
  classes: AbcReport['chart']['classes'],
  digits: number,
  name: (abcClass: AbcClass) => string,
): { name: string; value: number; color: string }[] {
  return classes
    .filter((entry) => entry.components > 0)
    .map((entry) => ({
      name: name(entry.class),
      value: chartMoney(entry.valueMinor, digits),
      color: CLASS_COLORS[entry.class],
    }));
}

/** Whether a chart's money figures hold anything but zeros. */
export function anyMoney(points: readonly { valueMinor: string }[]): boolean {
  return points.some((point) => BigInt(point.valueMinor) !== 0n);
}
