import { ComponentInput, type LoginResponse, type StockList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../test/app.js';
import {
  departmentTotalMismatches,
  movementCountMismatches,
  summaryMismatches,
} from '../../test/stock-summary-checks.js';
import { queryRows } from '../db/client.js';
import { DEMO_PASSWORD, seedDemoData } from './seed.js';

const app = await buildTestApp();
let seededAt: number;

beforeAll(async () => {
  seededAt = Date.now();
  expect(await seedDemoData(app.db, app.config.timeZone)).not.toBeNull();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(app.db, query);
  return Number(row?.count ?? Number.NaN);
}

async function signIn(email: string): Promise<string> {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json<LoginResponse>().accessToken;
}

describe('the demo catalogue', () => {
  it('has a few hundred components that the edit form would accept as they are', async () => {
    const rows = await queryRows<{
      sku: string;
      name: string;
      manufacturer: string;
      manufacturer_part_number: string;
      package: string;
      unit: string;
      description: string;
      datasheet_url: string;
      minimum_stock: string;
      default_unit_cost_minor: string | number;
      category_path: string | null;
      archived: boolean;
      parameters: { name: string; value: string; unit: string }[] | string;
    }>(
      app.db,
      sql`select c.*, cat.path as category_path, c.archived_at is not null as archived,
                 coalesce((select json_agg(json_build_object('name', p.name, 'value', p.value, 'unit', p.unit)
                                           order by p.position)
                           from component_parameters p where p.component_id = c.id), '[]'::json) as parameters
          from components c left join categories cat on cat.id = c.category_id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(250);
    for (const row of rows) {
      const parameters = typeof row.parameters === 'string' ? JSON.parse(row.parameters) : row.parameters;
      const input = ComponentInput.safeParse({
        sku: row.sku,
        name: row.name,
        manufacturer: row.manufacturer,
        manufacturerPartNumber: row.manufacturer_part_number,
        package: row.package,
        unit: row.unit,
        description: row.description,
        datasheetUrl: row.datasheet_url,
        parameters,
        minimumStock: row.minimum_stock.replace(/\.?0+$/, ''),
        defaultUnitCostMinor: Number(row.default_unit_cost_minor),
      });
      expect(input.error?.issues ?? [], row.sku).toEqual([]);
      expect(row.category_path, row.sku).not.toBeNull();
      expect(parameters.length, row.sku).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((row) => row.sku.toLowerCase())).size).toBe(rows.length);
    expect(rows.find((row) => row.sku === 'RES-0603-10K-F')).toMatchObject({
      manufacturer: 'Yageo',
      manufacturer_part_number: 'RC0603FR-0710KL',
      category_path: 'Passives / Resistors',
    });
    expect(new Set(rows.map((row) => row.unit))).toEqual(new Set(['pcs', 'm', 'kg', 'ml', 'reel']));
    expect(rows.filter((row) => row.archived).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.description.includes('**')).length).toBeGreaterThanOrEqual(3);
  });

  it('files components under an English category tree', async () => {
    const paths = (await queryRows<{ path: string }>(app.db, sql`select path from categories`)).map((row) => row.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'Passives / Capacitors / Ceramic',
        'Passives / Capacitors / Electrolytic',
        'Semiconductors / ICs / Power management',
        'Electromechanical / Relays',
        'Hardware / Standoffs',
        'Cables & wire',
        'Consumables',
      ]),
    );
    const empty = await count(
      sql`select count(*) from categories cat
          where not exists (select 1 from components c where c.category_id = cat.id)
            and not exists (select 1 from categories child where child.parent_id = cat.id)`,
    );
    expect(empty).toBe(0);
  });

  it('gives every demo department a location tree', async () => {
    const rows = await queryRows<{ department: string; path: string }>(
      app.db,
      sql`select d.name as department, l.path from locations l join departments d on d.id = l.department_id`,
    );
    const pathsOf = (department: string) => rows.filter((row) => row.department === department).map((row) => row.path);
    expect(pathsOf('Central Warehouse')).toEqual(
      expect.arrayContaining([
        'Main warehouse / Shelf A / Bin 1',
        'Main warehouse / Shelf D / Bin 6',
        'Receiving area',
      ]),
    );
    expect(pathsOf('Central Warehouse')).toHaveLength(30);
    expect(pathsOf('Moscow Sales')).toEqual(expect.arrayContaining(['Showroom cabinet / Drawer 3']));
    expect(pathsOf('Online Sales')).toEqual(expect.arrayContaining(['Dispatch / Rack 2']));
  });
});

describe('the demo ledger', () => {
  it('adds up to the balances exactly, per component and location', async () => {
    const mismatches = await count(sql`
      with ledger as (
        select component_id, location_id, sum(delta) as quantity from (
          select component_id, to_location_id as location_id, quantity as delta from movements where to_location_id is not null
          union all
          select component_id, from_location_id, -quantity from movements where from_location_id is not null
        ) deltas group by 1, 2
      )
      select count(*) from ledger full join stock_balances b using (component_id, location_id)
      where ledger.quantity is distinct from b.quantity`);
    expect(mismatches).toBe(0);
    expect(await count(sql`select count(*) from stock_balances where quantity < 0`)).toBe(0);
    expect(await count(sql`select count(*) from stock_balances`)).toBeGreaterThan(300);
    const wrongDepartment = await count(sql`
      select count(*) from stock_balances b join locations l on l.id = b.location_id where l.department_id <> b.department_id`);
    expect(wrongDepartment).toBe(0);
  });

  it('keeps department totals equal to the sum of their balances', async () => {
    expect(await queryRows(app.db, departmentTotalMismatches())).toEqual([]);
  });

  it('keeps the stock summary equal to the count and sums of the balances, per department and slot', async () => {
    expect(await queryRows(app.db, summaryMismatches())).toEqual([]);
    expect(await count(sql`select count(*) from stock_summary where balances > 0`)).toBeGreaterThan(16);
  });

  it('keeps the count of movements in the stock summary, per department and slot', async () => {
    expect(await queryRows(app.db, movementCountMismatches())).toEqual([]);
    expect(await count(sql`select sum(movements) as count from stock_summary`)).toBeGreaterThan(100);
  });

  it('never took more than was on hand, in the order the movements were posted', async () => {
    const negative = await count(sql`
      with deltas as (
        select number, component_id, to_location_id as location_id, quantity as delta from movements where to_location_id is not null
        union all
        select number, component_id, from_location_id, -quantity from movements where from_location_id is not null
      )
      select count(*) from (
        select sum(delta) over (partition by component_id, location_id order by number) as running from deltas
      ) history where running < 0`);
    expect(negative).toBe(0);
    const outOfOrder = await count(sql`
      select count(*) from (select created_at, lag(created_at) over (order by number) as before from movements) m
      where m.before > m.created_at`);
    expect(outOfOrder).toBe(0);
  });

  it('spans the last ninety days with every kind of movement, by the worker and the administrator', async () => {
    const [span] = await queryRows<{ first: Date | string; last: Date | string }>(
      app.db,
      sql`select min(created_at) as first, max(created_at) as last from movements`,
    );
    const days = (time: Date | string | undefined) => (seededAt - new Date(time ?? 0).getTime()) / 86_400_000;
    expect(days(span?.first)).toBeGreaterThan(85);
    expect(days(span?.first)).toBeLessThan(92);
    expect(days(span?.last)).toBeGreaterThan(0);
    const types = await queryRows<{ type: string; count: number }>(
      app.db,
      sql`select type, count(*)::int as count from movements group by type`,
    );
    expect(Object.fromEntries(types.map((row) => [row.type, row.count]))).toMatchObject({
      receipt: expect.any(Number),
      issue: expect.any(Number),
      transfer: expect.any(Number),
      adjustment: expect.any(Number),
      reversal: expect.any(Number),
    });
    expect(await count(sql`select count(*) from movements`)).toBeGreaterThan(1000);
    expect(
      await count(sql`select count(*) from movements where type = 'receipt' and reference like 'INV-%'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) from movements where type = 'receipt' and unit_cost_minor is null`)).toBe(0);
    expect(
      await count(sql`select count(*) from movements where type = 'issue' and reference like 'WO-%'`),
    ).toBeGreaterThan(0);
    const posters = await queryRows<{ email: string }>(
      app.db,
      sql`select distinct u.email from movements m join users u on u.id = m.user_id order by 1`,
    );
    expect(posters.map((row) => row.email)).toEqual(['admin@example.com', 'worker@example.com']);
    const badReversals = await count(sql`
      select count(*) from movements r join movements o on o.id = r.reversal_of_id
      where r.type <> 'reversal' or o.created_at >= r.created_at or o.quantity <> r.quantity
         or o.from_location_id is distinct from r.to_location_id or o.to_location_id is distinct from r.from_location_id`);
    expect(badReversals).toBe(0);
  });
});

describe('the demo stock screens', () => {
  it('show stock, and rows below their minimum, to the worker and the manager', async () => {
    const worker = await signIn('worker@example.com');
    const all = await call(app, 'GET', '/api/stock?pageSize=100', { token: worker });
    expect(all.statusCode).toBe(200);
    expect(all.json<StockList>().total).toBeGreaterThan(250);
    const below = await call(app, 'GET', '/api/stock?belowMinimum=true', { token: worker });
    expect(below.json<StockList>().total).toBeGreaterThan(0);
    expect(below.json<StockList>().items.every((row) => row.belowMinimum)).toBe(true);

    const manager = await signIn('manager@example.com');
    const showroom = await call(app, 'GET', '/api/stock', { token: manager });
    expect(showroom.statusCode).toBe(200);
    expect(showroom.json<StockList>().total).toBeGreaterThan(0);
  });

  it('is seeded once: a second run finds users and changes nothing', async () => {
    const before = await count(sql`select count(*) from movements`);
    expect(await seedDemoData(app.db, app.config.timeZone)).toBeNull();
    expect(await count(sql`select count(*) from movements`)).toBe(before);
  });
});
