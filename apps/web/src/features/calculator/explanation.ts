import type { BonusCalculation, BonusResult, ExplanationLine } from '@cm/contract';

/** How amounts and percentages are written: the screen's formatters, plain functions here for the tests. */
export type Words = {
  money: (minor: number | bigint | string) => string;
  percent: (text: string) => string;
};

/** A message key of the `calculator` namespace (under `explanation.`) with its values, all written out. */
export type LineWords = { key: string; values: Record<string, string> };

/**
 * One line of the engine's explanation in words: the message key of its code and its params written for people
 * (money in the currency, percentages in the language's digits). A band without an upper bound (the last) has
 * its own sentence.
 */
export function lineWords(line: ExplanationLine, words: Words): LineWords {
  const { params } = line;
  const amount = words.money(line.amountMinor);
  const money = (name: string) => words.money(params[name] ?? '0');
  const percent = (name: string) => words.percent(params[name] ?? '0');
  switch (line.code) {
    case 'noPlan':
      return { key: 'noPlan', values: {} };
    case 'belowFirstLevel':
      return { key: 'belowFirstLevel', values: { threshold: percent('thresholdPercent') } };
    case 'levelRate':
      return {
        key: 'levelRate',
        values: {
          level: params.level ?? '',
          threshold: percent('thresholdPercent'),
          rate: percent('ratePercent'),
          revenue: money('revenueMinor'),
          amount,
        },
      };
    case 'levelFixed':
      return {
        key: 'levelFixed',
        values: { level: params.level ?? '', threshold: percent('thresholdPercent'), amount },
      };
    case 'bandRate':
    case 'bandFixed': {
      const open = !params.toPercent;
      const values: Record<string, string> = {
        level: params.level ?? '',
        from: percent('fromPercent'),
        ...(open ? {} : { to: percent('toPercent') }),
        amount,
      };
      if (line.code === 'bandRate') {
        values.rate = percent('ratePercent');
        values.bandRevenue = money('bandRevenueMinor');
      }
      return { key: `${line.code}${open ? 'Open' : ''}`, values };
    }
    case 'abovePlan':
      return {
        key: 'abovePlan',
        values: { rate: percent('ratePercent'), exceeded: money('exceededRevenueMinor'), amount },
      };
    case 'fixedAt120':
      return { key: 'fixedAt120', values: { amount } };
  }
}

/** The server's answer in the engine's terms, exact integers, for showing and comparing as one. */
export function resultOf(calculation: BonusCalculation): BonusResult {
  return {
    planPercent: calculation.planPercent,
    level: calculation.level,
    levelBonusMinor: BigInt(calculation.levelBonusMinor),
    exceededBonusMinor: BigInt(calculation.exceededBonusMinor),
    fixedBonusMinor: BigInt(calculation.fixedBonusMinor),
    bonusMinor: BigInt(calculation.bonusMinor),
    fixedSalaryMinor: BigInt(calculation.fixedSalaryMinor),
    totalMinor: BigInt(calculation.totalMinor),
    lines: calculation.lines.map((line) => ({ ...line, amountMinor: BigInt(line.amountMinor) })),
  };
}

/** A value with its objects' keys in one order and its bigints as text, for comparing two answers as JSON. */
function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([first], [second]) => (first < second ? -1 : first > second ? 1 : 0))
        .map(([key, child]) => [key, canonical(child)]),
    );
  }
  return value;
}

/** Whether the browser's and the server's answers say the same in every figure and line (they must). */
export function sameResult(browser: BonusResult, server: BonusResult): boolean {
  return JSON.stringify(canonical(browser)) === JSON.stringify(canonical(server));
}
