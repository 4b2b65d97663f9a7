import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BONUS_MONEY_MAX_MINOR, BonusSchemeRequest, bonusTermsOf, MAX_BONUS_LEVELS } from './bonus.js';
import {
  type BonusLevelTerms,
  type BonusResult,
  type BonusTerms,
  type BonusTierMode,
  bonusTable,
  computeBonus,
  nextStep,
  percentHundredths,
  percentText,
  revenueToReach,
} from './bonus-engine.js';

const MAX = BigInt(BONUS_MONEY_MAX_MINOR);

function rate(thresholdHundredths: bigint, rateHundredths: bigint): BonusLevelTerms {
  return { thresholdHundredths, rateHundredths };
}

function fixed(thresholdHundredths: bigint, fixedMinor: bigint): BonusLevelTerms {
  return { thresholdHundredths, fixedMinor };
}

function scheme(tierMode: BonusTierMode, overrides: Partial<BonusTerms> = {}): BonusTerms {
  return {
    fixedSalaryMinor: 0n,
    tierMode,
    levels: [],
    fixedBonusAt120Minor: 0n,
    abovePlanRateHundredths: 0n,
    ...overrides,
  };
}

// The demo-like scheme of most examples: 70 % → 3 %, 100 % → 5 %, 150 % → 25 000.00, 10 000.00 at 120 %, 10 % above
// the plan, a salary of 50 000.00; the plan is 100 000.00.
function standard(tierMode: BonusTierMode): BonusTerms {
  return scheme(tierMode, {
    fixedSalaryMinor: 5_000_000n,
    levels: [rate(7000n, 300n), rate(10_000n, 500n), fixed(15_000n, 2_500_000n)],
    fixedBonusAt120Minor: 1_000_000n,
    abovePlanRateHundredths: 1000n,
  });
}
const PLAN = 10_000_000n;

const BELOW_70 = { code: 'belowFirstLevel', amountMinor: 0n, params: { thresholdPercent: '70.00' } } as const;

describe('the bonus in highest-level mode', () => {
  const terms = standard('highest');
  const bonus = (revenueMinor: bigint) => computeBonus(terms, { planMinor: PLAN, revenueMinor });

  it('pays the first level exactly at its threshold, on the whole revenue', () => {
    // 7 000 000 × 100 % = 70 % × 10 000 000: reached; 7 000 000 × 3 % = 210 000.
    expect(bonus(7_000_000n)).toEqual<BonusResult>({
      planPercent: '70.00',
      level: { index: 1, thresholdPercent: '70.00' },
      levelBonusMinor: 210_000n,
      exceededBonusMinor: 0n,
      fixedBonusMinor: 0n,
      bonusMinor: 210_000n,
      fixedSalaryMinor: 5_000_000n,
      totalMinor: 5_210_000n,
      lines: [
        {
          code: 'levelRate',
          amountMinor: 210_000n,
          params: { level: '1', thresholdPercent: '70.00', ratePercent: '3.00', revenueMinor: '7000000' },
        },
      ],
    });
  });

  it('pays nothing one minor unit below the first threshold, and nothing on no revenue', () => {
    // 6 999 999 / 10 000 000 = 69.99999 % → "69.99", not "70.00".
    expect(bonus(6_999_999n)).toEqual<BonusResult>({
      planPercent: '69.99',
      level: null,
      levelBonusMinor: 0n,
      exceededBonusMinor: 0n,
      fixedBonusMinor: 0n,
      bonusMinor: 0n,
      fixedSalaryMinor: 5_000_000n,
      totalMinor: 5_000_000n,
      lines: [BELOW_70],
    });
    expect(bonus(0n)).toMatchObject({ planPercent: '0.00', level: null, bonusMinor: 0n, totalMinor: 5_000_000n });
    expect(bonus(0n).lines).toEqual([BELOW_70]);
  });

  it('adds the bonus above the plan and the fixed bonus exactly at 120 %', () => {
    // 12 000 000 × 5 % = 600 000; (12 000 000 − 10 000 000) × 10 % = 200 000; + 1 000 000 at 120 %.
    expect(bonus(12_000_000n)).toEqual<BonusResult>({
      planPercent: '120.00',
      level: { index: 2, thresholdPercent: '100.00' },
      levelBonusMinor: 600_000n,
      exceededBonusMinor: 200_000n,
      fixedBonusMinor: 1_000_000n,
      bonusMinor: 1_800_000n,
      fixedSalaryMinor: 5_000_000n,
      totalMinor: 6_800_000n,
      lines: [
        {
          code: 'levelRate',
          amountMinor: 600_000n,
          params: { level: '2', thresholdPercent: '100.00', ratePercent: '5.00', revenueMinor: '12000000' },
        },
        {
          code: 'abovePlan',
          amountMinor: 200_000n,
          params: { ratePercent: '10.00', exceededRevenueMinor: '2000000' },
        },
        { code: 'fixedAt120', amountMinor: 1_000_000n, params: { fixedMinor: '1000000' } },
      ],
    });
  });

  it('has no fixed bonus one minor unit below 120 %, and rounds each line on its own', () => {
    // 11 999 999 × 5 % = 599 999.95 → 600 000; 1 999 999 × 10 % = 199 999.9 → 200 000; 119.99999 % → "119.99".
    const result = bonus(11_999_999n);
    expect(result).toMatchObject({
      planPercent: '119.99',
      level: { index: 2, thresholdPercent: '100.00' },
      levelBonusMinor: 600_000n,
      exceededBonusMinor: 200_000n,
      fixedBonusMinor: 0n,
      bonusMinor: 800_000n,
      totalMinor: 5_800_000n,
    });
    expect(result.lines.map((line) => line.code)).toEqual(['levelRate', 'abovePlan']);
  });

  it('pays a fixed-amount level its amount instead of a rate', () => {
    // 25 000.00 at 150 %; (15 000 000 − 10 000 000) × 10 % = 500 000; + 1 000 000 at 120 %.
    expect(bonus(15_000_000n)).toMatchObject({
      level: { index: 3, thresholdPercent: '150.00' },
      levelBonusMinor: 2_500_000n,
      exceededBonusMinor: 500_000n,
      fixedBonusMinor: 1_000_000n,
      bonusMinor: 4_000_000n,
      totalMinor: 9_000_000n,
    });
    expect(bonus(15_000_000n).lines[0]).toEqual({
      code: 'levelFixed',
      amountMinor: 2_500_000n,
      params: { level: '3', thresholdPercent: '150.00', fixedMinor: '2500000' },
    });
    // One unit below: level 2, 14 999 999 × 5 % = 749 999.95 → 750 000; 4 999 999 × 10 % → 500 000.
    expect(bonus(14_999_999n)).toMatchObject({
      level: { index: 2, thresholdPercent: '100.00' },
      levelBonusMinor: 750_000n,
      exceededBonusMinor: 500_000n,
      bonusMinor: 2_250_000n,
    });
  });
});

describe('the bonus in marginal mode', () => {
  const terms = standard('marginal');
  const bonus = (revenueMinor: bigint) => computeBonus(terms, { planMinor: PLAN, revenueMinor });

  it('reaches the first band exactly at its threshold, with nothing in it yet', () => {
    expect(bonus(7_000_000n)).toMatchObject({ planPercent: '70.00', level: { index: 1 }, bonusMinor: 0n });
    expect(bonus(7_000_000n).lines).toEqual([
      {
        code: 'bandRate',
        amountMinor: 0n,
        params: { level: '1', fromPercent: '70.00', toPercent: '100.00', ratePercent: '3.00', bandRevenueMinor: '0' },
      },
    ]);
    expect(bonus(6_999_999n)).toMatchObject({ planPercent: '69.99', level: null, bonusMinor: 0n, lines: [BELOW_70] });
    expect(bonus(0n)).toMatchObject({ planPercent: '0.00', level: null, bonusMinor: 0n, lines: [BELOW_70] });
  });

  it('pays each band its rate on the revenue inside it', () => {
    // Band 1: (10 000 000 − 7 000 000) × 3 % = 90 000; band 2: (12 000 000 − 10 000 000) × 5 % = 100 000;
    // above the plan 2 000 000 × 10 % = 200 000; 1 000 000 at 120 %.
    expect(bonus(12_000_000n)).toEqual<BonusResult>({
      planPercent: '120.00',
      level: { index: 2, thresholdPercent: '100.00' },
      levelBonusMinor: 190_000n,
      exceededBonusMinor: 200_000n,
      fixedBonusMinor: 1_000_000n,
      bonusMinor: 1_390_000n,
      fixedSalaryMinor: 5_000_000n,
      totalMinor: 6_390_000n,
      lines: [
        {
          code: 'bandRate',
          amountMinor: 90_000n,
          params: {
            level: '1',
            fromPercent: '70.00',
            toPercent: '100.00',
            ratePercent: '3.00',
            bandRevenueMinor: '3000000',
          },
        },
        {
          code: 'bandRate',
          amountMinor: 100_000n,
          params: {
            level: '2',
            fromPercent: '100.00',
            toPercent: '150.00',
            ratePercent: '5.00',
            bandRevenueMinor: '2000000',
          },
        },
        {
          code: 'abovePlan',
          amountMinor: 200_000n,
          params: { ratePercent: '10.00', exceededRevenueMinor: '2000000' },
        },
        { code: 'fixedAt120', amountMinor: 1_000_000n, params: { fixedMinor: '1000000' } },
      ],
    });
  });

  it('has no fixed bonus one minor unit below 120 %', () => {
    // 90 000 + 1 999 999 × 5 % = 99 999.95 → 100 000; 1 999 999 × 10 % = 199 999.9 → 200 000.
    expect(bonus(11_999_999n)).toMatchObject({
      planPercent: '119.99',
      levelBonusMinor: 190_000n,
      exceededBonusMinor: 200_000n,
      fixedBonusMinor: 0n,
      bonusMinor: 390_000n,
    });
  });

  it('pays a fixed-amount band once, and leaves the last band open', () => {
    // 90 000 + 5 000 000 × 5 % = 250 000 + 2 500 000; 6 000 000 × 10 % = 600 000; 1 000 000 at 120 %.
    const result = bonus(16_000_000n);
    expect(result).toMatchObject({
      level: { index: 3, thresholdPercent: '150.00' },
      levelBonusMinor: 2_840_000n,
      exceededBonusMinor: 600_000n,
      fixedBonusMinor: 1_000_000n,
      bonusMinor: 4_440_000n,
      totalMinor: 9_440_000n,
    });
    expect(result.lines.slice(1, 3)).toEqual([
      {
        code: 'bandRate',
        amountMinor: 250_000n,
        params: {
          level: '2',
          fromPercent: '100.00',
          toPercent: '150.00',
          ratePercent: '5.00',
          bandRevenueMinor: '5000000',
        },
      },
      {
        code: 'bandFixed',
        amountMinor: 2_500_000n,
        params: { level: '3', fromPercent: '150.00', toPercent: '', fixedMinor: '2500000' },
      },
    ]);
    // Exactly at the plan: band 2 is reached with nothing in it, and nothing is above the plan (no line for it).
    expect(bonus(10_000_000n)).toMatchObject({ level: { index: 2 }, levelBonusMinor: 90_000n, bonusMinor: 90_000n });
    expect(bonus(10_000_000n).lines.map((line) => [line.code, line.amountMinor])).toEqual([
      ['bandRate', 90_000n],
      ['bandRate', 0n],
    ]);
    // One unit below the second threshold: band 1 holds 2 999 999 × 3 % = 89 999.97 → 90 000, level 1.
    expect(bonus(9_999_999n)).toMatchObject({ level: { index: 1 }, levelBonusMinor: 90_000n, bonusMinor: 90_000n });
  });

  it('starts each band at the least whole revenue that reaches it when the plan does not divide evenly', () => {
    // Plan 1001: 70 % is 700.7 and 80 % is 800.8 minor units, first reached by 701 and 801.
    const terms = scheme('marginal', { levels: [rate(7000n, 5000n), rate(8000n, 10_000n)] });
    const at = (revenueMinor: bigint) => computeBonus(terms, { planMinor: 1001n, revenueMinor });
    expect(at(700n)).toMatchObject({ planPercent: '69.93', level: null, bonusMinor: 0n });
    // 701 is the band's first unit: nothing in it yet.
    expect(at(701n)).toMatchObject({ planPercent: '70.02', level: { index: 1 }, bonusMinor: 0n });
    // (801 − 701) × 50 % = 50; (900 − 801) × 100 % = 99: each line its band's whole units times its rate.
    const result = at(900n);
    expect(result.lines.map((line) => [line.amountMinor, line.params.bandRevenueMinor])).toEqual([
      [50n, '100'],
      [99n, '99'],
    ]);
    expect(result).toMatchObject({ planPercent: '89.91', level: { index: 2 }, bonusMinor: 149n });
    // Plan 1003: 70 % is 702.1, first reached by 703; (750 − 703) × 100 % = 47.
    const open = scheme('marginal', { levels: [rate(7000n, 10_000n)] });
    expect(computeBonus(open, { planMinor: 1003n, revenueMinor: 750n }).bonusMinor).toBe(47n);
  });
});

describe('rounding and the plan percentage', () => {
  it('rounds half a minor unit away from zero, on each line', () => {
    const highest = scheme('highest', { levels: [rate(5000n, 50n)], abovePlanRateHundredths: 5000n });
    // 100 × 0.50 % = 0.5 → 1; 98 × 0.50 % = 0.49 → 0.
    expect(computeBonus(highest, { planMinor: 100n, revenueMinor: 100n }).bonusMinor).toBe(1n);
    expect(computeBonus(highest, { planMinor: 100n, revenueMinor: 98n }).bonusMinor).toBe(0n);
    // 101 × 0.50 % = 0.505 → 1; (101 − 100) × 50 % = 0.5 → 1.
    expect(computeBonus(highest, { planMinor: 100n, revenueMinor: 101n })).toMatchObject({
      levelBonusMinor: 1n,
      exceededBonusMinor: 1n,
      bonusMinor: 2n,
    });
    // 100 × 2.50 % = 2.5 → 3 (half to even would give 2).
    const twoAndHalf = scheme('highest', { levels: [rate(5000n, 250n)] });
    expect(computeBonus(twoAndHalf, { planMinor: 100n, revenueMinor: 100n }).bonusMinor).toBe(3n);
    // A band of 100 − 50 = 50 at 1 % = 0.5 → 1.
    const marginal = scheme('marginal', { levels: [rate(5000n, 100n)] });
    expect(computeBonus(marginal, { planMinor: 100n, revenueMinor: 100n }).bonusMinor).toBe(1n);
  });

  it('truncates the plan percentage, and pays at 120 % by exact comparison', () => {
    const terms = scheme('highest', { fixedBonusAt120Minor: 700n });
    const at = (planMinor: bigint, revenueMinor: bigint) => computeBonus(terms, { planMinor, revenueMinor });
    expect(at(10_000n, 11_999n)).toMatchObject({ planPercent: '119.99', fixedBonusMinor: 0n });
    expect(at(10_000n, 12_000n)).toMatchObject({ planPercent: '120.00', fixedBonusMinor: 700n, bonusMinor: 700n });
    // 2 / 3 = 66.666… % → "66.66"; 1 / 7 = 14.2857… % → "14.28".
    expect(at(3n, 2n).planPercent).toBe('66.66');
    expect(at(7n, 1n).planPercent).toBe('14.28');
    // Plan 1001: 120 % is 1201.2, so 1201 misses the fixed bonus (119.98 %) and 1202 gets it (120.07 %).
    expect(at(1001n, 1201n)).toMatchObject({ planPercent: '119.98', fixedBonusMinor: 0n });
    expect(at(1001n, 1202n)).toMatchObject({ planPercent: '120.07', fixedBonusMinor: 700n });
  });
});

describe('a month without a plan', () => {
  it.each<[BonusTierMode, bigint | null]>([
    ['highest', null],
    ['highest', 0n],
    ['marginal', null],
    ['marginal', 0n],
  ])('in %s mode with plan %s pays the salary only, and says why', (tierMode, planMinor) => {
    expect(computeBonus(standard(tierMode), { planMinor, revenueMinor: 50_000_000n })).toEqual<BonusResult>({
      planPercent: null,
      level: null,
      levelBonusMinor: 0n,
      exceededBonusMinor: 0n,
      fixedBonusMinor: 0n,
      bonusMinor: 0n,
      fixedSalaryMinor: 5_000_000n,
      totalMinor: 5_000_000n,
      lines: [{ code: 'noPlan', amountMinor: 0n, params: {} }],
    });
  });
});

describe('extreme plans and amounts', () => {
  it('works with a plan of one minor unit', () => {
    // 70 % and 100 % of 1 are both reached by 1; 120 % (1.2) needs 2.
    const levels = [rate(7000n, 1000n), fixed(10_000n, 500n)];
    for (const tierMode of ['highest', 'marginal'] as const) {
      const terms = scheme(tierMode, { levels, fixedBonusAt120Minor: 1000n, abovePlanRateHundredths: 1000n });
      const at = (revenueMinor: bigint) => computeBonus(terms, { planMinor: 1n, revenueMinor });
      expect(at(0n)).toMatchObject({ planPercent: '0.00', level: null, bonusMinor: 0n });
      // Marginal: band 1 runs from 1 (the least reaching 0.7) to 1 (reaching 1.0): empty; band 2 pays 500.
      expect(at(1n)).toMatchObject({
        planPercent: '100.00',
        level: { index: 2, thresholdPercent: '100.00' },
        levelBonusMinor: 500n,
        exceededBonusMinor: 0n,
        fixedBonusMinor: 0n,
        bonusMinor: 500n,
      });
      // (2 − 1) × 10 % = 0.1 → 0, still a line; 1000 at 120 %.
      expect(at(2n)).toMatchObject({
        planPercent: '200.00',
        levelBonusMinor: 500n,
        exceededBonusMinor: 0n,
        fixedBonusMinor: 1000n,
        bonusMinor: 1500n,
      });
      expect(at(2n).lines.find((line) => line.code === 'abovePlan')).toEqual({
        code: 'abovePlan',
        amountMinor: 0n,
        params: { ratePercent: '10.00', exceededRevenueMinor: '1' },
      });
    }
  });

  it('keeps the largest total an exact safe integer', () => {
    // MAX_BONUS_LEVELS fixed levels of the maximum at 100 %, 200 %, … 1000 %, the maximum at 120 % and as salary,
    // 100 % above the plan, a plan of 1 and the maximum revenue.
    const levels = Array.from({ length: MAX_BONUS_LEVELS }, (_, index) => fixed(BigInt(index + 1) * 10_000n, MAX));
    const overrides = { fixedSalaryMinor: MAX, levels, fixedBonusAt120Minor: MAX, abovePlanRateHundredths: 10_000n };
    const marginal = computeBonus(scheme('marginal', overrides), { planMinor: 1n, revenueMinor: MAX });
    // 10 × 10¹⁴ + (10¹⁴ − 1) + 10¹⁴, and the salary 10¹⁴.
    expect(marginal).toMatchObject({
      level: { index: 10, thresholdPercent: '1000.00' },
      levelBonusMinor: 1_000_000_000_000_000n,
      exceededBonusMinor: 99_999_999_999_999n,
      fixedBonusMinor: 100_000_000_000_000n,
      bonusMinor: 1_199_999_999_999_999n,
      totalMinor: 1_299_999_999_999_999n,
    });
    expect(Number.isSafeInteger(Number(marginal.totalMinor))).toBe(true);
    expect(BigInt(Number(marginal.totalMinor))).toBe(marginal.totalMinor);
    const highest = computeBonus(scheme('highest', overrides), { planMinor: 1n, revenueMinor: MAX });
    expect(highest).toMatchObject({ levelBonusMinor: MAX, bonusMinor: 299_999_999_999_999n });
    expect(highest.totalMinor).toBe(399_999_999_999_999n);
    // 100 % of the maximum revenue at the maximum plan.
    const whole = scheme('highest', { levels: [rate(10_000n, 10_000n)] });
    expect(computeBonus(whole, { planMinor: MAX, revenueMinor: MAX })).toMatchObject({
      planPercent: '100.00',
      bonusMinor: MAX,
    });
  });
});

describe('the bonus table', () => {
  it('has a row per level and the 120 % row, in the order of revenue', () => {
    const rows = bonusTable(standard('highest'), PLAN);
    expect(rows.map((row) => [row.level, row.thresholdPercent, row.revenueMinor, row.result.bonusMinor])).toEqual([
      [1, '70.00', 7_000_000n, 210_000n],
      [2, '100.00', 10_000_000n, 500_000n],
      [null, '120.00', 12_000_000n, 1_800_000n],
      [3, '150.00', 15_000_000n, 4_000_000n],
    ]);
    expect(rows[2]?.result).toEqual(computeBonus(standard('highest'), { planMinor: PLAN, revenueMinor: 12_000_000n }));
  });

  it('gives each row the least revenue that reaches it', () => {
    // Plan 1001: 700.7 → 701, 1001, 1201.2 → 1202, 1501.5 → 1502.
    const terms = standard('marginal');
    const rows = bonusTable(terms, 1001n);
    expect(rows.map((row) => [row.level, row.revenueMinor])).toEqual([
      [1, 701n],
      [2, 1001n],
      [null, 1202n],
      [3, 1502n],
    ]);
    const below = rows.map((row) => computeBonus(terms, { planMinor: 1001n, revenueMinor: row.revenueMinor - 1n }));
    expect(below.map((result) => [result.level?.index ?? null, result.fixedBonusMinor])).toEqual([
      [null, 0n],
      [1, 0n],
      [2, 0n],
      [2, 1_000_000n],
    ]);
    expect(rows.map((row) => [row.result.level?.index, row.result.fixedBonusMinor])).toEqual([
      [1, 0n],
      [2, 0n],
      [2, 1_000_000n],
      [3, 1_000_000n],
    ]);
  });

  it('keeps the order of the levels when rows need the same revenue', () => {
    // Plan 1: 70 % (0.7) and 100 % are both reached by 1; 120 % (1.2) by 2.
    const terms = scheme('highest', { levels: [rate(7000n, 1000n), fixed(10_000n, 500n)] });
    expect(bonusTable(terms, 1n).map((row) => [row.level, row.revenueMinor, row.result.bonusMinor])).toEqual([
      [1, 1n, 500n],
      [2, 1n, 500n],
      [null, 2n, 500n],
    ]);
  });

  it('is empty without a plan', () => {
    expect(bonusTable(standard('highest'), 0n)).toEqual([]);
  });

  it('rounds the revenue to reach a threshold up, and only when it must', () => {
    expect([revenueToReach(1000n, 7000n), revenueToReach(1001n, 7000n), revenueToReach(1003n, 7000n)]).toEqual([
      700n,
      701n,
      703n,
    ]);
  });
});

describe('the next step', () => {
  it('is the next row of the table: how much more revenue, and how much more bonus', () => {
    const highest = standard('highest');
    // 8 000 000 × 3 % = 240 000 → 10 000 000 × 5 % = 500 000.
    const step = nextStep(highest, { planMinor: PLAN, revenueMinor: 8_000_000n });
    expect([step?.row.level, step?.moreMinor, step?.extraBonusMinor]).toEqual([2, 2_000_000n, 260_000n]);
    // Exactly at a row, the step is the one after it: 500 000 → 1 800 000 at 120 %.
    const at100 = nextStep(highest, { planMinor: PLAN, revenueMinor: 10_000_000n });
    expect([at100?.row.level, at100?.row.revenueMinor, at100?.moreMinor, at100?.extraBonusMinor]).toEqual([
      null,
      12_000_000n,
      2_000_000n,
      1_300_000n,
    ]);
    expect(nextStep(highest, { planMinor: PLAN, revenueMinor: 0n })).toMatchObject({
      moreMinor: 7_000_000n,
      extraBonusMinor: 210_000n,
    });
    // Marginal: band 1 holds 1 000 000 × 3 % = 30 000, then 3 000 000 × 3 % = 90 000.
    expect(nextStep(standard('marginal'), { planMinor: PLAN, revenueMinor: 8_000_000n })).toMatchObject({
      moreMinor: 2_000_000n,
      extraBonusMinor: 60_000n,
    });
  });

  it('is null past the last row or without a plan', () => {
    const terms = standard('highest');
    expect(nextStep(terms, { planMinor: PLAN, revenueMinor: 15_000_000n })).toBeNull();
    expect(nextStep(terms, { planMinor: null, revenueMinor: 0n })).toBeNull();
    expect(nextStep(terms, { planMinor: 0n, revenueMinor: 0n })).toBeNull();
  });
});

describe('percentages as text', () => {
  it.each<[string, bigint, string]>([
    ['70', 7000n, '70.00'],
    ['70.5', 7050n, '70.50'],
    ['70.50', 7050n, '70.50'],
    ['0.01', 1n, '0.01'],
    ['0', 0n, '0.00'],
    ['1000', 100_000n, '1000.00'],
    [' 12.3 ', 1230n, '12.30'],
  ])('reads %j as %s hundredths and writes it back as %j', (text, hundredths, written) => {
    expect(percentHundredths(text)).toBe(hundredths);
    expect(percentText(hundredths)).toBe(written);
  });

  it.each(['70.505', '-1', 'abc', '', '70.', '.5', '1e3', '70,5', '1 000'])('refuses %j', (text) => {
    expect(percentHundredths(text)).toBeNull();
  });

  it('writes any number of hundredths so that it reads back the same', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999n }), (hundredths) => {
        expect(percentText(hundredths)).toMatch(/^\d+\.\d\d$/);
        expect(percentHundredths(percentText(hundredths))).toBe(hundredths);
      }),
    );
  });
});

// Generated schemes, kept as plain numbers so that the same scheme can be written as the engine reads it and as the
// API's JSON carries it.
type GeneratedLevel = { threshold: number; rate: number } | { threshold: number; fixed: number };
type Generated = {
  fixedSalary: number;
  tierMode: BonusTierMode;
  levels: GeneratedLevel[];
  fixedAt120: number;
  abovePlanRate: number;
};

const money = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: BONUS_MONEY_MAX_MINOR }));
const rateHundredths = fc.integer({ min: 0, max: 10_000 });
const thresholds = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: MAX_BONUS_LEVELS })
  .map((values) => values.sort((a, b) => a - b));
const pay = fc.oneof(
  rateHundredths.map((rate) => ({ rate })),
  money.map((fixed) => ({ fixed })),
);

function generated(
  levels: fc.Arbitrary<GeneratedLevel[]>,
  tierMode = fc.constantFrom<BonusTierMode>('highest', 'marginal'),
) {
  return fc.record({ fixedSalary: money, tierMode, levels, fixedAt120: money, abovePlanRate: rateHundredths });
}

const anyLevels = thresholds.chain((values) =>
  fc
    .array(pay, { minLength: values.length, maxLength: values.length })
    .map((pays) => values.map((threshold, index): GeneratedLevel => ({ threshold, ...(pays[index] ?? { rate: 0 }) }))),
);

/** Rate levels only, the rates increasing with the threshold. */
const risingRateLevels = thresholds.chain((values) =>
  fc
    .array(rateHundredths, { minLength: values.length, maxLength: values.length })
    .map((rates) => rates.sort((a, b) => a - b))
    .map((rates) => values.map((threshold, index): GeneratedLevel => ({ threshold, rate: rates[index] ?? 0 }))),
);

const rateLevels = thresholds.chain((values) =>
  fc
    .array(rateHundredths, { minLength: values.length, maxLength: values.length })
    .map((rates) => values.map((threshold, index): GeneratedLevel => ({ threshold, rate: rates[index] ?? 0 }))),
);

function termsOf(scheme: Generated): BonusTerms {
  return {
    fixedSalaryMinor: BigInt(scheme.fixedSalary),
    tierMode: scheme.tierMode,
    levels: scheme.levels.map((level) =>
      'rate' in level
        ? rate(BigInt(level.threshold), BigInt(level.rate))
        : fixed(BigInt(level.threshold), BigInt(level.fixed)),
    ),
    fixedBonusAt120Minor: BigInt(scheme.fixedAt120),
    abovePlanRateHundredths: BigInt(scheme.abovePlanRate),
  };
}

/** A percentage as people type it, without the trailing zeros: 7050 → "70.5", 7000 → "70". */
function shortPercent(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return String(whole);
  return fraction % 10 === 0 ? `${whole}.${fraction / 10}` : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** The scheme as the API's JSON carries it, its percentages either as typed or with two decimals. */
function jsonOf(scheme: Generated, short: boolean): unknown {
  const percent = (hundredths: number) => (short ? shortPercent(hundredths) : percentText(BigInt(hundredths)));
  const body = {
    fixedSalaryMinor: scheme.fixedSalary,
    tierMode: scheme.tierMode,
    levels: scheme.levels.map((level) =>
      'rate' in level
        ? { thresholdPercent: percent(level.threshold), ratePercent: percent(level.rate) }
        : { thresholdPercent: percent(level.threshold), fixedMinor: level.fixed },
    ),
    fixedBonusAt120Minor: scheme.fixedAt120,
    abovePlanRatePercent: percent(scheme.abovePlanRate),
  };
  return JSON.parse(JSON.stringify(body));
}

const plans = fc.oneof(
  fc.constant(null),
  fc.constant(0n),
  fc.bigInt({ min: 1n, max: 1000n }),
  fc.bigInt({ min: 1n, max: 100_000_000n }),
  fc.bigInt({ min: 1n, max: MAX }),
);

/** Revenues anywhere, and many at a threshold of the scheme (or 100 %, 120 %) and a minor unit either side. */
function revenues(scheme: Generated, plan: bigint | null): fc.Arbitrary<bigint> {
  const base = plan !== null && plan > 0n ? plan : PLAN;
  const marks = [...scheme.levels.map((level) => level.threshold), 10_000, 12_000];
  return fc.oneof(
    fc.bigInt({ min: 0n, max: MAX }),
    fc.bigInt({ min: 0n, max: 100_000n }),
    fc.tuple(fc.constantFrom(...marks), fc.integer({ min: -1, max: 1 })).map(([mark, offset]) => {
      const revenue = (BigInt(mark) * base + 9999n) / 10_000n + BigInt(offset);
      return revenue < 0n ? 0n : revenue;
    }),
  );
}

function cases(levels: fc.Arbitrary<GeneratedLevel[]> = anyLevels, tierMode?: fc.Arbitrary<BonusTierMode>) {
  return fc
    .tuple(generated(levels, tierMode), plans)
    .chain(([scheme, plan]) => revenues(scheme, plan).map((revenue) => ({ scheme, plan, revenue })));
}

/** `numerator / denominator` rounded half up, both non-negative: the specification's rounding, written apart. */
function halfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
}

describe('the bonus for any scheme, plan and revenue', () => {
  it('adds up: the lines make the bonus, its parts make it too, and the total is salary plus bonus', () => {
    fc.assert(
      fc.property(cases(), ({ scheme, plan, revenue }) => {
        const result = computeBonus(termsOf(scheme), { planMinor: plan, revenueMinor: revenue });
        expect(result.lines.reduce((sum, line) => sum + line.amountMinor, 0n)).toBe(result.bonusMinor);
        expect(result.levelBonusMinor + result.exceededBonusMinor + result.fixedBonusMinor).toBe(result.bonusMinor);
        expect(result.fixedSalaryMinor).toBe(BigInt(scheme.fixedSalary));
        expect(result.totalMinor).toBe(result.fixedSalaryMinor + result.bonusMinor);
        const amounts = [result.levelBonusMinor, result.exceededBonusMinor, result.fixedBonusMinor, result.bonusMinor];
        expect([...amounts, ...result.lines.map((line) => line.amountMinor)].filter((amount) => amount < 0n)).toEqual(
          [],
        );
        expect(Number.isSafeInteger(Number(result.totalMinor))).toBe(true);
      }),
    );
  });

  it('agrees with a direct reading of the specification', () => {
    fc.assert(
      fc.property(cases(), ({ scheme, plan, revenue }) => {
        const result = computeBonus(termsOf(scheme), { planMinor: plan, revenueMinor: revenue });
        if (plan === null || plan === 0n) {
          expect(result).toMatchObject({ planPercent: null, level: null, bonusMinor: 0n });
          expect(result.lines.map((line) => line.code)).toEqual(['noPlan']);
          return;
        }
        // Revenue ÷ plan in hundredths of a percent, truncated: a threshold is an integer, so comparing it with the
        // truncated percentage is the exact comparison.
        const percent = (revenue * 10_000n) / plan;
        const reached = scheme.levels.filter((level) => BigInt(level.threshold) <= percent);
        let levelBonus = 0n;
        if (scheme.tierMode === 'highest') {
          const top = reached.at(-1);
          if (top) levelBonus = 'rate' in top ? halfUp(revenue * BigInt(top.rate), 10_000n) : BigInt(top.fixed);
        } else {
          reached.forEach((level, index) => {
            if (!('rate' in level)) {
              levelBonus += BigInt(level.fixed);
              return;
            }
            // A band runs between the least whole revenues that reach its threshold and the next one.
            const least = (threshold: number) => (BigInt(threshold) * plan + 9_999n) / 10_000n;
            const upper = reached[index + 1]?.threshold;
            const top = upper === undefined ? revenue : least(upper);
            levelBonus += halfUp((top - least(level.threshold)) * BigInt(level.rate), 10_000n);
          });
        }
        const exceeded = revenue > plan ? halfUp((revenue - plan) * BigInt(scheme.abovePlanRate), 10_000n) : 0n;
        const fixedBonus = percent >= 12_000n ? BigInt(scheme.fixedAt120) : 0n;
        expect(result).toMatchObject({
          level: reached.length > 0 ? { index: reached.length } : null,
          levelBonusMinor: levelBonus,
          exceededBonusMinor: exceeded,
          fixedBonusMinor: fixedBonus,
          bonusMinor: levelBonus + exceeded + fixedBonus,
        });
      }),
    );
  });

  it('truncates the plan percentage: percent × plan ≤ revenue × 100 % < (percent + 0.01) × plan', () => {
    fc.assert(
      fc.property(cases(), ({ scheme, plan, revenue }) => {
        const { planPercent } = computeBonus(termsOf(scheme), { planMinor: plan, revenueMinor: revenue });
        if (plan === null || plan === 0n) {
          expect(planPercent).toBeNull();
          return;
        }
        // Read apart from percentHundredths, which takes percentages people type (at most 7 digits before the point).
        expect(planPercent).toMatch(/^\d+\.\d\d$/);
        const hundredths = BigInt((planPercent ?? '').replace('.', ''));
        expect(hundredths * plan <= revenue * 10_000n).toBe(true);
        expect(revenue * 10_000n < (hundredths + 1n) * plan).toBe(true);
      }),
    );
  });

  it('never falls as revenue grows, in highest mode with rising rates and in marginal mode with rates', () => {
    const growth = fc.oneof(fc.constant(1n), fc.bigInt({ min: 1n, max: 1_000_000n }), fc.bigInt({ min: 1n, max: MAX }));
    const rising = fc.oneof(
      cases(risingRateLevels, fc.constant('highest')),
      cases(rateLevels, fc.constant('marginal')),
    );
    fc.assert(
      fc.property(rising, growth, ({ scheme, plan, revenue }, more) => {
        const terms = termsOf(scheme);
        const before = computeBonus(terms, { planMinor: plan, revenueMinor: revenue });
        const after = computeBonus(terms, { planMinor: plan, revenueMinor: revenue + more });
        expect(after.bonusMinor >= before.bonusMinor).toBe(true);
        expect(after.levelBonusMinor >= before.levelBonusMinor).toBe(true);
      }),
    );
  });

  it('gives the same answer from the API’s JSON, read by the request schema and bonusTermsOf', () => {
    fc.assert(
      fc.property(cases(), fc.boolean(), ({ scheme, plan, revenue }, short) => {
        const terms = bonusTermsOf(BonusSchemeRequest.parse(jsonOf(scheme, short)));
        expect(terms).toEqual(termsOf(scheme));
        const input = { planMinor: plan, revenueMinor: revenue };
        expect(computeBonus(terms, input)).toEqual(computeBonus(termsOf(scheme), input));
      }),
    );
  });

  it('builds a table whose rows are the least revenues reaching their level or 120 %', () => {
    const positivePlans = fc.oneof(fc.bigInt({ min: 1n, max: 1000n }), fc.bigInt({ min: 1n, max: MAX }));
    fc.assert(
      fc.property(generated(anyLevels), positivePlans, (scheme, plan) => {
        const terms = termsOf(scheme);
        const rows = bonusTable(terms, plan);
        expect(rows.map((row) => row.level).sort()).toEqual(
          [...scheme.levels.map((_, index) => index + 1), null].sort(),
        );
        rows.forEach((row, index) => {
          const previous = rows[index - 1];
          if (previous) expect(previous.revenueMinor <= row.revenueMinor).toBe(true);
          expect(row.result).toEqual(computeBonus(terms, { planMinor: plan, revenueMinor: row.revenueMinor }));
          const below = computeBonus(terms, { planMinor: plan, revenueMinor: row.revenueMinor - 1n });
          if (row.level === null) {
            expect(row.revenueMinor * 10_000n >= 12_000n * plan).toBe(true);
            expect((row.revenueMinor - 1n) * 10_000n < 12_000n * plan).toBe(true);
            expect([row.result.fixedBonusMinor, below.fixedBonusMinor]).toEqual([BigInt(scheme.fixedAt120), 0n]);
          } else {
            expect((row.result.level?.index ?? 0) >= row.level).toBe(true);
            expect((below.level?.index ?? 0) < row.level).toBe(true);
          }
        });
      }),
    );
  });

  it('steps to the nearest row of the table above the revenue that pays more', () => {
    fc.assert(
      fc.property(cases(), ({ scheme, plan, revenue }) => {
        const terms = termsOf(scheme);
        const step = nextStep(terms, { planMinor: plan, revenueMinor: revenue });
        const now = computeBonus(terms, { planMinor: plan, revenueMinor: revenue });
        const above = plan
          ? bonusTable(terms, plan).filter(
              (row) => row.revenueMinor > revenue && row.result.bonusMinor > now.bonusMinor,
            )
          : [];
        if (!step) {
          expect(above).toEqual([]);
          return;
        }
        expect(step.row).toEqual(above[0]);
        expect(step.moreMinor).toBe(step.row.revenueMinor - revenue);
        expect(step.moreMinor > 0n).toBe(true);
        expect(step.extraBonusMinor).toBe(step.row.result.bonusMinor - now.bonusMinor);
        expect(step.extraBonusMinor > 0n).toBe(true);
      }),
    );
  });
});
