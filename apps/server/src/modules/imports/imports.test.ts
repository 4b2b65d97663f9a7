import type { ImportPreview } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { testEngine } from '../../../test/engine.js';
import { createUser, signIn } from '../../../test/factories.js';
import { holdTransaction, lockWaiters } from '../../../test/held-transaction.js';
import { oneHugeCellWorkbook, writtenWorkbook } from '../../../test/xlsx-files.js';

const app = await buildTestApp();

async function upload(server: FastifyInstance, token: string, content: Buffer | string, type = 'text/csv') {
  return server.inject({
    method: 'POST',
    url: '/api/imports/components/preview',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: content,
  });
}

const csv = (rows: string[][]) => rows.map((row) => row.join(',')).join('\n');

let token: string;
let locationId: string;

beforeAll(async () => {
  const admin = await signIn(app, await createUser(app, { role: 'administrator', departments: ['Import Dept'] }));
  token = admin.accessToken;
  const main = await call(app, 'POST', '/api/locations', { token, body: { name: 'Main' } });
  const bin = await call(app, 'POST', '/api/locations', { token, body: { name: 'Bin 1', parentId: main.json().id } });
  locationId = bin.json().id;
});

async function ledgerSize(): Promise<number> {
  return (await call(app, 'GET', '/api/movements?pageSize=10', { token })).json().total;
}

async function catalogueSize(): Promise<number> {
  return (await call(app, 'GET', '/api/components?status=all&pageSize=10', { token })).json().total;
}

describe('components import', () => {
  it('lists every bad row with its column and commits nothing', async () => {
    const before = { components: await catalogueSize(), movements: await ledgerSize() };
    const response = await upload(
      app,
      token,
      csv([
        ['SKU', 'Name', 'Unit', 'Minimum stock', 'Unit cost', 'Location', 'Opening quantity'],
        ['OK-1', 'Fine row', 'pcs', '5', '1.50', 'Main / Bin 1', '10'],
        ['', 'No SKU', 'pcs', '', '', '', ''],
        ['BAD-2', 'Half a resistor', 'pcs', '', '', 'Main/Bin 1', '2.5'],
        ['BAD-3', 'Unknown unit', 'barrels', '', '', '', ''],
        ['BAD-4', 'Nowhere', 'pcs', '', '', 'Attic', '3'],
        ['OK-1', 'Duplicate', 'pcs', '', '', '', ''],
        ['BAD-5', 'Cheap', 'pcs', '', '1.234', '', ''],
        ['BAD-6', 'Quantity only', 'kg', '', '', '', '1.5'],
        ['BAD-7', 'Negative minimum', 'pcs', '-5', '', '', ''],
        ['BAD-8', 'Negative cost', 'pcs', '', '−1.50', '', ''],
        ['BAD-9', 'Nothing opened', 'pcs', '', '', 'Main / Bin 1', '0'],
        ['BAD-10', 'Not a number', 'pcs', 'five', '', '', ''],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview: ImportPreview = response.json();
    expect(preview.importId).toBeNull();
    expect(preview.totalRows).toBe(12);
    expect(preview.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
      { row: 3, column: 'sku', code: 'required' },
      { row: 4, column: 'openingQuantity', code: 'notWhole' },
      { row: 5, column: 'unit', code: 'unknownUnit' },
      { row: 6, column: 'location', code: 'unknownLocation' },
      { row: 7, column: 'sku', code: 'duplicateInFile' },
      { row: 8, column: 'unitCost', code: 'tooManyDecimals' },
      { row: 9, column: 'location', code: 'locationWithoutQuantity' },
      { row: 10, column: 'minimumStock', code: 'negative' },
      { row: 11, column: 'unitCost', code: 'negative' },
      { row: 12, column: 'openingQuantity', code: 'notPositive' },
      { row: 13, column: 'minimumStock', code: 'invalidNumber' },
    ]);
    expect(preview.errorCount).toBe(11);
    expect({ components: await catalogueSize(), movements: await ledgerSize() }).toEqual(before);
  });

  it('refuses a file that is neither CSV nor XLSX, and missing columns; it leaves out columns it does not know', async () => {
    const binary = await upload(app, token, Buffer.from([0, 1, 2, 3, 0, 0, 255]), 'application/octet-stream');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().code).toBe('IMPORT_FILE_UNREADABLE');
    const columns: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['SKU', 'Colour'],
          ['A-1', 'red'],
        ]),
      )
    ).json();
    expect(columns.errors).toEqual([
      { row: 1, column: 'name', header: null, value: null, code: 'missingColumn', message: expect.any(String) },
    ]);
  });

  it('imports 10 000 rows with opening balances from XLSX, all at once', async () => {
    const rows = [
      ['Артикул', 'Наименование', 'Категория', 'Ед. изм.', 'Цена за единицу', 'Место хранения', 'Начальный остаток'],
    ];
    for (let index = 0; index < 10_000; index++) {
      const opening = index % 2 === 0;
      rows.push([
        `BULK-${index}`,
        `Bulk part ${index}`,
        index % 3 === 0 ? 'Bulk / Even deeper' : 'Bulk',
        'шт',
        '0,25',
        opening ? 'Main / Bin 1' : '',
        opening ? '4' : '',
      ]);
    }
    const preview: ImportPreview = (
      await upload(
        app,
        token,
        await writtenWorkbook(rows),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
    ).json();
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toEqual({
      newComponents: 10_000,
      updatedComponents: 0,
      newCategories: 2,
      openingBalances: 5000,
    });
    expect(preview.importId).toEqual(expect.any(String));

    const commit = await call(app, 'POST', `/api/imports/${preview.importId}/commit`, { token });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toEqual({
      createdComponents: 10_000,
      updatedComponents: 0,
      createdCategories: 2,
      openingBalances: 5000,
    });

    const stock = (await call(app, 'GET', `/api/stock?locationId=${locationId}&q=bulk-&pageSize=10`, { token })).json();
    expect(stock.total).toBe(5000);
    expect(stock.totals).toEqual({ quantities: [{ unit: 'pcs', quantity: '20000' }], valueMinor: '500000' });
    const again = await call(app, 'POST', `/api/imports/${preview.importId}/commit`, { token });
    expect(again.statusCode).toBe(404);

    // The opening receipts are marked as such, and each reader's file says so in its language.
    const [opening] = (await call(app, 'GET', '/api/movements?type=receipt&pageSize=10', { token })).json().items;
    expect(opening).toMatchObject({ origin: 'opening-balance', reference: '', note: '' });
    const exported = async (lang: string) =>
      (
        await call(app, 'GET', `/api/movements/export?format=csv&lang=${lang}&componentId=${opening.componentId}`, {
          token,
        })
      ).body;
    expect(await exported('ru')).toContain(';шт.;');
    expect(await exported('ru')).toContain('Начальный остаток');
    expect(await exported('en')).toContain('Opening balance');
    expect(await exported('ru')).not.toContain('Opening balance');
  });

  it('updates existing components with the columns the file has, and re-checks at commit', async () => {
    const preview: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['sku', 'name', 'location', 'openingQuantity'],
          ['bulk-1', 'Renamed part', 'Main / Bin 1', '7'],
        ]),
      )
    ).json();
    expect(preview.summary).toMatchObject({ newComponents: 0, updatedComponents: 1, openingBalances: 1 });
    // Stock arrives at that location before the commit: the opening balance would now count it twice.
    const component = (await call(app, 'GET', '/api/components?q=BULK-1&pageSize=10', { token })).json().items[0];
    expect(component).toMatchObject({ sku: 'BULK-1', name: 'Bulk part 1', unit: 'pcs', defaultUnitCostMinor: 25 });
    await call(app, 'POST', '/api/movements', {
      token,
      body: { type: 'receipt', componentId: component.id, locationId, quantity: '1' },
    });
    const commit = await call(app, 'POST', `/api/imports/${preview.importId}/commit`, { token });
    expect(commit.statusCode).toBe(422);
    expect(commit.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', errors: [{ path: 'rows.2.openingQuantity' }] });

    const rename: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['sku', 'name'],
          ['bulk-1', 'Renamed part'],
        ]),
      )
    ).json();
    expect((await call(app, 'POST', `/api/imports/${rename.importId}/commit`, { token })).statusCode).toBe(200);
    const renamed = (await call(app, 'GET', `/api/components/${component.id}`, { token })).json().component;
    expect(renamed).toMatchObject({
      name: 'Renamed part',
      unit: 'pcs',
      defaultUnitCostMinor: 25,
      categoryPath: 'Bulk',
    });

    // It has moved: its ledger counts pieces, so another unit is refused; an empty cell keeps the unit.
    const units: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['sku', 'name', 'unit', 'openingQuantity', 'location'],
          ['bulk-1', 'Renamed part', 'm', '', ''],
          ['bulk-2', 'Bulk part 2', '', '', ''],
          ['unit-new', 'New reel', 'm', '2.5', 'Main / Bin 1'],
        ]),
      )
    ).json();
    expect(units.errors).toEqual([
      { row: 2, column: 'unit', header: 'unit', value: 'm', code: 'unitInUse', message: expect.any(String) },
    ]);

    // A component never moved takes a new unit; one in metres keeps them when the cell is empty.
    const wire = (await call(app, 'GET', '/api/components?q=BULK-3&pageSize=10', { token }))
      .json()
      .items.find((item: { sku: string }) => item.sku === 'BULK-3');
    const toMetres: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['sku', 'name', 'unit'],
          ['bulk-3', 'Bulk wire', 'm'],
          ['bulk-1000', 'Bulk part 1000', 'PCS'],
        ]),
      )
    ).json();
    expect(toMetres.errors).toEqual([]);
    expect((await call(app, 'POST', `/api/imports/${toMetres.importId}/commit`, { token })).statusCode).toBe(200);
    const kept: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['sku', 'name', 'unit', 'location', 'openingQuantity'],
          ['bulk-3', 'Bulk wire', '', 'Main / Bin 1', '2.5'],
        ]),
      )
    ).json();
    expect(kept.errors).toEqual([]);
    expect((await call(app, 'POST', `/api/imports/${kept.importId}/commit`, { token })).statusCode).toBe(200);
    const detail = (await call(app, 'GET', `/api/components/${wire.id}`, { token })).json();
    expect(detail).toMatchObject({ component: { unit: 'm' }, totalQuantity: '2.5' });
  });

  it('offers a template in both languages that imports as it is', async () => {
    const ru = await call(app, 'GET', '/api/imports/template?format=csv&lang=ru', { token });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('Артикул;Наименование');
    const russian: ImportPreview = (await upload(app, token, ru.rawPayload)).json();
    expect(russian).toMatchObject({ errors: [], totalRows: 1, summary: { newComponents: 1 } });
    const template = await call(app, 'GET', '/api/imports/template?format=xlsx&lang=en', { token });
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const preview: ImportPreview = (await upload(app, token, template.rawPayload, 'application/octet-stream')).json();
    expect(preview).toMatchObject({ errors: [], totalRows: 1, summary: { newComponents: 1 } });
  });

  it('is for workers and administrators only', async () => {
    const manager = await signIn(app, await createUser(app, { role: 'manager', departments: ['Import Dept'] }));
    expect(
      (
        await upload(
          app,
          manager.accessToken,
          csv([
            ['sku', 'name'],
            ['X-1', 'x'],
          ]),
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('an untrusted file', () => {
  it('that unpacks to 300 MiB in one cell is refused three at once, while health answers within a second and memory stays bounded', async () => {
    const worker = await signIn(app, await createUser(app, { role: 'worker', departments: ['Import Dept'] }));
    const bomb = oneHugeCellWorkbook(300);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const memoryBefore = process.memoryUsage().rss;
    let peakMemory = memoryBefore;
    let slowestHealth = 0;
    let healthChecks = 0;
    let refusing = true;
    const watching = (async () => {
      while (refusing) {
        const started = performance.now();
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        peakMemory = Math.max(peakMemory, process.memoryUsage().rss);
        healthChecks++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        upload(app, worker.accessToken, bomb, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      ),
    );
    refusing = false;
    await watching;
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().code).toBe('IMPORT_FILE_OVER_LIMITS');
    }
    expect(healthChecks).toBeGreaterThan(1);
    expect(slowestHealth).toBeLessThan(1000);
    // Each reader stops a few hundred KiB into the cell; the review saw 1.7–2.5 GB for this.
    expect(peakMemory - memoryBefore).toBeLessThan(512 * 1024 * 1024);
  });
});

describe.runIf(testEngine().kind === 'postgres')('an import racing a posting', () => {
  it('changes no unit under a first posting in flight: it waits for it, then reports the unit in use', async () => {
    const wire = await call(app, 'POST', '/api/components', {
      token,
      body: { sku: 'RACE-1', name: 'Wire', unit: 'm' },
    });
    const preview: ImportPreview = (
      await upload(
        app,
        token,
        csv([
          ['sku', 'name', 'unit'],
          ['race-1', 'Wire', 'pcs'],
        ]),
      )
    ).json();
    expect(preview.errors).toEqual([]);
    // The posting in flight: it holds the component and waits on its location's key.
    const blocker = await holdTransaction(app.db, sql`select id from locations where id = ${locationId} for update`);
    const posting = call(app, 'POST', '/api/movements', {
      token,
      body: { type: 'receipt', componentId: wire.json().id, locationId, quantity: '2.5' },
    });
    await lockWaiters(app.db, 1, posting);
    const commit = call(app, 'POST', `/api/imports/${preview.importId}/commit`, { token });
    await lockWaiters(app.db, 2, commit);
    await blocker.rollback();
    expect((await posting).statusCode).toBe(201);
    const refused = await commit;
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_HAS_ERRORS',
      errors: [{ path: 'rows.2.unit', code: 'unitInUse' }],
    });
    const detail = (await call(app, 'GET', `/api/components/${wire.json().id}`, { token })).json();
    expect(detail).toMatchObject({ component: { unit: 'm' }, totalQuantity: '2.5' });
  });
});
