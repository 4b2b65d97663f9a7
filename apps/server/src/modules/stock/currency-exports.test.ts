import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createComponent, createLocation, department, posted, receipt } from '../../../test/stock-fixtures.js';

// An organisation of its own: its currency is set once for the whole database.
const app = await buildTestApp();
const dept = await department(app, 'Currency exports');
const shelf = await createLocation(app, dept.admin, 'Shelf');

async function useCurrency(currency: string) {
  const response = await call(app, 'PUT', '/api/sales/settings', {
    token: dept.admin,
    body: { subdomain: null, timeZone: 'Europe/Moscow', currency },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The data lines of a CSV download, its header first. */
async function csv(url: string): Promise<string[]> {
  const response = await call(app, 'GET', url, { token: dept.admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
}

describe('money in files follows the organisation currency’s decimals', () => {
  it('yen: exports write whole yen, and the import reads them', async () => {
    await useCurrency('JPY');
    const part = await createComponent(app, dept.worker, { sku: 'YEN-1', defaultUnitCostMinor: 1500 });
    await posted(app, dept.worker, receipt(part.id, shelf.id, '3'));

    expect((await csv('/api/stock/export?format=csv&lang=en&q=YEN-1'))[1]).toMatch(/,1500,4500$/);
    expect((await csv('/api/components/export?format=csv&lang=en&q=YEN-1'))[1]).toContain(',1500,');
    expect((await csv('/api/movements/export?format=csv&lang=en'))[1]).toContain(',1500,');

    // The template's example cost is whole yen, and the template imports as it is.
    const template = await csv('/api/imports/template?format=csv&lang=en');
    expect(template[1]).toContain(',35,');
    const preview = (rows: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/imports/components/preview',
        headers: { authorization: `Bearer ${dept.admin}`, 'content-type': 'text/csv' },
        payload: [...template, ...rows].join('\n'),
      });
    const refused = await preview(['YEN-2,Yen part,,,,,pcs,,1 500,,,,', 'YEN-3,Half yen,,,,,pcs,,0.5,,,,']);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ row: 4, column: 'unitCost', code: 'tooManyDecimals' }),
    ]);
    const accepted = await preview(['YEN-2,Yen part,,,,,pcs,,1 500,,,,']);
    expect(accepted.json().errors).toEqual([]);
    const commit = await call(app, 'POST', `/api/imports/${accepted.json().importId}/commit`, {
      token: dept.admin,
    });
    expect(commit.statusCode, commit.body).toBe(200);
    const imported = await call(app, 'GET', '/api/components?q=YEN-2', { token: dept.admin });
    expect(imported.json().items).toEqual([expect.objectContaining({ sku: 'YEN-2', defaultUnitCostMinor: 1500 })]);
  });

  it('dinars: three decimals each way', async () => {
    await useCurrency('KWD');
    const part = await createComponent(app, dept.worker, { sku: 'KWD-1', defaultUnitCostMinor: 1234 });
    await posted(app, dept.worker, receipt(part.id, shelf.id, '2'));
    expect((await csv('/api/stock/export?format=csv&lang=en&q=KWD-1'))[1]).toMatch(/,1\.234,2\.468$/);
    expect((await csv('/api/stock/export?format=csv&lang=ru&q=KWD-1'))[1]).toMatch(/;1,234;2,468$/);
    const template = await csv('/api/imports/template?format=csv&lang=en');
    expect(template[1]).toContain(',0.035,');
  });
});
