import { type BonusCalculation, bonusTermsOf, computeBonus, type ExplanationLine } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { moneyText } from '../../lib/format';
import { lineWords, resultOf, sameResult, type Words } from './explanation';

/** The demo's offline scheme: the highest level reached pays its rate on the whole revenue. */
const highest = bonusTermsOf({
  fixedSalaryMinor: 6_000_000,
  tierMode: 'highest',
  levels: [
    { thresholdPercent: '70.00', ratePercent: '3.00' },
    { thresholdPercent: '90.00', ratePercent: '5.00' },
    { thresholdPercent: '100.00', fixedMinor: 9_000_000 },
  ],
  fixedBonusAt120Minor: 5_000_000,
  abovePlanRatePercent: '2.00',
});

/** The demo's online scheme: each band pays its rate on the revenue within it. */
const marginal = bonusTermsOf({
  fixedSalaryMinor: 5_000_000,
  tierMode: 'marginal',
  levels: [
    { thresholdPercent: '50.00', ratePercent: '2.00' },
    { thresholdPercent: '80.00', fixedMinor: 100_000 },
    { thresholdPercent: '100.00', ratePercent: '6.00' },
  ],
  fixedBonusAt120Minor: 4_000_000,
  abovePlanRatePercent: '1.50',
});

// Plain stand-ins for the screen's formatters (lib/format), which the words only pass along.
const russian: Words = {
  money: (minor) => `${moneyText(minor, 2).replace('.', ',')} ₽`,
  percent: (text) => `${text.replace('.', ',')}\u00a0%`,
};

const wordsOf = (lines: ExplanationLine[]) => lines.map((line) => lineWords(line, russian));

describe('lineWords', () => {
  it('words a level reached, the rate above plan and the 120 % bonus with their figures', () => {
    const result = computeBonus(highest, { planMinor: 100_000_000n, revenueMinor: 95_000_000n });
    expect(wordsOf(result.lines)).toEqual([
      {
        key: 'levelRate',
        values: {
          level: '2',
          threshold: '90,00\u00a0%',
          rate: '5,00\u00a0%',
          revenue: '950000,00 ₽',
          amount: '47500,00 ₽',
        },
      },
    ]);
    const over = computeBonus(highest, { planMinor: 100_000_000n, revenueMinor: 125_000_000n });
    expect(wordsOf(over.lines)).toEqual([
      { key: 'levelFixed', values: { level: '3', threshold: '100,00\u00a0%', amount: '90000,00 ₽' } },
      { key: 'abovePlan', values: { rate: '2,00\u00a0%', exceeded: '250000,00 ₽', amount: '5000,00 ₽' } },
      { key: 'fixedAt120', values: { amount: '50000,00 ₽' } },
    ]);
  });

  it('words each band, the last one open above', () => {
    const result = computeBonus(marginal, { planMinor: 100_000_000n, revenueMinor: 110_000_000n });
    expect(wordsOf(result.lines).slice(0, 3)).toEqual([
      {
        key: 'bandRate',
        values: {
          level: '1',
          from: '50,00\u00a0%',
          to: '80,00\u00a0%',
          rate: '2,00\u00a0%',
          bandRevenue: '300000,00 ₽',
          amount: '6000,00 ₽',
        },
      },
      { key: 'bandFixed', values: { level: '2', from: '80,00\u00a0%', to: '100,00\u00a0%', amount: '1000,00 ₽' } },
      {
        key: 'bandRateOpen',
        values: {
          level: '3',
          from: '100,00\u00a0%',
          rate: '6,00\u00a0%',
          bandRevenue: '100000,00 ₽',
          amount: '6000,00 ₽',
        },
      },
    ]);
  });

  it('words a month without a plan and a revenue below the first level', () => {
    expect(wordsOf(computeBonus(highest, { planMinor: null, revenueMinor: 5n }).lines)).toEqual([
      { key: 'noPlan', values: {} },
    ]);
    expect(wordsOf(computeBonus(highest, { planMinor: 1000n, revenueMinor: 5n }).lines)).toEqual([
      { key: 'belowFirstLevel', values: { threshold: '70,00\u00a0%' } },
    ]);
  });
});

describe('sameResult', () => {
  /** The server's answer as it arrives: the engine's result in JSON numbers, with the scheme it used. */
  const answered = (revenueMinor: bigint): BonusCalculation => {
    const result = computeBonus(highest, { planMinor: 100_000_000n, revenueMinor });
    return JSON.parse(
      JSON.stringify(
        {
          scheme: { managementType: 'offline', effectiveFrom: '2025-12', tierMode: 'highest' },
          ...result,
          lines: result.lines.map((line) => ({ params: line.params, amountMinor: line.amountMinor, code: line.code })),
        },
        (_key, value) => (typeof value === 'bigint' ? Number(value) : value),
      ),
    );
  };

  it("agrees with the server's answer for the same input, whatever the order of its fields", () => {
    const browser = computeBonus(highest, { planMinor: 100_000_000n, revenueMinor: 125_000_000n });
    expect(resultOf(answered(125_000_000n))).toEqual(browser);
    expect(sameResult(browser, resultOf(answered(125_000_000n)))).toBe(true);
  });

  it('tells a different answer apart, down to one minor unit', () => {
    const browser = computeBonus(highest, { planMinor: 100_000_000n, revenueMinor: 125_000_000n });
    expect(sameResult(browser, resultOf(answered(125_000_001n)))).toBe(false);
    expect(sameResult(browser, { ...browser, lines: browser.lines.slice(1) })).toBe(false);
  });
});
