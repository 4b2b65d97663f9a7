import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AbcReport,
  ActivityByUserReport,
  ConsumptionReport,
  DeadStockReport,
  LowStockReport,
  MovementSummaryReport,
  MovementSummaryRow,
  StockList,
  StockValuationReport,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
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
  reverse,
  thousandths,
  transfer,
} from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { readTableFile } from '../../lib/untrusted-files/table.js';
import { allRowsOf } from './report-page.js';

const app = await buildTestApp();
const dept = await department(app, 'Reports A');
const other = await department(app, 'Reports B');

async function departmentId(name: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(app.db, sql`select id from departments where name = ${name}`);
  if (!row) throw new Error(`no department ${name}`);
  return row.id;
}
const deptId = await departmentId(dept.name);

async function report<T>(token: string, name: string, query: Record<string, string | number>): Promise<T> {
  const response = await call(app, 'GET', `/api/reports/${name}?${new URLSearchParams(stringify(query))}`, { token });
  if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

/** A day `offset` days from today (UTC), at noon UTC: the same calendar day in any zone within ±11 hours. */
function dayAt(offset: number): { date: string; at: string } {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  noon.setUTCDate(noon.getUTCDate() + offset);
  return { date: noon.toISOString().slice(0, 10), at: noon.toISOString() };
}

/** A day `offset` days from today on the organisation's clock (the tests' default zone). */
function organisationDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

/** Who wrote the history: someone of another department, so that the activity of this one's people stays exact. */
const HISTORY_AUTHOR = other.workerId;

type HistoryEntry = {
  id: string;
  type: 'receipt' | 'issue' | 'transfer' | 'adjustment' | 'reversal';
  componentId: string;
  quantity: string;
  from: string | null;
  to: string | null;
  at: string;
  reversalOfId?: string;
  unitCostMinor?: number;
};

/**
 * Writes movements with their own times, as the demo and bulk loads do, and adds them to the balances (whose triggers
 * keep the list keys and summary): what postings at those times would have left.
 */
async function writeHistory(app: FastifyInstance, department: string, entries: HistoryEntry[]): Promise<void> {
  for (const entry of entries) {
    await app.db.execute(sql`insert into movements (id, type, department_id, component_id, quantity, from_location_id,
        to_location_id, unit_cost_minor, user_id, reversal_of_id, created_at)
      values (${entry.id}, ${entry.type}, ${department}, ${entry.componentId}, ${entry.quantity}, ${entry.from},
        ${entry.to}, ${entry.unitCostMinor ?? null}, ${HISTORY_AUTHOR}, ${entry.reversalOfId ?? null}, ${entry.at})`);
    // A take always finds its row (the ledger never goes below zero); a put may create it.
    if (entry.from) {
      await app.db.execute(sql`update stock_balances set quantity = quantity - ${entry.quantity}::numeric
        where component_id = ${entry.componentId} and location_id = ${entry.from}`);
      await app.db.execute(sql`update department_stock set quantity = quantity - ${entry.quantity}::numeric
        where department_id = ${department} and component_id = ${entry.componentId}`);
    }
    if (entry.to) {
      await app.db.execute(sql`insert into stock_balances as b (component_id, location_id, department_id, quantity)
        values (${entry.componentId}, ${entry.to}, ${department}, ${entry.quantity}::numeric)
        on conflict (component_id, location_id) do update set quantity = b.quantity + excluded.quantity`);
      await app.db.execute(sql`insert into department_stock as t (department_id, component_id, quantity)
        values (${department}, ${entry.componentId}, ${entry.quantity}::numeric)
        on conflict (department_id, component_id) do update set quantity = t.quantity + excluded.quantity`);
    }
  }
}

describe('stock valuation at a date', () => {
  it('equals a recomputation from the ledger at every date, also after a movement is written into the past', async () => {
    const cable = await createComponent(app, dept.admin, {
      sku: 'VAL-CABLE',
      name: 'Кабель',
      unit: 'm',
      defaultUnitCostMinor: 3,
    });
    const chip = await createComponent(app, dept.admin, { sku: 'VAL-CHIP', name: 'Chip', defaultUnitCostMinor: 7 });
    const north = await createLocation(app, dept.admin, 'Valuation north');
    const south = await createLocation(app, dept.admin, 'Valuation south');
    const ids = () => crypto.randomUUID();
    // Four months of history in time order, with a transfer, an adjustment and reversals of each kind.
    const history: HistoryEntry[] = [
      {
        id: ids(),
        type: 'receipt',
        componentId: chip.id,
        quantity: '100',
        from: null,
        to: north.id,
        at: dayAt(-120).at,
      },
      {
        id: ids(),
        type: 'receipt',
        componentId: cable.id,
        quantity: '12.5',
        from: null,
        to: south.id,
        at: dayAt(-100).at,
      },
      {
        id: ids(),
        type: 'transfer',
        componentId: chip.id,
        quantity: '30',
        from: north.id,
        to: south.id,
        at: dayAt(-80).at,
      },
      { id: ids(), type: 'issue', componentId: chip.id, quantity: '10', from: north.id, to: null, at: dayAt(-60).at },
      {
        id: ids(),
        type: 'adjustment',
        componentId: cable.id,
        quantity: '0.5',
        from: south.id,
        to: null,
        at: dayAt(-45).at,
      },
    ];
    history.push(
      {
        id: ids(),
        type: 'reversal',
        componentId: chip.id,
        quantity: '30',
        from: south.id,
        to: north.id,
        at: dayAt(-40).at,
        reversalOfId: history[2]?.id,
      },
      {
        id: ids(),
        type: 'reversal',
        componentId: chip.id,
        quantity: '10',
        from: null,
        to: north.id,
        at: dayAt(-20).at,
        reversalOfId: history[3]?.id,
      },
    );
    await writeHistory(app, deptId, history);

    const expected = (date: string) => {
      const sums = new Map<string, bigint>();
      for (const entry of history.filter((e) => e.at.slice(0, 10) <= date)) {
        const q = thousandths(entry.quantity);
        if (entry.to) sums.set(`${entry.to}`, (sums.get(`${entry.to}`) ?? 0n) + q);
        if (entry.from) sums.set(`${entry.from}`, (sums.get(`${entry.from}`) ?? 0n) - q);
      }
      return sums;
    };
    const actual = async (date: string) => {
      const result = await report<StockValuationReport>(dept.admin, 'stock-valuation', {
        date,
        groupBy: 'location',
        pageSize: 100,
      });
      const sums = new Map<string, bigint>();
      for (const row of result.items) {
        if (row.groupId === north.id || row.groupId === south.id) {
          sums.set(row.groupId, (sums.get(row.groupId) ?? 0n) + thousandths(row.quantity));
        }
      }
      return sums;
    };
    const checked = [-130, -100, -81, -80, -61, -45, -40, -21, -20, -1, 0].map((offset) => dayAt(offset).date);
    for (const date of checked) {
      const want = [...expected(date)].filter(([, q]) => q !== 0n);
      expect([...(await actual(date))].sort(), date).toEqual(want.sort());
    }
    const [{ closings = 0 } = {}] = await queryRows<{ closings: number }>(
      app.db,
      sql`select count(*)::int as closings from stock_closing_months where department_id = ${deptId}`,
    );
    expect(closings).toBeGreaterThanOrEqual(3);

    // A movement written 90 days back drops the closings after it; they are built again with it.
    const late: HistoryEntry = {
      id: ids(),
      type: 'receipt',
      componentId: chip.id,
      quantity: '5',
      from: null,
      to: south.id,
      at: dayAt(-90).at,
    };
    history.push(late);
    await writeHistory(app, deptId, [late]);
    for (const date of checked) {
      const want = [...expected(date)].filter(([, q]) => q !== 0n);
      expect([...(await actual(date))].sort(), `${date} after the late movement`).toEqual(want.sort());
    }
  });
});

describe('stock at past dates, over random ledgers', () => {
  type Step = {
    kind: 'receipt' | 'issue' | 'transfer' | 'adjustment' | 'reversal';
    component: number;
    from: number;
    to: number;
    whole: number;
    day: number;
    target: number;
  };
  const step = fc.record({
    kind: fc.constantFrom('receipt', 'receipt', 'issue', 'transfer', 'adjustment', 'reversal'),
    component: fc.integer({ min: 0, max: 1 }),
    from: fc.integer({ min: 0, max: 1 }),
    to: fc.integer({ min: 0, max: 1 }),
    whole: fc.integer({ min: 1, max: 9 }),
    day: fc.integer({ min: 1, max: 150 }),
    target: fc.nat(),
  }) as fc.Arbitrary<Step>;

  it('values every date and sums every period as the ledger does', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 160 }), { minLength: 2, maxLength: 4 }),
        async (steps, offsets) => {
          run++;
          const components = await Promise.all(
            [0, 1].map((index) =>
              createComponent(app, dept.admin, {
                sku: `PROP-${run}-${index}`,
                name: `Property ${run}`,
                defaultUnitCostMinor: 3,
              }),
            ),
          );
          const places = await Promise.all(
            [0, 1].map((index) => createLocation(app, dept.admin, `Property ${run} ${index}`)),
          );
          // Replayed in time order on a model of the balances: a step that would go below zero, or reverse what is
          // gone, is left out, as the ledger refuses it.
          const held = new Map<string, bigint>();
          const have = (component: string, place: string) => held.get(`${component}:${place}`) ?? 0n;
          const move = (component: string, place: string | null, delta: bigint) => {
            if (place) held.set(`${component}:${place}`, have(component, place) + delta);
          };
          const entries: HistoryEntry[] = [];
          for (const { kind, component, from, to, whole, day, target } of [...steps].sort((a, b) => b.day - a.day)) {
            const componentId = components[component]?.id ?? '';
            const at = dayAt(-day).at;
            const q = BigInt(whole) * 1000n;
            const [source, destination] = [places[from]?.id ?? '', places[to]?.id ?? ''];
            let entry: HistoryEntry | null = null;
            if (kind === 'receipt' || (kind === 'adjustment' && whole % 2 === 0)) {
              entry = {
                id: crypto.randomUUID(),
                type: kind,
                componentId,
                quantity: String(whole),
                from: null,
                to: destination,
                at,
              };
            } else if ((kind === 'issue' || kind === 'adjustment') && have(componentId, source) >= q) {
              entry = {
                id: crypto.randomUUID(),
                type: kind,
                componentId,
                quantity: String(whole),
                from: source,
                to: null,
                at,
              };
            } else if (kind === 'transfer' && source !== destination && have(componentId, source) >= q) {
              entry = {
                id: crypto.randomUUID(),
                type: kind,
                componentId,
                quantity: String(whole),
                from: source,
                to: destination,
                at,
              };
            } else if (kind === 'reversal') {
              const open = entries.filter(
                (e) => e.type !== 'reversal' && !entries.some((r) => r.reversalOfId === e.id),
              );
              const original = open[target % Math.max(open.length, 1)];
              if (
                original &&
                (!original.to || have(original.componentId, original.to) >= thousandths(original.quantity))
              ) {
                entry = {
                  id: crypto.randomUUID(),
                  type: 'reversal',
                  componentId: original.componentId,
                  quantity: original.quantity,
                  from: original.to,
                  to: original.from,
                  at,
                  reversalOfId: original.id,
                };
              }
            }
            if (!entry) continue;
            move(entry.componentId, entry.from, -thousandths(entry.quantity));
            move(entry.componentId, entry.to, thousandths(entry.quantity));
            entries.push(entry);
          }
          await writeHistory(app, deptId, entries);

          const stockOn = (date: string) => {
            const sums = new Map<string, bigint>();
            for (const entry of entries.filter((e) => e.at.slice(0, 10) <= date)) {
              for (const [place, sign] of [
                [entry.to, 1n],
                [entry.from, -1n],
              ] as const) {
                if (place) sums.set(place, (sums.get(place) ?? 0n) + sign * thousandths(entry.quantity));
              }
            }
            return [...sums].filter(([, q]) => q !== 0n).sort();
          };
          const componentOn = (date: string, componentId: string) =>
            entries
              .filter((e) => e.at.slice(0, 10) <= date && e.componentId === componentId)
              .reduce(
                (sum, e) =>
                  sum + (e.to ? 1n : 0n) * thousandths(e.quantity) - (e.from ? 1n : 0n) * thousandths(e.quantity),
                0n,
              );
          const ids = new Set(places.map((place) => place.id));
          for (const offset of offsets) {
            const date = dayAt(-offset).date;
            const valuation = await report<StockValuationReport>(dept.admin, 'stock-valuation', {
              date,
              groupBy: 'location',
              pageSize: 100,
            });
            const shown = valuation.items
              .filter((row) => row.groupId !== null && ids.has(row.groupId))
              .map((row) => [row.groupId, thousandths(row.quantity)] as [string, bigint])
              .sort();
            expect(shown, date).toEqual(stockOn(date));
          }
          const [from, to] = [dayAt(-Math.max(...offsets)).date, dayAt(-Math.min(...offsets)).date];
          // The summary's figures of a component at the places `inScope` accepts, by the rule PRODUCT.md §4 gives:
          // a reversal counts under the type it reverses, with the opposite sign.
          const figuresOf = (componentId: string, inScope: (place: string | null) => boolean) => {
            const sum = { opening: 0n, received: 0n, issued: 0n, transferredIn: 0n, transferredOut: 0n, adjusted: 0n };
            for (const entry of entries.filter((e) => e.componentId === componentId && e.at.slice(0, 10) <= to)) {
              const q = thousandths(entry.quantity);
              const [arrives, leaves] = [inScope(entry.to) ? q : 0n, inScope(entry.from) ? q : 0n];
              if (entry.at.slice(0, 10) < from) {
                sum.opening += arrives - leaves;
                continue;
              }
              const reversed = entries.find((e) => e.id === entry.reversalOfId);
              const kind = reversed?.type ?? entry.type;
              if (kind === 'receipt') sum.received += arrives - leaves;
              if (kind === 'issue') sum.issued += leaves - arrives;
              if (kind === 'adjustment') sum.adjusted += arrives - leaves;
              if (kind === 'transfer') {
                sum.transferredIn += reversed ? -leaves : arrives;
                sum.transferredOut += reversed ? -arrives : leaves;
              }
            }
            return sum;
          };
          const shownFigures = (row: MovementSummaryRow | undefined) => ({
            opening: thousandths(row?.opening ?? '0'),
            received: thousandths(row?.received ?? '0'),
            issued: thousandths(row?.issued ?? '0'),
            transferredIn: thousandths(row?.transferredIn ?? '0'),
            transferredOut: thousandths(row?.transferredOut ?? '0'),
            adjusted: thousandths(row?.adjusted ?? '0'),
          });
          const [first] = places;
          for (const [scope, inScope] of [
            ['department', (place: string | null) => place !== null],
            ['one location', (place: string | null) => place === first?.id],
          ] as const) {
            const summary = await report<MovementSummaryReport>(dept.admin, 'movement-summary', {
              from,
              to,
              q: `PROP-${run}-`,
              pageSize: 100,
              ...(scope === 'one location' ? { locationId: first?.id ?? '' } : {}),
            });
            for (const component of components) {
              const row = summary.items.find((item) => item.componentId === component.id);
              expect(shownFigures(row), `${scope} ${from}…${to}`).toEqual(figuresOf(component.id, inScope));
              // The closing is the ledger's stock then, whatever the figures' rule.
              const closing =
                scope === 'department'
                  ? componentOn(to, component.id)
                  : entries
                      .filter((e) => e.at.slice(0, 10) <= to && e.componentId === component.id)
                      .reduce(
                        (sum, e) =>
                          sum +
                          BigInt(inScope(e.to)) * thousandths(e.quantity) -
                          BigInt(inScope(e.from)) * thousandths(e.quantity),
                        0n,
                      );
              expect(thousandths(row?.closing ?? '0'), `${scope} closing ${to}`).toBe(closing);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the reports of a department', async () => {
  const sensors = await createCategory(app, dept.admin, 'Датчики отчётов');
  const shelf = await createLocation(app, dept.admin, 'Reports shelf');
  const bin = await createLocation(app, dept.admin, 'Reports bin', shelf.id);
  const aside = await createLocation(app, dept.admin, 'Reports aside');
  const make = (sku: string, name: string, cost: number, minimumStock = '0') =>
    createComponent(app, dept.admin, { sku, name, categoryId: sensors.id, defaultUnitCostMinor: cost, minimumStock });
  const thermistor = await make('REP-T1', 'Термистор 10 кОм', 50, '100');
  const hall = await make('REP-H1', 'Hall sensor', 30, '10');
  const reed = await make('REP-R1', 'Reed switch', 15);
  const photo = await make('REP-P1', 'Photodiode', 5);
  const firstReceipt = await posted(app, dept.worker, receipt(thermistor.id, shelf.id, '60', { unitCostMinor: 48 }));
  const lastReceipt = await posted(app, dept.worker, receipt(thermistor.id, shelf.id, '10', { unitCostMinor: 52 }));
  await posted(app, dept.worker, receipt(hall.id, bin.id, '40'));
  await posted(app, dept.worker, receipt(reed.id, bin.id, '40'));
  await posted(app, dept.worker, receipt(photo.id, bin.id, '40'));
  await posted(app, dept.worker, transfer(thermistor.id, shelf.id, bin.id, '20'));
  // Issued values: thermistor 10 × 50 = 500, hall 10 × 30 = 300, reed 10 × 15 = 150, photo 10 × 5 = 50 (of 1 000).
  await posted(app, dept.worker, issue(thermistor.id, bin.id, '10'));
  await posted(app, dept.worker, issue(hall.id, bin.id, '12'));
  const wrongIssue = await posted(app, dept.worker, issue(hall.id, bin.id, '2'));
  await call(app, 'POST', `/api/movements/${wrongIssue.id}/reversal`, { token: dept.admin, body: { note: '' } });
  await posted(app, dept.worker, issue(reed.id, bin.id, '10'));
  await posted(app, dept.worker, issue(photo.id, bin.id, '10'));
  await reverse(app, dept.admin, lastReceipt.id);
  // The other department's stock and movements never show in this one's reports.
  const foreign = await createComponent(app, other.admin, {
    sku: 'REP-FOREIGN',
    name: 'Foreign',
    defaultUnitCostMinor: 1000,
  });
  const foreignStore = await createLocation(app, other.admin, 'Foreign store');
  await posted(app, other.admin, receipt(foreign.id, foreignStore.id, '5'));
  await posted(app, other.admin, issue(foreign.id, foreignStore.id, '1'));
  await posted(app, other.admin, receipt(thermistor.id, foreignStore.id, '7'));
  const today = organisationDay(0);
  // Today only: the history other tests write into this department is older.
  const period = { from: today, to: today };

  it("values today's stock exactly as the stock screen does", async () => {
    const stock = await call(app, 'GET', '/api/stock?pageSize=10', { token: dept.admin });
    const list = stock.json() as StockList;
    for (const groupBy of ['category', 'location']) {
      const valuation = await report<StockValuationReport>(dept.admin, 'stock-valuation', { date: today, groupBy });
      expect(valuation.totals.valueMinor).toBe(list.totals.valueMinor);
      expect(valuation.totals.quantities).toEqual(list.totals.quantities);
    }
  });

  it('adds up every row of the movement summary and keeps to the department', async () => {
    const summary = await report<MovementSummaryReport>(dept.admin, 'movement-summary', { ...period, pageSize: 100 });
    expect(summary.items.map((row) => row.sku)).not.toContain('REP-FOREIGN');
    for (const row of summary.items) {
      const closing =
        thousandths(row.opening) +
        thousandths(row.received) -
        thousandths(row.issued) +
        thousandths(row.transferredIn) -
        thousandths(row.transferredOut) +
        thousandths(row.adjusted);
      expect(closing, row.sku).toBe(thousandths(row.closing));
    }
    const thermistorRow = summary.items.find((row) => row.sku === 'REP-T1');
    // 70 received less the reversed 10; 20 moved within the department; 10 issued.
    expect(thermistorRow).toMatchObject({
      received: '60',
      issued: '10',
      transferredIn: '20',
      transferredOut: '20',
      closing: '50',
    });
    expect(summary.items.find((row) => row.sku === 'REP-H1')).toMatchObject({ issued: '12', closing: '28' });

    const atShelf = await report<MovementSummaryReport>(dept.admin, 'movement-summary', {
      ...period,
      locationId: bin.id,
      q: 'REP-T1',
    });
    expect(atShelf.items).toEqual([
      expect.objectContaining({
        sku: 'REP-T1',
        received: '0',
        transferredIn: '20',
        transferredOut: '0',
        issued: '10',
        closing: '10',
      }),
    ]);
    // A location where nothing was nor moved lists none of the components that moved elsewhere.
    const atAside = await report<MovementSummaryReport>(dept.admin, 'movement-summary', {
      ...period,
      locationId: aside.id,
      q: 'REP-',
    });
    expect(atAside.items).toEqual([]);
  });

  it('lists components below their minimum with the last receipt that stands', async () => {
    const low = await report<LowStockReport>(dept.admin, 'low-stock', { q: 'REP-' });
    expect(low.items.map((row) => row.sku)).toEqual(['REP-T1']);
    expect(low.items[0]).toMatchObject({ onHand: '50', minimumStock: '100', shortfall: '50', shortfallPercent: 50 });
    expect(low.items[0]?.lastReceipt).toEqual({ unitCostMinor: 48, receivedAt: firstReceipt.createdAt });
    expect(low.chart).toEqual([{ componentId: thermistor.id, sku: 'REP-T1', onHandPercent: 50 }]);
  });

  it('ranks consumption and classes it A, B and C by the thresholds given', async () => {
    const used = await report<ConsumptionReport>(dept.admin, 'consumption', { ...period, q: 'REP-' });
    expect(used.items.map((row) => [row.sku, row.quantity, row.issues, row.valueMinor])).toEqual([
      ['REP-T1', '10', 1, '500'],
      ['REP-H1', '12', 2, '360'],
      ['REP-R1', '10', 1, '150'],
      ['REP-P1', '10', 1, '50'],
    ]);
    expect(used.chart.reduce((sum, week) => sum + week.issues, 0)).toBe(5);
    // Sorted as numbers, not as the text the API writes them in.
    const cheapestFirst = await report<ConsumptionReport>(dept.admin, 'consumption', {
      ...period,
      q: 'REP-',
      sort: 'value',
      order: 'asc',
    });
    expect(cheapestFirst.items.map((row) => row.valueMinor)).toEqual(['50', '150', '360', '500']);

    const abc = await report<AbcReport>(dept.admin, 'abc-analysis', { ...period, a: 50, b: 40 });
    // Shares 500, 360, 150, 50 of 1 060: before each, 0 %, 47.2 %, 81.1 %, 95.3 %.
    expect(abc.items.map((row) => [row.sku, row.class])).toEqual([
      ['REP-T1', 'A'],
      ['REP-H1', 'A'],
      ['REP-R1', 'B'],
      ['REP-P1', 'C'],
    ]);
    expect(abc.items.at(-1)?.cumulativePercent).toBe(100);
    expect(abc.chart.classes.map((group) => group.components)).toEqual([2, 1, 1]);
  });

  it('counts the movements each person posted', async () => {
    const activity = await report<ActivityByUserReport>(dept.admin, 'activity-by-user', period);
    const worker = activity.items.find((row) => row.userId === dept.workerId);
    expect(worker).toMatchObject({ receipts: 5, issues: 5, transfers: 1, reversals: 0, total: 11 });
    expect(activity.items.find((row) => row.userId === dept.adminId)).toMatchObject({ reversals: 2, total: 2 });
  });

  it('finds stock without movement for the days asked, the boundary day included', async () => {
    const idle = await make('REP-IDLE', 'Idle relay', 100);
    const recent = await make('REP-RECENT', 'Recent relay', 100);
    const [{ exactly, almost } = { exactly: '', almost: '' }] = await queryRows<{ exactly: string; almost: string }>(
      app.db,
      sql`select (now() - interval '30 days' - interval '1 second')::text as exactly,
                 (now() - interval '30 days' + interval '1 hour')::text as almost`,
    );
    await writeHistory(app, deptId, [
      {
        id: crypto.randomUUID(),
        type: 'receipt',
        componentId: idle.id,
        quantity: '3',
        from: null,
        to: shelf.id,
        at: exactly,
      },
      {
        id: crypto.randomUUID(),
        type: 'receipt',
        componentId: recent.id,
        quantity: '3',
        from: null,
        to: shelf.id,
        at: almost,
      },
    ]);
    const dead = await report<DeadStockReport>(dept.admin, 'dead-stock', { days: 30, categoryId: sensors.id });
    expect(dead.items.map((row) => [row.sku, row.ageDays, row.bucket, row.valueMinor])).toEqual([
      ['REP-IDLE', 30, 30, '300'],
    ]);
    expect(dead.chart.map((bucket) => bucket.bucket)).toEqual([0, 30, 90, 180, 365]);
    const none = await report<DeadStockReport>(dept.admin, 'dead-stock', { days: 31, categoryId: sensors.id });
    expect(none.items).toEqual([]);
  });

  it('is for administrators only, and refuses bad parameters with a 400', async () => {
    for (const token of [dept.worker, dept.manager]) {
      const response = await call(app, 'GET', `/api/reports/low-stock`, { token });
      expect(response.statusCode).toBe(403);
    }
    const bad = [
      `movement-summary?from=${today}&to=${organisationDay(-1)}`,
      `stock-valuation?date=2026-02-30`,
      `stock-valuation`,
      `abc-analysis?from=${period.from}&to=${today}&a=80&b=20`,
      `dead-stock?days=0`,
      `consumption?from=2000-01-01&to=2026-01-01`,
      `low-stock?pageSize=7`,
      `low-stock/export?format=doc`,
    ];
    for (const query of bad) {
      const response = await call(app, 'GET', `/api/reports/${query}`, { token: dept.admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('exports every row: CSV and XLSX read back to the rows, the PDF carries the Russian title and names', async () => {
    const parameters = new URLSearchParams({ ...period, q: 'REP-' });
    const page = await report<MovementSummaryReport>(dept.admin, 'movement-summary', {
      ...period,
      q: 'REP-',
      pageSize: 100,
    });
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await call(
        app,
        'GET',
        `/api/reports/movement-summary/export?${parameters}&format=${format}&lang=ru`,
        {
          token: dept.admin,
        },
      );
      expect(response.statusCode).toBe(200);
      const table = readTableFile(new Uint8Array(response.rawPayload), 1000);
      expect(table[0]?.slice(0, 4)).toEqual(['Артикул', 'Наименование', 'Ед. изм.', 'На начало']);
      const rows = table.slice(1, 1 + page.total);
      expect(rows.map((row) => row[0])).toEqual(page.items.map((item) => item.sku));
      expect(rows.map((row) => row[9]?.replace(',', '.'))).toEqual(page.items.map((item) => item.closing));
      expect(table.slice(1 + page.total).every((row) => row[0] === 'Итого')).toBe(true);
    }
    const valuation = await call(
      app,
      'GET',
      `/api/reports/stock-valuation/export?date=${organisationDay(-3)}&groupBy=location&format=csv&lang=en`,
      { token: dept.admin },
    );
    expect(valuation.headers['content-disposition']).toContain(`stock-valuation-${organisationDay(-3)}.csv`);
    expect(readTableFile(new Uint8Array(valuation.rawPayload), 1000)[0]?.[0]).toBe('Location');

    const pdf = await call(app, 'GET', `/api/reports/movement-summary/export?${parameters}&format=pdf&lang=ru`, {
      token: dept.admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const directory = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
    writeFileSync(path.join(directory, 'report.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(directory, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Движение запасов');
    expect(text).toContain('Термистор 10 кОм');
    expect(text).toContain('Страница 1 из 1');
  });
});

describe('closings built before the flows', async () => {
  const own = await department(app, 'Reports upgrade');
  const ownId = await departmentId(own.name);
  const component = await createComponent(app, own.admin, { sku: 'UPG-1', name: 'Upgraded', defaultUnitCostMinor: 1 });
  const place = await createLocation(app, own.admin, 'Upgrade shelf');
  const entry = (type: 'receipt' | 'issue', quantity: string, daysAgo: number): HistoryEntry => ({
    id: crypto.randomUUID(),
    type,
    componentId: component.id,
    quantity,
    from: type === 'issue' ? place.id : null,
    to: type === 'receipt' ? place.id : null,
    at: dayAt(-daysAgo).at,
  });
  await writeHistory(app, ownId, [entry('receipt', '50', 120), entry('issue', '5', 70), entry('issue', '7', 20)]);

  it('are built again, with every later one, so a summary across them stays exact', async () => {
    const period = { from: dayAt(-90).date, to: dayAt(0).date };
    const before = await report<MovementSummaryReport>(own.admin, 'movement-summary', period);
    expect(before.items).toEqual([expect.objectContaining({ opening: '50', issued: '12', closing: '38' })]);
    // What instances of the version before the flows leave during a rolling upgrade: closings without them.
    await app.db.execute(sql`delete from stock_closing_flows where department_id = ${ownId}`);

    const after = await report<MovementSummaryReport>(own.admin, 'movement-summary', period);

    expect(after).toEqual(before);
    const withoutFlows = await queryRows(
      app.db,
      sql`select 1 from stock_closing_months m where department_id = ${ownId} and not exists (
            select 1 from stock_closing_flows f where f.department_id = m.department_id and f.closed_at = m.closed_at)`,
    );
    expect(withoutFlows).toEqual([]);
  });
});

describe('a reversed transfer in the movement summary', async () => {
  const own = await department(app, 'Reports reversals');
  const component = await createComponent(app, own.admin, { sku: 'REV-1', name: 'Reversed', defaultUnitCostMinor: 1 });
  const from = await createLocation(app, own.admin, 'Reversal source');
  const to = await createLocation(app, own.admin, 'Reversal destination');
  await posted(app, own.worker, receipt(component.id, from.id, '10'));
  const moved = await posted(app, own.worker, transfer(component.id, from.id, to.id, '4'));
  await reverse(app, own.admin, moved.id);
  const today = organisationDay(0);

  it('neither came in nor went out, at either place or department-wide', async () => {
    for (const [locationId, closing] of [
      [from.id, '10'],
      [to.id, '0'],
      [undefined, '10'],
    ] as const) {
      const summary = await report<MovementSummaryReport>(own.admin, 'movement-summary', {
        from: today,
        to: today,
        ...(locationId ? { locationId } : {}),
      });
      expect(summary.items, locationId ?? 'department').toEqual([
        expect.objectContaining({ sku: 'REV-1', transferredIn: '0', transferredOut: '0', closing }),
      ]);
    }
  });
});

describe("a file's rows", () => {
  const numbers = {
    // 1 to 5 000, shuffled: the file must put them in order.
    rows: sql`select (n * 7919) % 5000 + 1 as n from generate_series(0, 4999) n`,
    order: sql`n`,
    summary: sql`select sum(n)::text from result`,
  };

  it('are counted and summed once, then read in order through the cursor', async () => {
    const all = await allRowsOf<{ n: number }, string>(app.db, app.databaseKind, numbers);
    expect([all.total, all.summary]).toEqual([5000, '12502500']);
    const read: number[] = [];
    for await (const row of all.rows) read.push(Number(row.n));
    expect(read).toEqual(Array.from({ length: 5000 }, (_, index) => index + 1));
  });

  it('end their transaction when the file is abandoned before its first row', async () => {
    const all = await allRowsOf<{ n: number }, string>(app.db, app.databaseKind, numbers);
    await all.rows.return?.();
    // The connection is free again, and its temporary table is gone with the transaction.
    const [left] = await queryRows<{ tables: number }>(
      app.db,
      sql`select count(*)::int as tables from pg_class where relname = 'result' and relpersistence = 't'`,
    );
    expect(left?.tables).toBe(0);
  });
});
