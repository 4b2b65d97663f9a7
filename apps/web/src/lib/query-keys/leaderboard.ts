import type { LeaderboardRankBy } from '@cm/contract';

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  /** The board of the current department over a period, ranked one way; null for none asked. */
  board: (query: { from: string; to: string; rankBy: LeaderboardRankBy } | null) =>
    [...leaderboardKeys.all, 'board', query] as const,
};
