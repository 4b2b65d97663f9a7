import { z } from 'zod';
import { CalendarDate, ExportOptions } from './lists.js';
import { PlanMonth } from './sales.js';

/** What the leaderboard ranks by: money won, or the share of the plan it is (fair between plans of any size). */
export const LeaderboardRankBy = z.enum(['revenue', 'factPlan']);
export type LeaderboardRankBy = z.infer<typeof LeaderboardRankBy>;

/** The longest period a leaderboard or analytics covers. */
export const MAX_PERIOD_DAYS = 366;

export const LeaderboardQuery = z.object({
  from: CalendarDate.optional().describe('First day, on the organisation clock; default the first of this month'),
  to: CalendarDate.optional().describe('Last day, included; default the last day of this month'),
  rankBy: LeaderboardRankBy.default('revenue'),
});
export type LeaderboardQuery = z.input<typeof LeaderboardQuery>;

export const LeaderboardExportQuery = LeaderboardQuery.extend(ExportOptions.shape);

/**
 * Awards of a month (PRODUCT.md §5): plan achieved (≥ 100 %), the 120 % club, the department's top revenue, most
 * successful leads and most call minutes (ties share them), and a streak of 3 or more months in a row at ≥ 100 %.
 */
export const AwardCode = z.enum(['planAchieved', 'club120', 'topRevenue', 'mostWon', 'mostCallMinutes', 'streak']);
export type AwardCode = z.infer<typeof AwardCode>;

export const LeaderboardRow = z.object({
  /** Standard competition ranking: ties share a rank and the next rank skips (1, 1, 3). */
  rank: z.number().int().min(1),
  userId: z.uuid(),
  name: z.string(),
  amoId: z.number().int().nullable(),
  revenueMinor: z.number().int(),
  /** The plan of the period: each month's plan in the share of its days the period covers; null without any. */
  planMinor: z.number().int().nullable(),
  factPlanPercent: z.string().nullable().describe('Revenue ÷ plan in percent, 2 decimals, truncated'),
  /**
   * The bonus of the period's months (a closed month's frozen one); null without a scheme, and for a period that
   * covers part of a month only, whose bonus is the month's.
   */
  bonusMinor: z.number().int().nullable(),
  wonLeads: z.number().int(),
  lostLeads: z.number().int(),
  callMinutes: z.number().int(),
  messages: z.number().int(),
  /** The rank over the same slice of the previous period; null when the manager had no results then. */
  previousRank: z.number().int().nullable(),
  /** Awards of the month when the period is one whole calendar month (provisional while it is open); else none. */
  awards: z.array(AwardCode),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const Leaderboard = z
  .object({
    from: CalendarDate,
    to: CalendarDate,
    rankBy: LeaderboardRankBy,
    currency: z.string(),
    /** The period ranks are compared with: the same elapsed slice of the one before. */
    previous: z.object({ from: CalendarDate, to: CalendarDate }),
    /**
     * How fresh the figures are, for boards left open: when amoCRM was last read completely, whether the last sync
     * failed, and how often it runs (0: no scheduled sync, the data comes from files or webhooks).
     */
    sync: z.object({
      lastSucceededAt: z.iso.datetime({ offset: true }).nullable(),
      lastFailed: z.boolean(),
      intervalMinutes: z.number().int(),
    }),
    /** Months of the period whose figures are the frozen ones of their close, and when each was closed. */
    closedMonths: z.array(z.object({ month: PlanMonth, closedAt: z.iso.datetime({ offset: true }) })),
    rows: z.array(LeaderboardRow),
  })
  .meta({ id: 'Leaderboard' });
export type Leaderboard = z.infer<typeof Leaderboard>;

/** The longest span of months the awards are asked for at once. */
export const MAX_AWARD_MONTHS = 24;

export const AwardsQuery = z.object({
  from: PlanMonth.optional().describe('First month; default eleven months before the last'),
  to: PlanMonth.optional().describe('Last month; default this month'),
  userId: z.uuid().optional().describe("One person's awards only"),
});

export const Award = z.object({
  month: PlanMonth,
  userId: z.uuid(),
  code: AwardCode,
  /** The month is open: its figures may still change, and the award with them. A closed month's stays. */
  provisional: z.boolean(),
  /** For a streak: how many months in a row, this one included. */
  streakMonths: z.number().int().nullable(),
});
export type Award = z.infer<typeof Award>;

export const AwardList = z.object({ items: z.array(Award) }).meta({ id: 'AwardList' });
export type AwardList = z.infer<typeof AwardList>;
