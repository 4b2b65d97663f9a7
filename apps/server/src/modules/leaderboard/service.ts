import { Leaderboard, type LeaderboardQuery, type LeaderboardRankBy, type LeaderboardRow } from '@cm/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { keptAnswers } from '../../lib/kept-answers.js';
import { awardsService } from '../awards/service.js';
import { salesDay } from '../organisation/repository.js';
import { factPlanHundredths, periodFigures, periodRevenue } from '../sales-figures/figures.js';
import { askedPeriod, monthsOf, type Period, previousPeriod } from '../sales-figures/period.js';
import { daysOfMonth, salesFiguresVersion } from '../sales-results/repository.js';
import { syncFreshness } from '../sales-sync/runs.js';
import { competitionRanks } from './ranking.js';

/** The key the leaderboard ranks by: revenue, or fact/plan (no plan after every plan). */
function rankKey(rankBy: LeaderboardRankBy) {
  return (figures: { revenueMinor: number; planMinor: number | null }): bigint | null =>
    rankBy === 'revenue' ? BigInt(figures.revenueMinor) : factPlanHundredths(figures.revenueMinor, figures.planMinor);
}

/**
 * Boards kept per server process, as JSON text: a department's board of a month is about 20 rows of 300 characters;
 * this holds thousands of them.
 */
const CACHE_CHARACTERS = 16 * 1024 * 1024;
const BOARD_OVERHEAD = 500;

/** What a board is asked for, on the organisation's clock, and the currency it is in. */
type Asked = { period: Period; previous: Period; rankBy: LeaderboardRankBy; currency: string };

/**
 * The leaderboard (PRODUCT.md §5, issue #25): the current department's sales people over a period, ranked by
 * revenue or by fact/plan, each with their rank over the same slice of the period before, and how fresh the synced
 * data is.
 */
export function leaderboardService(db: Database, defaultTimeZone: string) {
  const awards = awardsService(db, defaultTimeZone);
  const boards = keptAnswers<string>({
    maxSize: CACHE_CHARACTERS,
    sizeOf: (json, key) => json.length + key.length + BOARD_OVERHEAD,
  });

  async function asked(query: LeaderboardQuery & { rankBy: LeaderboardRankBy }): Promise<Asked> {
    const { today, currency } = await salesDay(db, defaultTimeZone);
    const period = askedPeriod(query, daysOfMonth(today.slice(0, 7)));
    return { period, previous: previousPeriod(period, today), rankBy: query.rankBy, currency };
  }

  async function computed(departmentId: string, { period, previous, rankBy, currency }: Asked): Promise<Leaderboard> {
    // A period of one whole calendar month shows that month's awards beside each name.
    const [month] = monthsOf(period);
    const oneMonth = month?.whole && month.from === period.from && month.to === period.to ? month.month : null;
    const [current, before, monthAwards] = await Promise.all([
      periodFigures(db, departmentId, period),
      // Only who had results then has a rank to compare with; the others are new on the board.
      periodRevenue(db, departmentId, previous, rankBy === 'factPlan'),
      oneMonth ? awards.awardsOf(departmentId, { from: oneMonth, to: oneMonth }) : Promise.resolve([]),
    ]);
    const key = rankKey(rankBy);
    const ranks = competitionRanks(current.figures, key);
    const previousRanks = competitionRanks(before, key);
    const previousRankOf = new Map(before.map((figures) => [figures.userId, previousRanks.get(figures) ?? null]));
    const rows: LeaderboardRow[] = current.figures
      .map((figures) => ({
        ...figures,
        rank: ranks.get(figures) ?? 1,
        previousRank: previousRankOf.get(figures.userId) ?? null,
        awards: monthAwards.filter((award) => award.userId === figures.userId).map((award) => award.code),
      }))
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
    const sync = await syncFreshness(db);
    return {
      ...period,
      rankBy,
      currency,
      previous,
      sync,
      closedMonths: current.closed,
      rows,
    };
  }

  return {
    /** The board, computed now (an export). */
    leaderboard: async (departmentId: string, query: LeaderboardQuery & { rankBy: LeaderboardRankBy }) =>
      computed(departmentId, await asked(query)),

    /** The board as the JSON text the route sends, kept until anything it shows changes (ADR 0033). */
    leaderboardJson: async (departmentId: string, query: LeaderboardQuery & { rankBy: LeaderboardRankBy }) => {
      // Read before anything the board shows (its currency too): a change committed meanwhile leaves it unread.
      const version = await salesFiguresVersion(db, departmentId);
      const board = await asked(query);
      const { period, previous, rankBy } = board;
      const key = [departmentId, period.from, period.to, previous.from, previous.to, rankBy].join(' ');
      return boards.read(key, version, async () =>
        JSON.stringify(z.encode(Leaderboard, await computed(departmentId, board))),
      );
    },
  };
}
