import { z } from 'zod';
import { ComponentSearch } from './catalogue.js';
import { ExportOptions, Pagination, pageOf, QueryFlag, SortOrder } from './lists.js';
import { MoneyAmountMinor, MoneyMinor, Quantity, QuantitySum, Unit } from './quantities.js';

/** Quantity on hand of one component at one location of the current department. */
export const StockRow = z
  .object({
    componentId: z.uuid(),
    sku: z.string(),
    name: z.string(),
    unit: Unit,
    categoryPath: z.string().nullable(),
    locationId: z.uuid(),
    locationPath: z.string(),
    quantity: Quantity,
    minimumStock: Quantity,
    componentQuantity: QuantitySum.describe("The component's quantity across all locations of the department"),
    belowMinimum: z
      .boolean()
      .describe('The department holds less of the component than its minimum stock, and it is not archived'),
    unitCostMinor: MoneyMinor.describe("The component's default unit cost"),
    valueMinor: MoneyAmountMinor.describe('quantity × unit cost, rounded to the minor unit'),
  })
  .meta({ id: 'StockRow' });
export type StockRow = z.infer<typeof StockRow>;

export const StockSort = z.enum(['sku', 'name', 'category', 'location', 'quantity', 'value']);
export type StockSort = z.infer<typeof StockSort>;

export const StockFilters = z.object({
  q: ComponentSearch,
  categoryId: z.uuid().optional().describe('This category and everything below it'),
  locationId: z.uuid().optional().describe('This location and everything below it'),
  belowMinimum: QueryFlag.optional().describe('Only components below their minimum stock (archived ones never are)'),
  includeEmpty: QueryFlag.optional().describe('Also list locations whose quantity fell to zero'),
  sort: StockSort.default('sku'),
  order: SortOrder.default('asc'),
});
export const StockListQuery = StockFilters.extend(Pagination.shape);
export type StockListQuery = z.input<typeof StockListQuery>;

export const StockList = pageOf(StockRow)
  .extend({
    totals: z.object({
      quantities: z
        .array(z.object({ unit: Unit, quantity: QuantitySum }))
        .describe(
          'Sums of the quantities of the whole filtered list, one per unit of measure (pieces and metres do not add up), in the order of `Unit`; units whose sum is zero are left out',
        ),
      valueMinor: MoneyAmountMinor.describe('Sum of the values of the whole filtered list'),
    }),
  })
  .meta({ id: 'StockList' });
export type StockList = z.infer<typeof StockList>;

export const StockExportQuery = StockFilters.extend(ExportOptions.shape);
