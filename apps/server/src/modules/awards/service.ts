import { type Award, type AwardList, MAX_AWARD_MONTHS } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { organisationMonth } from '../organisation/repository.js';
import { addMonths, isSalesMonth, monthCount, monthsBetween } from '../sales-figures/period.js';
import { closingsOf, frozenFiguresOfMonths } from '../sales-months/repository.js';
import {
  activityByAmoIdAndMonth,
  daysOfMonth,
  plansOf,
  resultsByManagerAndMonth,
  salesPeople,
} from '../sales-results/repository.js';
import { awardsOfMonths, type MonthStanding } from './awards.js';

/**
 * Months before the first asked for whose streaks count towards it, at most 24. Most streaks are short, so the
 * look-back starts small and widens only for the people whose streak runs back to its first month (ADR 0035).
 */
const STREAK_LOOKBACK_STEPS = [3, 12, 24];

/**
 * Each month's standings in a department: a closed month's frozen figures, which its awards never outlive; an
 * open month's live ones (its awards provisional).
 */
async function standingsOf(db: Executor, departmentId: string, months: readonly string[], asked: string) {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return [];
  const closings = await closingsOf(db, departmentId, [...months]);
  const frozen = await frozenFiguresOfMonths(db, departmentId, [...closings.keys()]);
  const span = { from: daysOfMonth(first).from, to: daysOfMonth(last).to };
  const live = await resultsByManagerAndMonth(db, { departmentId, ...span });
  // Who stands in the months asked for: the department's sales people and whoever had results there then. The
  // months before only carry their streaks, so how far back they are read changes no one's place.
  const people = await salesPeople(
    db,
    departmentId,
    [...live].flatMap(([userId, results]) => ([...results.keys()].some((month) => month >= asked) ? [userId] : [])),
  );
  const plans = await plansOf(
    db,
    people.map((person) => person.id),
    months,
  );
  // Minutes decide only the months asked for; the months before count for streaks, which need no activity.
  const activity = await activityByAmoIdAndMonth(
    db,
    people.flatMap((person) => (person.amoId === null ? [] : [person.amoId])),
    daysOfMonth(asked).from,
    span.to,
  );
  return months.map((month) => {
    const closed = frozen.get(month);
    const standings: MonthStanding[] = closed
      ? closed
      : people.map((person) => {
          const results = live.get(person.id)?.get(month);
          const seconds = person.amoId === null ? 0 : (activity.get(person.amoId)?.get(month)?.callSeconds ?? 0);
          return {
            userId: person.id,
            revenueMinor: results?.revenueMinor ?? 0,
            planMinor: plans.get(person.id)?.get(month) ?? null,
            wonCount: results?.wonCount ?? 0,
            callMinutes: Math.round(seconds / 60),
          };
        });
    return { month, standings, provisional: !closings.has(month) };
  });
}

/**
 * Some people's standings in earlier months, for their streaks only: revenue and plan (a closed month's frozen
 * ones). The awards of these months are not given, so an open month's other figures are not read.
 */
async function streakHistory(
  db: Executor,
  departmentId: string,
  months: readonly string[],
  userIds: readonly string[],
): Promise<{ month: string; standings: MonthStanding[] }[]> {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return [];
  const closings = await closingsOf(db, departmentId, [...months]);
  const frozen = await frozenFiguresOfMonths(db, departmentId, [...closings.keys()]);
  const live = await resultsByManagerAndMonth(db, {
    departmentId,
    from: daysOfMonth(first).from,
    to: daysOfMonth(last).to,
    userIds,
  });
  const plans = await plansOf(db, userIds, months);
  return months.map((month) => ({
    month,
    // As standingsOf reads them: a closed month's frozen figures, where it has any.
    standings:
      frozen.get(month)?.filter((standing) => userIds.includes(standing.userId)) ??
      userIds.map((userId) => ({
        userId,
        revenueMinor: live.get(userId)?.get(month)?.revenueMinor ?? 0,
        planMinor: plans.get(userId)?.get(month) ?? null,
        wonCount: 0,
        callMinutes: 0,
      })),
  }));
}

/** Awards of a department's months (PRODUCT.md §5, issue #25). */
export function awardsService(db: Executor, defaultTimeZone: string) {
  /** The awards of the months `from` to `to`, optionally of one person only. */
  async function awardsOf(departmentId: string, span: { from: string; to: string }, userId?: string): Promise<Award[]> {
    const monthBefore = addMonths(span.from, -1);
    const firstRead = (lookbackMonths: number) => {
      const month = addMonths(span.from, -lookbackMonths);
      return isSalesMonth(month) ? month : '1900-01';
    };
    const [firstStep = 0, ...widerSteps] = STREAK_LOOKBACK_STEPS;
    const standings = await standingsOf(db, departmentId, monthsBetween(firstRead(firstStep), span.to), span.from);
    const provisional = new Map(standings.map((entry) => [entry.month, entry.provisional]));
    let history: { month: string; standings: MonthStanding[] }[] = [];
    let awarded = awardsOfMonths(standings);
    let read = firstStep;
    for (const wider of widerSteps) {
      // Whose streak runs back to the first month read: only theirs can run further.
      const reaching = (awarded.find(({ month }) => month === monthBefore)?.awards ?? []).flatMap((award) =>
        award.code === 'streak' && award.streakMonths === read ? [award.userId] : [],
      );
      if (reaching.length === 0) break;
      const earlier = monthsBetween(firstRead(wider), addMonths(firstRead(read), -1));
      history = [...(await streakHistory(db, departmentId, earlier, reaching)), ...history];
      awarded = awardsOfMonths([...history, ...standings]);
      read = wider;
    }
    return awarded
      .filter(({ month }) => month >= span.from)
      .flatMap(({ month, awards }) =>
        awards
          .filter((award) => userId === undefined || award.userId === userId)
          .map((award) => ({ month, ...award, provisional: provisional.get(month) ?? true })),
      );
  }

  return {
    awardsOf,

    /** The awards a screen asked for: by default the last twelve months up to this one. */
    list: async (
      departmentId: string,
      query: { from?: string | undefined; to?: string | undefined; userId?: string | undefined },
    ): Promise<AwardList> => {
      const to = query.to ?? (await organisationMonth(db, defaultTimeZone));
      const from = query.from ?? addMonths(to, -11);
      const count = monthCount(from, to);
      if (!isSalesMonth(from) || !isSalesMonth(to) || count === 0 || count > MAX_AWARD_MONTHS) {
        throw new AppError('PERIOD_INVALID');
      }
      return { items: await awardsOf(departmentId, { from, to }, query.userId) };
    },
  };
}
