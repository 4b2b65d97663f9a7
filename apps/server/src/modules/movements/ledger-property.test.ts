import type { Movement, StockList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import {
  allLedger,
  allStock,
  componentDetail,
  createComponent,
  createLocation,
  department,
  ledgerSums,
  post,
  reverse,
  staleListKeys,
  stockSums,
  thousandths,
  uniqueSku,
} from '../../../test/stock-fixtures.js';
import { movementCountMismatches, summaryMismatches } from '../../../test/stock-summary-checks.js';
import { queryRows } from '../../db/client.js';

const app = await buildTestApp();
const dept = await department(app, 'Ledger property');
const LOCATION_NAMES = ['Warehouse', 'Shelf', 'Bin'];
const locations = await Promise.all(LOCATION_NAMES.map((name) => createLocation(app, dept.admin, name)));

const [{ id: departmentId } = { id: '' }] = await queryRows<{ id: string }>(
  app.db,
  sql`select id from departments where name = ${dept.name}`,
);

const FRACTIONS = ['', '.5', '.25', '.125'] as const;

type Step =
  | { kind: 'receipt' | 'issue' | 'adjustment'; component: number; location: number; whole: number; fraction: number }
  | { kind: 'transfer'; component: number; location: number; to: number; whole: number; fraction: number }
  | { kind: 'reversal'; target: number }
  | { kind: 'cost'; component: number; cost: number }
  | { kind: 'archive'; component: number }
  | { kind: 'rename location'; location: number; suffix: number }
  | { kind: 'import'; location: number; whole: number; cost: number };

const placeStep = fc.record({
  component: fc.integer({ min: 0, max: 1 }),
  location: fc.integer({ min: 0, max: 2 }),
  whole: fc.integer({ min: 0, max: 8 }),
  // Mostly whole numbers; a fraction now and then (refused for the counted component).
  fraction: fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }) },
  ),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: placeStep.map((fields) => ({ kind: 'receipt' as const, ...fields })) },
  { weight: 4, arbitrary: placeStep.map((fields) => ({ kind: 'issue' as const, ...fields })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(placeStep, fc.integer({ min: 0, max: 2 }))
      .map(([fields, to]) => ({ kind: 'transfer' as const, ...fields, to })),
  },
  { weight: 2, arbitrary: placeStep.map((fields) => ({ kind: 'adjustment' as const, ...fields })) },
  { weight: 2, arbitrary: fc.nat({ max: 1000 }).map((target) => ({ kind: 'reversal' as const, target })) },
  // Odd costs, so that the value of fractional quantities is rounded and the sum of rounded values matters.
  {
    weight: 1,
    arbitrary: fc
      .record({ component: fc.integer({ min: 0, max: 1 }), cost: fc.integer({ min: 0, max: 99_999 }) })
      .map((fields) => ({ kind: 'cost' as const, ...fields })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 1 }).map((component) => ({ kind: 'archive' as const, component })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ location: fc.integer({ min: 0, max: 2 }), suffix: fc.nat({ max: 99 }) })
      .map((fields) => ({ kind: 'rename location' as const, ...fields })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        location: fc.integer({ min: 0, max: 2 }),
        whole: fc.integer({ min: 1, max: 8 }),
        cost: fc.integer({ min: 0, max: 9_999 }),
      })
      .map((fields) => ({ kind: 'import' as const, ...fields })),
  },
);

/**
 * The stock summary against the balances and movements it summarises: the department's unfiltered stock
 * list and ledger (whose totals the summary serves) and every slot of it must equal the count and sums
 * computed from stock_balances and movements.
 */
async function expectSummaryMatchesBalancesAndLedger() {
  const [computed] = await queryRows<{ balances: number; value_minor: string }>(
    app.db,
    sql`select count(*)::int as balances,
               coalesce(sum(round(b.quantity * c.default_unit_cost_minor)), 0)::text as value_minor
        from stock_balances b join components c on c.id = b.component_id
        where b.department_id = ${departmentId} and b.quantity > 0`,
  );
  const perUnit = await queryRows<{ unit: string; quantity: string }>(
    app.db,
    sql`select c.unit, sum(b.quantity)::text as quantity
        from stock_balances b join components c on c.id = b.component_id
        where b.department_id = ${departmentId} and b.quantity > 0 group by c.unit`,
  );
  const response = await call(app, 'GET', '/api/stock?pageSize=10', { token: dept.admin });
  expect(response.statusCode).toBe(200);
  const list: StockList = response.json();
  expect(list.total).toBe(computed?.balances);
  const byUnit = (quantities: { unit: string; quantity: string }[]) =>
    Object.fromEntries(quantities.map(({ unit, quantity }) => [unit, thousandths(quantity)]));
  expect(byUnit(list.totals.quantities)).toEqual(byUnit(perUnit));
  expect(BigInt(list.totals.valueMinor)).toBe(BigInt(computed?.value_minor ?? ''));
  expect(await queryRows(app.db, summaryMismatches(departmentId))).toEqual([]);

  const [ledger] = await queryRows<{ movements: number }>(
    app.db,
    sql`select count(*)::int as movements from movements where department_id = ${departmentId}`,
  );
  const movements = await call(app, 'GET', '/api/movements?pageSize=10', { token: dept.admin });
  expect(movements.statusCode).toBe(200);
  expect(movements.json().total).toBe(ledger?.movements);
  expect(await queryRows(app.db, movementCountMismatches(departmentId))).toEqual([]);
}

/** Imports a new component with its unit cost and an opening balance, as a CSV file. */
async function importOpening(sku: string, name: string, location: string, quantity: string, costMinor: number) {
  const file = [
    'SKU,Name,Unit cost,Location,Opening quantity',
    `${sku},${name},${costMinor / 100},${location},${quantity}`,
  ];
  const preview = await app.inject({
    method: 'POST',
    url: '/api/imports/components/preview',
    headers: { authorization: `Bearer ${dept.worker}`, 'content-type': 'text/csv' },
    payload: file.join('\n'),
  });
  expect(preview.statusCode, preview.body).toBe(200);
  expect(preview.json().errors).toEqual([]);
  const commit = await call(app, 'POST', `/api/imports/${preview.json().importId}/commit`, { token: dept.worker });
  expect(commit.statusCode, commit.body).toBe(200);
}

/** Quantity text of a step: whole plus a fraction; never zero for postings that move a quantity. */
function quantityOf(whole: number, fraction: number, allowZero: boolean): string {
  const text = `${whole}${FRACTIONS[fraction]}`;
  return !allowZero && thousandths(text) === 0n ? '1' : text;
}

describe('the ledger and the balances agree, whatever the sequence of postings', () => {
  it('random postings, reversals, imports, component edits, location renames and archiving keep every balance equal to its ledger sum, the stock summary equal to the balances and the list keys equal to their sources', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 30, maxLength: 60 }), async (steps) => {
        run++;
        // A fresh pair of components per run, so runs never see each other's stock.
        const components = [
          await createComponent(app, dept.worker, {
            sku: uniqueSku(`PCS${run}`),
            unit: 'pcs',
            defaultUnitCostMinor: 333,
          }),
          await createComponent(app, dept.worker, { sku: uniqueSku(`KG${run}`), unit: 'kg', defaultUnitCostMinor: 7 }),
        ];
        const archived = new Set<number>();
        const model = new Map<string, bigint>();
        const key = (component: number, location: string) => `${components[component]?.id}|${location}`;
        const balance = (place: string) => model.get(place) ?? 0n;
        const posted: Movement[] = [];
        const reversed = new Set<string>();
        let accepted = 0;

        for (const current of steps) {
          if (current.kind === 'rename location') {
            const location = locations[current.location];
            if (!location) throw new Error('generator out of range');
            const response = await call(app, 'PATCH', `/api/locations/${location.id}`, {
              token: dept.admin,
              body: { name: `${LOCATION_NAMES[current.location]} ${current.suffix}` },
            });
            expect(response.statusCode, response.body).toBe(200);
            // Imports name the location by its path.
            Object.assign(location, response.json());
            continue;
          }
          if (current.kind === 'cost' || current.kind === 'archive') {
            const component = components[current.component];
            if (!component) throw new Error('generator out of range');
            const archive = !archived.has(current.component);
            const response =
              current.kind === 'cost'
                ? await call(app, 'PUT', `/api/components/${component.id}`, {
                    token: dept.admin,
                    body: {
                      sku: component.sku,
                      // Renamed with each new cost: the list's name key follows the name.
                      name: `${component.name} ${current.cost}`,
                      unit: component.unit,
                      defaultUnitCostMinor: current.cost,
                    },
                  })
                : await call(app, 'POST', `/api/components/${component.id}/${archive ? 'archive' : 'restore'}`, {
                    token: dept.admin,
                  });
            expect(response.statusCode, response.body).toBe(200);
            if (current.kind === 'archive') {
              if (archive) archived.add(current.component);
              else archived.delete(current.component);
            }
            continue;
          }
          if (current.kind === 'import') {
            // A component of its own: the import refuses opening stock where stock was already posted.
            const location = locations[current.location];
            if (!location) throw new Error('generator out of range');
            await importOpening(
              uniqueSku(`IMP${run}`),
              'Imported part',
              location.path,
              String(current.whole),
              current.cost,
            );
            continue;
          }
          if (current.kind === 'reversal') {
            if (posted.length === 0) continue;
            const original = posted[current.target % posted.length] as Movement;
            const response = await reverse(app, dept.admin, original.id);
            const takes = original.to ? balance(`${original.componentId}|${original.to.id}`) : null;
            const quantity = thousandths(original.quantity);
            if (original.type === 'reversal') {
              expect(response.statusCode).toBe(409);
              expect(response.json().code).toBe('REVERSAL_NOT_REVERSIBLE');
            } else if (reversed.has(original.id)) {
              expect(response.statusCode).toBe(409);
              expect(response.json().code).toBe('ALREADY_REVERSED');
            } else if (takes !== null && takes < quantity) {
              expect(response.statusCode).toBe(409);
              expect(response.json().code).toBe('INSUFFICIENT_STOCK');
            } else {
              expect(response.statusCode, response.body).toBe(201);
              const reversal: Movement = response.json().movement;
              expect(reversal.reversalOfId).toBe(original.id);
              reversed.add(original.id);
              if (original.to) model.set(`${original.componentId}|${original.to.id}`, (takes ?? 0n) - quantity);
              if (original.from) {
                const place = `${original.componentId}|${original.from.id}`;
                model.set(place, balance(place) + quantity);
              }
              posted.push(reversal);
              accepted++;
            }
            continue;
          }

          const component = components[current.component];
          const location = locations[current.location];
          if (!component || !location) throw new Error('generator out of range');
          const counted = current.kind === 'adjustment';
          const quantity = quantityOf(current.whole, current.fraction, counted);
          const amount = thousandths(quantity);
          const place = key(current.component, location.id);
          const notWhole = component.unit === 'pcs' && amount % 1000n !== 0n;
          let response: Awaited<ReturnType<typeof post>>;
          let expected: { status: 201; apply: () => void } | { status: number; code: string; available?: bigint };

          if (archived.has(current.component)) {
            const request =
              current.kind === 'adjustment'
                ? { type: 'adjustment', componentId: component.id, locationId: location.id, countedQuantity: quantity }
                : { type: 'receipt', componentId: component.id, locationId: location.id, quantity };
            response = await post(app, dept.admin, request);
            expected = { status: 409, code: 'COMPONENT_ARCHIVED' };
          } else if (current.kind === 'receipt') {
            response = await post(app, dept.worker, {
              type: 'receipt',
              componentId: component.id,
              locationId: location.id,
              quantity,
            });
            expected = notWhole
              ? { status: 422, code: 'QUANTITY_NOT_WHOLE' }
              : { status: 201, apply: () => model.set(place, balance(place) + amount) };
          } else if (current.kind === 'issue') {
            response = await post(app, dept.worker, {
              type: 'issue',
              componentId: component.id,
              locationId: location.id,
              quantity,
            });
            expected = notWhole
              ? { status: 422, code: 'QUANTITY_NOT_WHOLE' }
              : balance(place) < amount
                ? { status: 409, code: 'INSUFFICIENT_STOCK', available: balance(place) }
                : { status: 201, apply: () => model.set(place, balance(place) - amount) };
          } else if (current.kind === 'transfer') {
            const target = locations[current.to];
            if (!target) throw new Error('generator out of range');
            const destination = key(current.component, target.id);
            response = await post(app, dept.worker, {
              type: 'transfer',
              componentId: component.id,
              fromLocationId: location.id,
              toLocationId: target.id,
              quantity,
            });
            expected = notWhole
              ? { status: 422, code: 'QUANTITY_NOT_WHOLE' }
              : target.id === location.id
                ? { status: 422, code: 'SAME_LOCATION' }
                : balance(place) < amount
                  ? { status: 409, code: 'INSUFFICIENT_STOCK', available: balance(place) }
                  : {
                      status: 201,
                      apply: () => {
                        model.set(place, balance(place) - amount);
                        model.set(destination, balance(destination) + amount);
                      },
                    };
          } else {
            response = await post(app, dept.admin, {
              type: 'adjustment',
              componentId: component.id,
              locationId: location.id,
              countedQuantity: quantity,
            });
            expected = notWhole
              ? { status: 422, code: 'QUANTITY_NOT_WHOLE' }
              : balance(place) === amount
                ? { status: 422, code: 'ADJUSTMENT_UNCHANGED' }
                : { status: 201, apply: () => model.set(place, amount) };
          }

          expect(response.statusCode, `${JSON.stringify(current)} → ${response.body}`).toBe(expected.status);
          if ('apply' in expected) {
            const body = response.json();
            posted.push(body.movement);
            accepted++;
            expected.apply();
            for (const reported of body.balances) {
              expect(thousandths(reported.quantity)).toBe(balance(`${component.id}|${reported.locationId}`));
            }
          } else {
            expect(response.json().code).toBe(expected.code);
            if (expected.available !== undefined) {
              expect(thousandths(response.json().available)).toBe(expected.available);
            }
          }
        }

        // What the server holds, read back through the API.
        const ids = components.map((component) => component.id);
        const ledger = [
          ...(await allLedger(app, dept.admin, components[0]?.id)),
          ...(await allLedger(app, dept.admin, components[1]?.id)),
        ];
        expect(ledger).toHaveLength(accepted);
        const sums = ledgerSums(ledger);
        const rows = [
          ...(await allStock(app, dept.admin, { q: components[0]?.sku ?? '' })),
          ...(await allStock(app, dept.admin, { q: components[1]?.sku ?? '' })),
        ];
        expect(rows.every((row) => ids.includes(row.componentId))).toBe(true);
        const stock = stockSums(rows);
        for (const [place, quantity] of stock) {
          expect(quantity, place).toBeGreaterThanOrEqual(0n);
          expect(quantity, place).toBe(sums.get(place) ?? 0n);
          expect(quantity, place).toBe(balance(place));
        }
        for (const [place, expectedQuantity] of model) {
          expect(stock.get(place) ?? 0n, place).toBe(expectedQuantity);
        }
        for (const [index, component] of components.entries()) {
          const detail = await componentDetail(app, dept.admin, component.id);
          let total = 0n;
          for (const location of locations) total += stock.get(key(index, location.id)) ?? 0n;
          expect(thousandths(detail.totalQuantity), component.sku).toBe(total);
          const shown = detail.stock.reduce(
            (sum: bigint, row: { quantity: string }) => sum + thousandths(row.quantity),
            0n,
          );
          expect(shown).toBe(total);
        }
        await expectSummaryMatchesBalancesAndLedger();
        expect(await staleListKeys(app)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
