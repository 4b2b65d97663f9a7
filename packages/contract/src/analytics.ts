import { z } from 'zod';
import { CalendarDate, ExportOptions, Pagination, pageOf, SortOrder } from './lists.js';
import { ManagementType } from './users.js';

/** Whose analytics and over which days (default this month); managers see their own only. */
export const AnalyticsQuery = z.object({
  managerId: z.uuid().optional().describe('Administrators: any manager of the current department; default the first'),
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

export const AnalyticsManager = z.object({
  id: z.uuid(),
  name: z.string(),
  amoId: z.number().int().nullable(),
  managementType: ManagementType.nullable(),
});

/** The key figures of a manager over a period (PRODUCT.md §5 Definitions). */
export const SalesKpis = z.object({
  revenueMinor: z.number().int(),
  planMinor: z.number().int().nullable(),
  factPlanPercent: z.string().nullable(),
  bonusMinor: z.number().int().nullable(),
  wonLeads: z.number().int(),
  lostLeads: z.number().int(),
  callMinutes: z.number().int(),
  messages: z.number().int(),
});
export type SalesKpis = z.infer<typeof SalesKpis>;

export const Analytics = z
  .object({
    from: CalendarDate,
    to: CalendarDate,
    previous: z.object({ from: CalendarDate, to: CalendarDate }),
    currency: z.string(),
    managers: z.array(AnalyticsManager).describe('Whom the caller may pick: a manager only themselves'),
    manager: AnalyticsManager.nullable().describe('Null when the department has no manager'),
    kpis: SalesKpis,
    previousKpis: SalesKpis,
    /** Revenue per week (periods up to 92 days) or per month, each beside the plan of its days. */
    trend: z.object({
      bucket: z.enum(['week', 'month']),
      points: z.array(
        z.object({
          from: CalendarDate,
          to: CalendarDate,
          revenueMinor: z.number().int(),
          planMinor: z.number().int().nullable(),
        }),
      ),
    }),
    /** Days from creation to winning, averaged over the won leads, one decimal; null without any. */
    averageDaysToAcquisition: z.string().nullable(),
    unsuccessful: z.object({
      count: z.number().int(),
      /** lost ÷ (won + lost), two decimals; null without closed leads. */
      percent: z.string().nullable(),
      averageDaysToFailure: z.string().nullable(),
      reasons: z.array(
        z.object({
          reasonId: z.number().int().nullable().describe('Null: no reason given'),
          name: z.string().nullable(),
          count: z.number().int(),
          sharePercent: z
            .string()
            .describe('Share of the unsuccessful leads in percent, two decimals; the reasons add up to exactly 100.00'),
          lostBudgetMinor: z.number().int(),
        }),
      ),
    }),
    /** Won ÷ closed per pipeline. */
    pipelines: z.array(
      z.object({
        pipelineId: z.number().int(),
        name: z.string().nullable(),
        won: z.number().int(),
        lost: z.number().int(),
        conversionPercent: z.string(),
      }),
    ),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof Analytics>;

export const WonLeadSort = z.enum(['closedAt', 'createdAt', 'budget', 'daysToAcquisition', 'title']);
export const WonLeadFilters = AnalyticsQuery.extend({
  sort: WonLeadSort.default('closedAt'),
  order: SortOrder.default('desc'),
});
export const WonLeadListQuery = WonLeadFilters.extend(Pagination.shape);
export type WonLeadListQuery = z.input<typeof WonLeadListQuery>;
export const WonLeadExportQuery = WonLeadFilters.extend(ExportOptions.shape);

/** A successful lead of the analytics table; an empty title is shown as "Untitled lead". */
export const WonLead = z.object({
  amoId: z.number().int(),
  title: z.string(),
  contactName: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  budgetMinor: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }),
  pipelineId: z.number().int(),
  /** Days from creation to winning, one decimal. */
  daysToAcquisition: z.string(),
});
export type WonLead = z.infer<typeof WonLead>;
export const WonLeadList = pageOf(WonLead).meta({ id: 'WonLeadList' });
export type WonLeadList = z.infer<typeof WonLeadList>;
