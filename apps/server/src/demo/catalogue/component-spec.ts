import type { Unit } from '@cm/contract';
import type { CategoryPath } from './categories-and-locations.js';

export type Parameter = [name: string, value: string, unit: string];

/** How a component is stocked and used in Central Warehouse; quantities in the component's unit. */
export type Stocking = {
  /** Quantity of one purchase (a reel, a tray, a spool…). */
  lot: number;
  /** Typical quantity of one issue to a work order. */
  usage: number;
  /** Chance that a working day's production issues it. */
  rate: number;
  /** Never reordered in the demo period: ends up below its minimum. */
  neglected?: boolean;
};

export type ComponentSpec = {
  sku: string;
  name: string;
  category: CategoryPath;
  manufacturer: string;
  mpn: string;
  package: string;
  unit: Unit;
  parameters: Parameter[];
  minimum: number;
  costMinor: number;
  description?: string;
  datasheet?: string;
  /** null: in the catalogue, never stocked yet. */
  stocking: Stocking | null;
  archived?: 'with-history' | 'unused';
  /** Sales departments that keep samples of it. */
  samples?: ('moscow' | 'online')[];
};

/** A part listed by hand: [sku, name, manufacturer, mpn, package, cost in kopecks, minimum, parameters]. */
export type PartRow = [
  sku: string,
  name: string,
  manufacturer: string,
  mpn: string,
  packageName: string,
  costMinor: number,
  minimum: number,
  parameters: Parameter[],
];

export function parts(
  category: CategoryPath,
  rows: PartRow[],
  stocking: (row: PartRow) => Stocking | null,
): ComponentSpec[] {
  return rows.map((row) => {
    const [sku, name, manufacturer, mpn, packageName, costMinor, minimum, parameters] = row;
    return {
      sku,
      name,
      category,
      manufacturer,
      mpn,
      package: packageName,
      unit: 'pcs',
      parameters,
      minimum,
      costMinor,
      stocking: stocking(row),
    };
  });
}
