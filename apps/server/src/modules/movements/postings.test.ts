import { randomUUID } from 'node:crypto';
import type { Movement, PostingResponse } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import {
  adjustment,
  allLedger,
  allStock,
  componentDetail,
  createComponent,
  createLocation,
  department,
  issue,
  ledgerSums,
  post,
  posted,
  receipt,
  reverse,
  staleListKeys,
  stockSums,
  thousandths,
  transfer,
} from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { databaseError, PG } from '../../lib/database-errors.js';

const app = await buildTestApp();
const deptA = await department(app, 'Postings A');
const deptB = await department(app, 'Postings B');
const shelf1 = await createLocation(app, deptA.admin, 'Shelf 1');
const shelf2 = await createLocation(app, deptA.admin, 'Shelf 2');
const shelf3 = await createLocation(app, deptA.admin, 'Shelf 3');
const foreignShelf = await createLocation(app, deptB.admin, 'Foreign shelf');

/** The department's ledger and balances, to show that a refused request wrote nothing. */
async function snapshot(token = deptA.admin) {
  const ledger = await allLedger(app, token);
  const stock = await allStock(app, token);
  return {
    movementIds: ledger.map((movement) => movement.id),
    balances: stock.map((row) => `${row.componentId}|${row.locationId}|${row.quantity}`).sort(),
  };
}

async function movementById(id: string, token = deptA.admin): Promise<Movement> {
  const response = await call(app, 'GET', `/api/movements/${id}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Balances from the stock list, the ledger and the component's total agree for a component. */
async function expectConsistent(componentId: string) {
  const ledger = ledgerSums(await allLedger(app, deptA.admin, componentId));
  const stock = [...stockSums(await allStock(app, deptA.admin)).entries()].filter(([key]) =>
    key.startsWith(`${componentId}|`),
  );
  let total = 0n;
  for (const [key, quantity] of stock) {
    expect(quantity, key).toBeGreaterThanOrEqual(0n);
    expect(quantity, key).toBe(ledger.get(key) ?? 0n);
    total += quantity;
  }
  for (const [key, sum] of ledger) {
    if (sum !== 0n) expect(stock.some(([stockKey]) => stockKey === key)).toBe(true);
  }
  const detail = await componentDetail(app, deptA.admin, componentId);
  expect(BigInt(Math.round(Number(detail.totalQuantity) * 1000))).toBe(total);
  return total;
}

describe('movement types', () => {
  it('a receipt with a unit cost records it, one without takes the default cost', async () => {
    const component = await createComponent(app, deptA.worker, { defaultUnitCostMinor: 150 });
    const withCost = await post(
      app,
      deptA.worker,
      receipt(component.id, shelf1.id, '10', { unitCostMinor: 99, reference: 'INV-1', note: 'first' }),
    );
    expect(withCost.statusCode).toBe(201);
    const body: PostingResponse = withCost.json();
    expect(body.movement).toMatchObject({
      type: 'receipt',
      componentId: component.id,
      sku: component.sku,
      quantity: '10',
      from: null,
      to: { id: shelf1.id, path: 'Shelf 1' },
      unitCostMinor: 99,
      reference: 'INV-1',
      note: 'first',
      user: { id: deptA.workerId },
      reversalOfId: null,
      reversedById: null,
    });
    expect(body.balances).toEqual([{ locationId: shelf1.id, quantity: '10' }]);

    const withoutCost = await post(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    expect(withoutCost.statusCode).toBe(201);
    expect(withoutCost.json().movement.unitCostMinor).toBe(150);
    expect(withoutCost.json().balances).toEqual([{ locationId: shelf1.id, quantity: '15' }]);
    expect(await expectConsistent(component.id)).toBe(15_000n);
  });

  it('an issue takes stock out of its location', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '10'));
    const response = await post(app, deptA.worker, issue(component.id, shelf1.id, '3'));
    expect(response.statusCode).toBe(201);
    expect(response.json().movement).toMatchObject({
      type: 'issue',
      quantity: '3',
      from: { id: shelf1.id },
      to: null,
      unitCostMinor: null,
    });
    expect(response.json().balances).toEqual([{ locationId: shelf1.id, quantity: '7' }]);
    expect(await expectConsistent(component.id)).toBe(7_000n);
  });

  it('a transfer moves stock between locations and reports the source first, in both directions', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '10'));
    const there = await post(app, deptA.worker, transfer(component.id, shelf1.id, shelf2.id, '4'));
    expect(there.statusCode).toBe(201);
    expect(there.json().movement).toMatchObject({
      type: 'transfer',
      quantity: '4',
      from: { id: shelf1.id, path: 'Shelf 1' },
      to: { id: shelf2.id, path: 'Shelf 2' },
    });
    expect(there.json().balances).toEqual([
      { locationId: shelf1.id, quantity: '6' },
      { locationId: shelf2.id, quantity: '4' },
    ]);
    const back = await post(app, deptA.worker, transfer(component.id, shelf2.id, shelf1.id, '1'));
    expect(back.statusCode).toBe(201);
    expect(back.json().balances).toEqual([
      { locationId: shelf2.id, quantity: '3' },
      { locationId: shelf1.id, quantity: '7' },
    ]);
    // A transfer leaves the department's total as it was.
    expect(await expectConsistent(component.id)).toBe(10_000n);
  });

  it('an adjustment records the difference from the recorded quantity, up or down', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '10'));

    const up = await post(app, deptA.admin, adjustment(component.id, shelf1.id, '13'));
    expect(up.statusCode).toBe(201);
    expect(up.json().movement).toMatchObject({ type: 'adjustment', quantity: '3', from: null, to: { id: shelf1.id } });
    expect(up.json().balances).toEqual([{ locationId: shelf1.id, quantity: '13' }]);

    const down = await post(app, deptA.admin, adjustment(component.id, shelf1.id, '8'));
    expect(down.statusCode).toBe(201);
    expect(down.json().movement).toMatchObject({
      type: 'adjustment',
      quantity: '5',
      from: { id: shelf1.id },
      to: null,
    });
    expect(down.json().balances).toEqual([{ locationId: shelf1.id, quantity: '8' }]);

    // Counting a location that never held the component.
    const fresh = await post(app, deptA.admin, adjustment(component.id, shelf3.id, '2'));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().movement).toMatchObject({ quantity: '2', to: { id: shelf3.id } });

    const toZero = await post(app, deptA.admin, adjustment(component.id, shelf1.id, '0'));
    expect(toZero.statusCode).toBe(201);
    expect(toZero.json().movement).toMatchObject({ quantity: '8', from: { id: shelf1.id } });
    expect(toZero.json().balances).toEqual([{ locationId: shelf1.id, quantity: '0' }]);
    expect(await expectConsistent(component.id)).toBe(2_000n);
  });

  it('a reversal of each type posts its opposite, linked both ways, and restores the balances', async () => {
    const component = await createComponent(app, deptA.worker);
    const originals: Movement[] = [];
    originals.push(await posted(app, deptA.worker, receipt(component.id, shelf1.id, '20')));
    originals.push(await posted(app, deptA.worker, issue(component.id, shelf1.id, '2')));
    originals.push(await posted(app, deptA.worker, transfer(component.id, shelf1.id, shelf2.id, '5')));
    originals.push(await posted(app, deptA.admin, adjustment(component.id, shelf2.id, '7')));
    originals.push(await posted(app, deptA.admin, adjustment(component.id, shelf1.id, '10')));
    expect(originals.map((movement) => movement.type)).toEqual([
      'receipt',
      'issue',
      'transfer',
      'adjustment',
      'adjustment',
    ]);

    for (const original of [...originals].reverse()) {
      const response = await reverse(app, deptA.admin, original.id, `undo ${original.type}`);
      expect(response.statusCode, `${original.type}: ${response.body}`).toBe(201);
      const reversal: Movement = response.json().movement;
      expect(reversal).toMatchObject({
        type: 'reversal',
        componentId: component.id,
        quantity: original.quantity,
        from: original.to ? { id: original.to.id } : null,
        to: original.from ? { id: original.from.id } : null,
        reversalOfId: original.id,
        reversedById: null,
        note: `undo ${original.type}`,
        reference: original.reference,
      });
      expect((await movementById(original.id)).reversedById).toBe(reversal.id);
      expect((await movementById(reversal.id)).reversalOfId).toBe(original.id);
    }
    // Everything undone: nothing left anywhere.
    expect(await expectConsistent(component.id)).toBe(0n);
    const stock = (await allStock(app, deptA.admin)).filter((row) => row.componentId === component.id);
    expect(stock.every((row) => row.quantity === '0')).toBe(true);
  });

  it('answers each posting and reversal with the movement exactly as the ledger then shows it', async () => {
    const component = await createComponent(app, deptA.worker);
    const movements: Movement[] = [];
    movements.push(await posted(app, deptA.worker, receipt(component.id, shelf2.id, '20', { reference: 'INV-9' })));
    movements.push(await posted(app, deptA.worker, issue(component.id, shelf2.id, '2')));
    movements.push(await posted(app, deptA.worker, transfer(component.id, shelf2.id, shelf3.id, '5')));
    movements.push(await posted(app, deptA.worker, transfer(component.id, shelf3.id, shelf1.id, '1')));
    movements.push(await posted(app, deptA.admin, adjustment(component.id, shelf3.id, '7')));
    const reversal = await reverse(app, deptA.admin, (movements[2] as Movement).id, 'undo');
    expect(reversal.statusCode, reversal.body).toBe(201);
    movements.push(reversal.json().movement);
    for (const movement of movements) {
      const shown = await movementById(movement.id);
      // The reversed transfer shows its reversal now; its own response came before there was one.
      expect(movement).toEqual(shown.id === movements[2]?.id ? { ...shown, reversedById: null } : shown);
    }
  });

  it('decimals are allowed for a unit measured by weight', async () => {
    const component = await createComponent(app, deptA.worker, { unit: 'kg' });
    expect((await post(app, deptA.worker, receipt(component.id, shelf1.id, '2.5'))).statusCode).toBe(201);
    const second = await post(app, deptA.worker, receipt(component.id, shelf1.id, '0.125'));
    expect(second.statusCode).toBe(201);
    expect(second.json().balances).toEqual([{ locationId: shelf1.id, quantity: '2.625' }]);
    const out = await post(app, deptA.worker, issue(component.id, shelf1.id, '0.625'));
    expect(out.json().balances).toEqual([{ locationId: shelf1.id, quantity: '2' }]);
    const counted = await post(app, deptA.admin, adjustment(component.id, shelf1.id, '1.999'));
    expect(counted.statusCode).toBe(201);
    expect(counted.json().movement).toMatchObject({ quantity: '0.001', from: { id: shelf1.id } });
    expect((await componentDetail(app, deptA.worker, component.id)).totalQuantity).toBe('1.999');
    expect(await expectConsistent(component.id)).toBe(1_999n);
  });

  it('answers with quantities as the ledger shows them, however the request wrote them', async () => {
    const component = await createComponent(app, deptA.worker, { unit: 'kg' });
    const response = await post(app, deptA.worker, receipt(component.id, shelf1.id, '007.50'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().movement.quantity).toBe('7.5');
    expect(response.json().balances).toEqual([{ locationId: shelf1.id, quantity: '7.5' }]);
    expect(response.json().movement).toEqual(await movementById(response.json().movement.id));
  });
});

describe('stock never goes negative under concurrent postings', () => {
  it('50 concurrent issues of 1 against 10 on hand: exactly 10 succeed', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '10'));
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(app, deptA.worker, issue(component.id, shelf1.id, '1'))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: '0' });
    }
    const remaining = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => Number(response.json().balances[0].quantity))
      .sort((a, b) => a - b);
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const ledger = await allLedger(app, deptA.admin, component.id);
    expect(ledger.filter((movement) => movement.type === 'issue')).toHaveLength(10);
    expect(ledgerSums(ledger).get(`${component.id}|${shelf1.id}`)).toBe(0n);
    const row = (await allStock(app, deptA.admin)).find(
      (stock) => stock.componentId === component.id && stock.locationId === shelf1.id,
    );
    expect(row?.quantity).toBe('0');
    const detail = await componentDetail(app, deptA.admin, component.id);
    expect(detail.totalQuantity).toBe('0');
    expect(detail.stock).toEqual([]);
    expect(await expectConsistent(component.id)).toBe(0n);
  });

  it('postings while the component and a location are edited all succeed, and the list keys follow the edits', async () => {
    const component = await createComponent(app, deptA.worker);
    const binName = `Bin ${randomUUID().slice(0, 8)}`;
    const bin = await createLocation(app, deptA.admin, binName);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '100'));
    await posted(app, deptA.worker, receipt(component.id, bin.id, '100'));
    // Edits rewrite the balances' keys while postings hold them, and transfers into shelf 2 and shelf 3
    // create balances that copy the keys being edited.
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, (_, index) =>
        call(app, 'PUT', `/api/components/${component.id}`, {
          token: deptA.admin,
          body: {
            sku: component.sku,
            name: `Edited ${index}`,
            unit: component.unit,
            defaultUnitCostMinor: 100 + index,
          },
        }),
      ),
      ...Array.from({ length: 5 }, (_, index) =>
        call(app, 'PATCH', `/api/locations/${bin.id}`, { token: deptA.admin, body: { name: `${binName} ${index}` } }),
      ),
      ...Array.from({ length: 30 }, (_, index) =>
        post(
          app,
          deptA.worker,
          [
            issue(component.id, shelf1.id, '1'),
            transfer(component.id, shelf1.id, bin.id, '1'),
            transfer(component.id, bin.id, shelf2.id, '1'),
            transfer(component.id, bin.id, shelf3.id, '1'),
            receipt(component.id, bin.id, '1'),
          ][index % 5],
        ),
      ),
    ]);
    for (const response of responses) expect([200, 201], response.body).toContain(response.statusCode);
    expect(await staleListKeys(app)).toEqual([]);
    const { component: edited } = await componentDetail(app, deptA.admin, component.id);
    const rows = await allStock(app, deptA.admin, { q: component.sku });
    expect(rows.length).toBe(4);
    for (const row of rows) {
      expect(row.name).toBe(edited.name);
      expect(BigInt(row.valueMinor)).toBe((thousandths(row.quantity) * BigInt(edited.defaultUnitCostMinor)) / 1000n);
    }
    expect(await expectConsistent(component.id)).toBe(200_000n);
  });

  it('30 transfers each way between two locations conserve the total and never go negative', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    await posted(app, deptA.worker, receipt(component.id, shelf2.id, '5'));
    const requests = Array.from({ length: 60 }, (_, index) =>
      index % 2 === 0
        ? transfer(component.id, shelf1.id, shelf2.id, '1')
        : transfer(component.id, shelf2.id, shelf1.id, '1'),
    );
    const responses = await Promise.all(requests.map((body) => post(app, deptA.worker, body)));
    for (const response of responses) {
      expect([201, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().code).toBe('INSUFFICIENT_STOCK');
      else {
        for (const balance of response.json().balances) expect(Number(balance.quantity)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(responses.filter((response) => response.statusCode === 201).length).toBeGreaterThan(0);
    expect(await expectConsistent(component.id)).toBe(10_000n);
    const ledger = await allLedger(app, deptA.admin, component.id);
    expect(ledger.filter((movement) => movement.type === 'transfer')).toHaveLength(
      responses.filter((response) => response.statusCode === 201).length,
    );
  });
});

describe('Idempotency-Key', () => {
  it('20 concurrent requests with one key post one movement and all answer with it', async () => {
    const component = await createComponent(app, deptA.worker);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(app, deptA.worker, receipt(component.id, shelf1.id, '3'), key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(responses.map((response) => response.json().movement.id));
    expect(ids.size).toBe(1);
    const ledger = await allLedger(app, deptA.admin, component.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.id).toBe([...ids][0]);
    expect((await componentDetail(app, deptA.worker, component.id)).totalQuantity).toBe('3');

    // A later retry gets the same answer, not a second posting.
    const retry = await post(app, deptA.worker, receipt(component.id, shelf1.id, '3'), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(responses[0]?.json());
    expect(await allLedger(app, deptA.admin, component.id)).toHaveLength(1);
  });

  it('the same key with another body is refused and changes nothing', async () => {
    const component = await createComponent(app, deptA.worker);
    const key = randomUUID();
    expect((await post(app, deptA.worker, receipt(component.id, shelf1.id, '3'), key)).statusCode).toBe(201);
    const before = await snapshot();
    const reused = await post(app, deptA.worker, receipt(component.id, shelf1.id, '4'), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await snapshot()).toEqual(before);
  });

  it('a refused posting leaves its key free for the retry', async () => {
    const component = await createComponent(app, deptA.worker);
    const key = randomUUID();
    const refused = await post(app, deptA.worker, issue(component.id, shelf1.id, '2'), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: '0' });
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const retried = await post(app, deptA.worker, issue(component.id, shelf1.id, '2'), key);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().balances).toEqual([{ locationId: shelf1.id, quantity: '3' }]);
  });

  it('a reversal retried with its key, even concurrently, reverses once and answers with that reversal', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '4'));
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => reverse(app, deptA.admin, original.id, 'undo', key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    for (const response of responses) expect(response.json()).toEqual(responses[0]?.json());
    const other = await reverse(app, deptA.admin, original.id, 'another note', key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await allLedger(app, deptA.admin, component.id)).toHaveLength(2);
  });

  it('a malformed key is refused', async () => {
    const component = await createComponent(app, deptA.worker);
    const response = await post(app, deptA.worker, receipt(component.id, shelf1.id, '1'), 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(await allLedger(app, deptA.admin, component.id)).toHaveLength(0);
  });
});

describe('reversals', () => {
  it('a movement is reversed once: the second reversal is refused', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    expect((await reverse(app, deptA.admin, original.id)).statusCode).toBe(201);
    const before = await snapshot();
    const again = await reverse(app, deptA.admin, original.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVERSED');
    expect(await snapshot()).toEqual(before);
  });

  it('two concurrent reversals of one issue: one posts, the other is told it is already reversed', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const original = await posted(app, deptA.worker, issue(component.id, shelf1.id, '2'));
    const responses = await Promise.all([
      reverse(app, deptA.admin, original.id),
      reverse(app, deptA.admin, original.id),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().code).toBe('ALREADY_REVERSED');
    const ledger = await allLedger(app, deptA.admin, component.id);
    expect(ledger.filter((movement) => movement.type === 'reversal')).toHaveLength(1);
    expect(await expectConsistent(component.id)).toBe(5_000n);
  });

  it('concurrent reversals of a receipt whose stock is all still there: one posts, the rest are ALREADY_REVERSED', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '4'));
    const responses = await Promise.all(Array.from({ length: 5 }, () => reverse(app, deptA.admin, original.id)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused.map((response) => response.statusCode)).toEqual(Array(4).fill(409));
    // The reason a client shows must be "already reversed", not "not enough stock".
    expect(refused.map((response) => response.json().code)).toEqual(Array(4).fill('ALREADY_REVERSED'));
    expect(await expectConsistent(component.id)).toBe(0n);
  });

  it('a reversal cannot itself be reversed', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const reversal = (await reverse(app, deptA.admin, original.id)).json().movement;
    const response = await reverse(app, deptA.admin, reversal.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('REVERSAL_NOT_REVERSIBLE');
  });

  it('a reversal that would take stock no longer there is refused', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    await posted(app, deptA.worker, issue(component.id, shelf1.id, '4'));
    const before = await snapshot();
    const response = await reverse(app, deptA.admin, original.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: '1' });
    expect(await snapshot()).toEqual(before);
    expect((await movementById(original.id)).reversedById).toBeNull();
  });

  it('an unknown movement is not found', async () => {
    const response = await reverse(app, deptA.admin, randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('who may post what', () => {
  it('a worker may receive, issue and transfer but neither adjust nor reverse', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const before = await snapshot();
    const adjust = await post(app, deptA.worker, adjustment(component.id, shelf1.id, '3'));
    expect(adjust.statusCode).toBe(403);
    expect(adjust.json().code).toBe('FORBIDDEN');
    const undo = await reverse(app, deptA.worker, original.id);
    expect(undo.statusCode).toBe(403);
    expect(undo.json().code).toBe('FORBIDDEN');
    expect(await snapshot()).toEqual(before);
  });

  it('a manager may post nothing', async () => {
    const component = await createComponent(app, deptA.worker);
    const original = await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const before = await snapshot();
    for (const body of [
      receipt(component.id, shelf1.id, '1'),
      issue(component.id, shelf1.id, '1'),
      transfer(component.id, shelf1.id, shelf2.id, '1'),
      adjustment(component.id, shelf1.id, '1'),
    ]) {
      const response = await post(app, deptA.manager, body);
      expect(response.statusCode, body.type).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await reverse(app, deptA.manager, original.id)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Reading is fine.
    expect((await call(app, 'GET', '/api/movements', { token: deptA.manager })).statusCode).toBe(200);
  });

  it('another department’s locations look like no location at all', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const before = await snapshot();
    const beforeForeign = await snapshot(deptB.admin);
    for (const body of [
      receipt(component.id, foreignShelf.id, '1'),
      issue(component.id, foreignShelf.id, '1'),
      transfer(component.id, shelf1.id, foreignShelf.id, '1'),
      transfer(component.id, foreignShelf.id, shelf1.id, '1'),
    ]) {
      const response = await post(app, deptA.worker, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const adjust = await post(app, deptA.admin, adjustment(component.id, foreignShelf.id, '7'));
    expect(adjust.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await snapshot(deptB.admin)).toEqual(beforeForeign);
  });

  it('another department’s movement is neither readable nor reversible', async () => {
    const component = await createComponent(app, deptB.admin);
    const foreign = await posted(app, deptB.admin, receipt(component.id, foreignShelf.id, '5'));
    const read = await call(app, 'GET', `/api/movements/${foreign.id}`, { token: deptA.admin });
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('NOT_FOUND');
    const undo = await reverse(app, deptA.admin, foreign.id);
    expect(undo.statusCode).toBe(404);
    expect((await movementById(foreign.id, deptB.admin)).reversedById).toBeNull();
    const list = (await allLedger(app, deptA.admin)).map((movement) => movement.id);
    expect(list).not.toContain(foreign.id);
    const foreignStock = await allStock(app, deptA.admin);
    expect(foreignStock.some((row) => row.locationId === foreignShelf.id)).toBe(false);
  });
});

describe('bad postings write nothing', () => {
  it.each([
    ['1e3'],
    ['abc'],
    ['1,5'],
    ['-1'],
    ['0'],
    ['0.000'],
    ['1.2345'],
    ['1234567890123'],
    [''],
    ['  '],
    ['0x10'],
    ['Infinity'],
    ['NaN'],
  ])('quantity %j is refused with field errors', async (quantity) => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '50'));
    const before = await snapshot();
    for (const body of [
      receipt(component.id, shelf1.id, quantity),
      issue(component.id, shelf1.id, quantity),
      transfer(component.id, shelf1.id, shelf2.id, quantity),
    ]) {
      const response = await post(app, deptA.worker, body);
      expect(response.statusCode, `${body.type} ${quantity}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain('body.quantity');
    }
    if (!['0', '0.000'].includes(quantity)) {
      const counted = await post(app, deptA.admin, adjustment(component.id, shelf1.id, quantity));
      expect(counted.statusCode, `adjustment ${quantity}`).toBe(400);
      expect(counted.json().errors.map((error: { path: string }) => error.path)).toContain('body.countedQuantity');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a number instead of a string, a fractional or negative cost, a missing field are refused', async () => {
    const component = await createComponent(app, deptA.worker);
    const before = await snapshot();
    const bodies: unknown[] = [
      { ...receipt(component.id, shelf1.id, '1'), quantity: 1 },
      receipt(component.id, shelf1.id, '1', { unitCostMinor: -1 }),
      receipt(component.id, shelf1.id, '1', { unitCostMinor: 1.5 }),
      receipt(component.id, shelf1.id, '1', { unitCostMinor: '100' }),
      { type: 'receipt', componentId: component.id, quantity: '1' },
      { type: 'receipt', componentId: 'not-a-uuid', locationId: shelf1.id, quantity: '1' },
      { type: 'reversal', componentId: component.id, locationId: shelf1.id, quantity: '1' },
      { ...transfer(component.id, shelf1.id, shelf2.id, '1'), fromLocationId: undefined },
    ];
    for (const body of bodies) {
      const response = await post(app, deptA.worker, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('decimals for a counted unit are refused with QUANTITY_NOT_WHOLE', async () => {
    const component = await createComponent(app, deptA.worker, { unit: 'pcs' });
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '10'));
    const before = await snapshot();
    for (const [token, body] of [
      [deptA.worker, receipt(component.id, shelf1.id, '1.5')],
      [deptA.worker, issue(component.id, shelf1.id, '0.5')],
      [deptA.worker, transfer(component.id, shelf1.id, shelf2.id, '2.001')],
      [deptA.admin, adjustment(component.id, shelf1.id, '9.5')],
    ] as const) {
      const response = await post(app, token, body);
      expect(response.statusCode, body.type).toBe(422);
      expect(response.json().code).toBe('QUANTITY_NOT_WHOLE');
    }
    expect(await snapshot()).toEqual(before);
    // Trailing zeros are still a whole number.
    expect((await post(app, deptA.worker, receipt(component.id, shelf1.id, '1.000'))).statusCode).toBe(201);
  });

  it('an unknown component or location is not found', async () => {
    const component = await createComponent(app, deptA.worker);
    const before = await snapshot();
    for (const body of [
      receipt(randomUUID(), shelf1.id, '1'),
      receipt(component.id, randomUUID(), '1'),
      transfer(component.id, shelf1.id, randomUUID(), '1'),
    ]) {
      const response = await post(app, deptA.worker, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an archived component cannot be moved', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    expect(
      (await call(app, 'POST', `/api/components/${component.id}/archive`, { token: deptA.admin })).statusCode,
    ).toBe(200);
    const before = await snapshot();
    for (const [token, body] of [
      [deptA.worker, receipt(component.id, shelf1.id, '1')],
      [deptA.worker, issue(component.id, shelf1.id, '1')],
      [deptA.worker, transfer(component.id, shelf1.id, shelf2.id, '1')],
      [deptA.admin, adjustment(component.id, shelf1.id, '1')],
    ] as const) {
      const response = await post(app, token, body);
      expect(response.statusCode, body.type).toBe(409);
      expect(response.json().code).toBe('COMPONENT_ARCHIVED');
    }
    expect(await snapshot()).toEqual(before);
    await call(app, 'POST', `/api/components/${component.id}/restore`, { token: deptA.admin });
    expect((await post(app, deptA.worker, issue(component.id, shelf1.id, '1'))).statusCode).toBe(201);
  });

  it('a transfer to the same location is refused', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const before = await snapshot();
    const response = await post(app, deptA.worker, transfer(component.id, shelf1.id, shelf1.id, '1'));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('SAME_LOCATION');
    expect(await snapshot()).toEqual(before);
  });

  it('an adjustment to the recorded quantity is refused', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const before = await snapshot();
    for (const [locationId, counted] of [
      [shelf1.id, '5'],
      [shelf1.id, '5.000'],
      [shelf2.id, '0'],
    ] as const) {
      const response = await post(app, deptA.admin, adjustment(component.id, locationId, counted));
      expect(response.statusCode, counted).toBe(422);
      expect(response.json().code).toBe('ADJUSTMENT_UNCHANGED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an issue of more than is on hand tells how much is available', async () => {
    const component = await createComponent(app, deptA.worker, { unit: 'm' });
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '2.5'));
    const before = await snapshot();
    const response = await post(app, deptA.worker, issue(component.id, shelf1.id, '2.501'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: '2.5' });
    const elsewhere = await post(app, deptA.worker, transfer(component.id, shelf2.id, shelf1.id, '1'));
    expect(elsewhere.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: '0' });
    expect(await snapshot()).toEqual(before);
  });

  it('a balance that would exceed the largest quantity is refused, not a server error', async () => {
    // A department of its own: a balance this large must not disturb the other tests' lists.
    const huge = await department(app, 'Postings huge');
    const bin = await createLocation(app, huge.admin, 'Bin');
    const component = await createComponent(app, huge.worker, { unit: 'g' });
    await posted(app, huge.worker, receipt(component.id, bin.id, '999999999999'));
    const response = await post(app, huge.worker, receipt(component.id, bin.id, '1'));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('QUANTITY_TOO_LARGE');
    expect(await allLedger(app, huge.admin, component.id)).toHaveLength(1);
    const detail = await componentDetail(app, huge.admin, component.id);
    expect(detail.totalQuantity).toBe('999999999999');
    expect(detail.stock).toEqual([{ locationId: bin.id, locationPath: 'Bin', quantity: '999999999999' }]);
  });
});

describe('the ledger is append-only in the database', () => {
  it('refuses UPDATE and DELETE of movements', async () => {
    const component = await createComponent(app, deptA.worker);
    await posted(app, deptA.worker, receipt(component.id, shelf1.id, '5'));
    const before = await allLedger(app, deptA.admin);
    await expect(app.db.execute(sql`update movements set note = 'x'`)).rejects.toThrow();
    await expect(app.db.execute(sql`delete from movements`)).rejects.toThrow();
    const after = await allLedger(app, deptA.admin);
    expect(after).toEqual(before);
    expect(after.some((movement) => movement.note === 'x')).toBe(false);
  });
});

describe('a location belongs to its department in the database', () => {
  /** The constraint a statement violated, failing the test if it succeeded or failed otherwise. */
  async function violatedKey(statement: ReturnType<typeof sql>): Promise<string | undefined> {
    const error = await app.db.execute(statement).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    const details = databaseError(error);
    expect(details?.code).toBe(PG.foreignKeyViolation);
    return details?.constraint;
  }

  it('refuses a balance, a movement or a child location naming another department’s location', async () => {
    const component = await createComponent(app, deptA.worker);
    const [shelf] = await queryRows<{ department_id: string }>(
      app.db,
      sql`select department_id from locations where id = ${shelf1.id}`,
    );
    const departmentA = shelf?.department_id;
    const before = await snapshot();
    expect(
      await violatedKey(sql`insert into stock_balances (component_id, location_id, department_id, quantity, sku_key,
                              name_key, location_key, unit_cost_minor)
                            values (${component.id}, ${foreignShelf.id}, ${departmentA}, 1, 'k', 'k', 'k', 0)`),
    ).toBe('stock_balances_location_fk');
    for (const [column, constraint] of [
      ['from_location_id', 'movements_from_location_fk'],
      ['to_location_id', 'movements_to_location_fk'],
    ] as const) {
      expect(
        await violatedKey(sql`insert into movements (type, department_id, component_id, quantity, ${sql.raw(column)}, user_id)
                              values ('receipt', ${departmentA}, ${component.id}, 1, ${foreignShelf.id}, ${deptA.adminId})`),
      ).toBe(constraint);
    }
    expect(
      await violatedKey(sql`insert into locations (name, department_id, parent_id, path, ancestor_ids)
                            values ('Stray', ${departmentA}, ${foreignShelf.id}, 'Stray', '{}')`),
    ).toBe('locations_parent_fk');
    expect(await snapshot()).toEqual(before);
  });
});
