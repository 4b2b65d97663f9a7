import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/seeded-random.js';
import { type DepartmentKey, LOCATION_PATHS } from './categories-and-locations.js';
import type { ComponentSpec } from './component-spec.js';
import { type Locations, ledgerBalances, type Movement, QUANTITY_STEP, simulateLedger } from './ledger-simulation.js';

const NOW = Date.UTC(2026, 3, 15, 10, 30);
const PEOPLE = { adminId: 'admin', workerId: 'worker' };

function spec(
  fields: Pick<ComponentSpec, 'sku' | 'category' | 'unit' | 'minimum' | 'stocking'> & Partial<ComponentSpec>,
) {
  return {
    name: fields.sku,
    manufacturer: 'Acme',
    mpn: fields.sku,
    package: '',
    parameters: [],
    costMinor: 1000,
    ...fields,
  } satisfies ComponentSpec;
}

/** One component of each kind the simulation treats differently, in whole and in fractional units. */
const CATALOGUE: { id: string; spec: ComponentSpec }[] = [
  spec({
    sku: 'RES',
    category: 'Passives / Resistors',
    unit: 'pcs',
    minimum: 200,
    stocking: { lot: 1000, usage: 60, rate: 0.9 },
    samples: ['moscow', 'online'],
  }),
  spec({
    sku: 'MCU',
    category: 'Semiconductors / ICs / Microcontrollers',
    unit: 'pcs',
    minimum: 20,
    stocking: { lot: 50, usage: 4, rate: 0.9 },
    samples: ['moscow'],
  }),
  spec({
    sku: 'WIRE',
    category: 'Cables & wire',
    unit: 'm',
    minimum: 30,
    stocking: { lot: 100, usage: 3, rate: 0.9 },
    samples: ['online'],
  }),
  spec({
    sku: 'SOLDER',
    category: 'Consumables',
    unit: 'kg',
    minimum: 0.5,
    stocking: { lot: 1, usage: 0.05, rate: 0.5 },
  }),
  spec({
    sku: 'CON',
    category: 'Electromechanical / Connectors',
    unit: 'pcs',
    minimum: 100,
    stocking: { lot: 500, usage: 10, rate: 0.5, neglected: true },
  }),
  spec({
    sku: 'OLD',
    category: 'Semiconductors / ICs / Interface',
    unit: 'pcs',
    minimum: 0,
    stocking: null,
    archived: 'with-history',
  }),
  spec({ sku: 'NEW', category: 'Semiconductors / ICs / Interface', unit: 'pcs', minimum: 10, stocking: null }),
  // Enough stock on shelves B and D for their stocktakes to find a few counts that differ.
  ...Array.from({ length: 20 }, (_, index) =>
    spec({
      sku: `SCR-${index + 1}`,
      category: 'Hardware / Screws',
      unit: 'pcs',
      minimum: 100,
      stocking: { lot: 500, usage: 20, rate: 0.3 },
    }),
  ),
].map((component) => ({ id: component.sku, spec: component }));

/** Each location's id names its department, so a test can tell which department a location belongs to. */
const LOCATIONS = Object.fromEntries(
  Object.entries(LOCATION_PATHS).map(([department, paths]) => [
    department,
    new Map(paths.map((path) => [path, `${department}:${path}`])),
  ]),
) as Locations;

const unitOf = new Map(CATALOGUE.map(({ id, spec }) => [id, spec.unit]));

function play(seed = 20_260_401): Movement[] {
  const ledger = simulateLedger(seededRandom(seed), CATALOGUE, LOCATIONS, PEOPLE, NOW);
  // The seed writes the ledger in time order; a stable sort keeps postings of the same moment as posted.
  return ledger.sort((a, b) => a.at - b.at);
}

const ledger = play();
const byId = new Map(ledger.map((movement, index) => [movement.id, { movement, index }]));

function inDepartment(locationId: string | null, department: DepartmentKey): boolean {
  return locationId?.startsWith(`${department}:`) ?? false;
}

describe('the demo ledger simulation', () => {
  it('plays every kind of movement over the period, for stocked and archived parts only', () => {
    expect(new Set(ledger.map((movement) => movement.type))).toEqual(
      new Set(['receipt', 'issue', 'transfer', 'adjustment', 'reversal']),
    );
    const components = new Set(ledger.map((movement) => movement.componentId));
    expect(components).toContain('OLD');
    expect(components).not.toContain('NEW');
    for (const movement of ledger) {
      expect(movement.at).toBeLessThan(NOW);
      expect(movement.at).toBeGreaterThanOrEqual(NOW - 91 * 86_400_000);
    }
  });

  it('never takes a balance below zero, in the time order the ledger is written in', () => {
    const running = new Map<string, number>();
    for (const movement of ledger) {
      if (movement.from) {
        const key = `${movement.componentId}|${movement.from}`;
        const left = (running.get(key) ?? 0) - movement.quantity;
        expect(left, `${movement.type} ${movement.componentId} at ${movement.from}`).toBeGreaterThanOrEqual(0);
        running.set(key, left);
      }
      if (movement.to) {
        const key = `${movement.componentId}|${movement.to}`;
        running.set(key, (running.get(key) ?? 0) + movement.quantity);
      }
    }
  });

  it('gives balances and department totals that are the sums of their movements', () => {
    const { balances, totals } = ledgerBalances(ledger);
    expect(balances.size).toBeGreaterThan(0);
    for (const balance of balances.values()) {
      const sum = ledger
        .filter((movement) => movement.componentId === balance.componentId)
        .reduce(
          (total, movement) =>
            total +
            (movement.to === balance.locationId ? movement.quantity : 0) -
            (movement.from === balance.locationId ? movement.quantity : 0),
          0,
        );
      expect(balance.quantity).toBe(sum);
      expect(balance.quantity).toBeGreaterThanOrEqual(0);
      expect(inDepartment(balance.locationId, balance.department)).toBe(true);
    }
    for (const total of totals.values()) {
      const sum = [...balances.values()]
        .filter((row) => row.componentId === total.componentId && row.department === total.department)
        .reduce((quantity, row) => quantity + row.quantity, 0);
      expect(total.quantity).toBe(sum);
    }
  });

  it('moves a transfer between two different locations of its own department', () => {
    const transfers = ledger.filter((movement) => movement.type === 'transfer');
    expect(transfers.length).toBeGreaterThan(0);
    for (const transfer of transfers) {
      expect(transfer.from).not.toBeNull();
      expect(transfer.to).not.toBeNull();
      expect(transfer.from).not.toBe(transfer.to);
      expect(inDepartment(transfer.from, transfer.department)).toBe(true);
      expect(inDepartment(transfer.to, transfer.department)).toBe(true);
    }
  });

  it('reverses an earlier issue exactly, and each at most once', () => {
    const reversals = ledger
      .map((movement, index) => ({ movement, index }))
      .filter(({ movement }) => movement.type === 'reversal');
    expect(reversals.length).toBeGreaterThan(0);
    const reversed = new Set<string>();
    for (const { movement: reversal, index } of reversals) {
      const original = byId.get(reversal.reversalOfId ?? '');
      expect(original, 'the reversed movement is in the ledger').toBeDefined();
      if (!original) continue;
      expect(original.index).toBeLessThan(index);
      expect(original.movement.at).toBeLessThan(reversal.at);
      expect(original.movement.type).toBe('issue');
      expect(reversal).toMatchObject({
        department: original.movement.department,
        componentId: original.movement.componentId,
        quantity: original.movement.quantity,
        from: null,
        to: original.movement.from,
      });
      expect(reversed.has(original.movement.id)).toBe(false);
      reversed.add(original.movement.id);
    }
    for (const movement of ledger) {
      if (movement.type !== 'reversal') expect(movement.reversalOfId).toBeNull();
    }
  });

  it('posts positive quantities in whole steps of the unit: whole pieces, half metres, hundredths of a kilogram', () => {
    for (const movement of ledger) {
      const unit = unitOf.get(movement.componentId);
      if (!unit) throw new Error(`unknown component ${movement.componentId}`);
      expect(Number.isInteger(movement.quantity)).toBe(true);
      expect(movement.quantity).toBeGreaterThan(0);
      expect(movement.quantity % QUANTITY_STEP[unit], `${movement.type} of ${movement.quantity} ${unit}`).toBe(0);
    }
  });

  it('plays the same ledger for the same seed, whatever the ids', () => {
    const withoutIds = (movements: Movement[]) => {
      const numberOf = new Map(movements.map((movement, index) => [movement.id, index]));
      return movements.map(({ id: _id, reversalOfId, ...rest }) => ({
        ...rest,
        reversalOf: reversalOfId === null ? null : numberOf.get(reversalOfId),
      }));
    };
    expect(withoutIds(play())).toEqual(withoutIds(ledger));
    expect(withoutIds(play(7))).not.toEqual(withoutIds(ledger));
  });
});
