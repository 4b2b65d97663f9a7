import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BONUS_MONEY_MAX_MINOR,
  BonusSchemeRequest,
  bonusTermsOf,
  CalculatorRequest,
  MAX_BONUS_LEVELS,
} from './bonus.js';

const VALID = {
  fixedSalaryMinor: 5_000_000,
  tierMode: 'marginal',
  levels: [
    { thresholdPercent: '70', ratePercent: '3' },
    { thresholdPercent: '100.5', ratePercent: '5.25' },
    { thresholdPercent: '150.00', fixedMinor: 2_500_000 },
  ],
  fixedBonusAt120Minor: 1_000_000,
  abovePlanRatePercent: '10',
};

type Level = { thresholdPercent: string; ratePercent: string } | { thresholdPercent: string; fixedMinor: number };

function withLevels(...levels: Level[]) {
  return { ...VALID, levels };
}

/** Each issue as its path and its code: the scheme's own (`params.code`) or zod's. */
function issues(schema: z.ZodType, body: unknown): Array<[string, string]> {
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const own = 'params' in issue ? (issue.params as { code?: string } | undefined)?.code : undefined;
    return [issue.path.join('.'), own ?? issue.code];
  });
}

describe('the bonus scheme request', () => {
  it('accepts a valid scheme, and reads it as the engine’s terms', () => {
    const parsed = BonusSchemeRequest.parse(VALID);
    expect(parsed).toEqual(VALID);
    expect(bonusTermsOf(parsed)).toEqual({
      fixedSalaryMinor: 5_000_000n,
      tierMode: 'marginal',
      levels: [
        { thresholdHundredths: 7000n, rateHundredths: 300n },
        { thresholdHundredths: 10_050n, rateHundredths: 525n },
        { thresholdHundredths: 15_000n, fixedMinor: 2_500_000n },
      ],
      fixedBonusAt120Minor: 1_000_000n,
      abovePlanRateHundredths: 1000n,
    });
  });

  it('accepts the limits: 0.01 % and 1000 %, rates of 0 and 100 %, the largest amounts, no levels and the most', () => {
    const limits = {
      fixedSalaryMinor: BONUS_MONEY_MAX_MINOR,
      tierMode: 'highest',
      levels: [
        { thresholdPercent: '0.01', ratePercent: '0' },
        { thresholdPercent: '999.99', ratePercent: '100.00' },
        { thresholdPercent: '1000', fixedMinor: BONUS_MONEY_MAX_MINOR },
      ],
      fixedBonusAt120Minor: BONUS_MONEY_MAX_MINOR,
      abovePlanRatePercent: '100',
    };
    expect(issues(BonusSchemeRequest, limits)).toEqual([]);
    expect(issues(BonusSchemeRequest, withLevels())).toEqual([]);
    const most = Array.from({ length: MAX_BONUS_LEVELS }, (_, index) => ({
      thresholdPercent: String(10 * (index + 1)),
      ratePercent: '1',
    }));
    expect(issues(BonusSchemeRequest, withLevels(...most))).toEqual([]);
  });

  it.each<[string, Level[], Array<[string, string]>]>([
    [
      'equal thresholds',
      [
        { thresholdPercent: '70', ratePercent: '3' },
        { thresholdPercent: '70.00', ratePercent: '5' },
      ],
      [['levels.1.thresholdPercent', 'threshold_not_increasing']],
    ],
    [
      'decreasing thresholds',
      [
        { thresholdPercent: '80', ratePercent: '3' },
        { thresholdPercent: '79.99', ratePercent: '5' },
        { thresholdPercent: '90', fixedMinor: 1 },
      ],
      [['levels.1.thresholdPercent', 'threshold_not_increasing']],
    ],
    [
      'a threshold of 0',
      [{ thresholdPercent: '0.00', ratePercent: '3' }],
      [['levels.0.thresholdPercent', 'threshold_out_of_range']],
    ],
    [
      'a threshold above 1000 %',
      [
        { thresholdPercent: '70', ratePercent: '3' },
        { thresholdPercent: '1000.01', fixedMinor: 1 },
      ],
      [['levels.1.thresholdPercent', 'threshold_out_of_range']],
    ],
    [
      'a rate above 100 %',
      [{ thresholdPercent: '70', ratePercent: '100.01' }],
      [['levels.0.ratePercent', 'rate_out_of_range']],
    ],
    [
      'a rate with 3 decimals',
      [{ thresholdPercent: '70', ratePercent: '3.505' }],
      [['levels.0.ratePercent', 'invalid_format']],
    ],
    ['a negative rate', [{ thresholdPercent: '70', ratePercent: '-1' }], [['levels.0.ratePercent', 'invalid_format']]],
    [
      'a fixed amount above the maximum',
      [{ thresholdPercent: '70', fixedMinor: BONUS_MONEY_MAX_MINOR + 1 }],
      [['levels.0.fixedMinor', 'too_big']],
    ],
    [
      'a level with both a rate and a fixed amount',
      [{ thresholdPercent: '70', ratePercent: '3', fixedMinor: 100 } as Level],
      [['levels.0', 'invalid_union']],
    ],
    ['a level with neither', [{ thresholdPercent: '70' } as Level], [['levels.0', 'invalid_union']]],
  ])('refuses %s', (_, levels, expected) => {
    expect(issues(BonusSchemeRequest, withLevels(...levels))).toEqual(expected);
  });

  it('refuses a threshold with 3 decimals by its format', () => {
    expect(issues(BonusSchemeRequest, withLevels({ thresholdPercent: '70.505', ratePercent: '3' }))).toContainEqual([
      'levels.0.thresholdPercent',
      'invalid_format',
    ]);
  });

  it('refuses a threshold with 3 decimals by its format alone, not also as out of range or order', () => {
    const levels: Level[] = [
      { thresholdPercent: '60', ratePercent: '1' },
      { thresholdPercent: '70.505', ratePercent: '3' },
    ];
    expect(issues(BonusSchemeRequest, withLevels(...levels))).toEqual([
      ['levels.1.thresholdPercent', 'invalid_format'],
    ]);
  });

  it('refuses more than MAX_BONUS_LEVELS levels', () => {
    const levels = Array.from({ length: MAX_BONUS_LEVELS + 1 }, (_, index) => ({
      thresholdPercent: String(10 * (index + 1)),
      ratePercent: '1',
    }));
    expect(issues(BonusSchemeRequest, withLevels(...levels))).toEqual([['levels', 'too_big']]);
  });

  it.each<[string, Record<string, unknown>, Array<[string, string]>]>([
    [
      'a rate above 100 % above the plan',
      { abovePlanRatePercent: '100.01' },
      [['abovePlanRatePercent', 'rate_out_of_range']],
    ],
    [
      'a rate with 3 decimals above the plan',
      { abovePlanRatePercent: '10.505' },
      [['abovePlanRatePercent', 'invalid_format']],
    ],
    ['a salary above the maximum', { fixedSalaryMinor: BONUS_MONEY_MAX_MINOR + 1 }, [['fixedSalaryMinor', 'too_big']]],
    [
      'a 120 % bonus above the maximum',
      { fixedBonusAt120Minor: BONUS_MONEY_MAX_MINOR + 1 },
      [['fixedBonusAt120Minor', 'too_big']],
    ],
    ['a negative salary', { fixedSalaryMinor: -1 }, [['fixedSalaryMinor', 'too_small']]],
    ['a salary in fractions of a minor unit', { fixedSalaryMinor: 1.5 }, [['fixedSalaryMinor', 'invalid_type']]],
    ['an unknown tier mode', { tierMode: 'lowest' }, [['tierMode', 'invalid_value']]],
  ])('refuses %s', (_, change, expected) => {
    expect(issues(BonusSchemeRequest, { ...VALID, ...change })).toEqual(expected);
  });
});

describe('the calculator request', () => {
  const valid = { managementType: 'offline', planMinor: 10_000_000, revenueMinor: 12_000_000, month: '2025-12' };

  it('accepts amounts from 0 to the maximum, with or without a month', () => {
    expect(CalculatorRequest.parse(valid)).toEqual(valid);
    expect(issues(CalculatorRequest, { managementType: 'hybrid', planMinor: 0, revenueMinor: 0 })).toEqual([]);
    const largest = { ...valid, planMinor: BONUS_MONEY_MAX_MINOR, revenueMinor: BONUS_MONEY_MAX_MINOR };
    expect(issues(CalculatorRequest, largest)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Array<[string, string]>]>([
    ['a negative plan', { planMinor: -1 }, [['planMinor', 'too_small']]],
    ['a negative revenue', { revenueMinor: -1 }, [['revenueMinor', 'too_small']]],
    ['a plan in fractions of a minor unit', { planMinor: 0.5 }, [['planMinor', 'invalid_type']]],
    ['a revenue in fractions of a minor unit', { revenueMinor: 100.25 }, [['revenueMinor', 'invalid_type']]],
    ['a revenue above the maximum', { revenueMinor: BONUS_MONEY_MAX_MINOR + 1 }, [['revenueMinor', 'too_big']]],
    ['month 13', { month: '2025-13' }, [['month', 'invalid_format']]],
    ['month 0', { month: '2025-00' }, [['month', 'invalid_format']]],
    ['a month of one digit', { month: '2025-1' }, [['month', 'invalid_format']]],
    ['an unknown management type', { managementType: 'remote' }, [['managementType', 'invalid_value']]],
  ])('refuses %s', (_, change, expected) => {
    expect(issues(CalculatorRequest, { ...valid, ...change })).toEqual(expected);
  });
});
