import type { BonusSchemeVersion, ManagementType } from '@cm/contract';

/** The management types in the order the screen shows their schemes. */
export const MANAGEMENT_TYPES: readonly ManagementType[] = ['offline', 'online', 'hybrid'];

/**
 * Where a version stands on the organisation's calendar: `current` pays the current month, `future` takes
 * effect in a later month (and may still be deleted), `past` was followed by a newer version that is in effect.
 */
export type VersionStatus = 'current' | 'future' | 'past';

/** The month (`YYYY-MM`) it is now on the organisation's clock; the browser's own without a time zone. */
export function currentMonthIn(timeZone: string | undefined, now: Date = new Date()): string {
  // en-CA writes the parts in ISO order with a hyphen, whatever the interface language.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone }).format(now);
}

/** `YYYY-MM` of the month `offset` months from `month` (negative: earlier). */
export function addMonths(month: string, offset: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Each management type's versions, the newest month first. */
export function versionsByType(items: readonly BonusSchemeVersion[]): Record<ManagementType, BonusSchemeVersion[]> {
  const byType: Record<ManagementType, BonusSchemeVersion[]> = { offline: [], online: [], hybrid: [] };
  for (const item of items) byType[item.managementType].push(item);
  for (const versions of Object.values(byType)) versions.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  return byType;
}

/** The version that pays `month`: the newest whose month is not after it; null before the first one. */
export function versionInEffect(versions: readonly BonusSchemeVersion[], month: string): BonusSchemeVersion | null {
  let found: BonusSchemeVersion | null = null;
  for (const version of versions) {
    if (version.effectiveFrom <= month && (found === null || version.effectiveFrom > found.effectiveFrom)) {
      found = version;
    }
  }
  return found;
}

export function versionStatus(
  versions: readonly BonusSchemeVersion[],
  version: BonusSchemeVersion,
  thisMonth: string,
): VersionStatus {
  if (version.effectiveFrom > thisMonth) return 'future';
  return versionInEffect(versions, thisMonth)?.effectiveFrom === version.effectiveFrom ? 'current' : 'past';
}

/** How many months ahead a new version may start: two years. */
export const NEW_VERSION_MONTHS_AHEAD = 24;

/**
 * The months a new version may take effect in: this month (its bonus is not paid yet) to two years ahead.
 * Earlier months were paid by the versions they had; a month that has a version already is edited instead.
 */
export function monthsForNewVersion(
  versions: readonly BonusSchemeVersion[],
  thisMonth: string,
): { month: string; taken: boolean }[] {
  const taken = new Set(versions.map((version) => version.effectiveFrom));
  return Array.from({ length: NEW_VERSION_MONTHS_AHEAD + 1 }, (_, offset) => {
    const month = addMonths(thisMonth, offset);
    return { month, taken: taken.has(month) };
  });
}

/** The month a new version starts in unless chosen otherwise: the first from next month on that has none. */
export function defaultMonthForNewVersion(versions: readonly BonusSchemeVersion[], thisMonth: string): string {
  const free = monthsForNewVersion(versions, thisMonth).find((option, index) => index > 0 && !option.taken);
  return free?.month ?? addMonths(thisMonth, 1);
}
