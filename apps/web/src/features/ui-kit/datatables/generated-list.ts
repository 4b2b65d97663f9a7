import { CalendarDate, ComponentSearch, Pagination, QueryFlag, SortOrder, Unit } from '@cm/contract';
import { z } from 'zod';
import type { GeneratedComponent } from './generated-components';

export const GeneratedSort = z.enum([
  'code',
  'name',
  'category',
  'location',
  'quantity',
  'unitCost',
  'value',
  'updatedAt',
]);
export type GeneratedSort = z.infer<typeof GeneratedSort>;

/** The largest bound a quantity range takes. */
export const MAX_QUANTITY_BOUND = 1_000_000;

/**
 * Every parameter of the generated list, read from the URL as the product's list screens read theirs: the filters a
 * page shows (each page picks its own), the sorting and the page.
 */
export const GeneratedListQuery = z.object({
  q: ComponentSearch,
  category: z.string().max(100).optional(),
  location: z.string().max(100).optional(),
  unit: Unit.optional(),
  belowMinimum: QueryFlag.optional(),
  quantityFrom: z.coerce.number().int().min(0).max(MAX_QUANTITY_BOUND).optional(),
  quantityTo: z.coerce.number().int().min(0).max(MAX_QUANTITY_BOUND).optional(),
  updatedFrom: CalendarDate.optional(),
  updatedTo: CalendarDate.optional(),
  sort: GeneratedSort.default('code'),
  order: SortOrder.default('asc'),
  ...Pagination.shape,
});
export type GeneratedListRequest = z.output<typeof GeneratedListQuery>;

/** What every page's list takes: the sorting and the page, to which it adds the filters it shows. */
export const LIST_STATE = { sort: true, order: true, page: true, pageSize: true } as const;

/** A page's request: its sorting and page, and whichever filters it shows. */
export type GeneratedRequest = Pick<GeneratedListRequest, 'sort' | 'order' | 'page' | 'pageSize'> &
  Partial<GeneratedListRequest>;

/** What the list's filters leave out of a request: the sorting and paging. */
export type GeneratedFilters = Omit<Partial<GeneratedListRequest>, 'page' | 'pageSize'>;

/** Whether any filter of the request narrows the list (an empty list then says so and offers to clear them). */
export function isFiltered(request: Partial<GeneratedListRequest>): boolean {
  const { sort: _sort, order: _order, page: _page, pageSize: _pageSize, ...filters } = request;
  return Object.values(filters).some((value) => value !== undefined && value !== '' && value !== false);
}

/** Quantity × unit cost, in minor units. */
export function valueMinorOf(row: GeneratedComponent): number {
  return Math.round(Number(row.quantity) * row.unitCostMinor);
}

export function isBelowMinimum(row: GeneratedComponent): boolean {
  return Number(row.quantity) < Number(row.minimumStock);
}

/** Numbers in codes compare as numbers ("R-2" before "R-10"), case aside, as the lists' server sorts them. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const COMPARE: Record<GeneratedSort, (a: GeneratedComponent, b: GeneratedComponent) => number> = {
  code: (a, b) => collator.compare(a.code, b.code),
  name: (a, b) => collator.compare(a.name, b.name),
  category: (a, b) => collator.compare(a.categoryPath, b.categoryPath),
  location: (a, b) => collator.compare(a.locationPath, b.locationPath),
  quantity: (a, b) => Number(a.quantity) - Number(b.quantity),
  unitCost: (a, b) => a.unitCostMinor - b.unitCostMinor,
  value: (a, b) => valueMinorOf(a) - valueMinorOf(b),
  updatedAt: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
};

/** Each row set's orders, sorted once: a new filter or page only walks them. */
const sortedOrders = new WeakMap<readonly GeneratedComponent[], Map<GeneratedSort, readonly GeneratedComponent[]>>();

function ascending(rows: readonly GeneratedComponent[], sort: GeneratedSort): readonly GeneratedComponent[] {
  let orders = sortedOrders.get(rows);
  if (!orders) {
    orders = new Map();
    sortedOrders.set(rows, orders);
  }
  let sorted = orders.get(sort);
  if (!sorted) {
    // Equal values keep the order of their ids, so that a page never shows a row twice or skips one.
    sorted = [...rows].sort((a, b) => COMPARE[sort](a, b) || a.id.localeCompare(b.id));
    orders.set(sort, sorted);
  }
  return sorted;
}

/** The words of a search, as the product's search reads them: up to eight, each to be found, in any order. */
function searchWords(q: string | undefined): string[] {
  return (q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

function matcher(filters: GeneratedFilters): (row: GeneratedComponent) => boolean {
  const words = searchWords(filters.q);
  const { category, location, unit, belowMinimum, quantityFrom, quantityTo, updatedFrom, updatedTo } = filters;
  return (row) => {
    if (category !== undefined && row.categoryId !== category) return false;
    if (location !== undefined && row.locationId !== location) return false;
    if (unit !== undefined && row.unit !== unit) return false;
    if (belowMinimum && !isBelowMinimum(row)) return false;
    const quantity = Number(row.quantity);
    if (quantityFrom !== undefined && quantity < quantityFrom) return false;
    if (quantityTo !== undefined && quantity > quantityTo) return false;
    const day = row.updatedAt.slice(0, 10);
    if (updatedFrom !== undefined && day < updatedFrom) return false;
    if (updatedTo !== undefined && day > updatedTo) return false;
    if (words.length > 0) {
      const text = `${row.code} ${row.name}`.toLocaleLowerCase();
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  };
}

/** Every row the filters keep, in the request's order: what an export of the view writes. */
export function filteredRows(rows: readonly GeneratedComponent[], request: GeneratedFilters): GeneratedComponent[] {
  const sorted = ascending(rows, request.sort ?? 'code');
  const kept = sorted.filter(matcher(request));
  return request.order === 'desc' ? kept.reverse() : kept;
}

/** One page of the list, as a list endpoint of the API answers: the page's rows and the size of the whole list. */
export function generatedPage(
  rows: readonly GeneratedComponent[],
  request: GeneratedRequest,
): { items: GeneratedComponent[]; total: number } {
  const kept = filteredRows(rows, request);
  const start = (request.page - 1) * request.pageSize;
  return { items: kept.slice(start, start + request.pageSize), total: kept.length };
}

/** Sums of a list, as the stock screen's totals line and the reports' totals rows show them. */
export type GeneratedTotals = {
  /** One quantity per unit of measure, in the order units first appear: pieces and metres do not add up. */
  quantities: { unit: Unit; quantity: string }[];
  valueMinor: number;
};

/** The totals of rows; quantities are summed in thousandths, exactly, as the product sums decimals. */
export function totalsOf(rows: readonly GeneratedComponent[]): GeneratedTotals {
  const thousandths = new Map<Unit, number>();
  let valueMinor = 0;
  for (const row of rows) {
    thousandths.set(row.unit, (thousandths.get(row.unit) ?? 0) + Math.round(Number(row.quantity) * 1000));
    valueMinor += valueMinorOf(row);
  }
  const quantities = [...thousandths]
    .filter(([, sum]) => sum !== 0)
    .map(([unit, sum]) => ({ unit, quantity: String(sum / 1000) }));
  return { quantities, valueMinor };
}
