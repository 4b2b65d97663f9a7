import type { ComponentInput, StockList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import {
  createCategory,
  createComponent,
  createLocation,
  department,
  issue,
  posted,
  receipt,
} from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { stockPageCache } from './page-cache.js';

const app = await buildTestApp();
const dept = await department(app, 'Page cache');
const other = await department(app, 'Page cache, elsewhere');
const category = await createCategory(app, dept.admin, 'Cached category');
const shelf = await createLocation(app, dept.admin, 'Cached shelf');
const theirShelf = await createLocation(app, other.admin, 'Their shelf');
const part = await createComponent(app, dept.worker, {
  sku: 'CACHED-1',
  name: 'Cached part',
  manufacturer: 'Acme',
  categoryId: category.id,
  minimumStock: '5',
  defaultUnitCostMinor: 10,
});
await posted(app, dept.worker, receipt(part.id, shelf.id, '10'));

async function stock(query = '', token = dept.worker): Promise<StockList> {
  const response = await call(app, 'GET', `/api/stock${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
}

/**
 * Writes the balance's quantity behind the ledger's back: nothing the page's version counts changes, so a
 * page served afterwards with the old quantity came from the cache. The balance then stays off its ledger's
 * sum; no test here compares the two.
 */
async function setQuantityByHand(quantity: string) {
  await queryRows(
    app.db,
    sql`update stock_balances set quantity = ${quantity} where component_id = ${part.id} and location_id = ${shelf.id}`,
  );
}

async function editPart(change: Partial<ComponentInput>) {
  const current = (await call(app, 'GET', `/api/components/${part.id}`, { token: dept.worker })).json().component;
  const body = { ...current, ...change };
  const response = await call(app, 'PUT', `/api/components/${part.id}`, { token: dept.admin, body });
  expect(response.statusCode, response.body).toBe(200);
}

describe('stock pages kept while nothing they show has changed (ADR 0020)', () => {
  it('serves a page again from the cache until the department posts a movement', async () => {
    expect((await stock()).items[0]).toMatchObject({ quantity: '10' });
    await setQuantityByHand('7');
    // Nothing counted changed: the kept page, with the old quantity.
    expect((await stock()).items[0]).toMatchObject({ quantity: '10' });
    // Another query of the same list is a page of its own, computed now.
    expect((await stock('?pageSize=50')).items[0]).toMatchObject({ quantity: '7' });
    // Another department's movement does not date this department's pages, and the same query there is a
    // page of its own.
    const theirPart = await createComponent(app, other.worker, { sku: 'THEIRS-1' });
    await posted(app, other.worker, receipt(theirPart.id, theirShelf.id, '1'));
    expect((await stock('', other.worker)).items.map((row) => row.sku)).toEqual(['THEIRS-1']);
    // (Creating their component is a catalogue change, so the first page is recomputed here; compare the
    // page computed after it.)
    expect((await stock()).items[0]).toMatchObject({ quantity: '7' });
    await setQuantityByHand('6');
    await posted(app, other.worker, receipt(theirPart.id, theirShelf.id, '1'));
    expect((await stock()).items[0]).toMatchObject({ quantity: '7' });
    // This department's movement does.
    await posted(app, dept.worker, issue(part.id, shelf.id, '1'));
    expect((await stock()).items[0]).toMatchObject({ quantity: '5' });
  });

  it.each<[string, () => Promise<unknown>, string, (list: StockList) => unknown]>([
    [
      'a posting',
      () => posted(app, dept.worker, receipt(part.id, shelf.id, '1')),
      '',
      (list) => list.items[0]?.quantity,
    ],
    ['a rename', () => editPart({ name: 'Renamed part' }), '', (list) => list.items[0]?.name],
    ['a new SKU', () => editPart({ sku: 'CACHED-2' }), '', (list) => list.items[0]?.sku],
    ['a new minimum', () => editPart({ minimumStock: '1000' }), '', (list) => list.items[0]?.belowMinimum],
    ['a new cost', () => editPart({ defaultUnitCostMinor: 99 }), '', (list) => list.totals.valueMinor],
    ['a new manufacturer (search text)', () => editPart({ manufacturer: 'Zenith' }), '?q=zenith', (list) => list.total],
    [
      'a category renamed',
      () => call(app, 'PATCH', `/api/categories/${category.id}`, { token: dept.admin, body: { name: 'Recat' } }),
      '',
      (list) => list.items[0]?.categoryPath,
    ],
    [
      'a location renamed',
      () => call(app, 'PATCH', `/api/locations/${shelf.id}`, { token: dept.admin, body: { name: 'Reshelf' } }),
      '',
      (list) => list.items[0]?.locationPath,
    ],
  ])('shows %s at once', async (_change, change, query, shown) => {
    const before = await stock(query);
    await change();
    const after = await stock(query);
    expect(shown(after)).not.toEqual(shown(before));
    // The same as a page computed from scratch.
    expect(after).toEqual(await stock(`${query}${query ? '&' : '?'}page=1&pageSize=100`).then(asPageOf25));
  });
});

describe('stockPageCache', () => {
  it('computes a page once for the requests that ask for it together, and again after a failure', async () => {
    const pages = stockPageCache();
    const departmentId = await departmentIdOf(shelf.id);
    const list = await stock();
    let computed = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      computed += 1;
      await released;
      return list;
    };
    const together = [1, 2, 3].map(() => pages.read(app.db, departmentId, { page: 1 }, compute));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const bodies = await Promise.all(together);
    expect(computed).toBe(1);
    expect(bodies.map((body) => JSON.parse(body.toString()))).toEqual([list, list, list]);

    const failing = pages.read(app.db, departmentId, { page: 2 }, () => Promise.reject(new Error('timeout')));
    await expect(failing).rejects.toThrow('timeout');
    const retried = await pages.read(app.db, departmentId, { page: 2 }, async () => list);
    expect(JSON.parse(retried.toString())).toEqual(list);
  });
});

describe('stockPageCache, a change during a computation', () => {
  it('is never hidden by the page computed before it committed', async () => {
    const pages = stockPageCache();
    const departmentId = await departmentIdOf(shelf.id);
    const list = await stock();
    // The page is read first; a posting commits before its computation returns.
    await pages.read(app.db, departmentId, { case: 'race' }, async () => {
      await posted(app, dept.worker, receipt(part.id, shelf.id, '1'));
      return list;
    });
    const recomputed = { ...list, total: list.total + 1000 };
    const next = await pages.read(app.db, departmentId, { case: 'race' }, async () => recomputed);
    expect(JSON.parse(next.toString())).toEqual(recomputed);
  });
});

describe('stockPageCache without the catalogue’s count', () => {
  it('keeps nothing while the row that counts catalogue changes is missing', async () => {
    const [row] = await queryRows<{ changes: string }>(
      app.db,
      sql`delete from catalogue_version returning changes::text`,
    );
    try {
      const before = await stock();
      await setQuantityByHand('42');
      expect((await stock()).items[0]).toMatchObject({ quantity: '42' });
      await setQuantityByHand(before.items[0]?.quantity ?? '0');
    } finally {
      await queryRows(app.db, sql`insert into catalogue_version (id, changes) values (true, ${row?.changes ?? '0'})`);
    }
  });
});

function asPageOf25(list: StockList): StockList {
  return { ...list, items: list.items.slice(0, 25), pageSize: 25 };
}

async function departmentIdOf(locationId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    app.db,
    sql`select department_id as id from locations where id = ${locationId}`,
  );
  return row?.id ?? '';
}
