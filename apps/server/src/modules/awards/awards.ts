import type { AwardCode } from '@cm/contract';

/** What a month's awards are decided on, per person: their figures of that month. */
export type MonthStanding = {
  userId: string;
  revenueMinor: number;
  planMinor: number | null;
  wonCount: number;
  callMinutes: number;
};

export type MonthAward = { userId: string; code: AwardCode; streakMonths: number | null };

/** Whether revenue reaches `percent` of the plan, exactly (revenue × 100 ≥ percent × plan); never without a plan. */
function reaches(standing: MonthStanding, percent: number): boolean {
  return standing.planMinor !== null && standing.planMinor > 0
    ? BigInt(standing.revenueMinor) * 100n >= BigInt(percent) * BigInt(standing.planMinor)
    : false;
}

/** Everyone with the month's highest figure, when it is above nothing: ties share the award. */
function best(standings: readonly MonthStanding[], figure: (standing: MonthStanding) => number): string[] {
  const top = Math.max(0, ...standings.map(figure));
  return top > 0 ? standings.filter((standing) => figure(standing) === top).map((standing) => standing.userId) : [];
}

/**
 * The awards of consecutive months (PRODUCT.md §5, issue #25), oldest first, each month's from its own standings;
 * a streak counts the months in a row at 100 % or more up to each month, so the months before the first asked
 * for should be given too (they earn no awards here, only their streaks count).
 */
export function awardsOfMonths(months: readonly { month: string; standings: readonly MonthStanding[] }[]) {
  const inARow = new Map<string, number>();
  return months.map(({ month, standings }) => {
    const awards: MonthAward[] = [];
    const add = (userId: string, code: AwardCode, streakMonths: number | null = null) =>
      awards.push({ userId, code, streakMonths });
    for (const standing of standings) {
      const achieved = reaches(standing, 100);
      const streak = achieved ? (inARow.get(standing.userId) ?? 0) + 1 : 0;
      inARow.set(standing.userId, streak);
      if (achieved) add(standing.userId, 'planAchieved');
      if (reaches(standing, 120)) add(standing.userId, 'club120');
      if (streak >= 3) add(standing.userId, 'streak', streak);
    }
    // A person with no standing this month breaks their streak.
    for (const userId of inARow.keys()) {
      if (!standings.some((standing) => standing.userId === userId)) inARow.set(userId, 0);
    }
    for (const userId of best(standings, (standing) => standing.revenueMinor)) add(userId, 'topRevenue');
    for (const userId of best(standings, (standing) => standing.wonCount)) add(userId, 'mostWon');
    for (const userId of best(standings, (standing) => standing.callMinutes)) add(userId, 'mostCallMinutes');
    return { month, awards };
  });
}
