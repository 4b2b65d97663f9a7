import type { StockList, StockRow } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import {
  allLedger,
  createCategory,
  createComponent,
  createLocation,
  department,
  issue,
  posted,
  receipt,
} from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { withNarrowingLocation } from '../locations/repository.js';

const app = await buildTestApp();
const deptA = await department(app, 'Stock list A');
const deptB = await department(app, 'Stock list B');

// Categories (company-wide) and locations of department A, named so that every collation orders them alike.
const passives = await createCategory(app, deptA.admin, 'Passives');
const resistors = await createCategory(app, deptA.admin, 'Resistors', passives.id);
const capacitors = await createCategory(app, deptA.admin, 'Capacitors', passives.id);
const semis = await createCategory(app, deptA.admin, 'Semis');
const main = await createLocation(app, deptA.admin, 'Main');
const shelfA = await createLocation(app, deptA.admin, 'Shelf A', main.id);
const bin1 = await createLocation(app, deptA.admin, 'Bin 1', shelfA.id);
const annex = await createLocation(app, deptA.admin, 'Annex');
const foreignStore = await createLocation(app, deptB.admin, 'Foreign store');

const r10k = await createComponent(app, deptA.worker, {
  sku: 'R10K',
  name: 'Bravo resistor',
  manufacturer: 'Yageo',
  manufacturerPartNumber: 'RC0603FR-0710KL',
  categoryId: resistors.id,
  defaultUnitCostMinor: 12,
  minimumStock: '100',
});
const c100n = await createComponent(app, deptA.worker, {
  sku: 'C100N',
  name: 'Delta capacitor',
  manufacturer: 'Murata',
  categoryId: capacitors.id,
  defaultUnitCostMinor: 5,
});
const m32 = await createComponent(app, deptA.worker, {
  sku: 'M32',
  name: 'Alpha controller',
  manufacturer: 'STMicro',
  categoryId: semis.id,
  defaultUnitCostMinor: 25_050,
  minimumStock: '5',
});
const w1 = await createComponent(app, deptA.worker, {
  sku: 'W1',
  name: 'Charlie wire',
  manufacturer: 'Alpha',
  unit: 'm',
  defaultUnitCostMinor: 333,
});
const e0 = await createComponent(app, deptA.worker, {
  sku: 'E0',
  name: 'Echo empty',
  manufacturer: 'Nobody',
  categoryId: semis.id,
  minimumStock: '1',
});
const foreignOnly = await createComponent(app, deptB.admin, { sku: 'FOREIGN1', name: 'Foreign part' });

await posted(app, deptA.worker, receipt(r10k.id, bin1.id, '40'));
await posted(app, deptA.worker, receipt(r10k.id, annex.id, '20'));
await posted(app, deptA.worker, receipt(c100n.id, shelfA.id, '1000'));
await posted(app, deptA.worker, receipt(m32.id, main.id, '3'));
await posted(app, deptA.worker, receipt(w1.id, annex.id, '2.5'));
await posted(app, deptA.worker, receipt(e0.id, main.id, '5'));
await posted(app, deptA.worker, issue(e0.id, main.id, '5'));
// Department B holds stock of its own, including a component A also holds.
await posted(app, deptB.admin, receipt(foreignOnly.id, foreignStore.id, '7'));
await posted(app, deptB.admin, receipt(r10k.id, foreignStore.id, '900'));

/** A row as "SKU@location path", the way a person reads the table. */
const label = (row: StockRow) => `${row.sku}@${row.locationPath}`;
const R_BIN = 'R10K@Main / Shelf A / Bin 1';
const R_ANNEX = 'R10K@Annex';
const C_SHELF = 'C100N@Main / Shelf A';
const M_MAIN = 'M32@Main';
const W_ANNEX = 'W1@Annex';
const E_MAIN = 'E0@Main';

async function stock(query: string, token = deptA.worker): Promise<StockList> {
  const response = await call(app, 'GET', `/api/stock${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/stock', () => {
  it('lists quantity on hand per component and location with values and totals', async () => {
    const list = await stock('');
    expect(list.items.map(label)).toEqual([C_SHELF, M_MAIN, R_ANNEX, R_BIN, W_ANNEX]);
    expect(list).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    const wire = list.items.find((row) => row.sku === 'W1');
    expect(wire).toEqual({
      componentId: w1.id,
      sku: 'W1',
      name: 'Charlie wire',
      unit: 'm',
      categoryPath: null,
      locationId: annex.id,
      locationPath: 'Annex',
      quantity: '2.5',
      minimumStock: '0',
      componentQuantity: '2.5',
      belowMinimum: false,
      unitCostMinor: 333,
      // 2.5 × 333 = 832.5, rounded half away from zero.
      valueMinor: '833',
    });
    const resistor = list.items.find((row) => label(row) === R_BIN);
    expect(resistor).toMatchObject({
      categoryPath: 'Passives / Resistors',
      quantity: '40',
      componentQuantity: '60',
      belowMinimum: true,
      valueMinor: '480',
    });
    // Pieces and metres are summed apart: 40 + 20 + 1000 + 3 pieces, 2.5 metres.
    expect(list.totals).toEqual({
      quantities: [
        { unit: 'pcs', quantity: '1063' },
        { unit: 'm', quantity: '2.5' },
      ],
      valueMinor: String(480 + 240 + 5000 + 75_150 + 833),
    });
  });

  it('includeEmpty also lists locations whose quantity fell to zero', async () => {
    expect((await stock('?includeEmpty=false')).items.map(label)).not.toContain(E_MAIN);
    const list = await stock('?includeEmpty=true');
    expect(list.items.map(label)).toEqual([C_SHELF, E_MAIN, M_MAIN, R_ANNEX, R_BIN, W_ANNEX]);
    expect(list.items.find((row) => row.sku === 'E0')).toMatchObject({ quantity: '0', valueMinor: '0' });
    expect(list.total).toBe(6);
    expect(list.totals).toEqual((await stock('')).totals);
  });

  it.each([
    ['sku, any letter case', 'r10', [R_ANNEX, R_BIN]],
    ['name', 'CAPACITOR', [C_SHELF]],
    ['manufacturer', 'stmicro', [M_MAIN]],
    ['manufacturer part number', 'rc0603', [R_ANNEX, R_BIN]],
    ['a LIKE wildcard taken literally', '%', []],
    ['an underscore taken literally', '_', []],
    ['nothing', 'zzz', []],
    ['every word, in any order, across fields', 'resistor yageo', [R_ANNEX, R_BIN]],
    ['every word in another order, with extra spaces', '  0603  BRAVO ', [R_ANNEX, R_BIN]],
    ['words that no one component has together', 'resistor murata', []],
  ])('q searches %s', async (_what, q, expected) => {
    const list = await stock(`?q=${encodeURIComponent(q)}`);
    expect(list.items.map(label)).toEqual(expected);
    expect(list.total).toBe(expected.length);
  });

  it('categoryId includes subcategories', async () => {
    expect((await stock(`?categoryId=${passives.id}`)).items.map(label)).toEqual([C_SHELF, R_ANNEX, R_BIN]);
    expect((await stock(`?categoryId=${resistors.id}`)).items.map(label)).toEqual([R_ANNEX, R_BIN]);
    expect((await stock(`?categoryId=${semis.id}&includeEmpty=true`)).items.map(label)).toEqual([E_MAIN, M_MAIN]);
  });

  it('q and categoryId together match both, subcategories included', async () => {
    expect((await stock(`?q=or&categoryId=${passives.id}`)).items.map(label)).toEqual([C_SHELF, R_ANNEX, R_BIN]);
    expect((await stock(`?q=or&categoryId=${resistors.id}`)).items.map(label)).toEqual([R_ANNEX, R_BIN]);
    expect((await stock(`?q=capacitor&categoryId=${resistors.id}`)).total).toBe(0);
  });

  it('locationId includes sublocations', async () => {
    expect((await stock(`?locationId=${main.id}`)).items.map(label)).toEqual([C_SHELF, M_MAIN, R_BIN]);
    expect((await stock(`?locationId=${shelfA.id}`)).items.map(label)).toEqual([C_SHELF, R_BIN]);
    expect((await stock(`?locationId=${bin1.id}`)).items.map(label)).toEqual([R_BIN]);
    const annexOnly = await stock(`?locationId=${annex.id}`);
    expect(annexOnly.items.map(label)).toEqual([R_ANNEX, W_ANNEX]);
    expect(annexOnly.totals).toEqual({
      quantities: [
        { unit: 'pcs', quantity: '20' },
        { unit: 'm', quantity: '2.5' },
      ],
      valueMinor: String(240 + 833),
    });
  });

  it('a location holding every location of the department lists all of its stock; another department’s none', async () => {
    // Department B has a single root, Foreign store: as a filter it excludes nothing.
    const all = await stock('', deptB.worker);
    expect(await stock(`?locationId=${foreignStore.id}`, deptB.worker)).toEqual(all);
    expect(await stock(`?locationId=${foreignStore.id}&sort=value&order=desc`, deptB.worker)).toEqual(
      await stock('?sort=value&order=desc', deptB.worker),
    );
    const byForeignRoot = await stock(`?locationId=${main.id}`, deptB.worker);
    expect(byForeignRoot.total).toBe(0);
    expect(byForeignRoot.totals).toEqual({ quantities: [], valueMinor: '0' });
  });

  it('a location filter is dropped only when no location of the department lies outside it', async () => {
    const departmentOf = async (locationId: string) =>
      (
        await queryRows<{ id: string }>(app.db, sql`select department_id as id from locations where id = ${locationId}`)
      )[0]?.id ?? '';
    const [a, b] = [await departmentOf(main.id), await departmentOf(foreignStore.id)];
    const narrowed = (departmentId: string, locationId: string) =>
      withNarrowingLocation(app.db, departmentId, { locationId, order: 'asc' });
    expect(await narrowed(b, foreignStore.id)).toEqual({ locationId: undefined, order: 'asc' });
    expect(await narrowed(a, main.id)).toEqual({ locationId: main.id, order: 'asc' });
    expect(await narrowed(a, bin1.id)).toEqual({ locationId: bin1.id, order: 'asc' });
    expect(await narrowed(b, main.id)).toEqual({ locationId: main.id, order: 'asc' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await narrowed(a, unknown)).toEqual({ locationId: unknown, order: 'asc' });
  });

  it('the ledger’s location filter: movements into or out of the subtree, all of them for the only root', async () => {
    const movements = async (query: string, token: string) => {
      const response = await call(app, 'GET', `/api/movements${query}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number };
    };
    expect((await movements(`?locationId=${main.id}`, deptA.worker)).total).toBe(5);
    expect((await movements(`?locationId=${annex.id}`, deptA.worker)).total).toBe(2);
    const theirs = await movements('', deptB.worker);
    expect(theirs.total).toBe(2);
    expect(await movements(`?locationId=${foreignStore.id}`, deptB.worker)).toEqual(theirs);
    expect((await movements(`?locationId=${main.id}`, deptB.worker)).total).toBe(0);
  });

  it('belowMinimum compares the department total with the minimum stock', async () => {
    expect((await stock('?belowMinimum=true')).items.map(label)).toEqual([M_MAIN, R_ANNEX, R_BIN]);
    expect((await stock('?belowMinimum=true&includeEmpty=true')).items.map(label)).toEqual([
      E_MAIN,
      M_MAIN,
      R_ANNEX,
      R_BIN,
    ]);
    expect((await stock('?belowMinimum=false')).total).toBe(5);
  });

  it('filters combine', async () => {
    const list = await stock(`?belowMinimum=true&locationId=${main.id}&q=r10`);
    expect(list.items.map(label)).toEqual([R_BIN]);
    expect(list.totals).toEqual({ quantities: [{ unit: 'pcs', quantity: '40' }], valueMinor: '480' });
  });

  it('raises no low-stock alarm for an archived component, in the list, its filter or its detail', async () => {
    const archived = await call(app, 'POST', `/api/components/${m32.id}/archive`, { token: deptA.admin });
    expect(archived.statusCode).toBe(200);
    try {
      const row = (await stock('?q=M32')).items[0];
      expect(row).toMatchObject({ sku: 'M32', quantity: '3', belowMinimum: false });
      expect((await stock('?belowMinimum=true')).items.map(label)).toEqual([R_ANNEX, R_BIN]);
      const detail = await call(app, 'GET', `/api/components/${m32.id}`, { token: deptA.worker });
      expect(detail.json()).toMatchObject({ totalQuantity: '3', belowMinimum: false });
    } finally {
      await call(app, 'POST', `/api/components/${m32.id}/restore`, { token: deptA.admin });
    }
    expect((await stock('?belowMinimum=true')).items.map(label)).toEqual([M_MAIN, R_ANNEX, R_BIN]);
  });

  // Descending is the ascending order read backwards, tie-breakers (SKU, then location) included; only rows
  // without a category stay last in both directions.
  it.each([
    ['sku', [C_SHELF, M_MAIN, R_ANNEX, R_BIN, W_ANNEX], [W_ANNEX, R_BIN, R_ANNEX, M_MAIN, C_SHELF]],
    ['name', [M_MAIN, R_ANNEX, R_BIN, W_ANNEX, C_SHELF], [C_SHELF, W_ANNEX, R_BIN, R_ANNEX, M_MAIN]],
    ['category', [C_SHELF, R_ANNEX, R_BIN, M_MAIN, W_ANNEX], [M_MAIN, R_BIN, R_ANNEX, C_SHELF, W_ANNEX]],
    ['location', [R_ANNEX, W_ANNEX, M_MAIN, C_SHELF, R_BIN], [R_BIN, C_SHELF, M_MAIN, W_ANNEX, R_ANNEX]],
    ['quantity', [W_ANNEX, M_MAIN, R_ANNEX, R_BIN, C_SHELF], [C_SHELF, R_BIN, R_ANNEX, M_MAIN, W_ANNEX]],
    ['value', [R_ANNEX, R_BIN, W_ANNEX, C_SHELF, M_MAIN], [M_MAIN, C_SHELF, W_ANNEX, R_BIN, R_ANNEX]],
  ])('sorts by %s in both orders', async (sort, ascending, descending) => {
    expect((await stock(`?sort=${sort}&order=asc`)).items.map(label)).toEqual(ascending);
    expect((await stock(`?sort=${sort}&order=desc`)).items.map(label)).toEqual(descending);
  });

  it('paginates with the total of the whole filtered list', async () => {
    const paging = await department(app, 'Stock list paging');
    const store = await createLocation(app, paging.admin, 'Store');
    for (let index = 1; index <= 23; index++) {
      const component = await createComponent(app, paging.worker, {
        sku: `PAGE-${String(index).padStart(2, '0')}`,
        defaultUnitCostMinor: 100,
      });
      await posted(app, paging.worker, receipt(component.id, store.id, String(index)));
    }
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await stock(`?page=${page}&pageSize=10`, paging.worker));
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 3, 0]);
    for (const [index, page] of pages.entries()) {
      expect(page).toMatchObject({ total: 23, page: index + 1, pageSize: 10 });
      // Totals are of the whole filtered list, not of the page.
      expect(page.totals).toEqual({
        quantities: [{ unit: 'pcs', quantity: String((23 * 24) / 2) }],
        valueMinor: String(((23 * 24) / 2) * 100),
      });
    }
    const skus = pages.flatMap((page) => page.items.map((row) => row.sku));
    expect(skus).toEqual(Array.from({ length: 23 }, (_, index) => `PAGE-${String(index + 1).padStart(2, '0')}`));
    const big = await stock('?pageSize=100', paging.worker);
    expect(big.items).toHaveLength(23);
    const filtered = await stock('?q=PAGE-1&pageSize=10&page=2', paging.worker);
    expect(filtered.total).toBe(10);
    expect(filtered.items).toHaveLength(0);
  });

  it('never shows another department’s stock', async () => {
    const mine = await stock('?includeEmpty=true&pageSize=100');
    expect(mine.items.some((row) => row.locationId === foreignStore.id)).toBe(false);
    expect(mine.items.some((row) => row.sku === 'FOREIGN1')).toBe(false);
    // R10K is held by both: A sees only its own 60.
    expect(mine.items.find((row) => row.sku === 'R10K')?.componentQuantity).toBe('60');
    const byForeignLocation = await stock(`?locationId=${foreignStore.id}`);
    expect(byForeignLocation.items).toEqual([]);
    expect(byForeignLocation.total).toBe(0);
    expect(byForeignLocation.totals).toEqual({ quantities: [], valueMinor: '0' });
    expect((await stock('?q=foreign')).total).toBe(0);

    const detail = await call(app, 'GET', `/api/components/${r10k.id}`, { token: deptA.manager });
    expect(detail.json()).toMatchObject({ totalQuantity: '60', belowMinimum: true });
    expect(
      detail
        .json()
        .stock.map((row: { locationId: string }) => row.locationId)
        .sort(),
    ).toEqual([bin1.id, annex.id].sort());
    const theirDetail = await call(app, 'GET', `/api/components/${r10k.id}`, { token: deptB.worker });
    expect(theirDetail.json()).toMatchObject({
      totalQuantity: '900',
      stock: [{ locationId: foreignStore.id, locationPath: 'Foreign store', quantity: '900' }],
    });

    const theirs = await stock('', deptB.worker);
    expect(theirs.items.map(label)).toEqual(['FOREIGN1@Foreign store', 'R10K@Foreign store']);
    expect(theirs.items.find((row) => row.sku === 'R10K')).toMatchObject({
      componentQuantity: '900',
      belowMinimum: false,
    });
  });

  it('every role of the department may read it; an anonymous caller may not', async () => {
    for (const token of [deptA.admin, deptA.worker, deptA.manager]) expect((await stock('', token)).total).toBe(5);
    const anonymous = await call(app, 'GET', '/api/stock');
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['pageSize=7'],
    ['pageSize=1000'],
    ['page=0'],
    ['page=-1'],
    ['page=abc'],
    ['page=1.5'],
    ['sort=bogus'],
    ['sort=quantity;drop table stock_balances'],
    ['order=up'],
    ['belowMinimum=yes'],
    ['belowMinimum=1'],
    ['includeEmpty=TRUE'],
    ['categoryId=not-a-uuid'],
    ['locationId=123'],
    [`q=${'x'.repeat(201)}`],
  ])('refuses the query %s with 400', async (query) => {
    const response = await call(app, 'GET', `/api/stock?${query}`, { token: deptA.worker });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    const name = query.split('=')[0];
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(`querystring.${name}`);
  });

  it('totals stay correct when the summed quantity exceeds what one balance may hold', async () => {
    const huge = await department(app, 'Stock list huge');
    const store = await createLocation(app, huge.admin, 'Store');
    const a = await createComponent(app, huge.worker, { unit: 'g' });
    const b = await createComponent(app, huge.worker, { unit: 'g' });
    await posted(app, huge.worker, receipt(a.id, store.id, '999999999999'));
    await posted(app, huge.worker, receipt(b.id, store.id, '1'));
    const response = await call(app, 'GET', '/api/stock', { token: huge.worker });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().totals.quantities).toEqual([{ unit: 'g', quantity: '1000000000000' }]);
  });

  it('sums each unit apart, leaves out a unit whose stock is all gone, and follows a unit changed by hand', async () => {
    const units = await department(app, 'Stock list units');
    const store = await createLocation(app, units.admin, 'Store');
    // A second location, so that a filter by Store is not dropped as covering the whole department.
    await createLocation(app, units.admin, 'Elsewhere');
    const cable = await createComponent(app, units.worker, { unit: 'm', defaultUnitCostMinor: 10 });
    const flux = await createComponent(app, units.worker, { unit: 'kg', defaultUnitCostMinor: 10 });
    const screws = await createComponent(app, units.worker, { unit: 'pcs', defaultUnitCostMinor: 10 });
    await posted(app, units.worker, receipt(cable.id, store.id, '12.5'));
    await posted(app, units.worker, receipt(flux.id, store.id, '0.25'));
    await posted(app, units.worker, receipt(screws.id, store.id, '100'));
    await posted(app, units.worker, issue(flux.id, store.id, '0.25'));
    // The whole stock's totals come from the summary, a filter's from the balances: both must agree.
    const expected = {
      quantities: [
        { unit: 'pcs', quantity: '100' },
        { unit: 'm', quantity: '12.5' },
      ],
      valueMinor: '1125',
    };
    expect((await stock('', units.worker)).totals).toEqual(expected);
    expect((await stock('?includeEmpty=true', units.worker)).totals).toEqual(expected);
    expect((await stock(`?locationId=${store.id}&includeEmpty=true`, units.worker)).totals).toEqual(expected);

    // The service refuses this once a component has moved; the database keeps the totals right regardless.
    await app.db.execute(sql`update components set unit = 'kg' where id = ${cable.id}`);
    const moved = {
      quantities: [
        { unit: 'pcs', quantity: '100' },
        { unit: 'kg', quantity: '12.5' },
      ],
      valueMinor: '1125',
    };
    expect((await stock('', units.worker)).totals).toEqual(moved);
    expect((await stock('?includeEmpty=true', units.worker)).totals).toEqual(moved);
  });

  it('a row whose value exceeds 2^53 minor units is answered, not a server error', async () => {
    const rich = await department(app, 'Stock list rich');
    const vault = await createLocation(app, rich.admin, 'Vault');
    // 10 000 000 000 g at 10 000.00 per gram: 10^16 minor units.
    const gold = await createComponent(app, rich.worker, { unit: 'g', defaultUnitCostMinor: 1_000_000 });
    await posted(app, rich.worker, receipt(gold.id, vault.id, '10000000000'));
    const response = await call(app, 'GET', '/api/stock', { token: rich.worker });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toHaveLength(1);
    expect(response.json().totals.valueMinor).toBe('10000000000000000');
  });
});

/** Files: body bytes, text, and the download name. */
async function download(url: string, token = deptA.worker) {
  const response = await call(app, 'GET', url, { token });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return {
    bytes: response.rawPayload,
    text: response.rawPayload.toString('utf8'),
    contentType: String(response.headers['content-type']),
    disposition: String(response.headers['content-disposition']),
  };
}

/** Data lines of a CSV export (header excluded), the BOM stripped. */
function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
}

function sheetXml(bytes: Buffer): string {
  const files = unzipSync(new Uint8Array(bytes));
  const sheet = files['xl/worksheets/sheet1.xml'];
  if (!sheet) throw new Error(`no sheet in ${Object.keys(files).join(', ')}`);
  return strFromU8(sheet);
}

function moscowDate(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

describe('exports', () => {
  it('stock CSV: UTF-8 BOM, English header, the rows of the filtered view', async () => {
    const file = await download('/api/stock/export?format=csv&lang=en');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.disposition).toMatch(/^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = csvLines(file.text);
    expect(header).toBe('SKU,Name,Category,Location,Quantity,Unit,Minimum stock,Below minimum,Unit cost,Value');
    expect(rows).toHaveLength(5);
    expect(rows).toContain('W1,Charlie wire,,Annex,2.5,m,0,no,3.33,8.33');
    expect(rows).toContain('R10K,Bravo resistor,Passives / Resistors,Main / Shelf A / Bin 1,40,pcs,100,yes,0.12,4.8');

    const filtered = csvLines(
      (await download(`/api/stock/export?locationId=${shelfA.id}&sort=quantity&order=desc`)).text,
    );
    expect(filtered.slice(1).map((line) => line.split(',')[0])).toEqual(['C100N', 'R10K']);
    const withEmpty = csvLines((await download('/api/stock/export?includeEmpty=true&q=E0')).text);
    expect(withEmpty.slice(1)).toHaveLength(1);
    expect(withEmpty[1]?.startsWith('E0,Echo empty,Semis,Main,0,')).toBe(true);
  });

  it('stock CSV in Russian has a Russian header, no English words in its cells, and Russian separators', async () => {
    const file = await download('/api/stock/export?format=csv&lang=ru&q=r10');
    const [header, ...rows] = csvLines(file.text);
    // Semicolons and decimal commas, as Excel in a Russian locale reads a CSV into columns and numbers.
    expect(header).toBe(
      'Артикул;Наименование;Категория;Место хранения;Количество;Ед. изм.;Минимальный остаток;Ниже минимума;Цена за единицу;Стоимость',
    );
    expect(rows).toHaveLength(2);
    expect(rows).toContain('R10K;Bravo resistor;Passives / Resistors;Main / Shelf A / Bin 1;40;шт.;100;да;0,12;4,8');
    // The "below minimum" cell is a word the reader must understand, like the header above it.
    for (const row of rows) expect(row.split(';')[7]).not.toMatch(/^(yes|no)$/);
  });

  it('stock XLSX: a zip whose sheet holds the filtered rows', async () => {
    const file = await download('/api/stock/export?format=xlsx&q=M32');
    expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toMatch(/filename="stock-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = sheetXml(file.bytes);
    expect(sheet).toContain('M32');
    expect(sheet).toContain('Alpha controller');
    expect(sheet).not.toContain('R10K');
    const russian = sheetXml((await download('/api/stock/export?format=xlsx&lang=ru')).bytes);
    expect(russian).toContain('Артикул');
    expect(russian).toContain('R10K');
  });

  it('stock export never includes another department’s rows and refuses bad queries', async () => {
    const text = (await download('/api/stock/export?pageSize=100')).text;
    expect(text).not.toContain('FOREIGN1');
    expect(text).not.toContain('Foreign store');
    for (const query of ['format=pdf', 'lang=de', 'sort=bogus', 'belowMinimum=yes']) {
      const response = await call(app, 'GET', `/api/stock/export?${query}`, { token: deptA.worker });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('movements CSV and XLSX: headers in both languages and one row per movement', async () => {
    const ledger = await allLedger(app, deptA.worker);
    const english = csvLines((await download('/api/movements/export?format=csv&lang=en&order=asc')).text);
    expect(english[0]).toBe(
      'Number,Time,Type,SKU,Component,Quantity,Unit,From,To,Unit cost,Reference,Note,User,Reverses',
    );
    expect(english.slice(1)).toHaveLength(ledger.length);
    expect(english[1]?.split(',').slice(2, 9)).toEqual([
      'Receipt',
      'R10K',
      'Bravo resistor',
      '40',
      'pcs',
      '',
      'Main / Shelf A / Bin 1',
    ]);
    const russian = csvLines((await download('/api/movements/export?format=csv&lang=ru&type=issue')).text);
    expect(russian[0]?.startsWith('Номер;Время;Тип;Артикул;Компонент;Количество')).toBe(true);
    expect(russian.slice(1)).toHaveLength(1);
    expect(russian[1]).toContain('Выдача');
    expect(russian[1]).toContain('E0');

    const xlsx = await download(`/api/movements/export?format=xlsx&componentId=${w1.id}`);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(xlsx.disposition).toMatch(/filename="movements-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = sheetXml(xlsx.bytes);
    expect(sheet).toContain('W1');
    expect(sheet).not.toContain('R10K');
    const foreign = (await download('/api/movements/export')).text;
    expect(foreign).not.toContain('FOREIGN1');
  });

  it('the movements export honours the period, in the organisation’s time zone', async () => {
    const today = moscowDate();
    const all = csvLines((await download(`/api/movements/export?from=${today}&to=${today}`)).text);
    expect(all.slice(1)).toHaveLength((await allLedger(app, deptA.worker)).length);
    expect(csvLines((await download(`/api/movements/export?from=${moscowDate(1)}`)).text).slice(1)).toEqual([]);
    expect(csvLines((await download(`/api/movements/export?to=${moscowDate(-1)}`)).text).slice(1)).toEqual([]);

    // Two movements of the past, either side of midnight in Moscow (UTC+3): 23:30 on the 15th, 00:30 on the 16th.
    const past = await department(app, 'Stock list past');
    const store = await createLocation(app, past.admin, 'Store');
    const component = await createComponent(app, past.worker, { sku: 'PAST-1' });
    const [row] = (
      (await app.db.execute(sql`select id from departments where name = ${past.name}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    for (const [quantity, at] of [
      ['11', '2024-01-15T20:30:00Z'],
      ['22', '2024-01-15T21:30:00Z'],
    ]) {
      await app.db.execute(sql`insert into movements (type, department_id, component_id, quantity, to_location_id, user_id, created_at)
        values ('receipt', ${row?.id}, ${component.id}, ${quantity}, ${store.id}, ${past.adminId}, ${at}::timestamptz)`);
    }
    await posted(app, past.worker, receipt(component.id, store.id, '33'));
    const quantities = async (query: string) =>
      csvLines((await download(`/api/movements/export?order=asc&${query}`, past.worker)).text)
        .slice(1)
        .map((line) => line.split(',')[5]);
    expect(await quantities('from=2024-01-15&to=2024-01-15')).toEqual(['11']);
    expect(await quantities('from=2024-01-16&to=2024-01-16')).toEqual(['22']);
    expect(await quantities('from=2024-01-15&to=2024-01-16')).toEqual(['11', '22']);
    expect(await quantities('to=2024-01-14')).toEqual([]);
    expect(await quantities('from=2024-01-16')).toEqual(['22', '33']);
    expect(await quantities(`from=${today}`)).toEqual(['33']);
    // The organisation time zone is the one of the sales settings: in UTC both are on the 15th.
    const setZone = (timeZone: string) =>
      call(app, 'PUT', '/api/sales/settings', { token: past.admin, body: { subdomain: null, timeZone } });
    expect((await setZone('UTC')).statusCode).toBe(200);
    expect(await quantities('from=2024-01-15&to=2024-01-15')).toEqual(['11', '22']);
    expect((await setZone('Europe/Moscow')).statusCode).toBe(200);
    for (const query of ['from=2024-13-01', 'to=yesterday', 'from=15.01.2024']) {
      const response = await call(app, 'GET', `/api/movements/export?${query}`, { token: past.worker });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('components CSV and XLSX: company-wide catalogue, filtered, headers in both languages, CSV formulas neutralised', async () => {
    await createComponent(app, deptA.worker, { sku: 'INJ-1', name: '=HYPERLINK("http://evil","x")' });
    const english = csvLines((await download('/api/components/export?format=csv&lang=en&q=r10k')).text);
    expect(english[0]).toBe(
      'SKU,Name,Category,Manufacturer,Manufacturer part number,Package,Unit,Minimum stock,Default unit cost,Datasheet,Archived,Updated',
    );
    expect(english.slice(1)).toHaveLength(1);
    expect(
      english[1]?.startsWith('R10K,Bravo resistor,Passives / Resistors,Yageo,RC0603FR-0710KL,,pcs,100,0.12,'),
    ).toBe(true);
    const russian = csvLines((await download('/api/components/export?lang=ru&q=r10k')).text);
    expect(russian[0]?.startsWith('Артикул;Наименование;Категория;Производитель')).toBe(true);
    const injected = csvLines((await download('/api/components/export?q=INJ-1')).text);
    expect(injected[1]?.startsWith('INJ-1,"\'=HYPERLINK(')).toBe(true);
    const byCategory = csvLines((await download(`/api/components/export?categoryId=${passives.id}`)).text);
    expect(byCategory.slice(1).map((line) => line.split(',')[0])).toEqual(['C100N', 'R10K']);

    const xlsx = await download('/api/components/export?format=xlsx');
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(xlsx.disposition).toMatch(/filename="components-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = sheetXml(xlsx.bytes);
    for (const sku of ['R10K', 'C100N', 'M32', 'W1', 'E0', 'FOREIGN1']) expect(sheet).toContain(sku);
  });

  it('an anonymous caller cannot export', async () => {
    for (const url of ['/api/stock/export', '/api/movements/export', '/api/components/export']) {
      expect((await call(app, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});
