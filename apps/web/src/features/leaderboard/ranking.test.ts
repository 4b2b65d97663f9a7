import type { LeaderboardRow } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { firstDirection, rankChange, sharedRanks, sortRows } from './ranking';

function row(name: string, rank: number, figures: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rank,
    userId: `00000000-0000-4000-8000-00000000000${rank}`,
    name,
    amoId: null,
    revenueMinor: 0,
    planMinor: null,
    factPlanPercent: null,
    bonusMinor: null,
    wonLeads: 0,
    lostLeads: 0,
    callMinutes: 0,
    messages: 0,
    previousRank: null,
    awards: [],
    ...figures,
  };
}

// Two managers share the first place, the next is third (standard competition ranking).
const board: LeaderboardRow[] = [
  row('Bella', 1, { revenueMinor: 500, planMinor: 400, factPlanPercent: '125.00', wonLeads: 3, previousRank: 2 }),
  row('Anna', 1, { revenueMinor: 500, planMinor: 1000, factPlanPercent: '50.00', wonLeads: 5, previousRank: 1 }),
  row('Carl', 3, { revenueMinor: 200, wonLeads: 3, previousRank: null }),
  row('Dora', 4, { revenueMinor: 100, planMinor: 100, factPlanPercent: '100.00', wonLeads: 1, previousRank: 1 }),
];
const names = (rows: LeaderboardRow[]) => rows.map((entry) => entry.name);
const compare = (a: string, b: string) => a.localeCompare(b, 'en');

describe('the change of place', () => {
  it('is up or down by the places moved, the same, or new on the board', () => {
    expect(rankChange({ rank: 1, previousRank: 3 })).toEqual({ kind: 'up', places: 2 });
    expect(rankChange({ rank: 4, previousRank: 1 })).toEqual({ kind: 'down', places: 3 });
    expect(rankChange({ rank: 2, previousRank: 2 })).toEqual({ kind: 'same' });
    expect(rankChange({ rank: 3, previousRank: null })).toEqual({ kind: 'new' });
  });
});

describe('shared places', () => {
  it('are the ranks more than one manager holds', () => {
    expect([...sharedRanks(board)]).toEqual([1]);
    expect(sharedRanks([row('A', 1), row('B', 2)]).size).toBe(0);
  });
});

describe('sorting the board', () => {
  it('by rank keeps managers who share a place in name order, both ways', () => {
    expect(names(sortRows(board, 'rank', 'asc', compare))).toEqual(['Anna', 'Bella', 'Carl', 'Dora']);
    expect(names(sortRows(board, 'rank', 'desc', compare))).toEqual(['Dora', 'Carl', 'Bella', 'Anna']);
  });

  it('by a figure, equal figures in the order of the board', () => {
    // Bella and Carl both won 3: Bella ranks above Carl, whichever way the column is sorted.
    expect(names(sortRows(board, 'wonLeads', 'desc', compare))).toEqual(['Anna', 'Bella', 'Carl', 'Dora']);
    expect(names(sortRows(board, 'wonLeads', 'asc', compare))).toEqual(['Dora', 'Bella', 'Carl', 'Anna']);
    expect(names(sortRows(board, 'revenue', 'asc', compare))).toEqual(['Dora', 'Carl', 'Anna', 'Bella']);
  });

  it('puts managers without a plan, and new ones, last either way', () => {
    expect(names(sortRows(board, 'factPlan', 'desc', compare))).toEqual(['Bella', 'Dora', 'Anna', 'Carl']);
    expect(names(sortRows(board, 'factPlan', 'asc', compare))).toEqual(['Anna', 'Dora', 'Bella', 'Carl']);
    expect(names(sortRows(board, 'plan', 'asc', compare))).toEqual(['Dora', 'Bella', 'Anna', 'Carl']);
    // Bella rose one place, Anna stayed, Dora fell three; Carl is new.
    expect(names(sortRows(board, 'change', 'desc', compare))).toEqual(['Bella', 'Anna', 'Dora', 'Carl']);
    expect(names(sortRows(board, 'change', 'asc', compare))).toEqual(['Dora', 'Anna', 'Bella', 'Carl']);
  });

  it('by name in the language’s order', () => {
    expect(names(sortRows(board, 'name', 'desc', compare))).toEqual(['Dora', 'Carl', 'Bella', 'Anna']);
  });

  it('leaves the board as it came', () => {
    const before = names(board);
    sortRows(board, 'name', 'asc', compare);
    expect(names(board)).toEqual(before);
  });

  it('starts figures from the largest, places and names from the top', () => {
    expect(firstDirection('rank')).toBe('asc');
    expect(firstDirection('name')).toBe('asc');
    expect(firstDirection('revenue')).toBe('desc');
    expect(firstDirection('change')).toBe('desc');
  });
});
