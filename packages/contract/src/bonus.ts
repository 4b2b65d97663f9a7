import { z } from 'zod';
import { type BonusResult, type BonusTerms, EXPLANATION_CODES, percentHundredths } from './bonus-engine.js';
import { PlanMonth } from './sales.js';
import { ManagementType } from './users.js';

/**
 * The largest amount of money a scheme or the calculator takes, in minor units (a trillion roubles): with at
 * most MAX_BONUS_LEVELS levels, every sum the engine makes of such amounts stays an exact JSON number.
 */
export const BONUS_MONEY_MAX_MINOR = 100_000_000_000_000;
export const MAX_BONUS_LEVELS = 10;
/** A level's threshold is at most 1000 % of the plan. */
export const MAX_THRESHOLD_PERCENT = 1000;

export const BonusMoneyMinor = z.number().int().min(0).max(BONUS_MONEY_MAX_MINOR);

/** A percentage as a decimal string with at most two decimals ("70", "70.5", "70.50"). */
export const PercentText = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,2})?$/, { message: 'Use a percentage with at most 2 decimals, e.g. 70.50' });

export const TierMode = z.enum(['highest', 'marginal']);
export type TierMode = z.infer<typeof TierMode>;

const RateLevel = z.strictObject({ thresholdPercent: PercentText, ratePercent: PercentText });
const FixedLevel = z.strictObject({ thresholdPercent: PercentText, fixedMinor: BonusMoneyMinor });
export const BonusLevel = z.union([RateLevel, FixedLevel]);
export type BonusLevel = z.infer<typeof BonusLevel>;

/** A percentage the schema has checked, in hundredths. */
function hundredths(text: string): bigint {
  return percentHundredths(text) ?? 0n;
}

/** The body of `PUT /api/sales/bonus-schemes/{managementType}/{effectiveFrom}`. */
export const BonusSchemeRequest = z
  .strictObject({
    fixedSalaryMinor: BonusMoneyMinor,
    tierMode: TierMode,
    levels: z.array(BonusLevel).max(MAX_BONUS_LEVELS),
    fixedBonusAt120Minor: BonusMoneyMinor,
    abovePlanRatePercent: PercentText,
  })
  .superRefine((scheme, context) => {
    // Thresholds strictly increasing, so that the bands [threshold, next threshold) neither overlap nor leave gaps.
    // A percentage that is not one (three decimals, say) has its own format error: it is not also called out
    // of range or out of order.
    scheme.levels.forEach((level, index) => {
      const threshold = percentHundredths(level.thresholdPercent);
      if (threshold !== null && (threshold <= 0n || threshold > BigInt(MAX_THRESHOLD_PERCENT * 100))) {
        context.addIssue({
          code: 'custom',
          path: ['levels', index, 'thresholdPercent'],
          message: `A threshold is above 0 % and at most ${MAX_THRESHOLD_PERCENT} % of the plan`,
          params: { code: 'threshold_out_of_range' },
        });
      }
      const previous = scheme.levels[index - 1];
      const previousThreshold = previous ? percentHundredths(previous.thresholdPercent) : null;
      if (threshold !== null && previousThreshold !== null && threshold <= previousThreshold) {
        context.addIssue({
          code: 'custom',
          path: ['levels', index, 'thresholdPercent'],
          message: 'Each threshold must be higher than the one before it',
          params: { code: 'threshold_not_increasing' },
        });
      }
      const rate = 'ratePercent' in level ? percentHundredths(level.ratePercent) : null;
      if (rate !== null && rate > 10_000n) {
        context.addIssue({
          code: 'custom',
          path: ['levels', index, 'ratePercent'],
          message: 'A rate is between 0 % and 100 %',
          params: { code: 'rate_out_of_range' },
        });
      }
    });
    const abovePlanRate = percentHundredths(scheme.abovePlanRatePercent);
    if (abovePlanRate !== null && abovePlanRate > 10_000n) {
      context.addIssue({
        code: 'custom',
        path: ['abovePlanRatePercent'],
        message: 'A rate is between 0 % and 100 %',
        params: { code: 'rate_out_of_range' },
      });
    }
  });
export type BonusSchemeRequest = z.infer<typeof BonusSchemeRequest>;

export const BonusSchemeParams = z.object({ managementType: ManagementType, effectiveFrom: PlanMonth });

/** A stored version of a management type's scheme, in effect from its month until the next version's. */
export const BonusSchemeVersion = z
  .object({
    managementType: ManagementType,
    effectiveFrom: PlanMonth,
    fixedSalaryMinor: BonusMoneyMinor,
    tierMode: TierMode,
    levels: z.array(BonusLevel),
    fixedBonusAt120Minor: BonusMoneyMinor,
    abovePlanRatePercent: PercentText,
    /** It pays a closed month: it can no longer change (reopen the month first). */
    locked: z.boolean(),
    updatedAt: z.iso.datetime({ offset: true }),
    updatedBy: z.string().nullable().describe('Name of who saved it last; null for the demo seed'),
  })
  .meta({ id: 'BonusSchemeVersion' });
export type BonusSchemeVersion = z.infer<typeof BonusSchemeVersion>;

export const BonusSchemeList = z.object({ items: z.array(BonusSchemeVersion) }).meta({ id: 'BonusSchemeList' });
export type BonusSchemeList = z.infer<typeof BonusSchemeList>;

/** The body of `POST /api/sales/calculator`. */
export const CalculatorRequest = z.object({
  managementType: ManagementType,
  planMinor: BonusMoneyMinor,
  revenueMinor: BonusMoneyMinor,
  month: PlanMonth.optional().describe('Default: the current month in the organisation time zone'),
});
export type CalculatorRequest = z.input<typeof CalculatorRequest>;

export const BonusLineCode = z.enum(EXPLANATION_CODES);

export const BonusLine = z.object({
  code: BonusLineCode,
  amountMinor: z.number().int(),
  params: z.record(z.string(), z.string()),
});

/** The engine's answer for one month, plan and revenue (PRODUCT.md §5, ADR 0031). */
export const BonusCalculation = z
  .object({
    scheme: z.object({ managementType: ManagementType, effectiveFrom: PlanMonth, tierMode: TierMode }),
    planPercent: z.string().nullable().describe('Two decimals, truncated; null without a plan'),
    level: z.object({ index: z.number().int().min(1), thresholdPercent: z.string() }).nullable(),
    levelBonusMinor: z.number().int(),
    exceededBonusMinor: z.number().int(),
    fixedBonusMinor: z.number().int(),
    bonusMinor: z.number().int(),
    fixedSalaryMinor: z.number().int(),
    totalMinor: z.number().int(),
    lines: z.array(BonusLine),
  })
  .meta({ id: 'BonusCalculation' });
export type BonusCalculation = z.infer<typeof BonusCalculation>;

/** A stored or requested version's terms as the engine reads them. */
export function bonusTermsOf(scheme: {
  fixedSalaryMinor: number;
  tierMode: TierMode;
  levels: readonly BonusLevel[];
  fixedBonusAt120Minor: number;
  abovePlanRatePercent: string;
}): BonusTerms {
  return {
    fixedSalaryMinor: BigInt(scheme.fixedSalaryMinor),
    tierMode: scheme.tierMode,
    levels: scheme.levels.map((level) =>
      'ratePercent' in level
        ? { thresholdHundredths: hundredths(level.thresholdPercent), rateHundredths: hundredths(level.ratePercent) }
        : { thresholdHundredths: hundredths(level.thresholdPercent), fixedMinor: BigInt(level.fixedMinor) },
    ),
    fixedBonusAt120Minor: BigInt(scheme.fixedBonusAt120Minor),
    abovePlanRateHundredths: hundredths(scheme.abovePlanRatePercent),
  };
}

export const CalculatorContextQuery = z.object({
  managerId: z.uuid().optional().describe('Administrators: any manager of the current department; default the first'),
});

export const CalculatorManager = z.object({
  id: z.uuid(),
  name: z.string(),
  managementType: ManagementType.nullable(),
});
export type CalculatorManager = z.infer<typeof CalculatorManager>;

/**
 * What the calculator starts from for one manager and the current month: the plan, the revenue won so far, the
 * schemes in effect and the bonus the manager's own pays today. `managers` lists whom the caller may look at (a manager: only
 * themselves).
 */
export const CalculatorContext = z
  .object({
    month: PlanMonth,
    managers: z.array(CalculatorManager),
    manager: CalculatorManager.nullable().describe('Null when the department has no manager'),
    planMinor: z.number().int().nullable().describe("The month's plan; null when none is set"),
    revenueMinor: z.number().int().describe('Budgets of the won leads closed this month'),
    schemes: z
      .array(BonusSchemeVersion)
      .describe('The version in effect this month of each management type that has one, for what-if answers'),
    current: BonusCalculation.nullable().describe('The bonus this month so far; null without a scheme'),
  })
  .meta({ id: 'CalculatorContext' });
export type CalculatorContext = z.infer<typeof CalculatorContext>;

/** A manager's figures of one month: what a closed month freezes and what an open one computes live. */
export const MonthFigures = z.object({
  name: z.string(),
  managementType: ManagementType.nullable(),
  planMinor: z.number().int().nullable(),
  revenueMinor: z.number().int(),
  wonCount: z.number().int(),
  lostCount: z.number().int(),
  /** Minutes of calls: frozen with the month for its awards, never a pending difference of payroll. */
  callMinutes: z.number().int(),
  /** The bonus under the scheme in effect for the month; null when no scheme covers the manager's type. */
  calculation: BonusCalculation.nullable(),
});
export type MonthFigures = z.infer<typeof MonthFigures>;

export const SalesMonthParams = z.object({ month: PlanMonth });
export const SalesMonthsQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/**
 * One month of the current department: open (figures computed live) or closed (frozen when it was closed, with
 * the live figures beside them so that a later change in amoCRM shows as a pending difference).
 */
export const SalesMonth = z
  .object({
    month: PlanMonth,
    closed: z
      .object({ at: z.iso.datetime({ offset: true }), by: z.string().nullable() })
      .nullable()
      .describe('When and by whom the month was closed; null while it is open'),
    /** Whether the month has ended on the organisation's clock: only such a month can be closed. */
    ended: z.boolean(),
    managers: z.array(
      z.object({
        userId: z.uuid(),
        frozen: MonthFigures.nullable().describe('Null while the month is open'),
        live: MonthFigures,
        /** A closed month whose live figures differ from the frozen ones: reopen and close to apply. */
        pendingDifference: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'SalesMonth' });
export type SalesMonth = z.infer<typeof SalesMonth>;

export const SalesMonthList = z
  .object({
    months: z.array(
      z.object({
        month: PlanMonth,
        ended: z.boolean(),
        closed: z.object({ at: z.iso.datetime({ offset: true }), by: z.string().nullable() }).nullable(),
        pendingDifferences: z.number().int().describe('Managers whose live figures differ from the frozen ones'),
      }),
    ),
  })
  .meta({ id: 'SalesMonthList' });
export type SalesMonthList = z.infer<typeof SalesMonthList>;

/** The engine's answer as the API gives it, for a stored version: every amount an exact JSON number (ADR 0031). */
export function bonusCalculationOf(
  scheme: { managementType: ManagementType; effectiveFrom: string; tierMode: TierMode },
  result: BonusResult,
): BonusCalculation {
  return {
    scheme: { managementType: scheme.managementType, effectiveFrom: scheme.effectiveFrom, tierMode: scheme.tierMode },
    planPercent: result.planPercent,
    level: result.level,
    levelBonusMinor: Number(result.levelBonusMinor),
    exceededBonusMinor: Number(result.exceededBonusMinor),
    fixedBonusMinor: Number(result.fixedBonusMinor),
    bonusMinor: Number(result.bonusMinor),
    fixedSalaryMinor: Number(result.fixedSalaryMinor),
    totalMinor: Number(result.totalMinor),
    lines: result.lines.map((line) => ({
      code: line.code,
      amountMinor: Number(line.amountMinor),
      params: line.params,
    })),
  };
}
