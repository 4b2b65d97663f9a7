import { z } from 'zod';
import { ComponentSearch } from './catalogue.js';
import { Locale } from './languages.js';
import { CalendarDate, Pagination, pageOf, SortOrder } from './lists.js';
import { MoneyAmountMinor, MoneyMinor, QuantitySum, Unit } from './quantities.js';

/** The stock reports, each at `/api/reports/<name>` with its file at `/api/reports/<name>/export`. */
export const REPORT_NAMES = [
  'stock-valuation',
  'movement-summary',
  'low-stock',
  'consumption',
  'activity-by-user',
  'dead-stock',
  'abc-analysis',
] as const;
export const ReportName = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof ReportName>;

/** Report files: the list formats and a PDF with the chart, in the language asked for. */
export const ReportFormat = z.enum(['csv', 'xlsx', 'pdf']);
export type ReportFormat = z.infer<typeof ReportFormat>;

export const ReportFileOptions = z.object({
  format: ReportFormat.default('csv'),
  lang: Locale.default('en').describe(
    "Language of the title, headers and words; a CSV is written as that language's spreadsheets read it (see the stock export)",
  ),
});

/**
 * A sum of quantities that may be below zero: a period's net receipts are negative when it reversed more than
 * it received.
 */
export const SignedQuantitySum = z
  .string()
  .regex(/^-?\d+(\.\d{1,3})?$/)
  .describe('Exact decimal, any number of digits, may be negative');

/** The quantity of one unit of measure: pieces and metres do not add up. */
export const UnitQuantity = z.object({ unit: Unit, quantity: QuantitySum });

/** The longest period a report covers. */
export const MAX_REPORT_DAYS = 3660;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** A period of whole days of the organisation time zone, both ends included. */
const Period = z.object({
  from: CalendarDate.describe('First day of the period (inclusive), organisation time zone'),
  to: CalendarDate.describe('Last day of the period (inclusive), organisation time zone'),
});

function checkPeriod(period: { from: string; to: string }, context: z.core.$RefinementCtx): void {
  if (period.to < period.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'The period must end on or after its first day' });
  } else if (periodDays(period.from, period.to) > MAX_REPORT_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `A period covers at most ${MAX_REPORT_DAYS} days` });
  }
}

// Stock balance and valuation at a date ---------------------------------------------------------------------

export const ValuationGrouping = z.enum(['category', 'location']);
export type ValuationGrouping = z.infer<typeof ValuationGrouping>;

export const StockValuationSort = z.enum(['group', 'quantity', 'value']);

export const StockValuationParameters = z.object({
  date: CalendarDate.describe('The stock at the end of this day, organisation time zone; today is the stock now'),
  groupBy: ValuationGrouping.default('category'),
  sort: StockValuationSort.default('group'),
  order: SortOrder.default('asc'),
});
export const StockValuationQuery = StockValuationParameters.extend(Pagination.shape);
export type StockValuationQuery = z.input<typeof StockValuationQuery>;
export const StockValuationExportQuery = StockValuationParameters.extend(ReportFileOptions.shape);

export const StockValuationRow = z.object({
  groupId: z.uuid().nullable().describe('The category or location; null: components without a category'),
  group: z.string().nullable().describe('Its path'),
  unit: Unit,
  components: z.number().int().describe('Components of this unit on hand in the group'),
  quantity: QuantitySum,
  valueMinor: MoneyAmountMinor.describe("Σ round(quantity × the component's default unit cost), as the stock screen"),
});
export type StockValuationRow = z.infer<typeof StockValuationRow>;

export const StockValuationReport = pageOf(StockValuationRow)
  .extend({
    totals: z.object({ quantities: z.array(UnitQuantity), valueMinor: MoneyAmountMinor }),
    chart: z
      .array(z.object({ groupId: z.uuid().nullable(), group: z.string().nullable(), valueMinor: MoneyAmountMinor }))
      .describe('Value per group, the largest first, at most 12; the rest of the groups is `otherValueMinor`'),
    otherValueMinor: MoneyAmountMinor,
  })
  .meta({ id: 'StockValuationReport' });
export type StockValuationReport = z.infer<typeof StockValuationReport>;

// Movement summary for a period ------------------------------------------------------------------------------

export const MovementSummarySort = z.enum(['sku', 'name', 'opening', 'received', 'issued', 'closing']);

export const MovementSummaryParameters = Period.extend({
  q: ComponentSearch,
  categoryId: z.uuid().optional().describe('This category and everything below it'),
  locationId: z
    .uuid()
    .optional()
    .describe('Stock at this location and below it; transfers count where they cross its boundary'),
  sort: MovementSummarySort.default('sku'),
  order: SortOrder.default('asc'),
});
export const MovementSummaryQuery = MovementSummaryParameters.extend(Pagination.shape).superRefine(checkPeriod);
export type MovementSummaryQuery = z.input<typeof MovementSummaryQuery>;
export const MovementSummaryExportQuery = MovementSummaryParameters.extend(ReportFileOptions.shape).superRefine(
  checkPeriod,
);

/** The figures of a movement summary: closing = opening + received − issued + transferred in − out + adjusted. */
const MovementFigures = z.object({
  opening: QuantitySum,
  received: SignedQuantitySum.describe('Receipts less the reversals of receipts'),
  issued: SignedQuantitySum.describe('Issues less the reversals of issues'),
  transferredIn: SignedQuantitySum,
  transferredOut: SignedQuantitySum,
  adjusted: SignedQuantitySum.describe('Stocktake differences, net, and their reversals'),
  closing: QuantitySum,
});

export const MovementSummaryRow = MovementFigures.extend({
  componentId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  unit: Unit,
  closingValueMinor: MoneyAmountMinor,
});
export type MovementSummaryRow = z.infer<typeof MovementSummaryRow>;

export const MovementSummaryReport = pageOf(MovementSummaryRow)
  .extend({
    totals: z.object({
      units: z.array(MovementFigures.extend({ unit: Unit })).describe('The figures summed per unit of measure'),
      closingValueMinor: MoneyAmountMinor,
    }),
  })
  .meta({ id: 'MovementSummaryReport' });
export type MovementSummaryReport = z.infer<typeof MovementSummaryReport>;

// Low stock / reorder list -----------------------------------------------------------------------------------

export const LowStockSort = z.enum(['sku', 'name', 'onHand', 'shortfall', 'shortfallShare']);

export const LowStockParameters = z.object({
  q: ComponentSearch,
  categoryId: z.uuid().optional().describe('This category and everything below it'),
  sort: LowStockSort.default('shortfallShare'),
  order: SortOrder.default('desc'),
});
export const LowStockQuery = LowStockParameters.extend(Pagination.shape);
export type LowStockQuery = z.input<typeof LowStockQuery>;
export const LowStockExportQuery = LowStockParameters.extend(ReportFileOptions.shape);

export const LowStockRow = z.object({
  componentId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  unit: Unit,
  categoryPath: z.string().nullable(),
  onHand: QuantitySum.describe('Across all locations of the department'),
  minimumStock: QuantitySum,
  shortfall: QuantitySum.describe('minimum − on hand'),
  shortfallPercent: z.number().describe('Shortfall as a percentage of the minimum, two decimals'),
  lastReceipt: z
    .object({ unitCostMinor: MoneyMinor.nullable(), receivedAt: z.iso.datetime({ offset: true }) })
    .nullable()
    .describe("The department's last receipt of the component not reversed"),
});
export type LowStockRow = z.infer<typeof LowStockRow>;

export const LowStockReport = pageOf(LowStockRow)
  .extend({
    chart: z
      .array(z.object({ componentId: z.uuid(), sku: z.string(), onHandPercent: z.number() }))
      .describe('The 12 components with the least of their minimum on hand: on hand as a percentage of it'),
  })
  .meta({ id: 'LowStockReport' });
export type LowStockReport = z.infer<typeof LowStockReport>;

// Consumption ------------------------------------------------------------------------------------------------

export const ConsumptionSort = z.enum(['sku', 'name', 'quantity', 'issues', 'value']);

export const ConsumptionParameters = Period.extend({
  q: ComponentSearch,
  categoryId: z.uuid().optional().describe('This category and everything below it'),
  sort: ConsumptionSort.default('value'),
  order: SortOrder.default('desc'),
});
export const ConsumptionQuery = ConsumptionParameters.extend(Pagination.shape).superRefine(checkPeriod);
export type ConsumptionQuery = z.input<typeof ConsumptionQuery>;
export const ConsumptionExportQuery = ConsumptionParameters.extend(ReportFileOptions.shape).superRefine(checkPeriod);

export const ConsumptionRow = z.object({
  componentId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  unit: Unit,
  quantity: SignedQuantitySum.describe('Issued in the period, less the reversals of issues posted in it'),
  issues: z.number().int().describe('Issues posted in the period'),
  valueMinor: MoneyAmountMinor.describe("round(quantity × the component's default unit cost)"),
});
export type ConsumptionRow = z.infer<typeof ConsumptionRow>;

export const ConsumptionReport = pageOf(ConsumptionRow)
  .extend({
    totals: z.object({ quantities: z.array(UnitQuantity), issues: z.number().int(), valueMinor: MoneyAmountMinor }),
    chart: z
      .array(
        z.object({ week: CalendarDate.describe('Its Monday'), issues: z.number().int(), valueMinor: MoneyAmountMinor }),
      )
      .describe('Issues per week of the period, weeks without any included'),
  })
  .meta({ id: 'ConsumptionReport' });
export type ConsumptionReport = z.infer<typeof ConsumptionReport>;

// Activity by user -------------------------------------------------------------------------------------------

export const ActivitySort = z.enum(['name', 'receipts', 'issues', 'transfers', 'adjustments', 'reversals', 'total']);

export const ActivityByUserParameters = Period.extend({
  sort: ActivitySort.default('total'),
  order: SortOrder.default('desc'),
});
export const ActivityByUserQuery = ActivityByUserParameters.extend(Pagination.shape).superRefine(checkPeriod);
export type ActivityByUserQuery = z.input<typeof ActivityByUserQuery>;
export const ActivityByUserExportQuery = ActivityByUserParameters.extend(ReportFileOptions.shape).superRefine(
  checkPeriod,
);

/** Movements posted, per type. */
const MovementCounts = z.object({
  receipts: z.number().int(),
  issues: z.number().int(),
  transfers: z.number().int(),
  adjustments: z.number().int(),
  reversals: z.number().int(),
  total: z.number().int(),
});

export const ActivityByUserRow = MovementCounts.extend({ userId: z.uuid(), name: z.string() });
export type ActivityByUserRow = z.infer<typeof ActivityByUserRow>;

export const ActivityByUserReport = pageOf(ActivityByUserRow)
  .extend({
    totals: MovementCounts,
    chart: z.array(ActivityByUserRow).describe('The 12 most active people'),
  })
  .meta({ id: 'ActivityByUserReport' });
export type ActivityByUserReport = z.infer<typeof ActivityByUserReport>;

// Dead stock -------------------------------------------------------------------------------------------------

/** Age buckets of dead stock: the days since the last movement, from each bound up to the next. */
export const AGE_BUCKETS = [0, 30, 90, 180, 365] as const;
export const AgeBucket = z.union(AGE_BUCKETS.map((days) => z.literal(days)));
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const DEFAULT_DEAD_STOCK_DAYS = 180;

export const DeadStockSort = z.enum(['sku', 'name', 'quantity', 'value', 'age']);

export const DeadStockParameters = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_REPORT_DAYS)
    .default(DEFAULT_DEAD_STOCK_DAYS)
    .describe('Components on hand whose last movement in the department is at least this many days old'),
  categoryId: z.uuid().optional().describe('This category and everything below it'),
  sort: DeadStockSort.default('value'),
  order: SortOrder.default('desc'),
});
export const DeadStockQuery = DeadStockParameters.extend(Pagination.shape);
export type DeadStockQuery = z.input<typeof DeadStockQuery>;
export const DeadStockExportQuery = DeadStockParameters.extend(ReportFileOptions.shape);

export const DeadStockRow = z.object({
  componentId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  unit: Unit,
  categoryPath: z.string().nullable(),
  quantity: QuantitySum,
  valueMinor: MoneyAmountMinor,
  lastMovementAt: z.iso.datetime({ offset: true }),
  ageDays: z.number().int().describe('Whole days since the last movement'),
  bucket: AgeBucket,
});
export type DeadStockRow = z.infer<typeof DeadStockRow>;

export const DeadStockReport = pageOf(DeadStockRow)
  .extend({
    totals: z.object({ quantities: z.array(UnitQuantity), valueMinor: MoneyAmountMinor }),
    chart: z
      .array(z.object({ bucket: AgeBucket, components: z.number().int(), valueMinor: MoneyAmountMinor }))
      .describe('Every age bucket, empty ones included'),
  })
  .meta({ id: 'DeadStockReport' });
export type DeadStockReport = z.infer<typeof DeadStockReport>;

// ABC analysis -----------------------------------------------------------------------------------------------

export const AbcClass = z.enum(['A', 'B', 'C']);
export type AbcClass = z.infer<typeof AbcClass>;

export const AbcSort = z.enum(['rank', 'sku', 'name', 'value']);

export const AbcParameters = Period.extend({
  a: z.coerce.number().int().min(1).max(98).default(80).describe('Class A: the top share of consumption value, %'),
  b: z.coerce.number().int().min(1).max(98).default(15).describe('Class B: the next share, %; C is the rest'),
  sort: AbcSort.default('rank'),
  order: SortOrder.default('asc'),
});

function checkClasses(query: { a: number; b: number }, context: z.core.$RefinementCtx): void {
  if (query.a + query.b >= 100) {
    context.addIssue({ code: 'custom', path: ['b'], message: 'Classes A and B together must leave a share for C' });
  }
}

export const AbcQuery = AbcParameters.extend(Pagination.shape).superRefine(checkPeriod).superRefine(checkClasses);
export type AbcQuery = z.input<typeof AbcQuery>;
export const AbcExportQuery = AbcParameters.extend(ReportFileOptions.shape)
  .superRefine(checkPeriod)
  .superRefine(checkClasses);

export const AbcRow = z.object({
  rank: z.number().int().describe('1 = the largest consumption value'),
  componentId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  unit: Unit,
  quantity: SignedQuantitySum,
  valueMinor: MoneyAmountMinor,
  sharePercent: z.number().describe("Its share of the period's consumption value, two decimals"),
  cumulativePercent: z.number().describe('The shares of every component up to and including it'),
  class: AbcClass.describe('A while the components ranked before it hold less than `a` %, B less than `a + b` %'),
});
export type AbcRow = z.infer<typeof AbcRow>;

export const AbcReport = pageOf(AbcRow)
  .extend({
    totals: z.object({ valueMinor: MoneyAmountMinor }),
    chart: z.object({
      classes: z.array(
        z.object({
          class: AbcClass,
          components: z.number().int(),
          valueMinor: MoneyAmountMinor,
          sharePercent: z.number(),
        }),
      ),
      curve: z
        .array(z.object({ rank: z.number().int(), cumulativePercent: z.number() }))
        .describe('The cumulative share by rank, at most 100 points'),
    }),
  })
  .meta({ id: 'AbcReport' });
export type AbcReport = z.infer<typeof AbcReport>;
