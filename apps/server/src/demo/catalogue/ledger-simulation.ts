import { randomUUID } from 'node:crypto';
import type { Unit } from '@cm/contract';
import type { Random } from '../../lib/seeded-random.js';
import {
  BINS_PER_SHELF,
  DEPARTMENT_NAMES,
  type DepartmentKey,
  RECEIVING,
  shelfOf,
} from './categories-and-locations.js';
import type { ComponentSpec, Stocking } from './component-spec.js';

/**
 * ~90 days of warehouse life in Central Warehouse and the two sales departments, played in memory in time
 * order: deliveries, put-aways, production issues, reorders, stocktakes, samples and two reversals. No issue
 * ever takes more than is on hand. Quantities are thousandths of the unit, exact integers.
 */

/** The people who post the demo movements; the worker belongs to Central Warehouse only. */
export type DemoPeople = { adminId: string; workerId: string };

export const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Days of history before the seed time. */
export const HISTORY_DAYS = 90;

type MovementType = 'receipt' | 'issue' | 'transfer' | 'adjustment' | 'reversal';

export type Movement = {
  id: string;
  type: MovementType;
  department: DepartmentKey;
  componentId: string;
  quantity: number;
  from: string | null;
  to: string | null;
  unitCostMinor: number | null;
  reference: string;
  note: string;
  userId: string;
  reversalOfId: string | null;
  at: number;
};

/** Smallest step of a quantity in thousandths: whole pieces, 0.5 m of wire, 10 g of solder, 10 ml. */
export const QUANTITY_STEP: Record<Unit, number> = {
  pcs: 1000,
  set: 1000,
  pack: 1000,
  reel: 1000,
  m: 500,
  kg: 10,
  g: 1000,
  l: 100,
  ml: 10_000,
};

function quantize(thousandths: number, unit: Unit): number {
  const step = QUANTITY_STEP[unit];
  return Math.max(step, Math.round(thousandths / step) * step);
}

export function formatThousandths(value: number): string {
  const whole = Math.trunc(value / 1000);
  const fraction = value % 1000;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`;
}

type StockedComponent = {
  id: string;
  spec: ComponentSpec;
  stocking: Stocking;
  home: string;
  /** A second bin some stock overflows to. */
  overflow: string | null;
};

export type Locations = Record<DepartmentKey, Map<string, string>>;

type Event = { at: number; run: () => void };

/** Plays ~90 days of warehouse life in time order and returns the ledger it wrote. */
export function simulateLedger(
  random: Random,
  components: { id: string; spec: ComponentSpec }[],
  locations: Locations,
  people: DemoPeople,
  now: number,
): Movement[] {
  const ledger: Movement[] = [];
  const balances = new Map<string, number>();
  const key = (componentId: string, locationId: string) => `${componentId}|${locationId}`;
  const balance = (componentId: string, locationId: string) => balances.get(key(componentId, locationId)) ?? 0;
  const central = locations.central;
  const location = (department: DepartmentKey, path: string) => {
    const id = locations[department].get(path);
    if (!id) throw new Error(`demo location ${path} is missing`);
    return id;
  };
  const receiving = location('central', RECEIVING);
  const centralIds = [...central.values()];

  function post(movement: Omit<Movement, 'id'>): Movement {
    if (movement.from) {
      const available = balance(movement.componentId, movement.from);
      if (available < movement.quantity) throw new Error('demo ledger would go negative');
      balances.set(key(movement.componentId, movement.from), available - movement.quantity);
    }
    if (movement.to) {
      balances.set(
        key(movement.componentId, movement.to),
        balance(movement.componentId, movement.to) + movement.quantity,
      );
    }
    const posted = { ...movement, id: randomUUID() };
    ledger.push(posted);
    return posted;
  }

  const startOfToday = Math.floor(now / DAY) * DAY;
  /** Day 1 is yesterday; every event of day d falls between 06:00 and 18:00 UTC (09:00–21:00 in Moscow). */
  const dayStart = (daysAgo: number) => startOfToday - daysAgo * DAY;
  const isWeekend = (daysAgo: number) => {
    const weekday = new Date(dayStart(daysAgo)).getUTCDay();
    return weekday === 0 || weekday === 6;
  };
  const workingTime = (daysAgo: number, fromHour = 6, toHour = 15) =>
    dayStart(daysAgo) + Math.floor(random.between(fromHour, toHour) * HOUR) + random.int(0, 59) * 1000;

  const agenda = new Map<number, Event[]>();
  const schedule = (daysAgo: number, at: number, run: () => void) => {
    if (daysAgo < 1) return;
    const events = agenda.get(daysAgo) ?? [];
    events.push({ at, run });
    agenda.set(daysAgo, events);
  };

  const year = (at: number) => new Date(at).getUTCFullYear();
  const counters = { invoice: 146, workOrder: 311, salesOrder: 2150, shipment: 40 };
  const invoiceOfDay = new Map<string, string>();
  /** One invoice per delivery day and supplier group: the lines of a delivery share its number. */
  const invoiceFor = (daysAgo: number, at: number, supplierGroup: string) => {
    const dayKey = `${daysAgo}|${supplierGroup}`;
    let reference = invoiceOfDay.get(dayKey);
    if (!reference) {
      counters.invoice += 1;
      reference = `INV-${year(at)}-${String(counters.invoice).padStart(4, '0')}`;
      invoiceOfDay.set(dayKey, reference);
    }
    return reference;
  };

  // Home bins: each category's shelf, spread over its six bins; about one in eight also uses a second bin.
  const stocked: StockedComponent[] = [];
  const perShelf = new Map<string, number>();
  for (const { id, spec } of components) {
    if (!spec.stocking) continue;
    const shelf = shelfOf(spec.category);
    const index = perShelf.get(shelf) ?? 0;
    perShelf.set(shelf, index + 1);
    const bin = (Math.floor(index / 4) % BINS_PER_SHELF) + 1;
    const home = location('central', `Main warehouse / Shelf ${shelf} / Bin ${bin}`);
    const overflow = random.chance(0.12)
      ? location('central', `Main warehouse / Shelf ${shelf} / Bin ${(bin % BINS_PER_SHELF) + 1}`)
      : null;
    stocked.push({ id, spec, stocking: spec.stocking, home, overflow });
  }
  const lotOf = (item: StockedComponent) => Math.round(item.stocking.lot * 1000);
  const minimumOf = (item: StockedComponent) => Math.round(item.spec.minimum * 1000);
  const centralTotal = (componentId: string) =>
    centralIds.reduce((sum, locationId) => sum + balance(componentId, locationId), 0);
  const worker = people.workerId;
  const admin = people.adminId;

  // Opening deliveries on the first three working days: passives, then semiconductors, then the rest.
  const openingDays = [HISTORY_DAYS, HISTORY_DAYS - 1, HISTORY_DAYS - 2, HISTORY_DAYS - 3, HISTORY_DAYS - 4].filter(
    (daysAgo) => !isWeekend(daysAgo),
  );
  for (const item of stocked) {
    const group = item.spec.category.startsWith('Passives')
      ? 0
      : item.spec.category.startsWith('Semiconductors')
        ? 1
        : 2;
    const daysAgo = openingDays[Math.min(group, openingDays.length - 1)] ?? HISTORY_DAYS;
    const at = workingTime(daysAgo);
    schedule(daysAgo, at, () => {
      const lots = item.stocking.neglected ? 1 : random.int(1, 2);
      let quantity = quantize(lotOf(item) * lots, item.spec.unit);
      // Neglected parts start just above their minimum, so the period's use takes them below it.
      if (item.stocking.neglected) quantity = quantize(minimumOf(item) * 1.6 + 1, item.spec.unit);
      post({
        type: 'receipt',
        department: 'central',
        componentId: item.id,
        quantity,
        from: null,
        to: item.home,
        unitCostMinor: Math.round(item.spec.costMinor * random.between(0.92, 1.05)),
        reference: invoiceFor(daysAgo, at, String(group)),
        note: '',
        userId: worker,
        reversalOfId: null,
        at,
      });
    });
  }

  /** Issues up to `wanted` from the location holding the most of it; returns what was issued (0: nothing). */
  function issue(
    item: { id: string },
    department: DepartmentKey,
    wanted: number,
    at: number,
    reference: string,
    userId: string,
    note = '',
  ): Movement | null {
    let best: string | null = null;
    let bestQuantity = 0;
    for (const locationId of locations[department].values()) {
      const quantity = balance(item.id, locationId);
      if (quantity > bestQuantity) {
        best = locationId;
        bestQuantity = quantity;
      }
    }
    if (!best || bestQuantity === 0) return null;
    return post({
      type: 'issue',
      department,
      componentId: item.id,
      quantity: Math.min(wanted, bestQuantity),
      from: best,
      to: null,
      unitCostMinor: null,
      reference,
      note,
      userId,
      reversalOfId: null,
      at,
    });
  }

  const pendingOrders = new Set<string>();
  let centralIssues = 0;
  const reversalAt = new Set([180, 900]);
  const NOTES = ['', '', '', '', 'Prototype build', 'Rework', 'Replacement for a damaged part', 'Engineering samples'];

  // Production: working days open one to three work orders; each component is issued with its own rate.
  for (let daysAgo = HISTORY_DAYS - 5; daysAgo >= 1; daysAgo--) {
    if (isWeekend(daysAgo)) continue;
    const workOrders = Array.from({ length: random.int(1, 3) }, () => {
      counters.workOrder += 1;
      return `WO-${year(dayStart(daysAgo))}-${String(counters.workOrder).padStart(4, '0')}`;
    });
    for (const item of stocked) {
      if (!random.chance(item.stocking.rate)) continue;
      const wanted = quantize(item.stocking.usage * 1000 * random.between(0.5, 1.6), item.spec.unit);
      const at = workingTime(daysAgo, 6, 14);
      const reference = random.pick(workOrders);
      const note = random.pick(NOTES);
      schedule(daysAgo, at, () => {
        const issued = issue(item, 'central', wanted, at, reference, worker, note);
        if (!issued) return;
        centralIssues += 1;
        // Twice in the period an issue went to the wrong work order: the administrator reverses it and
        // the worker posts it again.
        if (reversalAt.has(centralIssues)) {
          const later = at + random.int(1, 3) * HOUR;
          schedule(daysAgo, later, () => {
            post({
              type: 'reversal',
              department: 'central',
              componentId: issued.componentId,
              quantity: issued.quantity,
              from: null,
              to: issued.from,
              unitCostMinor: null,
              reference: issued.reference,
              note: 'Posted to the wrong work order',
              userId: admin,
              reversalOfId: issued.id,
              at: later,
            });
            issue(item, 'central', issued.quantity, later + 10 * 60_000, random.pick(workOrders), worker);
          });
        }
      });
    }
    // Stock checks at the end of the day: below the minimum, a reorder goes out (not always at once).
    schedule(daysAgo, dayStart(daysAgo) + 16 * HOUR, () => {
      for (const item of stocked) {
        if (item.stocking.neglected || pendingOrders.has(item.id)) continue;
        if (centralTotal(item.id) >= minimumOf(item) || !random.chance(0.45)) continue;
        let arrival = daysAgo - random.int(3, 9);
        while (arrival >= 1 && isWeekend(arrival)) arrival -= 1;
        if (arrival < 1) continue;
        pendingOrders.add(item.id);
        const at = workingTime(arrival, 6, 10);
        schedule(arrival, at, () => {
          pendingOrders.delete(item.id);
          const shortfall = Math.max(0, minimumOf(item) - centralTotal(item.id));
          const lots = Math.max(1, Math.ceil((shortfall + minimumOf(item)) / lotOf(item)));
          const quantity = quantize(lotOf(item) * lots, item.spec.unit);
          post({
            type: 'receipt',
            department: 'central',
            componentId: item.id,
            quantity,
            from: null,
            to: receiving,
            unitCostMinor: Math.round(item.spec.costMinor * random.between(0.9, 1.12)),
            reference: invoiceFor(arrival, at, 'reorder'),
            note: '',
            userId: random.chance(0.1) ? admin : worker,
            reversalOfId: null,
            at,
          });
          // Put away the same afternoon or the next working day; the last deliveries still wait in Receiving.
          const putAwayDay = random.chance(0.6) ? arrival : arrival - 1;
          if (putAwayDay < 1 || isWeekend(putAwayDay)) return;
          const putAwayAt = putAwayDay === arrival ? at + random.int(2, 5) * HOUR : workingTime(putAwayDay, 6, 8);
          schedule(putAwayDay, putAwayAt, () => {
            const waiting = balance(item.id, receiving);
            if (waiting === 0) return;
            const split = item.overflow && waiting >= 2 * QUANTITY_STEP[item.spec.unit] && random.chance(0.5);
            const toOverflow = split ? quantize(waiting / 3, item.spec.unit) : 0;
            for (const [to, quantity] of [
              [item.home, waiting - toOverflow],
              [item.overflow, toOverflow],
            ] as const) {
              if (!to || quantity <= 0) continue;
              post({
                type: 'transfer',
                department: 'central',
                componentId: item.id,
                quantity,
                from: receiving,
                to,
                unitCostMinor: null,
                reference: '',
                note: to === item.home ? 'Put away' : 'Put away (overflow bin)',
                userId: worker,
                reversalOfId: null,
                at: putAwayAt + (to === item.home ? 0 : 60_000),
              });
            }
          });
        });
      }
    });
  }

  // Stocktakes of Shelf B and Shelf D by the administrator: a few counts differ from the books.
  for (const [daysAgo, shelf] of [
    [46, 'B'],
    [18, 'D'],
  ] as const) {
    let day = daysAgo;
    while (isWeekend(day)) day -= 1;
    schedule(day, dayStart(day) + 15 * HOUR, () => {
      const prefix = `Main warehouse / Shelf ${shelf} / `;
      const bins = [...central.entries()].filter(([path]) => path.startsWith(prefix)).map(([, id]) => id);
      let at = dayStart(day) + 15 * HOUR;
      let adjusted = 0;
      for (const item of stocked) {
        for (const bin of bins) {
          const recorded = balance(item.id, bin);
          if (recorded === 0 || adjusted >= 7 || !random.chance(0.12)) continue;
          const delta = quantize(Math.max(1, recorded * random.between(0.005, 0.03)), item.spec.unit);
          const up = random.chance(0.3);
          if (!up && delta > recorded) continue;
          at += random.int(3, 9) * 60_000;
          adjusted += 1;
          post({
            type: 'adjustment',
            department: 'central',
            componentId: item.id,
            quantity: delta,
            from: up ? null : bin,
            to: up ? bin : null,
            unitCostMinor: null,
            reference: `STK-${year(at)}-${shelf}`,
            note: `Stocktake of Shelf ${shelf}: counted ${formatThousandths(up ? recorded + delta : recorded - delta)}`,
            userId: admin,
            reversalOfId: null,
            at,
          });
        }
      }
    });
  }

  // Samples for the sales departments: shipped from Central Warehouse (an issue there, a receipt at the
  // other end with the same shipment number), then sold or handed out against sales orders.
  const byId = new Map(stocked.map((item) => [item.id, item]));
  const sampleTargets = {
    moscow: { paths: ['Showroom cabinet / Drawer 1', 'Showroom cabinet / Drawer 2', 'Showroom cabinet / Drawer 3'] },
    online: { paths: ['Dispatch / Rack 1', 'Dispatch / Rack 2'] },
  } as const;
  for (const department of ['moscow', 'online'] as const) {
    const items = components.filter(({ id, spec }) => spec.samples?.includes(department) && byId.has(id));
    const shelfOfItem = new Map(
      items.map(({ id }, index) => [
        id,
        location(department, sampleTargets[department].paths[index % sampleTargets[department].paths.length] ?? ''),
      ]),
    );
    const shipmentDays = department === 'moscow' ? [80, 52, 24] : [82, 68, 54, 40, 26, 12];
    for (const shipmentDay of shipmentDays) {
      let day = shipmentDay;
      while (isWeekend(day)) day -= 1;
      const at = dayStart(day) + 7 * HOUR;
      schedule(day, at, () => {
        counters.shipment += 1;
        const reference = `SH-${year(at)}-${String(counters.shipment).padStart(4, '0')}`;
        let offset = 0;
        for (const { id } of items) {
          const item = byId.get(id);
          const target = shelfOfItem.get(id);
          if (!item || !target) continue;
          const wanted = quantize(item.stocking.usage * 1000 * (department === 'online' ? 2 : 1), item.spec.unit);
          offset += 2 * 60_000;
          const shipped = issue(
            item,
            'central',
            wanted,
            at + offset,
            reference,
            worker,
            `Shipment to ${DEPARTMENT_NAMES[department]}`,
          );
          if (!shipped) continue;
          const arrivalAt = at + 4 * HOUR + offset;
          schedule(day, arrivalAt, () => {
            post({
              type: 'receipt',
              department,
              componentId: id,
              quantity: shipped.quantity,
              from: null,
              to: target,
              unitCostMinor: item.spec.costMinor,
              reference,
              note: 'From Central Warehouse',
              userId: admin,
              reversalOfId: null,
              at: arrivalAt,
            });
          });
        }
      });
    }
    // Sales against orders, and now and then a rearranged drawer or rack.
    for (let daysAgo = 78; daysAgo >= 1; daysAgo--) {
      if (isWeekend(daysAgo)) continue;
      for (const { id } of items) {
        const item = byId.get(id);
        if (!item || !random.chance(department === 'online' ? 0.18 : 0.06)) continue;
        const at = workingTime(daysAgo, 7, 15);
        const wanted = quantize(item.stocking.usage * 1000 * random.between(0.2, 0.6), item.spec.unit);
        schedule(daysAgo, at, () => {
          counters.salesOrder += 1;
          issue(item, department, wanted, at, `SO-${year(at)}-${String(counters.salesOrder).padStart(5, '0')}`, admin);
        });
      }
    }
    const paths = sampleTargets[department].paths;
    for (const daysAgo of [33, 9]) {
      const item = byId.get(items[daysAgo % items.length]?.id ?? '');
      if (!item || isWeekend(daysAgo)) continue;
      const at = dayStart(daysAgo) + 14 * HOUR;
      schedule(daysAgo, at, () => {
        const from = shelfOfItem.get(item.id);
        const to = paths.map((path) => location(department, path)).find((id) => id !== from);
        if (!from || !to) return;
        const quantity = balance(item.id, from);
        const moved = quantize(quantity / 2, item.spec.unit);
        if (quantity === 0 || moved > quantity) return;
        post({
          type: 'transfer',
          department,
          componentId: item.id,
          quantity: moved,
          from,
          to,
          unitCostMinor: null,
          reference: '',
          note: 'Rearranged',
          userId: admin,
          reversalOfId: null,
          at,
        });
      });
    }
  }

  // The two archived parts with history: bought at the start, used up, then retired.
  for (const { id, spec } of components) {
    if (spec.archived !== 'with-history') continue;
    const item = {
      id,
      spec,
      stocking: { lot: 20, usage: 10, rate: 0 },
      home: location('central', 'Main warehouse / Shelf B / Bin 6'),
      overflow: null,
    };
    const receiptAt = workingTime(openingDays[1] ?? HISTORY_DAYS);
    schedule(openingDays[1] ?? HISTORY_DAYS, receiptAt, () => {
      post({
        type: 'receipt',
        department: 'central',
        componentId: id,
        quantity: 25_000,
        from: null,
        to: item.home,
        unitCostMinor: spec.costMinor,
        reference: 'INV-OPENING',
        note: 'Last-time buy',
        userId: worker,
        reversalOfId: null,
        at: receiptAt,
      });
    });
    for (const [daysAgo, quantity] of [
      [71, 15_000],
      [57, 10_000],
    ] as const) {
      let day = daysAgo;
      while (isWeekend(day)) day -= 1;
      const at = workingTime(day);
      schedule(day, at, () => {
        counters.workOrder += 1;
        issue(
          item,
          'central',
          quantity,
          at,
          `WO-${year(at)}-${String(counters.workOrder).padStart(4, '0')}`,
          worker,
          'Last boards of the old design',
        );
      });
    }
  }

  // Play the agenda day by day in time order; events may add later events to the same day.
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const events = agenda.get(daysAgo);
    if (!events) continue;
    for (let index = 0; index < events.length; index++) {
      // Later additions are appended; keep the rest of the day in time order before each step.
      const rest = events.splice(index).sort((a, b) => a.at - b.at);
      events.push(...rest);
      events[index]?.run();
    }
  }
  return ledger;
}

/**
 * The balance of each component at each location and the total of each component in each department: the
 * sums of the ledger's movements (zero rows kept, as postings leave them). A balance is as of its last movement.
 */
export function ledgerBalances(ledger: readonly Movement[]) {
  const balances = new Map<
    string,
    { componentId: string; locationId: string; department: DepartmentKey; quantity: number; at: number }
  >();
  const totals = new Map<string, { componentId: string; department: DepartmentKey; quantity: number }>();
  for (const movement of ledger) {
    for (const [locationId, sign] of [
      [movement.from, -1],
      [movement.to, 1],
    ] as const) {
      if (!locationId) continue;
      const balanceKey = `${movement.componentId}|${locationId}`;
      const row = balances.get(balanceKey) ?? {
        componentId: movement.componentId,
        locationId,
        department: movement.department,
        quantity: 0,
        at: movement.at,
      };
      row.quantity += sign * movement.quantity;
      row.at = movement.at;
      balances.set(balanceKey, row);
      const totalKey = `${movement.department}|${movement.componentId}`;
      const total = totals.get(totalKey) ?? {
        componentId: movement.componentId,
        department: movement.department,
        quantity: 0,
      };
      total.quantity += sign * movement.quantity;
      totals.set(totalKey, total);
    }
  }
  return { balances, totals };
}
