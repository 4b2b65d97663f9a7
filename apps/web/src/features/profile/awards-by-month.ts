import type { Award } from '@cm/contract';

export type AwardMonth = { month: string; provisional: boolean; awards: Award[] };

/** Awards grouped by month, newest first, in the order the leaderboard names them; a month is provisional while open. */
export function awardsByMonth(awards: readonly Award[]): AwardMonth[] {
  const months = new Map<string, AwardMonth>();
  for (const award of awards) {
    const month = months.get(award.month) ?? { month: award.month, provisional: false, awards: [] };
    month.awards.push(award);
    month.provisional ||= award.provisional;
    months.set(award.month, month);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}
