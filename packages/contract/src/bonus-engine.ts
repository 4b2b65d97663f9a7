// The bonus engine (PRODUCT.md §5, ADR 0031): what a manager earns for a month from the scheme in effect, the
// month's plan and the revenue. One pure function, shared by the server (what payroll is paid from) and the web
// app (the calculator's answer while typing), so the two can never disagree. It imports nothing.
//
// Money is integer minor units and percentages are integer hundredths of a percent ("70.50" → 7050), both as
// BigInt inside, so nothing passes through a binary float. Threshold comparisons are exact cross-multiplications
// (revenue × 100 ≥ threshold × plan) with no division. Each explanation line is rounded half away from zero to
// the minor unit on its own, and the bonus is the sum of the rounded lines, so the explanation always adds up.

export type BonusTierMode = 'highest' | 'marginal';

/** A level of a scheme: from `thresholdHundredths` of the plan up, a rate on revenue or a fixed amount. */
export type BonusLevelTerms =
  | { thresholdHundredths: bigint; rateHundredths: bigint }
  | { thresholdHundredths: bigint; fixedMinor: bigint };

/** One version of a bonus scheme, as the engine reads it (thresholds strictly increasing, checked on input). */
export type BonusTerms = {
  fixedSalaryMinor: bigint;
  tierMode: BonusTierMode;
  levels: readonly BonusLevelTerms[];
  fixedBonusAt120Minor: bigint;
  abovePlanRateHundredths: bigint;
};

/**
 * The stable codes of the explanation's lines; the web app words each in both languages from its params.
 *  - `noPlan`: the month has no plan, so no level, no bonus above plan and no 120 % bonus (amount 0).
 *  - `belowFirstLevel`: the plan's first level is not reached (amount 0).
 *  - `levelRate` / `levelFixed`: `highest` mode, the highest level reached, on the whole revenue.
 *  - `bandRate` / `bandFixed`: `marginal` mode, one line per band reached.
 *  - `abovePlan`: the rate on the revenue above 100 % of the plan.
 *  - `fixedAt120`: the fixed bonus for reaching 120 % of the plan.
 */
export const EXPLANATION_CODES = [
  'noPlan',
  'belowFirstLevel',
  'levelRate',
  'levelFixed',
  'bandRate',
  'bandFixed',
  'abovePlan',
  'fixedAt120',
] as const;
export type ExplanationCode = (typeof EXPLANATION_CODES)[number];

/**
 * One line of the explanation. Params are text: money in minor units ("1250000"), percentages with two
 * decimals ("70.00"), a level's number from 1.
 */
export type ExplanationLine = { code: ExplanationCode; amountMinor: bigint; params: Record<string, string> };

export type BonusResult = {
  /** Revenue ÷ plan in percent, two decimals, truncated (never "120.00" below 120 %); null without a plan. */
  planPercent: string | null;
  /** The highest level reached, numbered from 1; null below the first level or without a plan. */
  level: { index: number; thresholdPercent: string } | null;
  levelBonusMinor: bigint;
  exceededBonusMinor: bigint;
  fixedBonusMinor: bigint;
  bonusMinor: bigint;
  fixedSalaryMinor: bigint;
  totalMinor: bigint;
  lines: ExplanationLine[];
};

/** 100 % in hundredths of a percent. */
const WHOLE_PLAN = 10_000n;
/** The fixed bonus's threshold: 120 % of the plan. */
const FIXED_BONUS_THRESHOLD = 12_000n;

/** `numerator / denominator` rounded half away from zero; the denominator is positive. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const absolute = negative ? -numerator : numerator;
  const quotient = (absolute * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** Hundredths of a percent as the API writes them: 7050 → "70.50". */
export function percentText(hundredths: bigint): string {
  const negative = hundredths < 0n;
  const absolute = negative ? -hundredths : hundredths;
  return `${negative ? '-' : ''}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/** A percentage of at most two decimals ("70", "70.5", "70.50") in hundredths; null when it is not one. */
export function percentHundredths(text: string): bigint | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Whether `revenue` reaches `thresholdHundredths` of `plan`: revenue × 100 % ≥ threshold × plan, exactly. */
function reaches(revenue: bigint, plan: bigint, thresholdHundredths: bigint): boolean {
  return revenue * WHOLE_PLAN >= thresholdHundredths * plan;
}

/** The least revenue in minor units that reaches `thresholdHundredths` of `plan` (rounded up). */
export function revenueToReach(plan: bigint, thresholdHundredths: bigint): bigint {
  const product = thresholdHundredths * plan;
  return (product + WHOLE_PLAN - 1n) / WHOLE_PLAN;
}

function levelLines(terms: BonusTerms, plan: bigint, revenue: bigint, reached: number): ExplanationLine[] {
  if (terms.tierMode === 'highest') {
    const level = terms.levels[reached];
    if (!level) return [];
    const common = { level: String(reached + 1), thresholdPercent: percentText(level.thresholdHundredths) };
    return 'rateHundredths' in level
      ? [
          {
            code: 'levelRate',
            amountMinor: roundedQuotient(revenue * level.rateHundredths, WHOLE_PLAN),
            params: { ...common, ratePercent: percentText(level.rateHundredths), revenueMinor: String(revenue) },
          },
        ]
      : [
          {
            code: 'levelFixed',
            amountMinor: level.fixedMinor,
            params: { ...common, fixedMinor: String(level.fixedMinor) },
          },
        ];
  }
  // Marginal: band i runs from the least whole revenue that reaches threshold i to the least that reaches threshold
  // i+1 (revenueToReach), so that each line reads as whole minor units times a rate and can be checked by hand.
  return terms.levels.slice(0, reached + 1).map((level, index): ExplanationLine => {
    const next = terms.levels[index + 1];
    const common = {
      level: String(index + 1),
      fromPercent: percentText(level.thresholdHundredths),
      toPercent: next ? percentText(next.thresholdHundredths) : '',
    };
    if (!('rateHundredths' in level)) {
      return {
        code: 'bandFixed',
        amountMinor: level.fixedMinor,
        params: { ...common, fixedMinor: String(level.fixedMinor) },
      };
    }
    const lower = revenueToReach(plan, level.thresholdHundredths);
    const upper = next ? revenueToReach(plan, next.thresholdHundredths) : revenue;
    const inBand = (revenue < upper ? revenue : upper) - lower;
    return {
      code: 'bandRate',
      amountMinor: roundedQuotient(inBand * level.rateHundredths, WHOLE_PLAN),
      params: { ...common, ratePercent: percentText(level.rateHundredths), bandRevenueMinor: String(inBand) },
    };
  });
}

/**
 * The bonus and pay of a month under `terms`, for a plan (null or 0 when the month has none) and a revenue,
 * both in minor units, with the explanation that adds up to it.
 */
export function computeBonus(
  terms: BonusTerms,
  input: { planMinor: bigint | null; revenueMinor: bigint },
): BonusResult {
  const revenue = input.revenueMinor;
  const plan = input.planMinor !== null && input.planMinor > 0n ? input.planMinor : null;
  const lines: ExplanationLine[] = [];
  let level: BonusResult['level'] = null;
  let planPercent: string | null = null;
  let levelBonusMinor = 0n;
  let exceededBonusMinor = 0n;
  let fixedBonusMinor = 0n;

  if (plan === null) {
    lines.push({ code: 'noPlan', amountMinor: 0n, params: {} });
  } else {
    planPercent = percentText((revenue * WHOLE_PLAN) / plan);
    let reached = -1;
    terms.levels.forEach((candidate, index) => {
      if (reaches(revenue, plan, candidate.thresholdHundredths)) reached = index;
    });
    const first = terms.levels[0];
    if (reached < 0) {
      if (first) {
        lines.push({
          code: 'belowFirstLevel',
          amountMinor: 0n,
          params: { thresholdPercent: percentText(first.thresholdHundredths) },
        });
      }
    } else {
      const reachedLevel = terms.levels[reached];
      if (reachedLevel) level = { index: reached + 1, thresholdPercent: percentText(reachedLevel.thresholdHundredths) };
      const levelBonusLines = levelLines(terms, plan, revenue, reached);
      lines.push(...levelBonusLines);
      levelBonusMinor = levelBonusLines.reduce((sum, line) => sum + line.amountMinor, 0n);
    }
    if (revenue > plan && terms.abovePlanRateHundredths > 0n) {
      exceededBonusMinor = roundedQuotient((revenue - plan) * terms.abovePlanRateHundredths, WHOLE_PLAN);
      lines.push({
        code: 'abovePlan',
        amountMinor: exceededBonusMinor,
        params: {
          ratePercent: percentText(terms.abovePlanRateHundredths),
          exceededRevenueMinor: String(revenue - plan),
        },
      });
    }
    if (terms.fixedBonusAt120Minor > 0n && reaches(revenue, plan, FIXED_BONUS_THRESHOLD)) {
      fixedBonusMinor = terms.fixedBonusAt120Minor;
      lines.push({ code: 'fixedAt120', amountMinor: fixedBonusMinor, params: { fixedMinor: String(fixedBonusMinor) } });
    }
  }

  const bonusMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0n);
  return {
    planPercent,
    level,
    levelBonusMinor,
    exceededBonusMinor,
    fixedBonusMinor,
    bonusMinor,
    fixedSalaryMinor: terms.fixedSalaryMinor,
    totalMinor: terms.fixedSalaryMinor + bonusMinor,
    lines,
  };
}

/** A row of the calculator's bonus table: what reaching one level (or 120 %) of the plan pays. */
export type BonusTableRow = {
  /** The level's number from 1, or null for the 120 % row. */
  level: number | null;
  thresholdPercent: string;
  revenueMinor: bigint;
  result: BonusResult;
};

/** One row per level plus the 120 % row, each at the least revenue that reaches it, in the order of revenue. */
export function bonusTable(terms: BonusTerms, planMinor: bigint): BonusTableRow[] {
  if (planMinor <= 0n) return [];
  const rows: BonusTableRow[] = terms.levels.map((level, index) => {
    const revenueMinor = revenueToReach(planMinor, level.thresholdHundredths);
    return {
      level: index + 1,
      thresholdPercent: percentText(level.thresholdHundredths),
      revenueMinor,
      result: computeBonus(terms, { planMinor, revenueMinor }),
    };
  });
  const at120 = revenueToReach(planMinor, FIXED_BONUS_THRESHOLD);
  rows.push({
    level: null,
    thresholdPercent: percentText(FIXED_BONUS_THRESHOLD),
    revenueMinor: at120,
    result: computeBonus(terms, { planMinor, revenueMinor: at120 }),
  });
  return rows.sort((a, b) => (a.revenueMinor < b.revenueMinor ? -1 : a.revenueMinor > b.revenueMinor ? 1 : 0));
}

/**
 * The next step up from `revenueMinor`: the nearest row of the bonus table above it that pays more (a row of a
 * fixed-amount level can pay less than the rate below it), how much more revenue that is, and how much more bonus;
 * null when no step up is left or there is no plan.
 */
export function nextStep(
  terms: BonusTerms,
  input: { planMinor: bigint | null; revenueMinor: bigint },
): { row: BonusTableRow; moreMinor: bigint; extraBonusMinor: bigint } | null {
  if (input.planMinor === null || input.planMinor <= 0n) return null;
  const current = computeBonus(terms, input).bonusMinor;
  const row = bonusTable(terms, input.planMinor).find(
    (candidate) => candidate.revenueMinor > input.revenueMinor && candidate.result.bonusMinor > current,
  );
  if (!row) return null;
  return { row, moreMinor: row.revenueMinor - input.revenueMinor, extraBonusMinor: row.result.bonusMinor - current };
}
