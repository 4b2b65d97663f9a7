import { describe, expect, it } from 'vitest';
import { parseListSearch } from '../../components/data-table/use-list-search';
import { nextSearch, ReportsSearch, resolveReport, switchReport } from './search';

const TODAY = '2026-11-27';
const read = (raw: Record<string, unknown>) => parseListSearch(ReportsSearch, raw);

describe('the reports screen address', () => {
  it('opens the stock valuation at today, by category, sorted by group', () => {
    const report = resolveReport(read({}), TODAY);
    expect(report).toMatchObject({
      name: 'stock-valuation',
      date: TODAY,
      period: null,
      sort: 'group',
      order: 'asc',
      problems: [],
    });
    expect(report.parameters).toEqual({ date: TODAY, groupBy: 'category', sort: 'group', order: 'asc' });
  });

  it('takes the last 30 days ending today as a period left out, or ending on the last day given', () => {
    expect(resolveReport(read({ report: 'consumption' }), TODAY).period).toEqual({ from: '2026-10-29', to: TODAY });
    expect(resolveReport(read({ report: 'consumption', to: '2026-03-01' }), TODAY).period).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(resolveReport(read({ report: 'consumption', from: '2026-11-01' }), TODAY).period).toEqual({
      from: '2026-11-01',
      to: TODAY,
    });
  });

  it('sends each report only what it takes, its own default sorting when the address holds another report’s', () => {
    const search = read({
      report: 'activity-by-user',
      q: 'resistor',
      categoryId: '6f1f9c1e-3c1e-4f7e-9f55-0d5c6b1f0a11',
      sort: 'shortfall',
      from: '2026-11-01',
      to: '2026-11-15',
    });
    expect(resolveReport(search, TODAY).parameters).toEqual({
      from: '2026-11-01',
      to: '2026-11-15',
      sort: 'total',
      order: 'desc',
    });
    const lowStock = resolveReport({ ...search, report: 'low-stock' }, TODAY);
    expect(lowStock.parameters).toEqual({
      q: 'resistor',
      categoryId: '6f1f9c1e-3c1e-4f7e-9f55-0d5c6b1f0a11',
      sort: 'shortfall',
      order: 'desc',
    });
  });

  it('keeps dead stock at 180 days and ABC at 80/15 unless asked otherwise, and a bad number falls back alone', () => {
    expect(resolveReport(read({ report: 'dead-stock' }), TODAY).parameters).toMatchObject({ days: 180 });
    expect(resolveReport(read({ report: 'dead-stock', days: 'many' }), TODAY).parameters).toMatchObject({ days: 180 });
    expect(resolveReport(read({ report: 'abc-analysis', a: 70 }), TODAY).parameters).toMatchObject({ a: 70, b: 15 });
  });

  it('names what is wrong instead of asking: a period backwards or too long, classes leaving C nothing', () => {
    expect(
      resolveReport(read({ report: 'consumption', from: '2026-11-20', to: '2026-11-10' }), TODAY).problems,
    ).toEqual(['periodOrder']);
    expect(
      resolveReport(read({ report: 'movement-summary', from: '2010-01-01', to: '2026-01-01' }), TODAY).problems,
    ).toEqual(['periodLength']);
    expect(resolveReport(read({ report: 'abc-analysis', a: 85, b: 15 }), TODAY).problems).toEqual(['classes']);
    expect(resolveReport(read({ report: 'abc-analysis', a: 85, b: 14 }), TODAY).problems).toEqual([]);
  });

  it('starts another report on its own sorting and first page', () => {
    expect(switchReport('dead-stock')).toEqual({ report: 'dead-stock', sort: undefined, order: undefined, page: 1 });
  });
});

describe('a change of the reports screen address', () => {
  it('applies to the address as it is now, keeping what it does not name and leaving defaults out', () => {
    const now = { report: 'activity-by-user', from: '2026-11-01', page: 3, unknown: 'kept' };
    expect(nextSearch(now, { q: undefined })).toEqual({
      report: 'activity-by-user',
      from: '2026-11-01',
      page: 3,
      unknown: 'kept',
    });
    expect(nextSearch(now, { sort: 'name', order: 'asc' })).toEqual({
      report: 'activity-by-user',
      from: '2026-11-01',
      sort: 'name',
      order: 'asc',
      unknown: 'kept',
    });
    expect(nextSearch(now, { page: 4 })).toMatchObject({ page: 4 });
    expect(nextSearch({ report: 'dead-stock', days: 30 }, { days: 180 })).toEqual({ report: 'dead-stock' });
    expect(nextSearch({}, switchReport('stock-valuation'))).toEqual({});
  });
});
