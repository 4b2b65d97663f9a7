import type { BonusSchemeVersion } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  currentMonthIn,
  defaultMonthForNewVersion,
  monthsForNewVersion,
  versionInEffect,
  versionStatus,
  versionsByType,
} from './bonus-scheme-versions';

function version(managementType: BonusSchemeVersion['managementType'], effectiveFrom: string): BonusSchemeVersion {
  return {
    managementType,
    effectiveFrom,
    fixedSalaryMinor: 0,
    tierMode: 'highest',
    levels: [],
    fixedBonusAt120Minor: 0,
    abovePlanRatePercent: '0.00',
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    locked: false,
  };
}

const OFFLINE = [version('offline', '2026-12'), version('offline', '2026-03'), version('offline', '2025-12')];

describe('months', () => {
  it('counts months across years', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -11)).toBe('2025-02');
    expect(addMonths('2026-05', 24)).toBe('2028-05');
  });

  it('takes the current month from the organisation’s clock, not the browser’s', () => {
    const newYearInMoscow = new Date('2026-12-31T21:30:00Z');
    expect(currentMonthIn('Europe/Moscow', newYearInMoscow)).toBe('2027-01');
    expect(currentMonthIn('America/New_York', newYearInMoscow)).toBe('2026-12');
  });
});

describe('versions', () => {
  it('groups versions by management type, the newest month first', () => {
    const byType = versionsByType([
      version('online', '2025-12'),
      version('offline', '2025-12'),
      version('offline', '2026-12'),
      version('online', '2026-02'),
    ]);
    expect(byType.offline.map((item) => item.effectiveFrom)).toEqual(['2026-12', '2025-12']);
    expect(byType.online.map((item) => item.effectiveFrom)).toEqual(['2026-02', '2025-12']);
    expect(byType.hybrid).toEqual([]);
  });

  it('pays a month by the newest version whose month is not after it', () => {
    expect(versionInEffect(OFFLINE, '2026-11')?.effectiveFrom).toBe('2026-03');
    expect(versionInEffect(OFFLINE, '2026-03')?.effectiveFrom).toBe('2026-03');
    expect(versionInEffect(OFFLINE, '2027-06')?.effectiveFrom).toBe('2026-12');
    expect(versionInEffect(OFFLINE, '2025-11')).toBeNull();
  });

  it('marks the version in effect now, the later ones and the earlier ones', () => {
    const statuses = OFFLINE.map((item) => versionStatus(OFFLINE, item, '2026-11'));
    expect(statuses).toEqual(['future', 'current', 'past']);
    // A version from this month is in effect, not future: it cannot be deleted any more.
    expect(OFFLINE.map((item) => versionStatus(OFFLINE, item, '2026-12'))).toEqual(['current', 'past', 'past']);
  });

  it('offers this month to two years ahead for a new version, marking the months that have one', () => {
    const months = monthsForNewVersion(OFFLINE, '2026-11');
    expect(months).toHaveLength(25);
    expect(months[0]).toEqual({ month: '2026-11', taken: false });
    expect(months[1]).toEqual({ month: '2026-12', taken: true });
    expect(months.at(-1)).toEqual({ month: '2028-11', taken: false });
  });

  it('starts a new version next month, or the first month after it that has none', () => {
    expect(defaultMonthForNewVersion(OFFLINE, '2026-10')).toBe('2026-11');
    expect(defaultMonthForNewVersion(OFFLINE, '2026-11')).toBe('2027-01');
    expect(defaultMonthForNewVersion([], '2026-12')).toBe('2027-01');
  });
});
