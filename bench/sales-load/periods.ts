// The periods the scenarios ask for: days `YYYY-MM-DD` on the organisation's clock, both ends included.

export type Period = { from: string; to: string };

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayText(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and the last day of a month `YYYY-MM`. */
export function monthPeriod(month: string): Period {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The calendar quarters whose three months are all in `months` (full months, oldest first). */
export function quartersOf(months: string[]): Period[] {
  const known = new Set(months);
  return months
    .filter((month) => [1, 4, 7, 10].includes(Number(month.slice(5))))
    .filter((first) => {
      const [year = 0, index = 1] = first.split('-').map(Number);
      return [1, 2].every((offset) => known.has(`${year}-${String(index + offset).padStart(2, '0')}`));
    })
    .map((first) => {
      const [year = 0, index = 1] = first.split('-').map(Number);
      return { from: `${first}-01`, to: monthPeriod(`${year}-${String(index + 2).padStart(2, '0')}`).to };
    });
}

/** A random range of `minDays`–`maxDays` days inside the full months. */
export function randomRange(months: string[], minDays: number, maxDays: number, random = Math.random): Period {
  const first = dayNumber(monthPeriod(months[0] ?? '').from);
  const last = dayNumber(monthPeriod(months.at(-1) ?? '').to);
  const length = minDays + Math.floor(random() * (maxDays - minDays + 1));
  const start = first + Math.floor(random() * (last - first - length + 2));
  return { from: dayText(start), to: dayText(start + length - 1) };
}

export function pick<T>(items: readonly T[], random = Math.random): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}
