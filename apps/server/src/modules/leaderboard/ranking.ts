/**
 * Standard competition ranking ("1224"): equal keys share a rank and the next rank skips as many as shared it.
 * `key` is compared descending; a null key (no plan, for fact/plan) ranks after every number.
 */
export function competitionRanks<Item>(items: readonly Item[], key: (item: Item) => bigint | null): Map<Item, number> {
  const sorted = [...items].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x > y ? -1 : 1;
  });
  const ranks = new Map<Item, number>();
  sorted.forEach((item, index) => {
    const previous = sorted[index - 1];
    ranks.set(
      item,
      previous !== undefined && key(previous) === key(item) ? (ranks.get(previous) ?? index + 1) : index + 1,
    );
  });
  return ranks;
}
