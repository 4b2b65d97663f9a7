import { randomUUID } from 'node:crypto';
import type { Category, Component, ComponentInput, Location, Movement, MovementRequest, StockRow } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../src/db/client.js';
import { call } from './app.js';
import { createUser, signIn } from './factories.js';

/** Signed-in people of one department: an administrator, a worker and a manager. */
export type Department = {
  name: string;
  admin: string;
  worker: string;
  manager: string;
  adminId: string;
  workerId: string;
};

/** Creates the three roles in a (new) department and signs them in; returns their access tokens. */
export async function department(app: FastifyInstance, name = `Dept ${randomUUID().slice(0, 8)}`): Promise<Department> {
  // One after the other: the first creates the department the others join.
  const adminUser = await createUser(app, { role: 'administrator', departments: [name] });
  const workerUser = await createUser(app, { role: 'worker', departments: [name] });
  const managerUser = await createUser(app, { role: 'manager', departments: [name] });
  const [admin, worker, manager] = await Promise.all([
    signIn(app, adminUser),
    signIn(app, workerUser),
    signIn(app, managerUser),
  ]);
  return {
    name,
    admin: admin.accessToken,
    worker: worker.accessToken,
    manager: manager.accessToken,
    adminId: adminUser.id,
    workerId: workerUser.id,
  };
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

export async function createLocation(
  app: FastifyInstance,
  token: string,
  name: string,
  parentId: string | null = null,
): Promise<Location> {
  const response = await call(app, 'POST', '/api/locations', { token, body: { name, parentId } });
  expectStatus(response, 201, `create location ${name}`);
  return response.json();
}

export async function createCategory(
  app: FastifyInstance,
  token: string,
  name: string,
  parentId: string | null = null,
): Promise<Category> {
  const response = await call(app, 'POST', '/api/categories', { token, body: { name, parentId } });
  expectStatus(response, 201, `create category ${name}`);
  return response.json();
}

/** A unique SKU with a readable prefix. */
export function uniqueSku(prefix = 'SKU'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export async function createComponent(
  app: FastifyInstance,
  token: string,
  input: Partial<ComponentInput> = {},
): Promise<Component> {
  const body = { sku: uniqueSku(), name: 'Test component', ...input };
  const response = await call(app, 'POST', '/api/components', { token, body });
  expectStatus(response, 201, `create component ${body.sku}`);
  return response.json();
}

/** POST /api/movements, with an Idempotency-Key header when given. */
export function post(app: FastifyInstance, token: string, body: MovementRequest | unknown, idempotencyKey?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/movements',
    headers: {
      authorization: `Bearer ${token}`,
      ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
    },
    payload: body as object,
  });
}

/** POST /api/movements/:id/reversal, with an Idempotency-Key header when given. */
export function reverse(app: FastifyInstance, token: string, movementId: string, note = '', idempotencyKey?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/movements/${movementId}/reversal`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
    },
    payload: { note },
  });
}

/** Posts a movement that must succeed; returns the posted movement. */
export async function posted(app: FastifyInstance, token: string, body: MovementRequest): Promise<Movement> {
  const response = await post(app, token, body);
  expectStatus(response, 201, `post ${JSON.stringify(body)}`);
  return response.json().movement;
}

export function receipt(componentId: string, locationId: string, quantity: string, extra: object = {}) {
  return { type: 'receipt' as const, componentId, locationId, quantity, ...extra };
}
export function issue(componentId: string, locationId: string, quantity: string) {
  return { type: 'issue' as const, componentId, locationId, quantity };
}
export function transfer(componentId: string, fromLocationId: string, toLocationId: string, quantity: string) {
  return { type: 'transfer' as const, componentId, fromLocationId, toLocationId, quantity };
}
export function adjustment(componentId: string, locationId: string, countedQuantity: string) {
  return { type: 'adjustment' as const, componentId, locationId, countedQuantity };
}

/** The whole ledger of the caller's department (optionally of one component), oldest first. */
export async function allLedger(app: FastifyInstance, token: string, componentId?: string): Promise<Movement[]> {
  const movements: Movement[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ order: 'asc', page: String(page), pageSize: '100' });
    if (componentId) query.set('componentId', componentId);
    const response = await call(app, 'GET', `/api/movements?${query}`, { token });
    expectStatus(response, 200, 'list movements');
    const body = response.json();
    movements.push(...body.items);
    if (movements.length >= body.total || body.items.length === 0) return movements;
  }
}

/** Every stock row of the caller's department, zero rows included. */
export async function allStock(app: FastifyInstance, token: string, filters: Record<string, string> = {}) {
  const rows: StockRow[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ includeEmpty: 'true', ...filters, page: String(page), pageSize: '100' });
    const response = await call(app, 'GET', `/api/stock?${query}`, { token });
    expectStatus(response, 200, 'list stock');
    const body = response.json();
    rows.push(...body.items);
    if (rows.length >= body.total || body.items.length === 0) return rows;
  }
}

/** Exact thousandths of a quantity string ("2.5" → 2500n); the tests' own oracle, independent of src/lib/quantity. */
export function thousandths(quantity: string): bigint {
  const negative = quantity.startsWith('-');
  const [whole = '0', fraction = ''] = quantity.replace(/^-/, '').split('.');
  const value = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
  return negative ? -value : value;
}

/** Sum of the ledger per `componentId|locationId`, in thousandths: ins minus outs. */
export function ledgerSums(movements: Movement[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  const add = (key: string, delta: bigint) => sums.set(key, (sums.get(key) ?? 0n) + delta);
  for (const movement of movements) {
    const quantity = thousandths(movement.quantity);
    if (movement.from) add(`${movement.componentId}|${movement.from.id}`, -quantity);
    if (movement.to) add(`${movement.componentId}|${movement.to.id}`, quantity);
  }
  return sums;
}

/** Balances per `componentId|locationId` from GET /stock?includeEmpty=true, in thousandths. */
export function stockSums(rows: StockRow[]): Map<string, bigint> {
  return new Map(rows.map((row) => [`${row.componentId}|${row.locationId}`, thousandths(row.quantity)]));
}

export async function componentDetail(app: FastifyInstance, token: string, componentId: string) {
  const response = await call(app, 'GET', `/api/components/${componentId}`, { token });
  expectStatus(response, 200, 'component detail');
  return response.json();
}

/**
 * Balances whose stock-list keys (ADR 0013) differ from the rows they are copied from: the component's SKU,
 * name, cost and category, and the location. Empty when the triggers kept every copy right.
 */
export async function staleListKeys(app: FastifyInstance) {
  return queryRows<{ sku: string; location_id: string }>(
    app.db,
    sql`select c.sku, b.location_id from stock_balances b
        join components c on c.id = b.component_id
        join locations l on l.id = b.location_id
        left join categories cat on cat.id = c.category_id
        where (b.sku_key, b.name_key, b.category_key, b.location_key, b.unit_cost_minor, b.value_minor)
              is distinct from (lower(c.sku), lower(c.name), lower(cat.path), lower(l.path), c.default_unit_cost_minor,
                                round(b.quantity * c.default_unit_cost_minor))`,
  );
}
