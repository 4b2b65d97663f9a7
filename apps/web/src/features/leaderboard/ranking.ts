import type { LeaderboardRankBy, LeaderboardRow } from '@cm/contract';

/** What a board can be ranked by, in the order it offers them: money won, then the share of the plan. */
export const RANKINGS: readonly LeaderboardRankBy[] = ['revenue', 'factPlan'];

/** A manager's place against the period compared with: up or down by some places, the same, or new on the board. */
export type RankChange =
  | { kind: 'up'; places: number }
  | { kind: 'down'; places: number }
  | { kind: 'same' }
  | { kind: 'new' };

export function rankChange(row: Pick<LeaderboardRow, 'rank' | 'previousRank'>): RankChange {
  if (row.previousRank === null) return { kind: 'new' };
  const places = row.previousRank - row.rank;
  if (places > 0) return { kind: 'up', places };
  if (places < 0) return { kind: 'down', places: -places };
  return { kind: 'same' };
}

/** The ranks more than one manager holds (standard competition ranking: 1, 1, 3). */
export function sharedRanks(rows: readonly Pick<LeaderboardRow, 'rank'>[]): ReadonlySet<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const { rank } of rows) {
    if (seen.has(rank)) shared.add(rank);
    seen.add(rank);
  }
  return shared;
}

/** The columns the board sorts by, in the order the table shows them. */
export const LEADERBOARD_SORTS = [
  'rank',
  'name',
  'revenue',
  'plan',
  'factPlan',
  'bonus',
  'wonLeads',
  'lostLeads',
  'callMinutes',
  'messages',
  'change',
] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/**
 * The direction a column sorts in first: the rank and the name from the top of the board and A, every figure from
 * the largest, as a board is read.
 */
export function firstDirection(sort: LeaderboardSort): SortDirection {
  return sort === 'rank' || sort === 'name' ? 'asc' : 'desc';
}

/** A column's value to sort by; null (no plan, no scheme, new on the board) sorts after every value either way. */
function sortValue(row: LeaderboardRow, sort: Exclude<LeaderboardSort, 'name'>): number | null {
  switch (sort) {
    case 'rank':
      return row.rank;
    case 'revenue':
      return row.revenueMinor;
    case 'plan':
      return row.planMinor;
    case 'factPlan':
      // The API's text has two decimals: hundredths of a percent are whole numbers, compared exactly.
      return row.factPlanPercent === null ? null : Math.round(Number(row.factPlanPercent) * 100);
    case 'bonus':
      return row.bonusMinor;
    case 'wonLeads':
      return row.wonLeads;
    case 'lostLeads':
      return row.lostLeads;
    case 'callMinutes':
      return row.callMinutes;
    case 'messages':
      return row.messages;
    case 'change':
      return row.previousRank === null ? null : row.previousRank - row.rank;
  }
}

/**
 * The board sorted by a column, on the client (it arrives whole). Equal values keep the board's order (rank, then
 * name), so that ties never shuffle between two sorts; rows without a value go last in either direction.
 */
export function sortRows(
  rows: readonly LeaderboardRow[],
  sort: LeaderboardSort,
  direction: SortDirection,
  compareNames: (a: string, b: string) => number,
): LeaderboardRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const boardOrder = (a: LeaderboardRow, b: LeaderboardRow) => a.rank - b.rank || compareNames(a.name, b.name);
  return [...rows].sort((a, b) => {
    if (sort === 'name') return sign * compareNames(a.name, b.name) || a.rank - b.rank;
    const x = sortValue(a, sort);
    const y = sortValue(b, sort);
    if (x === y) return sort === 'rank' ? sign * compareNames(a.name, b.name) : boardOrder(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y);
  });
}
