import type { Analytics } from '@cm/contract';

export type LossReason = Analytics['unsuccessful']['reasons'][number];

/** A loss reason as the chart draws it. */
export type ReasonBar = { reason: string; count: number };

/**
 * The loss reasons for the chart, most frequent first (the server's order for equal counts), each named in words
 * ("No reason given" for leads lost without one). The chart tells its bars apart by name: two reasons of one name
 * get their amoCRM id beside it.
 */
export function reasonBars(reasons: readonly LossReason[], noReason: string): ReasonBar[] {
  const nameOf = (reason: LossReason) => (reason.reasonId === null ? noReason : (reason.name ?? `#${reason.reasonId}`));
  const names = new Map<string, number>();
  for (const reason of reasons) names.set(nameOf(reason), (names.get(nameOf(reason)) ?? 0) + 1);
  return reasons
    .map((reason, index) => ({ reason, index }))
    .sort((first, second) => second.reason.count - first.reason.count || first.index - second.index)
    .map(({ reason }) => {
      const name = nameOf(reason);
      return {
        reason: (names.get(name) ?? 0) > 1 && reason.reasonId !== null ? `${name} (#${reason.reasonId})` : name,
        count: reason.count,
      };
    });
}
