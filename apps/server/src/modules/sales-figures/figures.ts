import { type BonusSchemeVersion, bonusTermsOf, computeBonus, type LeaderboardRow, percentText } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { versionsInEffect } from '../bonus-schemes/repository.js';
import { closingsOf, type FrozenFigures, frozenFiguresOfMonths } from '../sales-months/repository.js';
import {
  activityByAmoId,
  plansOf,
  type Results,
  resultsByManagerAndMonth,
  type SalesPerson,
  salesPeople,
} from '../sales-results/repository.js';
import { monthsOf, type Period, periodPlan } from './period.js';

const NO_RESULTS: Results = { revenueMinor: 0, wonCount: 0, lostCount: 0 };

/** A person's figures over a period, as the leaderboard and analytics show them. */
export type PeriodFigures = Omit<LeaderboardRow, 'rank' | 'previousRank' | 'awards'>;

/** Revenue ÷ plan in hundredths of a percent, truncated; null without a plan. */
export function factPlanHundredths(revenueMinor: number, planMinor: number | null): bigint | null {
  return planMinor === null || planMinor <= 0 ? null : (BigInt(revenueMinor) * 10_000n) / BigInt(planMinor);
}

/** What a period's results are read from: a closed whole month's frozen figures, the read model for the rest. */
async function resultsOfPeriod(db: Executor, departmentId: string, period: Period) {
  const months = monthsOf(period);
  const closings = await closingsOf(
    db,
    departmentId,
    months.filter((month) => month.whole).map((month) => month.month),
  );
  const frozenRows = await frozenFiguresOfMonths(db, departmentId, [...closings.keys()]);
  const frozen = new Map(
    [...frozenRows].map(([month, rows]) => [month, new Map(rows.map((row) => [row.userId, row]))] as const),
  );
  const live = await resultsByManagerAndMonth(db, { departmentId, ...period });
  const withResults = new Set([...live.keys(), ...[...frozen.values()].flatMap((rows) => [...rows.keys()])]);
  /** A person's results of a month, and the plan it was frozen with (undefined: the month is live). */
  const resultsOf = (userId: string, month: string): { results: Results; frozen: FrozenFigures | undefined } => {
    const closed = frozen.get(month)?.get(userId);
    return { results: closed ?? live.get(userId)?.get(month) ?? NO_RESULTS, frozen: closed };
  };
  return { months, closings, withResults, resultsOf };
}

/**
 * Revenue and plan over a period of everyone with a result in it, which is all a rank needs: the leaderboard's
 * ranks of the period before, read without names, activity or bonuses.
 */
export async function periodRevenue(
  db: Executor,
  departmentId: string,
  period: Period,
  withPlans: boolean,
): Promise<{ userId: string; revenueMinor: number; planMinor: number | null }[]> {
  const { months, withResults, resultsOf } = await resultsOfPeriod(db, departmentId, period);
  const plans = withPlans
    ? await plansOf(
        db,
        [...withResults],
        months.map((month) => month.month),
      )
    : new Map<string, Map<string, number>>();
  return [...withResults].map((userId) => {
    let revenueMinor = 0;
    const monthPlans = new Map<string, number>();
    for (const month of months) {
      const { results, frozen } = resultsOf(userId, month.month);
      revenueMinor += results.revenueMinor;
      const plan = frozen ? frozen.planMinor : (plans.get(userId)?.get(month.month) ?? null);
      if (plan !== null) monthPlans.set(month.month, plan);
    }
    return { userId, revenueMinor, planMinor: withPlans ? periodPlan(monthPlans, months) : null };
  });
}

/**
 * The figures of a department's sales people over a period (PRODUCT.md §5): a month the period covers whole and
 * that is closed counts with its frozen figures, every other day with the read model's; the plan is each month's
 * share of days; the bonus is each month's, by the engine under the scheme in effect then. `only` narrows them to
 * one of the department's sales people.
 */
export async function periodFigures(
  db: Executor,
  departmentId: string,
  period: Period,
  only?: SalesPerson,
): Promise<{ figures: PeriodFigures[]; closed: { month: string; closedAt: string }[] }> {
  const { months, closings, withResults, resultsOf } = await resultsOfPeriod(db, departmentId, period);
  // Analytics asks for one person: the others' plans, activity and bonuses are not worked out.
  const people = only ? [only] : await salesPeople(db, departmentId, [...withResults]);
  const plans = await plansOf(
    db,
    people.map((person) => person.id),
    months.map((month) => month.month),
  );
  const activity = await activityByAmoId(
    db,
    people.flatMap((person) => (person.amoId === null ? [] : [person.amoId])),
    period.from,
    period.to,
  );
  // A bonus is a whole month's: a period with part of a month has none to show, and needs no scheme.
  const wholeMonths = months.every((month) => month.whole);
  const schemes = wholeMonths
    ? await versionsInEffect(
        db,
        months.map((month) => month.month),
      )
    : new Map<string, BonusSchemeVersion[]>();

  const figures = people.map((person) => {
    let revenueMinor = 0;
    let wonLeads = 0;
    let lostLeads = 0;
    let bonusMinor: number | null = null;
    const monthPlans = new Map<string, number>();
    for (const month of months) {
      const { results, frozen: closed } = resultsOf(person.id, month.month);
      revenueMinor += results.revenueMinor;
      wonLeads += results.wonCount;
      lostLeads += results.lostCount;
      const plan = closed ? closed.planMinor : (plans.get(person.id)?.get(month.month) ?? null);
      if (plan !== null) monthPlans.set(month.month, plan);
      const scheme = schemes.get(month.month)?.find((version) => version.managementType === person.managementType);
      const monthBonus = !wholeMonths
        ? undefined
        : closed
          ? closed.calculation?.bonusMinor
          : scheme
            ? Number(
                computeBonus(bonusTermsOf(scheme), {
                  planMinor: plan === null ? null : BigInt(plan),
                  revenueMinor: BigInt(results.revenueMinor),
                }).bonusMinor,
              )
            : undefined;
      if (monthBonus !== undefined) bonusMinor = (bonusMinor ?? 0) + monthBonus;
    }
    const planMinor = periodPlan(monthPlans, months);
    const factPlan = factPlanHundredths(revenueMinor, planMinor);
    const own = person.amoId === null ? undefined : activity.get(person.amoId);
    return {
      userId: person.id,
      name: person.name,
      amoId: person.amoId,
      revenueMinor,
      planMinor,
      factPlanPercent: factPlan === null ? null : percentText(factPlan),
      bonusMinor,
      wonLeads,
      lostLeads,
      callMinutes: Math.round((own?.callSeconds ?? 0) / 60),
      messages: own?.messages ?? 0,
    };
  });
  const closed = [...closings]
    .map(([month, closing]) => ({ month, closedAt: closing.at.toISOString() }))
    .sort((a, b) => a.month.localeCompare(b.month));
  return { figures, closed };
}
