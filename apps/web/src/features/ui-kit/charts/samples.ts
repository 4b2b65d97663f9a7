// Figures for the kit's charts and widgets, shaped as the API sends them and as the screens hand them to their
// components; in kopecks (RUB, the product's default currency) and counts, close to the demo's.
import { type BonusTerms, bonusTermsOf, type SalesKpis } from '@cm/contract';
import type { LossReason } from '../../../components/charts/loss-reasons';
import type { MovementKind } from '../../../components/charts/report-charts';
import type { RevenueTrend } from '../../../components/charts/revenue-trend';

/** A manager's month with a plan and a scheme, against the month before. */
export const MONTH_KPIS: { kpis: SalesKpis; previous: SalesKpis } = {
  kpis: {
    revenueMinor: 3_317_000_00,
    planMinor: 3_100_000_00,
    factPlanPercent: '107.00',
    bonusMinor: 236_530_00,
    wonLeads: 15,
    lostLeads: 19,
    callMinutes: 2_248,
    messages: 261,
  },
  previous: {
    revenueMinor: 2_501_000_00,
    planMinor: 2_800_000_00,
    factPlanPercent: '89.32',
    bonusMinor: 241_900_00,
    wonLeads: 12,
    lostLeads: 17,
    callMinutes: 2_347,
    messages: 261,
  },
};

/** No plan set for the month and no scheme for the manager's type, where the month before had both. */
export const NO_PLAN_KPIS: { kpis: SalesKpis; previous: SalesKpis } = {
  kpis: { ...MONTH_KPIS.kpis, planMinor: null, factPlanPercent: null, bonusMinor: null },
  previous: MONTH_KPIS.previous,
};

const NOTHING: SalesKpis = {
  revenueMinor: 0,
  planMinor: null,
  factPlanPercent: null,
  bonusMinor: null,
  wonLeads: 0,
  lostLeads: 0,
  callMinutes: 0,
  messages: 0,
};

/** A manager's first month: nothing before to take a share of. */
export const FIRST_MONTH_KPIS: { kpis: SalesKpis; previous: SalesKpis } = {
  kpis: { ...MONTH_KPIS.kpis, lostLeads: 0 },
  previous: NOTHING,
};

/** Figures as long as a large department's quarter makes them. */
export const LONG_KPIS: { kpis: SalesKpis; previous: SalesKpis } = {
  kpis: {
    revenueMinor: 1_234_567_890_12,
    planMinor: 1_150_000_000_00,
    factPlanPercent: '107.35',
    bonusMinor: 98_765_432_10,
    wonLeads: 12_480,
    lostLeads: 9_371,
    callMinutes: 1_048_576,
    messages: 254_318,
  },
  previous: {
    revenueMinor: 1_187_654_321_98,
    planMinor: 1_100_000_000_00,
    factPlanPercent: '107.97',
    bonusMinor: 91_234_567_89,
    wonLeads: 11_902,
    lostLeads: 9_804,
    callMinutes: 1_102_113,
    messages: 249_870,
  },
};

/** A quarter by month, each month beside its plan. */
export const QUARTER_TREND: RevenueTrend = {
  bucket: 'month',
  points: [
    { from: '2026-09-01', to: '2026-09-30', revenueMinor: 2_874_500_00, planMinor: 3_000_000_00 },
    { from: '2026-10-01', to: '2026-10-31', revenueMinor: 2_501_000_00, planMinor: 2_800_000_00 },
    { from: '2026-11-01', to: '2026-11-30', revenueMinor: 3_317_000_00, planMinor: 3_100_000_00 },
  ],
};

/** A month by week without a plan: the weeks cut by the month's edges are a day or two long. */
export const WEEKS_WITHOUT_PLAN: RevenueTrend = {
  bucket: 'week',
  points: [
    { from: '2026-11-01', to: '2026-11-01', revenueMinor: 0, planMinor: null },
    { from: '2026-11-02', to: '2026-11-08', revenueMinor: 412_000_00, planMinor: null },
    { from: '2026-11-09', to: '2026-11-15', revenueMinor: 1_316_500_00, planMinor: null },
    { from: '2026-11-16', to: '2026-11-22', revenueMinor: 901_500_00, planMinor: null },
    { from: '2026-11-23', to: '2026-11-29', revenueMinor: 687_000_00, planMinor: null },
    { from: '2026-11-30', to: '2026-11-30', revenueMinor: 0, planMinor: null },
  ],
};

/** The loss reasons' names are data (amoCRM's): the kit's words give them in the interface language. */
export const REASON_KEYS = ['expensive', 'delivery', 'noResponse', 'competitor', 'postponed', 'notNeeded'] as const;

/** Loss reasons of a month, named by `name`, and leads lost with no reason given. */
export function lossReasons(name: (key: (typeof REASON_KEYS)[number]) => string): LossReason[] {
  const counts = [5, 4, 4, 3, 2, 1];
  const reasons = REASON_KEYS.map((key, index) => ({
    reasonId: 101 + index,
    name: name(key),
    count: counts[index] ?? 1,
    sharePercent: '0.00',
    lostBudgetMinor: 0,
  }));
  return [...reasons, { reasonId: null, name: null, count: 2, sharePercent: '0.00', lostBudgetMinor: 0 }];
}

/** The demo's offline scheme: three levels on the whole revenue, 2 % above plan, a fixed bonus at 120 %. */
export const OFFLINE_SCHEME: BonusTerms = bonusTermsOf({
  fixedSalaryMinor: 6_000_000,
  tierMode: 'highest',
  levels: [
    { thresholdPercent: '70.00', ratePercent: '3.00' },
    { thresholdPercent: '90.00', ratePercent: '5.00' },
    { thresholdPercent: '100.00', ratePercent: '7.00' },
  ],
  fixedBonusAt120Minor: 5_000_000,
  abovePlanRatePercent: '2.00',
});

export const PAY = { planMinor: 3_100_000_00n, currentMinor: 3_317_000_00n, potentialMinor: 4_000_000_00n };

export const PEOPLE_KEYS = ['olga', 'ivan', 'alexandra', 'dmitry', 'elena', 'sergey'] as const;

/** Movements each person posted over a month, by kind, the most active first. */
export const ACTIVITY: readonly Record<MovementKind, number>[] = [
  { receipts: 42, issues: 318, transfers: 27, adjustments: 4, reversals: 2 },
  { receipts: 35, issues: 221, transfers: 12, adjustments: 9, reversals: 1 },
  { receipts: 12, issues: 96, transfers: 40, adjustments: 15, reversals: 0 },
  { receipts: 8, issues: 74, transfers: 5, adjustments: 2, reversals: 3 },
  { receipts: 20, issues: 41, transfers: 18, adjustments: 6, reversals: 0 },
  { receipts: 3, issues: 12, transfers: 2, adjustments: 0, reversals: 1 },
];

/** Consumption per week of two months: the value issued (major units) and the issues posted. */
export const CONSUMPTION_WEEKS = [
  { monday: '2026-10-05', value: 184_250.5, issues: 41 },
  { monday: '2026-10-12', value: 96_120, issues: 23 },
  { monday: '2026-10-19', value: 241_980.75, issues: 57 },
  { monday: '2026-10-26', value: 120_400, issues: 30 },
  { monday: '2026-11-02', value: 310_775.2, issues: 64 },
  { monday: '2026-11-09', value: 78_300, issues: 19 },
  { monday: '2026-11-16', value: 205_610, issues: 48 },
  { monday: '2026-11-23', value: 142_090.4, issues: 35 },
];

/** The ABC classes' shares of consumption value (major units), in their report colours. */
export const ABC_CLASSES = [
  { abcClass: 'A', value: 1_642_300, color: 'blue.7' },
  { abcClass: 'B', value: 307_900, color: 'teal.7' },
  { abcClass: 'C', value: 102_650, color: 'gray.6' },
] as const;

/** A movement summary of one unit in the order stock flows, what left the stock below zero, in report colours. */
export const STOCK_FLOW = [
  { figure: 'opening', quantity: 1_200, color: 'gray.6' },
  { figure: 'received', quantity: 850, color: 'teal.6' },
  { figure: 'issued', quantity: -920, color: 'orange.6' },
  { figure: 'transferredIn', quantity: 140, color: 'cyan.6' },
  { figure: 'transferredOut', quantity: -140, color: 'grape.5' },
  { figure: 'adjusted', quantity: -12, color: 'violet.5' },
  { figure: 'closing', quantity: 1_118, color: 'blue.6' },
] as const;
