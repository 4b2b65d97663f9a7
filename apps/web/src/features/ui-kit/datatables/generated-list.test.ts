import { describe, expect, it } from 'vitest';
import { parseListSearch } from '../../../components/data-table/use-list-search';
import { type GeneratedComponent, generatedComponents } from './generated-components';
import {
  filteredRows,
  GeneratedListQuery,
  type GeneratedRequest,
  generatedPage,
  isBelowMinimum,
  isFiltered,
  totalsOf,
  valueMinorOf,
} from './generated-list';

const rows = generatedComponents();
const FIRST_PAGE: GeneratedRequest = { sort: 'code', order: 'asc', page: 1, pageSize: 25 };

function row(id: string, fields: Partial<GeneratedComponent>): GeneratedComponent {
  return {
    id,
    code: id.toUpperCase(),
    name: id,
    categoryId: 'capacitors',
    categoryPath: 'Passives / Capacitors',
    locationId: 'main-a1',
    locationPath: 'Main warehouse / Rack A / Shelf 1',
    quantity: '1',
    minimumStock: '0',
    unit: 'pcs',
    unitCostMinor: 100,
    updatedAt: '2025-01-01T12:00:00.000Z',
    ...fields,
  };
}

describe('a page of the generated list', () => {
  it('is the page asked for, with the size of the whole list', () => {
    const first = generatedPage(rows, FIRST_PAGE);
    expect(first.total).toBe(10_000);
    expect(first.items).toHaveLength(25);
    const last = generatedPage(rows, { ...FIRST_PAGE, page: 100, pageSize: 100 });
    expect(last.items).toHaveLength(100);
    expect(generatedPage(rows, { ...FIRST_PAGE, page: 101, pageSize: 100 }).items).toEqual([]);
  });

  it('shows every row exactly once across its pages, whatever the sort', () => {
    for (const sort of ['quantity', 'category', 'unitCost'] as const) {
      const seen = new Set<string>();
      for (let page = 1; page <= 100; page++) {
        for (const item of generatedPage(rows, { sort, order: 'desc', page, pageSize: 100 }).items) seen.add(item.id);
      }
      expect(seen.size, sort).toBe(10_000);
    }
  });
});

describe('sorting', () => {
  it('orders codes with their numbers as numbers and ties by id', () => {
    const sorted = filteredRows([row('b', { code: 'R-10' }), row('a', { code: 'R-2' }), row('c', { code: 'r-2' })], {
      sort: 'code',
    });
    expect(sorted.map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });

  it('orders by quantity, value and time, either way', () => {
    const items = [
      row('a', { quantity: '10', unitCostMinor: 1 }),
      row('b', { quantity: '2.5', unitCostMinor: 100 }),
      row('c', { quantity: '0', updatedAt: '2026-01-01T12:00:00.000Z' }),
    ];
    expect(filteredRows(items, { sort: 'quantity' }).map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(filteredRows(items, { sort: 'quantity', order: 'desc' }).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(filteredRows(items, { sort: 'value', order: 'desc' }).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(filteredRows(items, { sort: 'updatedAt', order: 'desc' })[0]?.id).toBe('c');
  });

  it('sorts the whole list, not a page of it', () => {
    const page = generatedPage(rows, { ...FIRST_PAGE, sort: 'quantity', order: 'desc' }).items;
    const largest = Math.max(...rows.map((item) => Number(item.quantity)));
    expect(Number(page[0]?.quantity)).toBe(largest);
    const quantities = page.map((item) => Number(item.quantity));
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
  });
});

describe('filtering', () => {
  it('keeps the rows whose code or name holds every word of the search, in any order and case', () => {
    const items = [
      row('a', { code: 'MCU-RP2040-00001', name: 'Microcontroller RP2040' }),
      row('b', { name: 'Конденсатор 100 нФ' }),
    ];
    expect(filteredRows(items, { q: 'rp2040 micro' }).map((item) => item.id)).toEqual(['a']);
    expect(filteredRows(items, { q: 'КОНДЕНСАТОР' }).map((item) => item.id)).toEqual(['b']);
    expect(filteredRows(items, { q: 'no-such-component' })).toEqual([]);
  });

  it('keeps a category, a location, a unit, and the rows below their minimum', () => {
    const { total, items } = generatedPage(rows, { ...FIRST_PAGE, category: 'cables', location: 'msk-1' });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(10_000);
    expect(items.every((item) => item.categoryId === 'cables' && item.locationId === 'msk-1')).toBe(true);
    expect(filteredRows(rows, { unit: 'kg' }).every((item) => item.unit === 'kg')).toBe(true);
    const below = filteredRows(rows, { belowMinimum: true });
    expect(below.length).toBeGreaterThan(0);
    expect(below.every(isBelowMinimum)).toBe(true);
  });

  it('keeps quantities and days within their ranges, both ends included', () => {
    const items = [
      row('a', { quantity: '5', updatedAt: '2025-03-01T09:00:00.000Z' }),
      row('b', { quantity: '10', updatedAt: '2025-03-02T14:59:00.000Z' }),
      row('c', { quantity: '10.5', updatedAt: '2025-03-03T09:00:00.000Z' }),
    ];
    const ids = (filters: Parameters<typeof filteredRows>[1]) => filteredRows(items, filters).map((item) => item.id);
    expect(ids({ quantityFrom: 5, quantityTo: 10 })).toEqual(['a', 'b']);
    expect(ids({ quantityFrom: 11 })).toEqual([]);
    expect(ids({ updatedFrom: '2025-03-02', updatedTo: '2025-03-03' })).toEqual(['b', 'c']);
    expect(ids({ updatedTo: '2025-03-01' })).toEqual(['a']);
  });

  it('says whether a request narrows the list', () => {
    expect(isFiltered({ sort: 'name', order: 'desc' })).toBe(false);
    expect(isFiltered({ ...FIRST_PAGE, page: 3 })).toBe(false);
    expect(isFiltered({ belowMinimum: false, q: undefined })).toBe(false);
    expect(isFiltered({ quantityFrom: 0 })).toBe(true);
    expect(isFiltered({ category: 'kits' })).toBe(true);
  });
});

describe('the URL state', () => {
  it('reads each parameter on its own, a bad one falling back to its default', () => {
    const state = parseListSearch(GeneratedListQuery, {
      sort: 'quantity',
      order: 'sideways',
      page: 3,
      pageSize: 7,
      belowMinimum: true,
      quantityFrom: 10,
      updatedTo: '2025-13-40',
    });
    expect(state).toMatchObject({ sort: 'quantity', order: 'asc', page: 3, pageSize: 25, belowMinimum: true });
    expect(state.quantityFrom).toBe(10);
    expect(state.updatedTo).toBeUndefined();
  });
});

describe('totals', () => {
  it('sum quantities per unit exactly and values over every row', () => {
    const totals = totalsOf([
      row('a', { quantity: '0.1', unit: 'm', unitCostMinor: 10 }),
      row('b', { quantity: '0.2', unit: 'm', unitCostMinor: 10 }),
      row('c', { quantity: '3', unit: 'pcs', unitCostMinor: 7 }),
      row('d', { quantity: '0', unit: 'kg', unitCostMinor: 7 }),
    ]);
    expect(totals.quantities).toEqual([
      { unit: 'm', quantity: '0.3' },
      { unit: 'pcs', quantity: '3' },
    ]);
    expect(totals.valueMinor).toBe(1 + 2 + 21);
    expect(valueMinorOf(row('e', { quantity: '2.5', unitCostMinor: 3 }))).toBe(8);
  });
});
