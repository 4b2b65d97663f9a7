import type { SalesKpis } from '@cm/contract';

/** The key figures shown as cards, in their order on the screen. */
export const KPI_KEYS = ['revenue', 'factPlan', 'bonus', 'wonLeads', 'lostLeads', 'callMinutes', 'messages'] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

/** How a figure is counted: money in minor units, a percentage in hundredths of a percent, or a whole count. */
export type KpiUnit = 'money' | 'percent' | 'count';

export const KPI_UNITS: Record<KpiKey, KpiUnit> = {
  revenue: 'money',
  factPlan: 'percent',
  bonus: 'money',
  wonLeads: 'count',
  lostLeads: 'count',
  callMinutes: 'count',
  messages: 'count',
};

/**
 * A figure against the period before. `by` is the size of the change in the figure's own unit (minor units,
 * hundredths of a percentage point, a count); `relative` is that change as a share of the figure before, in tenths
 * of a percent (for money and counts, when there was something before); `tone` says whether it is good news —
 * more lost leads is not.
 */
export type KpiChange =
  | { direction: 'up' | 'down'; by: number; relative: number | null; tone: 'good' | 'bad' }
  | { direction: 'same' }
  /** Nothing to compare with: no plan, or no bonus scheme, now or before. */
  | { direction: 'none' };

/** A figure of a period and of the one before; null where there is none (no plan, no bonus scheme). */
export type KpiFigure = { key: KpiKey; now: number | null; before: number | null; change: KpiChange };

/** A percentage as the API writes it ("48.38", "-3.5") in hundredths of a percent, exactly. */
export function hundredthsOf(percent: string): number {
  const negative = percent.trim().startsWith('-');
  const [whole = '0', fraction = ''] = percent.trim().replace(/^[-+]/, '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** A figure of the key out of the API's figures: integers, the percentage in hundredths. */
export function figureOf(kpis: SalesKpis, key: KpiKey): number | null {
  switch (key) {
    case 'revenue':
      return kpis.revenueMinor;
    case 'factPlan':
      return kpis.factPlanPercent === null ? null : hundredthsOf(kpis.factPlanPercent);
    case 'bonus':
      return kpis.bonusMinor;
    case 'wonLeads':
      return kpis.wonLeads;
    case 'lostLeads':
      return kpis.lostLeads;
    case 'callMinutes':
      return kpis.callMinutes;
    case 'messages':
      return kpis.messages;
  }
}

/**
 * The change of a figure against the period before. A percentage changes by points, not by a share of itself; a
 * share of nothing is no share at all.
 */
export function changeOf(key: KpiKey, now: number | null, before: number | null): KpiChange {
  if (now === null || before === null) return { direction: 'none' };
  if (now === before) return { direction: 'same' };
  const direction = now > before ? 'up' : 'down';
  const by = Math.abs(now - before);
  const relative = KPI_UNITS[key] === 'percent' || before === 0 ? null : Math.round((by * 1000) / Math.abs(before));
  const better = key === 'lostLeads' ? direction === 'down' : direction === 'up';
  return { direction, by, relative, tone: better ? 'good' : 'bad' };
}

/** Every card's figure now, before, and the change between them. */
export function kpiFigures(kpis: SalesKpis, previous: SalesKpis): KpiFigure[] {
  return KPI_KEYS.map((key) => {
    const now = figureOf(kpis, key);
    const before = figureOf(previous, key);
    return { key, now, before, change: changeOf(key, now, before) };
  });
}
