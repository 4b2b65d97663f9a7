import { type BonusSchemeVersion, bonusTermsOf, computeBonus, type LeaderboardRow, percentText } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { versionsInEffect } from '../bonus-schemes/repository.js';
import { closingsOf, type FrozenFigures, frozenFigures } from '../sales-months/repository.js';
import {
  activityByAmoId,
  plansOf,
  type Results,
  resultsByManagerAndMonth,
  salesPeople,
} from '../sales-results/repository.js';
import { monthsOf, type Period, periodPlan } from './period.js';

const NO_RESULTS: Results = { revenueMinor: 0, wonCount: 0, lostCount: 0 };

/** A person's figures over a period, as the leaderboard and analytics show them. */
export type PeriodFigures = Omit<LeaderboardRow, 'rank' | 'previousRank' | 'awards'> & {
  /** Whether the person had any result in the period (a lead won or lost), not only a place in the department. */
  hasResults: boolean;
};

/** Revenue ÷ plan in hundredths of a percent, truncated; null without a plan. */
export function factPlanHundredths(revenueMinor: number, planMinor: number | null): bigint | null {
  return planMinor === null || planMinor <= 0 ? null : (BigInt(revenueMinor) * 10_000n) / BigInt(planMinor);
}

/**
 * The figures of a department's sales people over a period (PRODUCT.md §5): a month the period covers whole and
 * that is closed counts with its frozen figures, every other day with the read model's; the plan is each month's
 * share of days; the bonus is each month's, by the engine under the scheme in effect then. `onlyUserId` narrows
 * them to one person.
 */
export async function periodFigures(
  db: Executor,
  departmentId: string,
  period: Period,
  onlyUserId?: string,
): Promise<{ figures: PeriodFigures[]; closed: { month: string; closedAt: string }[] }> {
  const months = monthsOf(period);
  const closings = await closingsOf(
    db,
    departmentId,
    months.filter((month) => month.whole).map((month) => month.month),
  );
  const frozen = new Map<string, Map<string, FrozenFigures>>();
  for (const month of closings.keys()) {
    frozen.set(month, new Map((await frozenFigures(db, departmentId, month)).map((row) => [row.userId, row])));
  }
  const live = await resultsByManagerAndMonth(db, { departmentId, ...period });
  const withResults = new Set([...live.keys(), ...[...frozen.values()].flatMap((rows) => [...rows.keys()])]);
  // Analytics asks for one person: the others' plans, activity and bonuses are not worked out.
  const people = (await salesPeople(db, departmentId, [...withResults])).filter(
    (person) => onlyUserId === undefined || person.id === onlyUserId,
  );
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
  const schemes = new Map<string, BonusSchemeVersion[]>();
  for (const month of months) schemes.set(month.month, await versionsInEffect(db, month.month));

  const figures = people.map((person) => {
    let revenueMinor = 0;
    let wonLeads = 0;
    let lostLeads = 0;
    let bonusMinor: number | null = null;
    const monthPlans = new Map<string, number>();
    for (const month of months) {
      const closed = frozen.get(month.month)?.get(person.id);
      const results = closed ?? live.get(person.id)?.get(month.month) ?? NO_RESULTS;
      revenueMinor += results.revenueMinor;
      wonLeads += results.wonCount;
      lostLeads += results.lostCount;
      const plan = closed ? closed.planMinor : (plans.get(person.id)?.get(month.month) ?? null);
      if (plan !== null) monthPlans.set(month.month, plan);
      const scheme = schemes.get(month.month)?.find((version) => version.managementType === person.managementType);
      const monthBonus = closed
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
    // A bonus is a whole month's: a period with part of a month has none to show.
    if (months.some((month) => !month.whole)) bonusMinor = null;
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
      hasResults: withResults.has(person.id),
    };
  });
  const closed = [...closings]
    .map(([month, closing]) => ({ month, closedAt: closing.at.toISOString() }))
    .sort((a, b) => a.month.localeCompare(b.month));
  return { figures, closed };
}
