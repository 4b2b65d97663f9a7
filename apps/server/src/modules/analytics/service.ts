import type { Analytics, AnalyticsQuery, SalesKpis, WonLead, WonLeadFilters, WonLeadListQuery } from '@cm/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { salesDay } from '../organisation/repository.js';
import { type PeriodFigures, periodFigures } from '../sales-figures/figures.js';
import {
  askedPeriod,
  monthsOf,
  type Period,
  periodPlan,
  previousPeriod,
  trendBuckets,
} from '../sales-figures/period.js';
import { daysOfMonth, plansOf, type SalesPerson, salesPeople } from '../sales-results/repository.js';
import { allWonLeads, closedLeadSummary, type LeadScope, wonLeads } from './repository.js';
import { share, sharesOfWhole } from './shares.js';

/** Who asks: a manager sees their own analytics, an administrator those of any manager of the department. */
export type Viewer = { userId: string; role: string; departmentId: string };

const NO_KPIS: SalesKpis = {
  revenueMinor: 0,
  planMinor: null,
  factPlanPercent: null,
  bonusMinor: null,
  wonLeads: 0,
  lostLeads: 0,
  callMinutes: 0,
  messages: 0,
};

function kpisOf(figures: PeriodFigures | undefined): SalesKpis {
  if (!figures) return NO_KPIS;
  const { revenueMinor, planMinor, factPlanPercent, bonusMinor, wonLeads, lostLeads, callMinutes, messages } = figures;
  return { revenueMinor, planMinor, factPlanPercent, bonusMinor, wonLeads, lostLeads, callMinutes, messages };
}

/** Revenue per week or month of the period against the plan of those days. */
function trendOf(
  period: Period,
  byDay: ReadonlyMap<string, number>,
  plans: ReadonlyMap<string, number>,
): Analytics['trend'] {
  const { bucket, buckets } = trendBuckets(period);
  return {
    bucket,
    points: buckets.map((days) => ({
      ...days,
      revenueMinor: [...byDay].reduce(
        (sum, [day, revenue]) => (day >= days.from && day <= days.to ? sum + revenue : sum),
        0,
      ),
      planMinor: periodPlan(plans, monthsOf(days)),
    })),
  };
}

/** Analytics of one manager (PRODUCT.md §5, issue #25): key figures, a trend, won and lost leads. */
export function analyticsService(db: Database, defaultTimeZone: string) {
  /** The manager the viewer asked for and may see (404 otherwise), with whom they may pick, and the period. */
  async function scopeOf(viewer: Viewer, query: AnalyticsQuery) {
    const { today, currency } = await salesDay(db, defaultTimeZone);
    const period = askedPeriod(query, daysOfMonth(today.slice(0, 7)));
    const people = await salesPeople(db, viewer.departmentId);
    const managers = viewer.role === 'administrator' ? people : people.filter((person) => person.id === viewer.userId);
    const wanted = query.managerId ?? (viewer.role === 'administrator' ? managers[0]?.id : viewer.userId);
    const manager = managers.find((person) => person.id === wanted) ?? null;
    // Another department's manager, or another manager for a manager: nothing to say that it exists.
    if (query.managerId !== undefined && !manager) throw new AppError('NOT_FOUND');
    return { period, today, currency, managers, manager };
  }

  return {
    analytics: async (viewer: Viewer, query: AnalyticsQuery): Promise<Analytics> => {
      const { period, today, currency, managers, manager } = await scopeOf(viewer, query);
      const previous = previousPeriod(period, today);
      const shown = (person: SalesPerson) => ({
        id: person.id,
        name: person.name,
        amoId: person.amoId,
        managementType: person.managementType,
      });
      const empty: Analytics = {
        ...period,
        previous,
        currency,
        managers: managers.map(shown),
        manager: null,
        kpis: NO_KPIS,
        previousKpis: NO_KPIS,
        trend: { bucket: trendBuckets(period).bucket, points: [] },
        averageDaysToAcquisition: null,
        unsuccessful: { count: 0, percent: null, averageDaysToFailure: null, reasons: [] },
        pipelines: [],
      };
      if (!manager) return empty;
      const scope: LeadScope = { userId: manager.id, departmentId: viewer.departmentId, ...period };
      const [now, before, summary, plans] = await Promise.all([
        periodFigures(db, viewer.departmentId, period, manager),
        periodFigures(db, viewer.departmentId, previous, manager),
        closedLeadSummary(db, scope),
        plansOf(
          db,
          [manager.id],
          monthsOf(period).map((month) => month.month),
        ),
      ]);
      const { averageDaysOpen: days, lossReasons: reasons, pipelines } = summary;
      const trend = trendOf(period, summary.revenueByDay, plans.get(manager.id) ?? new Map());
      const kpis = kpisOf(now.figures.find((figures) => figures.userId === manager.id));
      // The lead lists' own counts (the leads as they are now), so that the shares below add up to them.
      const lostLeads = pipelines.reduce((sum, pipeline) => sum + pipeline.lost, 0);
      const wonLeadCount = pipelines.reduce((sum, pipeline) => sum + pipeline.won, 0);
      const reasonShares = sharesOfWhole(reasons.map((reason) => reason.count));
      return {
        ...empty,
        manager: shown(manager),
        kpis,
        previousKpis: kpisOf(before.figures.find((figures) => figures.userId === manager.id)),
        trend,
        averageDaysToAcquisition: days.won,
        unsuccessful: {
          count: lostLeads,
          percent: share(lostLeads, lostLeads + wonLeadCount),
          averageDaysToFailure: days.lost,
          reasons: reasons.map((reason, index) => ({ ...reason, sharePercent: reasonShares[index] ?? '0.00' })),
        },
        pipelines: pipelines.map((pipeline) => ({
          ...pipeline,
          conversionPercent: share(pipeline.won, pipeline.won + pipeline.lost) ?? '0.00',
        })),
      };
    },

    /** A page of the manager's won leads of the period. */
    wonLeads: async (viewer: Viewer, query: z.output<typeof WonLeadListQuery>) => {
      const { period, manager } = await scopeOf(viewer, query);
      if (!manager) return { items: [] as WonLead[], total: 0, page: query.page, pageSize: query.pageSize };
      const scope: LeadScope = { userId: manager.id, departmentId: viewer.departmentId, ...period };
      const page = await wonLeads(db, scope, query, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { ...page, page: query.page, pageSize: query.pageSize };
    },

    /** Every won lead of the period, for an export. */
    allWonLeads: async (viewer: Viewer, query: z.output<typeof WonLeadFilters>) => {
      const { period, manager } = await scopeOf(viewer, query);
      return manager
        ? allWonLeads(db, { userId: manager.id, departmentId: viewer.departmentId, ...period }, query)
        : (async function* () {})();
    },
  };
}
