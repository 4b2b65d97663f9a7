import type { Leaderboard, LeaderboardQuery, LeaderboardRankBy, LeaderboardRow } from '@cm/contract';
import type { Database } from '../../db/client.js';
import { awardsService } from '../awards/service.js';
import { organisation, organisationToday } from '../organisation/repository.js';
import { factPlanHundredths, type PeriodFigures, periodFigures } from '../sales-figures/figures.js';
import { askedPeriod, monthsOf, previousPeriod } from '../sales-figures/period.js';
import { daysOfMonth } from '../sales-results/repository.js';
import { lastSucceededAt, latestRun } from '../sales-sync/runs.js';
import { findSalesSettings } from '../sales-sync/settings.js';
import { competitionRanks } from './ranking.js';

/** The key the leaderboard ranks by: revenue, or fact/plan (no plan after every plan). */
function rankKey(rankBy: LeaderboardRankBy) {
  return (figures: PeriodFigures): bigint | null =>
    rankBy === 'revenue' ? BigInt(figures.revenueMinor) : factPlanHundredths(figures.revenueMinor, figures.planMinor);
}

/**
 * The leaderboard (PRODUCT.md §5, issue #25): the current department's sales people over a period, ranked by
 * revenue or by fact/plan, each with their rank over the same slice of the period before.
 */
export function leaderboardService(db: Database, defaultTimeZone: string) {
  const awards = awardsService(db, defaultTimeZone);
  return {
    leaderboard: async (departmentId: string, query: LeaderboardQuery & { rankBy: LeaderboardRankBy }) => {
      const today = await organisationToday(db, defaultTimeZone);
      const period = askedPeriod(query, daysOfMonth(today.slice(0, 7)));
      const previous = previousPeriod(period, today);
      // A period of one whole calendar month shows that month's awards beside each name.
      const [month] = monthsOf(period);
      const oneMonth = month?.whole && month.from === period.from && month.to === period.to ? month.month : null;
      const [current, before, monthAwards] = await Promise.all([
        periodFigures(db, departmentId, period),
        periodFigures(db, departmentId, previous),
        oneMonth ? awards.awardsOf(departmentId, { from: oneMonth, to: oneMonth }) : Promise.resolve([]),
      ]);
      const key = rankKey(query.rankBy);
      const ranks = competitionRanks(current.figures, key);
      // Only who had results then has a rank to compare with; the others are new on the board.
      const ranked = before.figures.filter((figures) => figures.hasResults);
      const previousRanks = competitionRanks(ranked, key);
      const previousRankOf = new Map(ranked.map((figures) => [figures.userId, previousRanks.get(figures) ?? null]));
      const rows: LeaderboardRow[] = current.figures
        .map((figures) => {
          const { hasResults: _hasResults, ...row } = figures;
          return {
            ...row,
            rank: ranks.get(figures) ?? 1,
            previousRank: previousRankOf.get(figures.userId) ?? null,
            awards: monthAwards.filter((award) => award.userId === figures.userId).map((award) => award.code),
          };
        })
        .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
      const { currency } = await organisation(db, defaultTimeZone);
      const [settings, lastRun, succeededAt] = await Promise.all([
        findSalesSettings(db),
        latestRun(db),
        lastSucceededAt(db),
      ]);
      const result: Leaderboard = {
        ...period,
        rankBy: query.rankBy,
        currency,
        previous,
        sync: {
          lastSucceededAt: succeededAt?.toISOString() ?? null,
          lastFailed: lastRun !== null && lastRun.status !== 'running' && lastRun.status !== 'succeeded',
          intervalMinutes: settings?.subdomain ? settings.syncIntervalMinutes : 0,
        },
        closedMonths: current.closed,
        rows,
      };
      return result;
    },
  };
}
