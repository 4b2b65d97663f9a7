import { randomUUID } from 'node:crypto';
import type { Unit } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.js';
import { type Random, seededRandom } from '../lib/seeded-random.js';
import type { DemoLanguage } from './language.js';

/**
 * The demo stock area: a category tree, a few hundred components, location trees in the three demo
 * departments and ~90 days of ledger history with the balances it adds up to. Everything comes from a
 * seeded generator, so every seed has the same content; only the ids and the dates (relative to `now`)
 * differ. The ledger is simulated here in memory in time order (no issue ever takes more than is on
 * hand), then written with multi-row inserts: movements with their own `created_at`, and the balances and
 * department totals as the sums of exactly those movements. Texts are written in English here and put into
 * the seed's language only as the rows are written, so both languages share every number, date and id.
 */

/** The people who post the demo movements; the worker belongs to Central Warehouse only. */
export type DemoPeople = { adminId: string; workerId: string };

export type DemoCatalogueSummary = {
  categories: number;
  components: number;
  locations: number;
  movements: number;
  balances: number;
};

const DEPARTMENT_NAMES = { central: 'Central Warehouse', moscow: 'Moscow Sales', online: 'Online Sales' } as const;
type DepartmentKey = keyof typeof DEPARTMENT_NAMES;

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Days of history before the seed time. */
const HISTORY_DAYS = 90;
const PRNG_SEED = 20_260_401;

// ---------------------------------------------------------------------------------------------------
// Categories and locations

const CATEGORY_PATHS = [
  'Passives',
  'Passives / Resistors',
  'Passives / Capacitors',
  'Passives / Capacitors / Ceramic',
  'Passives / Capacitors / Electrolytic',
  'Passives / Inductors',
  'Semiconductors',
  'Semiconductors / Diodes',
  'Semiconductors / Transistors',
  'Semiconductors / ICs',
  'Semiconductors / ICs / Microcontrollers',
  'Semiconductors / ICs / Power management',
  'Semiconductors / ICs / Interface',
  'Electromechanical',
  'Electromechanical / Connectors',
  'Electromechanical / Switches',
  'Electromechanical / Relays',
  'Hardware',
  'Hardware / Screws',
  'Hardware / Standoffs',
  'Cables & wire',
  'Consumables',
] as const;
type CategoryPath = (typeof CATEGORY_PATHS)[number];

const SHELVES = ['A', 'B', 'C', 'D'] as const;
const BINS_PER_SHELF = 6;

const LOCATION_PATHS: Record<DepartmentKey, string[]> = {
  central: [
    'Main warehouse',
    ...SHELVES.flatMap((shelf) => [
      `Main warehouse / Shelf ${shelf}`,
      ...Array.from({ length: BINS_PER_SHELF }, (_, bin) => `Main warehouse / Shelf ${shelf} / Bin ${bin + 1}`),
    ]),
    'Receiving area',
  ],
  moscow: [
    'Showroom cabinet',
    'Showroom cabinet / Drawer 1',
    'Showroom cabinet / Drawer 2',
    'Showroom cabinet / Drawer 3',
  ],
  online: ['Dispatch', 'Dispatch / Rack 1', 'Dispatch / Rack 2'],
};

const RECEIVING = 'Receiving area';

/** Shelf of each top-level category in Central Warehouse: passives on A, semiconductors on B… */
function shelfOf(category: CategoryPath): (typeof SHELVES)[number] {
  if (category.startsWith('Passives')) return 'A';
  if (category.startsWith('Semiconductors')) return 'B';
  if (category.startsWith('Electromechanical')) return 'C';
  return 'D';
}

// ---------------------------------------------------------------------------------------------------
// Components

type Parameter = [name: string, value: string, unit: string];

/** How a component is stocked and used in Central Warehouse; quantities in the component's unit. */
type Stocking = {
  /** Quantity of one purchase (a reel, a tray, a spool…). */
  lot: number;
  /** Typical quantity of one issue to a work order. */
  usage: number;
  /** Chance that a working day's production issues it. */
  rate: number;
  /** Never reordered in the demo period: ends up below its minimum. */
  neglected?: boolean;
};

type ComponentSpec = {
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

const RESISTOR_VALUES: [label: string, value: string, unit: string, vishay: string, popular: boolean][] = [
  ['10R', '10', 'Ω', '10R0', false],
  ['47R', '47', 'Ω', '47R0', false],
  ['100R', '100', 'Ω', '100R', true],
  ['220R', '220', 'Ω', '220R', false],
  ['330R', '330', 'Ω', '330R', true],
  ['470R', '470', 'Ω', '470R', false],
  ['1K', '1', 'kΩ', '1K00', true],
  ['2K2', '2.2', 'kΩ', '2K20', false],
  ['4K7', '4.7', 'kΩ', '4K70', true],
  ['10K', '10', 'kΩ', '10K0', true],
  ['22K', '22', 'kΩ', '22K0', false],
  ['47K', '47', 'kΩ', '47K0', false],
  ['100K', '100', 'kΩ', '100K', true],
  ['1M', '1', 'MΩ', '1M00', false],
];

const RESISTOR_SIZES = [
  { size: '0402', power: '0.063', cost: 30, lot: 10_000, minimum: 500, usage: 120, weight: 0.5 },
  { size: '0603', power: '0.1', cost: 40, lot: 5000, minimum: 1000, usage: 250, weight: 1 },
  { size: '0805', power: '0.125', cost: 60, lot: 5000, minimum: 500, usage: 150, weight: 0.6 },
  { size: '1206', power: '0.25', cost: 90, lot: 5000, minimum: 200, usage: 60, weight: 0.35 },
];

function resistors(): ComponentSpec[] {
  const specs: ComponentSpec[] = [];
  const add = (sizeIndex: number, valueIndex: number, tolerance: 1 | 5) => {
    const size = RESISTOR_SIZES[sizeIndex];
    const entry = RESISTOR_VALUES[valueIndex];
    if (!size || !entry) return;
    const [label, value, unit, vishay, popular] = entry;
    const letter = tolerance === 1 ? 'F' : 'J';
    const yageo = size.size !== '1206' && tolerance === 1;
    specs.push({
      // SKUs allow no "%": the tolerance is the EIA letter (F = ±1 %, J = ±5 %), as on the reel labels.
      sku: `RES-${size.size}-${label}-${letter}`,
      name: `Resistor ${value} ${unit} ${tolerance} % ${size.size}`,
      category: 'Passives / Resistors',
      manufacturer: yageo ? 'Yageo' : 'Vishay',
      mpn: yageo ? `RC${size.size}${letter}R-07${label}L` : `CRCW${size.size}${vishay}${letter}KEA`,
      package: size.size,
      unit: 'pcs',
      parameters: [
        ['Resistance', value, unit],
        ['Tolerance', String(tolerance), '%'],
        ['Power', size.power, 'W'],
        ...(tolerance === 1 ? [['Temperature coefficient', '±100', 'ppm/K'] as Parameter] : []),
      ],
      minimum: size.minimum,
      costMinor: tolerance === 1 ? size.cost : size.cost - 10,
      stocking: {
        lot: size.lot,
        usage: size.usage,
        rate: (popular ? 0.3 : 0.1) * size.weight * (tolerance === 5 ? 0.5 : 1),
      },
    });
  };
  for (let sizeIndex = 0; sizeIndex < RESISTOR_SIZES.length; sizeIndex++) {
    for (let valueIndex = 0; valueIndex < RESISTOR_VALUES.length; valueIndex++) add(sizeIndex, valueIndex, 1);
  }
  for (let valueIndex = 0; valueIndex < RESISTOR_VALUES.length; valueIndex++) add(2, valueIndex, 5);
  return specs;
}

const CERAMIC_VALUES = [
  { label: '10P', value: '10', unit: 'pF', code: '100', dielectric: 'C0G', volts: 50, sizes: ['0402', '0603'] },
  { label: '22P', value: '22', unit: 'pF', code: '220', dielectric: 'C0G', volts: 50, sizes: ['0402', '0603'] },
  { label: '100P', value: '100', unit: 'pF', code: '101', dielectric: 'C0G', volts: 50, sizes: ['0402', '0603'] },
  { label: '1N', value: '1', unit: 'nF', code: '102', dielectric: 'C0G', volts: 50, sizes: ['0402', '0603', '0805'] },
  { label: '10N', value: '10', unit: 'nF', code: '103', dielectric: 'X7R', volts: 50, sizes: ['0402', '0603', '0805'] },
  {
    label: '100N',
    value: '100',
    unit: 'nF',
    code: '104',
    dielectric: 'X7R',
    volts: 50,
    sizes: ['0402', '0603', '0805', '1206'],
  },
  { label: '1U', value: '1', unit: 'µF', code: '105', dielectric: 'X5R', volts: 25, sizes: ['0402', '0603', '0805'] },
  { label: '4U7', value: '4.7', unit: 'µF', code: '475', dielectric: 'X5R', volts: 16, sizes: ['0603', '0805'] },
  { label: '10U', value: '10', unit: 'µF', code: '106', dielectric: 'X5R', volts: 16, sizes: ['0603', '0805', '1206'] },
  { label: '22U', value: '22', unit: 'µF', code: '226', dielectric: 'X5R', volts: 10, sizes: ['0805', '1206'] },
];

const MURATA_SIZE: Record<string, string> = { '0402': '15', '0603': '18', '0805': '21', '1206': '31' };
const MURATA_DIELECTRIC: Record<string, string> = { C0G: '5C', X7R: 'R7', X5R: 'R6' };
const MURATA_VOLTS: Record<number, string> = { 50: '1H', 25: '1E', 16: '1C', 10: '1A' };
const SAMSUNG_SIZE: Record<string, string> = { '0402': '05', '0603': '10', '0805': '21', '1206': '31' };
const SAMSUNG_DIELECTRIC: Record<string, string> = { C0G: 'C', X7R: 'B', X5R: 'A' };
const SAMSUNG_VOLTS: Record<number, string> = { 50: 'B', 25: 'A', 16: 'O', 10: 'P' };

function ceramicCapacitors(): ComponentSpec[] {
  return CERAMIC_VALUES.flatMap((capacitor) =>
    capacitor.sizes.map((size): ComponentSpec => {
      const murata = size === '0402' || size === '0603';
      const tolerance = capacitor.dielectric === 'C0G' ? 'J' : 'K';
      const large = capacitor.unit === 'µF';
      const cost = Math.round(
        (large ? 120 : 35) + (size === '1206' ? 60 : size === '0805' ? 25 : 0) + Number(capacitor.value) * 2,
      );
      return {
        sku: `CAP-${size}-${capacitor.label}-${capacitor.dielectric}-${capacitor.volts}V`,
        name: `Ceramic capacitor ${capacitor.value} ${capacitor.unit} ${capacitor.volts} V ${capacitor.dielectric} ${size}`,
        category: 'Passives / Capacitors / Ceramic',
        manufacturer: murata ? 'Murata' : 'Samsung Electro-Mechanics',
        mpn: murata
          ? `GRM${MURATA_SIZE[size]}8${MURATA_DIELECTRIC[capacitor.dielectric]}${MURATA_VOLTS[capacitor.volts]}${capacitor.code}${tolerance}A01D`
          : `CL${SAMSUNG_SIZE[size]}${SAMSUNG_DIELECTRIC[capacitor.dielectric]}${capacitor.code}${tolerance}${SAMSUNG_VOLTS[capacitor.volts]}8NNNC`,
        package: size,
        unit: 'pcs',
        parameters: [
          ['Capacitance', capacitor.value, capacitor.unit],
          ['Voltage', String(capacitor.volts), 'V'],
          ['Dielectric', capacitor.dielectric, ''],
          ['Tolerance', tolerance === 'J' ? '5' : '10', '%'],
        ],
        minimum: capacitor.label === '100N' ? 2000 : 500,
        costMinor: cost,
        stocking: {
          lot: size === '1206' ? 3000 : 4000,
          usage: capacitor.label === '100N' ? 400 : 80,
          rate: capacitor.label === '100N' ? 0.35 : 0.1,
        },
      };
    }),
  );
}

const ELECTROLYTICS: [microfarads: number, volts: number, size: string][] = [
  [10, 50, '5x11'],
  [22, 50, '5x11'],
  [47, 25, '5x11'],
  [47, 50, '6.3x11'],
  [100, 16, '5x11'],
  [100, 25, '6.3x11'],
  [100, 35, '6.3x11'],
  [100, 63, '8x11.5'],
  [220, 16, '6.3x11'],
  [220, 35, '8x11.5'],
  [330, 25, '8x11.5'],
  [470, 16, '8x11.5'],
  [470, 35, '10x16'],
  [1000, 10, '8x16'],
  [1000, 25, '10x20'],
  [2200, 16, '12.5x25'],
  [4700, 35, '16x31.5'],
];

const VOLTAGE_CODE: Record<number, string> = { 10: '1A', 16: '1C', 25: '1E', 35: '1V', 50: '1H', 63: '1J' };

/** EIA three-digit value code in picofarad-based units: 100 µF → "101" (in µF series), 4700 → "472". */
function electrolyticCode(microfarads: number): string {
  const digits = String(microfarads);
  return `${digits.slice(0, 2).padEnd(2, '0')}${Math.max(0, digits.length - 2)}`;
}

function electrolyticCapacitors(): ComponentSpec[] {
  return ELECTROLYTICS.map(([microfarads, volts, size], index): ComponentSpec => {
    const panasonic = index % 2 === 0;
    const code = electrolyticCode(microfarads);
    return {
      sku: `CAPE-${microfarads}U-${volts}V-${size.toUpperCase()}`,
      name: `Electrolytic capacitor ${microfarads} µF ${volts} V 105 °C`,
      category: 'Passives / Capacitors / Electrolytic',
      manufacturer: panasonic ? 'Panasonic' : 'Nichicon',
      mpn: panasonic ? `EEU-FR${VOLTAGE_CODE[volts]}${code}` : `UHE${VOLTAGE_CODE[volts]}${code}MPD`,
      package: `Radial ${size.replace('x', '×')} mm`,
      unit: 'pcs',
      parameters: [
        ['Capacitance', String(microfarads), 'µF'],
        ['Voltage', String(volts), 'V'],
        ['Size', size.replace('x', ' × '), 'mm'],
        ['Temperature', '105', '°C'],
      ],
      minimum: microfarads >= 1000 ? 20 : 100,
      costMinor: Math.round(600 + microfarads * volts * 0.25),
      stocking: { lot: microfarads >= 1000 ? 100 : 500, usage: microfarads >= 1000 ? 6 : 30, rate: 0.08 },
    };
  });
}

const INDUCTANCES: [label: string, value: string, code: string, amps7345: string, amps1260: string][] = [
  ['1U0', '1', '1R0', '6.5', '12'],
  ['2U2', '2.2', '2R2', '5.0', '9.5'],
  ['4U7', '4.7', '4R7', '3.6', '7.5'],
  ['10U', '10', '100', '2.6', '5.4'],
  ['22U', '22', '220', '1.8', '3.8'],
  ['47U', '47', '470', '1.2', '2.6'],
  ['100U', '100', '101', '0.85', '1.8'],
];

function inductors(): ComponentSpec[] {
  const power = INDUCTANCES.flatMap(([label, value, code, amps7345, amps1260]): ComponentSpec[] => [
    {
      sku: `IND-${label}-7345`,
      name: `Power inductor ${value} µH ${amps7345} A shielded 7.3 × 7.3 mm`,
      category: 'Passives / Inductors',
      manufacturer: 'Würth Elektronik',
      mpn: `7447779${code.replace('R', '')}`,
      package: '7345',
      unit: 'pcs',
      parameters: [
        ['Inductance', value, 'µH'],
        ['Rated current', amps7345, 'A'],
        ['Tolerance', '20', '%'],
      ],
      minimum: 50,
      costMinor: 4500,
      stocking: { lot: 250, usage: 10, rate: 0.07 },
    },
    {
      sku: `IND-${label}-1260`,
      name: `Power inductor ${value} µH ${amps1260} A shielded 12 × 12 mm`,
      category: 'Passives / Inductors',
      manufacturer: 'Bourns',
      mpn: `SRR1260-${code}M`,
      package: '12 × 12 × 6 mm',
      unit: 'pcs',
      parameters: [
        ['Inductance', value, 'µH'],
        ['Rated current', amps1260, 'A'],
        ['Tolerance', '20', '%'],
      ],
      minimum: 20,
      costMinor: 7800,
      stocking: { lot: 100, usage: 5, rate: 0.05 },
    },
  ]);
  const beads: ComponentSpec[] = [
    ['BLM18PG221SN1D', '0603', '220', '1.4'],
    ['BLM18AG601SN1D', '0603', '600', '0.5'],
    ['BLM21PG221SN1D', '0805', '220', '2'],
  ].map(
    ([mpn = '', size = '', ohms = '', amps = '']): ComponentSpec => ({
      sku: `FB-${size}-${ohms}R`,
      name: `Ferrite bead ${ohms} Ω at 100 MHz ${size}`,
      category: 'Passives / Inductors',
      manufacturer: 'Murata',
      mpn,
      package: size,
      unit: 'pcs',
      parameters: [
        ['Impedance at 100 MHz', ohms, 'Ω'],
        ['Rated current', amps, 'A'],
      ],
      minimum: 500,
      costMinor: 150,
      stocking: { lot: 4000, usage: 60, rate: 0.12 },
    }),
  );
  return [...power, ...beads];
}

/** A part listed by hand: [sku, name, manufacturer, mpn, package, cost in kopecks, minimum, parameters]. */
type PartRow = [
  sku: string,
  name: string,
  manufacturer: string,
  mpn: string,
  packageName: string,
  costMinor: number,
  minimum: number,
  parameters: Parameter[],
];

function parts(category: CategoryPath, rows: PartRow[], stocking: (row: PartRow) => Stocking | null): ComponentSpec[] {
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

// biome-ignore format: a table reads best one part per line
const DIODES: PartRow[] = [
  ['D-1N4148W', 'Switching diode 100 V 150 mA', 'Diodes Incorporated', '1N4148W-7-F', 'SOD-123', 180, 500, [['Reverse voltage', '100', 'V'], ['Forward current', '150', 'mA']]],
  ['D-1N4007', 'Rectifier diode 1000 V 1 A', 'Vishay', '1N4007-E3/54', 'DO-41', 350, 300, [['Reverse voltage', '1000', 'V'], ['Forward current', '1', 'A']]],
  ['D-SS14', 'Schottky diode 40 V 1 A', 'Vishay', 'SS14-E3/61T', 'SMA', 450, 400, [['Reverse voltage', '40', 'V'], ['Forward current', '1', 'A']]],
  ['D-SS34', 'Schottky diode 40 V 3 A', 'Vishay', 'SS34-E3/57T', 'SMC', 900, 200, [['Reverse voltage', '40', 'V'], ['Forward current', '3', 'A']]],
  ['D-BAT54S', 'Dual Schottky diode, series, 30 V 200 mA', 'Nexperia', 'BAT54S,215', 'SOT-23', 250, 300, [['Reverse voltage', '30', 'V'], ['Forward current', '200', 'mA']]],
  ['D-BAT54C', 'Dual Schottky diode, common cathode, 30 V 200 mA', 'Nexperia', 'BAT54C,215', 'SOT-23', 250, 200, [['Reverse voltage', '30', 'V'], ['Forward current', '200', 'mA']]],
  ['D-MBR0520', 'Schottky diode 20 V 0.5 A', 'onsemi', 'MBR0520LT1G', 'SOD-123', 400, 200, [['Reverse voltage', '20', 'V'], ['Forward current', '0.5', 'A']]],
  ['DZ-BZX84-3V3', 'Zener diode 3.3 V 250 mW', 'Nexperia', 'BZX84-C3V3,215', 'SOT-23', 200, 200, [['Zener voltage', '3.3', 'V'], ['Power', '250', 'mW']]],
  ['DZ-BZX84-5V1', 'Zener diode 5.1 V 250 mW', 'Nexperia', 'BZX84-C5V1,215', 'SOT-23', 200, 200, [['Zener voltage', '5.1', 'V'], ['Power', '250', 'mW']]],
  ['DZ-BZX84-12V', 'Zener diode 12 V 250 mW', 'Nexperia', 'BZX84-C12,215', 'SOT-23', 200, 100, [['Zener voltage', '12', 'V'], ['Power', '250', 'mW']]],
  ['TVS-SMBJ5.0A', 'TVS diode unidirectional 5 V 600 W', 'Littelfuse', 'SMBJ5.0A', 'SMB', 1200, 100, [['Standoff voltage', '5', 'V'], ['Peak pulse power', '600', 'W']]],
  ['TVS-SMAJ15A', 'TVS diode unidirectional 15 V 400 W', 'Littelfuse', 'SMAJ15A', 'SMA', 1000, 100, [['Standoff voltage', '15', 'V'], ['Peak pulse power', '400', 'W']]],
  ['TVS-SMBJ24CA', 'TVS diode bidirectional 24 V 600 W', 'Littelfuse', 'SMBJ24CA', 'SMB', 1300, 100, [['Standoff voltage', '24', 'V'], ['Peak pulse power', '600', 'W']]],
  ['ESD-PESD5V0S1BL', 'ESD protection diode 5 V bidirectional', 'Nexperia', 'PESD5V0S1BL,315', 'SOD-882', 600, 200, [['Standoff voltage', '5', 'V']]],
  ['ESD-USBLC6-2SC6', 'ESD protection for USB 2.0, 2 lines', 'STMicroelectronics', 'USBLC6-2SC6', 'SOT-23-6', 2100, 100, [['Lines', '2', ''], ['Standoff voltage', '5.25', 'V']]],
  ['LED-0603-RD', 'LED red 0603', 'Würth Elektronik', '150060RS75000', '0603', 450, 500, [['Colour', 'red', ''], ['Wavelength', '625', 'nm']]],
  ['LED-0603-GN', 'LED green 0603', 'Würth Elektronik', '150060GS75000', '0603', 450, 500, [['Colour', 'green', ''], ['Wavelength', '525', 'nm']]],
  ['LED-0603-BL', 'LED blue 0603', 'Würth Elektronik', '150060BS75000', '0603', 520, 300, [['Colour', 'blue', ''], ['Wavelength', '470', 'nm']]],
  ['LED-0603-YE', 'LED yellow 0603', 'Würth Elektronik', '150060YS75000', '0603', 450, 300, [['Colour', 'yellow', ''], ['Wavelength', '590', 'nm']]],
  ['LED-0603-WH', 'LED white 0603', 'Würth Elektronik', '150060WS75000', '0603', 600, 200, [['Colour', 'white', ''], ['Colour temperature', '6500', 'K']]],
  ['BR-MB6S', 'Bridge rectifier 600 V 0.5 A', 'onsemi', 'MB6S', 'SOIC-4', 700, 100, [['Reverse voltage', '600', 'V'], ['Forward current', '0.5', 'A']]],
];

// biome-ignore format: a table reads best one part per line
const TRANSISTORS: PartRow[] = [
  ['Q-2N7002', 'N-channel MOSFET 60 V 0.3 A', 'Nexperia', '2N7002,215', 'SOT-23', 250, 500, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '60', 'V'], ['Drain current', '0.3', 'A']]],
  ['Q-BSS138', 'N-channel MOSFET 50 V 0.22 A, logic level', 'Nexperia', 'BSS138,215', 'SOT-23', 300, 300, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '50', 'V'], ['Drain current', '0.22', 'A']]],
  ['Q-AO3400A', 'N-channel MOSFET 30 V 5.7 A', 'Alpha & Omega Semiconductor', 'AO3400A', 'SOT-23', 600, 300, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '30', 'V'], ['Drain current', '5.7', 'A']]],
  ['Q-AO3401A', 'P-channel MOSFET 30 V 4 A', 'Alpha & Omega Semiconductor', 'AO3401A', 'SOT-23', 650, 200, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-30', 'V'], ['Drain current', '-4', 'A']]],
  ['Q-IRLML6402', 'P-channel MOSFET 20 V 3.7 A', 'Infineon', 'IRLML6402TRPBF', 'SOT-23', 1100, 100, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-20', 'V'], ['Drain current', '-3.7', 'A']]],
  ['Q-IRLML2502', 'N-channel MOSFET 20 V 4.2 A', 'Infineon', 'IRLML2502TRPBF', 'SOT-23', 1000, 100, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '20', 'V'], ['Drain current', '4.2', 'A']]],
  ['Q-IRF540N', 'N-channel MOSFET 100 V 33 A', 'Infineon', 'IRF540NPBF', 'TO-220', 9500, 20, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '100', 'V'], ['Drain current', '33', 'A']]],
  ['Q-IRLZ44N', 'N-channel MOSFET 55 V 47 A, logic level', 'Infineon', 'IRLZ44NPBF', 'TO-220', 11_000, 20, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '55', 'V'], ['Drain current', '47', 'A']]],
  ['Q-IRF4905', 'P-channel MOSFET 55 V 74 A', 'Infineon', 'IRF4905PBF', 'TO-220', 14_500, 10, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-55', 'V'], ['Drain current', '-74', 'A']]],
  ['Q-BC847B', 'NPN transistor 45 V 100 mA', 'Nexperia', 'BC847B,215', 'SOT-23', 150, 500, [['Type', 'NPN', ''], ['Collector-emitter voltage', '45', 'V'], ['Collector current', '100', 'mA']]],
  ['Q-BC857B', 'PNP transistor 45 V 100 mA', 'Nexperia', 'BC857B,215', 'SOT-23', 150, 300, [['Type', 'PNP', ''], ['Collector-emitter voltage', '-45', 'V'], ['Collector current', '-100', 'mA']]],
  ['Q-MMBT3904', 'NPN transistor 40 V 200 mA', 'onsemi', 'MMBT3904LT1G', 'SOT-23', 180, 300, [['Type', 'NPN', ''], ['Collector-emitter voltage', '40', 'V'], ['Collector current', '200', 'mA']]],
  ['Q-MMBT3906', 'PNP transistor 40 V 200 mA', 'onsemi', 'MMBT3906LT1G', 'SOT-23', 180, 200, [['Type', 'PNP', ''], ['Collector-emitter voltage', '-40', 'V'], ['Collector current', '-200', 'mA']]],
  ['Q-MMBT2222A', 'NPN transistor 40 V 600 mA', 'onsemi', 'MMBT2222ALT1G', 'SOT-23', 200, 200, [['Type', 'NPN', ''], ['Collector-emitter voltage', '40', 'V'], ['Collector current', '600', 'mA']]],
  ['Q-BCP56-16', 'NPN medium-power transistor 80 V 1 A', 'Nexperia', 'BCP56-16,115', 'SOT-223', 800, 100, [['Type', 'NPN', ''], ['Collector-emitter voltage', '80', 'V'], ['Collector current', '1', 'A']]],
  ['Q-TIP120', 'NPN Darlington transistor 60 V 5 A', 'STMicroelectronics', 'TIP120', 'TO-220', 6500, 10, [['Type', 'NPN Darlington', ''], ['Collector-emitter voltage', '60', 'V'], ['Collector current', '5', 'A']]],
  ['Q-DMG2305UX', 'P-channel MOSFET 20 V 4.2 A', 'Diodes Incorporated', 'DMG2305UX-7', 'SOT-23', 700, 100, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-20', 'V'], ['Drain current', '-4.2', 'A']]],
];

// biome-ignore format: a table reads best one part per line
const MICROCONTROLLERS: PartRow[] = [
  ['MCU-STM32F103C8T6', 'Arm Cortex-M3 MCU 72 MHz, 64 KB flash, 20 KB RAM', 'STMicroelectronics', 'STM32F103C8T6', 'LQFP-48', 38_000, 30, [['Core', 'Cortex-M3', ''], ['Clock', '72', 'MHz'], ['Flash', '64', 'KB'], ['RAM', '20', 'KB']]],
  ['MCU-STM32F030F4P6', 'Arm Cortex-M0 MCU 48 MHz, 16 KB flash, 4 KB RAM', 'STMicroelectronics', 'STM32F030F4P6', 'TSSOP-20', 9500, 50, [['Core', 'Cortex-M0', ''], ['Clock', '48', 'MHz'], ['Flash', '16', 'KB'], ['RAM', '4', 'KB']]],
  ['MCU-STM32G031K8T6', 'Arm Cortex-M0+ MCU 64 MHz, 64 KB flash, 8 KB RAM', 'STMicroelectronics', 'STM32G031K8T6', 'LQFP-32', 16_000, 30, [['Core', 'Cortex-M0+', ''], ['Clock', '64', 'MHz'], ['Flash', '64', 'KB'], ['RAM', '8', 'KB']]],
  ['MCU-STM32L432KCU6', 'Arm Cortex-M4 low-power MCU 80 MHz, 256 KB flash, 64 KB RAM', 'STMicroelectronics', 'STM32L432KCU6', 'UFQFPN-32', 52_000, 20, [['Core', 'Cortex-M4F', ''], ['Clock', '80', 'MHz'], ['Flash', '256', 'KB'], ['RAM', '64', 'KB']]],
  ['MCU-STM32F411CEU6', 'Arm Cortex-M4 MCU 100 MHz, 512 KB flash, 128 KB RAM', 'STMicroelectronics', 'STM32F411CEU6', 'UFQFPN-48', 61_000, 20, [['Core', 'Cortex-M4F', ''], ['Clock', '100', 'MHz'], ['Flash', '512', 'KB'], ['RAM', '128', 'KB']]],
  ['MCU-ATMEGA328P-AU', 'AVR MCU 20 MHz, 32 KB flash, 2 KB RAM', 'Microchip', 'ATMEGA328P-AU', 'TQFP-32', 24_000, 30, [['Core', 'AVR', ''], ['Clock', '20', 'MHz'], ['Flash', '32', 'KB'], ['RAM', '2', 'KB']]],
  ['MCU-ATTINY85-20SU', 'AVR MCU 20 MHz, 8 KB flash, 512 B RAM', 'Microchip', 'ATTINY85-20SU', 'SOIC-8', 12_000, 30, [['Core', 'AVR', ''], ['Clock', '20', 'MHz'], ['Flash', '8', 'KB'], ['RAM', '0.5', 'KB']]],
  ['MCU-PIC16F1847-I/SO', 'PIC MCU 32 MHz, 14 KB flash, 1 KB RAM', 'Microchip', 'PIC16F1847-I/SO', 'SOIC-18', 17_000, 10, [['Core', 'PIC16', ''], ['Clock', '32', 'MHz'], ['Flash', '14', 'KB'], ['RAM', '1', 'KB']]],
  ['MCU-RP2040', 'Dual Arm Cortex-M0+ MCU 133 MHz, 264 KB RAM, external flash', 'Raspberry Pi', 'RP2040', 'QFN-56', 9000, 50, [['Core', '2 × Cortex-M0+', ''], ['Clock', '133', 'MHz'], ['RAM', '264', 'KB']]],
  ['MOD-ESP32-WROOM-32E', 'Wi-Fi + Bluetooth module, ESP32, 4 MB flash, PCB antenna', 'Espressif', 'ESP32-WROOM-32E-N4', 'Module 18 × 25.5 mm', 32_000, 40, [['Core', '2 × Xtensa LX6', ''], ['Clock', '240', 'MHz'], ['Flash', '4', 'MB'], ['RAM', '520', 'KB']]],
  ['MCU-NRF52832-QFAA', 'Bluetooth LE SoC, Cortex-M4F 64 MHz, 512 KB flash', 'Nordic Semiconductor', 'NRF52832-QFAA-R', 'QFN-48', 41_000, 20, [['Core', 'Cortex-M4F', ''], ['Clock', '64', 'MHz'], ['Flash', '512', 'KB'], ['RAM', '64', 'KB']]],
  ['MCU-MSP430G2553IPW20', 'Ultra-low-power MCU 16 MHz, 16 KB flash, 512 B RAM', 'Texas Instruments', 'MSP430G2553IPW20R', 'TSSOP-20', 19_000, 10, [['Core', 'MSP430', ''], ['Clock', '16', 'MHz'], ['Flash', '16', 'KB'], ['RAM', '0.5', 'KB']]],
  ['MCU-GD32F103C8T6', 'Arm Cortex-M3 MCU 108 MHz, 64 KB flash, 20 KB RAM', 'GigaDevice', 'GD32F103C8T6', 'LQFP-48', 21_000, 30, [['Core', 'Cortex-M3', ''], ['Clock', '108', 'MHz'], ['Flash', '64', 'KB'], ['RAM', '20', 'KB']]],
  ['MCU-ATMEGA8A-AU', 'AVR MCU 16 MHz, 8 KB flash, 1 KB RAM', 'Microchip', 'ATMEGA8A-AU', 'TQFP-32', 19_000, 0, [['Core', 'AVR', ''], ['Clock', '16', 'MHz'], ['Flash', '8', 'KB'], ['RAM', '1', 'KB']]],
];

// biome-ignore format: a table reads best one part per line
const POWER_MANAGEMENT: PartRow[] = [
  ['PM-LM1117-3.3', 'LDO regulator 3.3 V 0.8 A', 'Texas Instruments', 'LM1117IMPX-3.3/NOPB', 'SOT-223', 2800, 100, [['Output voltage', '3.3', 'V'], ['Output current', '0.8', 'A'], ['Input voltage max', '15', 'V']]],
  ['PM-AMS1117-3.3', 'LDO regulator 3.3 V 1 A', 'Advanced Monolithic Systems', 'AMS1117-3.3', 'SOT-223', 900, 200, [['Output voltage', '3.3', 'V'], ['Output current', '1', 'A'], ['Input voltage max', '15', 'V']]],
  ['PM-L7805CV', 'Linear regulator 5 V 1.5 A', 'STMicroelectronics', 'L7805CV', 'TO-220', 3500, 50, [['Output voltage', '5', 'V'], ['Output current', '1.5', 'A'], ['Input voltage max', '35', 'V']]],
  ['PM-LM317T', 'Adjustable linear regulator 1.25–37 V 1.5 A', 'STMicroelectronics', 'LM317T', 'TO-220', 4200, 30, [['Output voltage', '1.25–37', 'V'], ['Output current', '1.5', 'A']]],
  ['PM-TPS54331DR', 'Buck converter 3.5–28 V in, 3 A', 'Texas Instruments', 'TPS54331DR', 'SOIC-8', 9800, 50, [['Input voltage', '3.5–28', 'V'], ['Output current', '3', 'A'], ['Switching frequency', '570', 'kHz']]],
  ['PM-LM2596S-5.0', 'Buck converter 5 V 3 A', 'Texas Instruments', 'LM2596S-5.0/NOPB', 'TO-263-5', 21_000, 20, [['Output voltage', '5', 'V'], ['Output current', '3', 'A'], ['Switching frequency', '150', 'kHz']]],
  ['PM-MP1584EN', 'Buck converter 4.5–28 V in, 3 A, 1.5 MHz', 'Monolithic Power Systems', 'MP1584EN-LF-Z', 'SOIC-8E', 6500, 50, [['Input voltage', '4.5–28', 'V'], ['Output current', '3', 'A'], ['Switching frequency', '1500', 'kHz']]],
  ['PM-TPS63020DSJR', 'Buck-boost converter 1.8–5.5 V in, 4 A switch', 'Texas Instruments', 'TPS63020DSJR', 'VSON-14', 24_000, 10, [['Input voltage', '1.8–5.5', 'V'], ['Switch current', '4', 'A']]],
  ['PM-MCP1700-3302E', 'LDO regulator 3.3 V 250 mA, 1.6 µA quiescent', 'Microchip', 'MCP1700T-3302E/TT', 'SOT-23', 1400, 100, [['Output voltage', '3.3', 'V'], ['Output current', '250', 'mA'], ['Quiescent current', '1.6', 'µA']]],
  ['PM-AP2112K-3.3', 'LDO regulator 3.3 V 600 mA', 'Diodes Incorporated', 'AP2112K-3.3TRG1', 'SOT-23-5', 1100, 200, [['Output voltage', '3.3', 'V'], ['Output current', '600', 'mA']]],
  ['PM-TLV1117LV33', 'LDO regulator 3.3 V 1 A, low dropout', 'Texas Instruments', 'TLV1117LV33DCYR', 'SOT-223', 1600, 100, [['Output voltage', '3.3', 'V'], ['Output current', '1', 'A']]],
  ['PM-LP2985-33', 'LDO regulator 3.3 V 150 mA, low noise', 'Texas Instruments', 'LP2985-33DBVR', 'SOT-23-5', 1300, 50, [['Output voltage', '3.3', 'V'], ['Output current', '150', 'mA']]],
  ['PM-MIC5219-3.3', 'LDO regulator 3.3 V 500 mA', 'Microchip', 'MIC5219-3.3YM5-TR', 'SOT-23-5', 2200, 50, [['Output voltage', '3.3', 'V'], ['Output current', '500', 'mA']]],
  ['PM-TPS2051B', 'USB power switch 0.5 A, current limited', 'Texas Instruments', 'TPS2051BDBVR', 'SOT-23-5', 1900, 50, [['Current limit', '0.5', 'A'], ['Input voltage', '2.7–5.5', 'V']]],
  ['PM-BQ24075', 'Li-ion charger 1.5 A with power path', 'Texas Instruments', 'BQ24075RGTR', 'VQFN-16', 15_000, 20, [['Charge current', '1.5', 'A'], ['Cells', '1', '']]],
  ['PM-TP4056', 'Li-ion charger 1 A', 'NanJing Top Power', 'TP4056', 'ESOP-8', 600, 100, [['Charge current', '1', 'A'], ['Cells', '1', '']]],
];

// biome-ignore format: a table reads best one part per line
const INTERFACE_ICS: PartRow[] = [
  ['IF-MAX232DR', 'Dual RS-232 driver/receiver, 5 V', 'Texas Instruments', 'MAX232DR', 'SOIC-16', 4500, 0, [['Interface', 'RS-232', ''], ['Supply voltage', '5', 'V']]],
  ['IF-MAX3485ESA', 'RS-485 transceiver 3.3 V, 10 Mbps', 'Analog Devices', 'MAX3485ESA+', 'SOIC-8', 9500, 30, [['Interface', 'RS-485', ''], ['Data rate', '10', 'Mbps']]],
  ['IF-SN65HVD230DR', 'CAN transceiver 3.3 V, 1 Mbps', 'Texas Instruments', 'SN65HVD230DR', 'SOIC-8', 5200, 30, [['Interface', 'CAN', ''], ['Data rate', '1', 'Mbps']]],
  ['IF-TJA1050T', 'High-speed CAN transceiver 5 V', 'NXP Semiconductors', 'TJA1050T/CM,118', 'SOIC-8', 4800, 20, [['Interface', 'CAN', ''], ['Data rate', '1', 'Mbps']]],
  ['IF-CH340G', 'USB to UART bridge', 'WCH', 'CH340G', 'SOIC-16', 1500, 50, [['Interface', 'USB 2.0 full speed / UART', '']]],
  ['IF-FT232RL', 'USB to UART bridge with EEPROM', 'FTDI', 'FT232RL-REEL', 'SSOP-28', 39_000, 10, [['Interface', 'USB 2.0 full speed / UART', '']]],
  ['IF-CP2102N', 'USB to UART bridge, QFN-28', 'Silicon Labs', 'CP2102N-A02-GQFN28R', 'QFN-28', 16_000, 20, [['Interface', 'USB 2.0 full speed / UART', '']]],
  ['IF-ADM485ARZ', 'RS-485 transceiver 5 V, 5 Mbps', 'Analog Devices', 'ADM485ARZ', 'SOIC-8', 11_000, 10, [['Interface', 'RS-485', ''], ['Data rate', '5', 'Mbps']]],
  ['IF-PCA9306DCUR', 'I²C level translator, 2 channels', 'Texas Instruments', 'PCA9306DCUR', 'VSSOP-8', 2300, 30, [['Channels', '2', ''], ['Interface', 'I²C', '']]],
  ['IF-TXS0108EPWR', '8-bit bidirectional level shifter', 'Texas Instruments', 'TXS0108EPWR', 'TSSOP-20', 4700, 20, [['Channels', '8', ''], ['Data rate', '110', 'Mbps']]],
  ['IF-ISO7721DR', 'Dual-channel digital isolator 5 kV', 'Texas Instruments', 'ISO7721DR', 'SOIC-8', 13_000, 10, [['Channels', '2', ''], ['Isolation', '5000', 'V']]],
  ['IF-ADUM1201ARZ', 'Dual-channel digital isolator 2.5 kV', 'Analog Devices', 'ADUM1201ARZ', 'SOIC-8', 21_000, 10, [['Channels', '2', ''], ['Isolation', '2500', 'V']]],
  ['IF-MCP2515-I/SO', 'CAN controller with SPI', 'Microchip', 'MCP2515-I/SO', 'SOIC-18', 14_000, 20, [['Interface', 'CAN / SPI', '']]],
  ['IF-W5500', 'Ethernet controller with TCP/IP stack, SPI', 'WIZnet', 'W5500', 'LQFP-48', 28_000, 10, [['Interface', 'Ethernet 10/100 / SPI', '']]],
  ['IF-LAN8720A', 'Ethernet PHY 10/100, RMII', 'Microchip', 'LAN8720A-CP-TR', 'QFN-24', 9800, 10, [['Interface', 'Ethernet 10/100 / RMII', '']]],
];

const MCU_STOCKING = (row: PartRow): Stocking => ({ lot: row[6] >= 50 ? 100 : 50, usage: 4, rate: 0.12 });

function connectors(): ComponentSpec[] {
  const rows: PartRow[] = [];
  for (const pins of [2, 3, 4, 6, 8, 10, 20, 40]) {
    rows.push([
      `CON-PH-1X${String(pins).padStart(2, '0')}-2.54`,
      `Pin header 1 × ${pins}, 2.54 mm, straight`,
      'Würth Elektronik',
      `6130${String(pins).padStart(2, '0')}11121`,
      'THT 2.54 mm',
      150 + pins * 25,
      pins >= 20 ? 50 : 200,
      [
        ['Pins', String(pins), ''],
        ['Pitch', '2.54', 'mm'],
        ['Rows', '1', ''],
      ],
    ]);
  }
  for (const pins of [10, 20, 40]) {
    rows.push([
      `CON-PH-2X${String(pins / 2).padStart(2, '0')}-2.54`,
      `Pin header 2 × ${pins / 2}, 2.54 mm, straight`,
      'Würth Elektronik',
      `6130${pins}21121`,
      'THT 2.54 mm',
      300 + pins * 25,
      50,
      [
        ['Pins', String(pins), ''],
        ['Pitch', '2.54', 'mm'],
        ['Rows', '2', ''],
      ],
    ]);
  }
  for (const pins of [4, 6, 8, 10]) {
    rows.push([
      `CON-FH-1X${String(pins).padStart(2, '0')}-2.54`,
      `Female header 1 × ${pins}, 2.54 mm, straight`,
      'Würth Elektronik',
      `6130${String(pins).padStart(2, '0')}18121`,
      'THT 2.54 mm',
      400 + pins * 40,
      100,
      [
        ['Pins', String(pins), ''],
        ['Pitch', '2.54', 'mm'],
      ],
    ]);
  }
  for (const pins of [2, 3, 4, 5, 6]) {
    rows.push([
      `CON-XH-${pins}P-TH`,
      `JST XH header ${pins} pins, 2.5 mm, top entry`,
      'JST',
      `B${pins}B-XH-A(LF)(SN)`,
      'THT 2.5 mm',
      350 + pins * 30,
      200,
      [
        ['Pins', String(pins), ''],
        ['Pitch', '2.5', 'mm'],
      ],
    ]);
    rows.push([
      `CON-XH-${pins}P-HOUSING`,
      `JST XH crimp housing ${pins} pins`,
      'JST',
      `XHP-${pins}`,
      'Crimp housing',
      200 + pins * 20,
      200,
      [
        ['Pins', String(pins), ''],
        ['Pitch', '2.5', 'mm'],
      ],
    ]);
  }
  for (const pins of [2, 3, 4]) {
    rows.push([
      `CON-PH-${pins}P-TH`,
      `JST PH header ${pins} pins, 2.0 mm, top entry`,
      'JST',
      `B${pins}B-PH-K-S(LF)(SN)`,
      'THT 2.0 mm',
      300 + pins * 30,
      100,
      [
        ['Pins', String(pins), ''],
        ['Pitch', '2.0', 'mm'],
      ],
    ]);
  }
  for (const [pins, mpn] of [
    [2, '1715721'],
    [3, '1715734'],
    [4, '1715747'],
  ] as const) {
    rows.push([
      `CON-TB-${pins}P-5.08`,
      `PCB terminal block ${pins} positions, 5.08 mm, screw`,
      'Phoenix Contact',
      mpn,
      'THT 5.08 mm',
      3500 + pins * 900,
      50,
      [
        ['Positions', String(pins), ''],
        ['Pitch', '5.08', 'mm'],
        ['Rated current', '13.5', 'A'],
      ],
    ]);
  }
  // biome-ignore format: a table reads best one part per line
  rows.push(
    ['CON-USBC-16P', 'USB Type-C receptacle, USB 2.0, 16 pins, SMT', 'GCT', 'USB4105-GF-A', 'SMT', 5500, 50, [['Standard', 'USB 2.0 Type-C', ''], ['Rated current', '5', 'A']]],
    ['CON-USB-MICROB', 'USB Micro-B receptacle, SMT', 'Molex', '105017-0001', 'SMT', 2900, 50, [['Standard', 'USB 2.0 Micro-B', '']]],
    ['CON-USB-A-TH', 'USB Type-A receptacle, through hole', 'TE Connectivity', '292303-1', 'THT', 6000, 20, [['Standard', 'USB 2.0 Type-A', '']]],
    ['CON-RJ45-MAG', 'RJ45 jack with magnetics, 10/100, LEDs', 'Würth Elektronik', '7499010211A', 'THT', 38_000, 10, [['Speed', '10/100', 'Mbps'], ['LEDs', '2', '']]],
    ['CON-DC-2.1MM', 'DC power jack 2.1 mm, through hole', 'CUI Devices', 'PJ-002A', 'THT', 2600, 30, [['Pin diameter', '2.1', 'mm'], ['Rated current', '2.5', 'A']]],
    ['CON-IDC-2X05', 'IDC box header 2 × 5, 2.54 mm', 'TE Connectivity', '5103308-1', 'THT 2.54 mm', 2100, 30, [['Pins', '10', ''], ['Pitch', '2.54', 'mm']]],
    ['CON-IDC-2X10', 'IDC box header 2 × 10, 2.54 mm', 'TE Connectivity', '5103308-5', 'THT 2.54 mm', 3400, 20, [['Pins', '20', ''], ['Pitch', '2.54', 'mm']]],
    ['CON-DSUB-DE9F', 'D-sub DE-9 female, right angle, PCB', 'TE Connectivity', '5747844-4', 'THT', 12_000, 10, [['Positions', '9', ''], ['Gender', 'female', '']]],
  );
  return parts('Electromechanical / Connectors', rows, (row) => ({
    lot: row[6] >= 100 ? 500 : 100,
    usage: row[6] >= 100 ? 20 : 4,
    rate: row[6] >= 100 ? 0.12 : 0.07,
  }));
}

// biome-ignore format: a table reads best one part per line
const SWITCHES: PartRow[] = [
  ['SW-TACT-6X6-SMD', 'Tactile switch 6 × 6 mm, 4.3 mm, SMD', 'C&K', 'PTS645SM43SMTR92 LFS', 'SMD 6 × 6 mm', 900, 200, [['Actuation force', '160', 'gf'], ['Height', '4.3', 'mm']]],
  ['SW-TACT-6X6-TH', 'Tactile switch 6 × 6 mm, through hole', 'Omron', 'B3F-1000', 'THT 6 × 6 mm', 1300, 100, [['Actuation force', '100', 'gf'], ['Height', '4.3', 'mm']]],
  ['SW-TACT-3X2.5', 'Tactile switch 3 × 2.5 mm, SMD', 'Omron', 'B3U-1000P', 'SMD 3 × 2.5 mm', 2200, 100, [['Actuation force', '150', 'gf']]],
  ['SW-TACT-FSM4J', 'Tactile switch 6 × 6 mm, SMD, 4.3 mm', 'TE Connectivity', 'FSM4JSMATR', 'SMD 6 × 6 mm', 800, 100, [['Actuation force', '160', 'gf']]],
  ['SW-SLIDE-SPDT', 'Slide switch SPDT, through hole', 'C&K', 'JS102011SAQN', 'THT', 2500, 50, [['Poles', '1', ''], ['Rated current', '0.3', 'A']]],
  ['SW-DIP-4', 'DIP switch 4 positions', 'CTS', '206-4', 'DIP-8', 3200, 30, [['Positions', '4', '']]],
  ['SW-DIP-8', 'DIP switch 8 positions', 'CTS', '206-8', 'DIP-16', 4300, 20, [['Positions', '8', '']]],
  ['SW-TOGGLE-SPDT', 'Toggle switch SPDT, panel mount', 'E-Switch', '100SP1T1B4M2QE', 'Panel', 19_000, 10, [['Poles', '1', ''], ['Rated current', '5', 'A']]],
  ['SW-ROCKER-SPST', 'Rocker switch SPST 16 A 250 V AC, snap-in', 'Arcolectric', 'C1350ALAAF', 'Snap-in', 9500, 10, [['Rated current', '16', 'A'], ['Rated voltage', '250', 'V AC']]],
  ['SW-ENC-PEC11R', 'Rotary encoder 24 detents with switch', 'Bourns', 'PEC11R-4215F-S0024', 'THT', 16_000, 20, [['Pulses per revolution', '24', ''], ['Push switch', 'yes', '']]],
];

// biome-ignore format: a table reads best one part per line
const RELAYS: PartRow[] = [
  ['RLY-G5LE-1-5V', 'Power relay SPDT 10 A, 5 V coil', 'Omron', 'G5LE-1 DC5', 'THT', 9800, 20, [['Coil voltage', '5', 'V DC'], ['Contact rating', '10', 'A'], ['Contacts', 'SPDT', '']]],
  ['RLY-G5V-1-12V', 'Signal relay SPDT 1 A, 12 V coil', 'Omron', 'G5V-1 DC12', 'THT', 11_000, 10, [['Coil voltage', '12', 'V DC'], ['Contact rating', '1', 'A'], ['Contacts', 'SPDT', '']]],
  ['RLY-G6K-2F-5V', 'Signal relay DPDT 1 A, 5 V coil, SMD', 'Omron', 'G6K-2F-Y DC5', 'SMD', 24_000, 10, [['Coil voltage', '5', 'V DC'], ['Contact rating', '1', 'A'], ['Contacts', 'DPDT', '']]],
  ['RLY-PCH-105D2', 'Power relay SPST-NO 3 A, 5 V coil', 'TE Connectivity', 'PCH-105D2H,000', 'THT', 6800, 20, [['Coil voltage', '5', 'V DC'], ['Contact rating', '3', 'A'], ['Contacts', 'SPST-NO', '']]],
  ['RLY-SRD-05VDC', 'Power relay SPDT 10 A, 5 V coil', 'Songle', 'SRD-05VDC-SL-C', 'THT', 2500, 0, [['Coil voltage', '5', 'V DC'], ['Contact rating', '10', 'A'], ['Contacts', 'SPDT', '']]],
  ['RLY-40.52-24V', 'Power relay DPDT 8 A, 24 V coil', 'Finder', '40.52.9.024.0000', 'THT', 26_000, 10, [['Coil voltage', '24', 'V DC'], ['Contact rating', '8', 'A'], ['Contacts', 'DPDT', '']]],
  ['RLY-G3MB-202P', 'Solid state relay 2 A 240 V AC, 5 V input', 'Omron', 'G3MB-202P DC5', 'SIP-4', 21_000, 10, [['Input voltage', '5', 'V DC'], ['Load current', '2', 'A'], ['Load voltage', '240', 'V AC']]],
  ['RLY-TQ2-5V', 'Signal relay DPDT 2 A, 5 V coil', 'Panasonic', 'TQ2-5V', 'THT', 17_000, 10, [['Coil voltage', '5', 'V DC'], ['Contact rating', '2', 'A'], ['Contacts', 'DPDT', '']]],
];

function hardware(): ComponentSpec[] {
  const screw = (thread: string, length: number, standard: 'DIN912' | 'ISO7045'): ComponentSpec => ({
    sku: `SCR-${thread}X${length}-${standard}-A2`,
    name: `${standard === 'DIN912' ? 'Socket head cap screw' : 'Pan head screw, Phillips'} ${thread} × ${length}, stainless A2`,
    category: 'Hardware / Screws',
    manufacturer: 'Bossard',
    mpn: `${standard === 'DIN912' ? 'BN 610' : 'BN 380'} ${thread}x${length}`,
    package: standard === 'DIN912' ? 'DIN 912' : 'ISO 7045',
    unit: 'pcs',
    parameters: [
      ['Thread', thread, ''],
      ['Length', String(length), 'mm'],
      ['Material', 'stainless steel A2', ''],
    ],
    minimum: thread === 'M3' ? 500 : 200,
    costMinor: 250 + Number(thread.slice(1)) * 80 + length * 6,
    stocking: {
      lot: thread === 'M3' ? 1000 : 500,
      usage: thread === 'M3' ? 40 : 16,
      rate: thread === 'M3' ? 0.15 : 0.06,
    },
  });
  const screws = [
    screw('M2', 6, 'DIN912'),
    screw('M2.5', 6, 'DIN912'),
    screw('M2.5', 8, 'DIN912'),
    ...[6, 8, 10, 12, 16, 20].map((length) => screw('M3', length, 'DIN912')),
    screw('M4', 10, 'DIN912'),
    screw('M4', 16, 'DIN912'),
    ...[6, 8, 10].map((length) => screw('M3', length, 'ISO7045')),
  ];
  const fasteners: ComponentSpec[] = [
    ['NUT-M2.5-DIN934-A2', 'Hex nut M2.5, stainless A2', 'BN 631 M2.5', 'DIN 934', 120],
    ['NUT-M3-DIN934-A2', 'Hex nut M3, stainless A2', 'BN 631 M3', 'DIN 934', 130],
    ['NUT-M4-DIN934-A2', 'Hex nut M4, stainless A2', 'BN 631 M4', 'DIN 934', 160],
    ['WSH-M3-DIN125-A2', 'Flat washer M3, stainless A2', 'BN 715 M3', 'DIN 125', 60],
    ['WSH-M4-DIN125-A2', 'Flat washer M4, stainless A2', 'BN 715 M4', 'DIN 125', 70],
  ].map(
    ([sku = '', name = '', mpn = '', standard = '', cost = 0]): ComponentSpec => ({
      sku: String(sku),
      name: String(name),
      // Nuts and washers sit directly under Hardware: the filter "Hardware and below" still finds them.
      category: 'Hardware',
      manufacturer: 'Bossard',
      mpn: String(mpn),
      package: String(standard),
      unit: 'pcs',
      parameters: [
        ['Thread', String(sku).split('-')[1] ?? '', ''],
        ['Material', 'stainless steel A2', ''],
      ],
      minimum: 500,
      costMinor: Number(cost),
      stocking: { lot: 2000, usage: 40, rate: 0.12 },
    }),
  );
  const standoff = (thread: 'M2.5' | 'M3', length: number, kind: 'FF' | 'MF' | 'NY'): ComponentSpec => ({
    sku: `STD-${thread}X${length}-${kind}`,
    name: `${kind === 'NY' ? 'Nylon hex standoff' : 'Hex standoff, brass nickel-plated'} ${thread} × ${length} mm, ${
      kind === 'MF' ? 'male-female' : 'female-female'
    }`,
    category: 'Hardware / Standoffs',
    manufacturer: kind === 'NY' ? 'Essentra Components' : 'Würth Elektronik',
    mpn:
      kind === 'NY'
        ? `CBSN-${thread.replace('.', '')}-${length}`
        : `97${kind === 'FF' ? '0' : '1'}${String(length * 10).padStart(3, '0')}${thread === 'M3' ? '3' : '2'}${
            kind === 'FF' ? '21' : '44'
          }`,
    package: 'Hex 5.5 mm',
    unit: 'pcs',
    parameters: [
      ['Thread', thread, ''],
      ['Length', String(length), 'mm'],
      ['Material', kind === 'NY' ? 'polyamide 6.6' : 'brass, nickel-plated', ''],
    ],
    minimum: 100,
    costMinor: (kind === 'NY' ? 300 : 900) + length * 20,
    stocking: { lot: 500, usage: 8, rate: 0.08 },
  });
  const standoffs = [
    ...[5, 6, 8, 10, 12, 15, 20].map((length) => standoff('M3', length, 'FF')),
    ...[6, 10, 15, 20].map((length) => standoff('M3', length, 'MF')),
    standoff('M2.5', 10, 'FF'),
    standoff('M2.5', 11, 'MF'),
    standoff('M3', 10, 'NY'),
  ];
  return [...screws, ...fasteners, ...standoffs];
}

const WIRE_COLOURS: [code: string, name: string][] = [
  ['RD', 'red'],
  ['BK', 'black'],
  ['BL', 'blue'],
  ['YL', 'yellow'],
  ['GN', 'green'],
  ['WH', 'white'],
];

function cables(): ComponentSpec[] {
  const wire = (gauge: number, series: string, colour: [string, string], cost: number): ComponentSpec => ({
    sku: `WIRE-UL1007-${gauge}AWG-${colour[0]}`,
    name: `Hook-up wire UL1007 ${gauge} AWG, ${colour[1]}`,
    category: 'Cables & wire',
    manufacturer: 'Alpha Wire',
    mpn: `${series} ${colour[0]}005`,
    package: '30.5 m spool',
    unit: 'm',
    parameters: [
      ['Gauge', String(gauge), 'AWG'],
      ['Insulation', 'PVC', ''],
      ['Voltage rating', '300', 'V'],
    ],
    minimum: 30,
    costMinor: cost,
    stocking: { lot: 30.5, usage: 3, rate: 0.1 },
  });
  const specs: ComponentSpec[] = [
    ...WIRE_COLOURS.map((colour) => wire(24, '3051', colour, 2800)),
    ...WIRE_COLOURS.slice(0, 2).map((colour) => wire(22, '3053', colour, 3600)),
    ...WIRE_COLOURS.slice(0, 2).map((colour) => wire(26, '3049', colour, 2200)),
  ];
  // biome-ignore format: a table reads best one part per line
  const other: [string, string, string, string, string, number, number, Parameter[], number][] = [
    ['WIRE-SIL-18AWG-RD', 'Silicone wire 18 AWG, red', 'Alpha Wire', '5856 RD005', '30.5 m spool', 9000, 20, [['Gauge', '18', 'AWG'], ['Insulation', 'silicone', '']], 30.5],
    ['WIRE-SIL-18AWG-BK', 'Silicone wire 18 AWG, black', 'Alpha Wire', '5856 BK005', '30.5 m spool', 9000, 20, [['Gauge', '18', 'AWG'], ['Insulation', 'silicone', '']], 30.5],
    ['CBL-RIBBON-10W', 'Flat ribbon cable 10 ways, 1.27 mm', '3M', '3302/10', '30.5 m reel', 8500, 15, [['Conductors', '10', ''], ['Pitch', '1.27', 'mm']], 30.5],
    ['CBL-RIBBON-20W', 'Flat ribbon cable 20 ways, 1.27 mm', '3M', '3302/20', '30.5 m reel', 14_000, 15, [['Conductors', '20', ''], ['Pitch', '1.27', 'mm']], 30.5],
    ['CBL-RIBBON-40W', 'Flat ribbon cable 40 ways, 1.27 mm', '3M', '3302/40', '30.5 m reel', 26_000, 10, [['Conductors', '40', ''], ['Pitch', '1.27', 'mm']], 30.5],
    ['CBL-LIYCY-4X0.25', 'Shielded control cable LiYCY 4 × 0.25 mm²', 'Lapp', '0034404', '100 m drum', 11_000, 50, [['Cores', '4', ''], ['Cross-section', '0.25', 'mm²']], 100],
    ['CBL-LIYCY-2X0.5', 'Shielded control cable LiYCY 2 × 0.5 mm²', 'Lapp', '0034502', '100 m drum', 12_500, 50, [['Cores', '2', ''], ['Cross-section', '0.5', 'mm²']], 100],
    ['HST-3.2-BK', 'Heat-shrink tubing 3.2 mm, 2:1, black', 'TE Connectivity', 'RNF-100-1/8-0-SP', '15 m reel', 6000, 20, [['Diameter', '3.2', 'mm'], ['Shrink ratio', '2:1', '']], 15],
    ['HST-6.4-BK', 'Heat-shrink tubing 6.4 mm, 2:1, black', 'TE Connectivity', 'RNF-100-1/4-0-SP', '15 m reel', 7500, 20, [['Diameter', '6.4', 'mm'], ['Shrink ratio', '2:1', '']], 15],
  ];
  for (const [sku, name, manufacturer, mpn, packageName, cost, minimum, parameters, lot] of other) {
    specs.push({
      sku,
      name,
      category: 'Cables & wire',
      manufacturer,
      mpn,
      package: packageName,
      unit: 'm',
      parameters,
      minimum,
      costMinor: cost,
      stocking: { lot, usage: lot >= 100 ? 8 : 2.5, rate: 0.08 },
    });
  }
  return specs;
}

function consumables(): ComponentSpec[] {
  const solder = (sku: string, name: string, mpn: string, alloy: string, diameter: string, cost: number) =>
    ({
      sku,
      name,
      category: 'Consumables',
      manufacturer: 'Kester',
      mpn,
      package: '0.5 kg spool',
      unit: 'kg',
      parameters: [
        ['Alloy', alloy, ''],
        ['Diameter', diameter, 'mm'],
        ['Flux core', '2.2', '%'],
      ],
      minimum: 1,
      costMinor: cost,
      stocking: { lot: 2, usage: 0.25, rate: 0.08 },
    }) satisfies ComponentSpec;
  const liquid = (
    sku: string,
    name: string,
    manufacturer: string,
    mpn: string,
    packageName: string,
    cost: number,
    minimum: number,
    lot: number,
    usage: number,
  ): ComponentSpec => ({
    sku,
    name,
    category: 'Consumables',
    manufacturer,
    mpn,
    package: packageName,
    unit: 'ml',
    parameters: [['Volume', String(lot), 'ml']],
    minimum,
    costMinor: cost,
    stocking: { lot, usage, rate: 0.1 },
  });
  return [
    solder('SOLDER-SN63-0.5', 'Solder wire Sn63Pb37 0.5 mm, flux-cored', '24-6337-0018', 'Sn63Pb37', '0.5', 820_000),
    solder('SOLDER-SN63-0.8', 'Solder wire Sn63Pb37 0.8 mm, flux-cored', '24-6337-0027', 'Sn63Pb37', '0.8', 760_000),
    solder('SOLDER-SN63-1.0', 'Solder wire Sn63Pb37 1.0 mm, flux-cored', '24-6337-0039', 'Sn63Pb37', '1.0', 740_000),
    solder(
      'SOLDER-SAC305-0.5',
      'Solder wire SAC305 0.5 mm, lead-free',
      '24-7068-7601',
      'Sn96.5Ag3Cu0.5',
      '0.5',
      1_450_000,
    ),
    solder(
      'SOLDER-SAC305-0.8',
      'Solder wire SAC305 0.8 mm, lead-free',
      '24-7068-7603',
      'Sn96.5Ag3Cu0.5',
      '0.8',
      1_390_000,
    ),
    liquid('FLUX-951-1L', 'No-clean liquid flux 951', 'Kester', '63-0000-0951', '1 l bottle', 520, 500, 1000, 60),
    liquid(
      'FLUX-NC559-10ML',
      'No-clean tacky flux gel NC-559',
      'Amtech',
      'NC-559-V2-TF',
      '10 ml syringe',
      2400,
      30,
      100,
      10,
    ),
    liquid('FLUX-8341-55ML', 'Rosin flux pen', 'MG Chemicals', '8341-10ML', '10 ml pen', 1800, 50, 100, 10),
    liquid('IPA-99-1L', 'Isopropyl alcohol 99.9 %', 'MG Chemicals', '824-1L', '1 l bottle', 150, 1000, 4000, 200),
    liquid(
      'COAT-422C-55ML',
      'Silicone conformal coating',
      'MG Chemicals',
      '422C-55ML',
      '55 ml bottle',
      1300,
      110,
      330,
      20,
    ),
    {
      sku: 'BRAID-2.0-1.5M',
      name: 'Desoldering braid 2.0 mm',
      category: 'Consumables',
      manufacturer: 'Chemtronics',
      mpn: '60-3-5',
      package: '1.5 m bobbin',
      unit: 'm',
      parameters: [['Width', '2.0', 'mm']],
      minimum: 6,
      costMinor: 45_000,
      stocking: { lot: 15, usage: 1.5, rate: 0.06 },
    },
    {
      sku: 'TAPE-KAPTON-10MM',
      name: 'Polyimide tape 10 mm × 33 m',
      category: 'Consumables',
      manufacturer: '3M',
      mpn: '5413 10MMX33M',
      package: '33 m roll',
      unit: 'reel',
      parameters: [
        ['Width', '10', 'mm'],
        ['Length', '33', 'm'],
      ],
      minimum: 3,
      costMinor: 95_000,
      stocking: { lot: 10, usage: 1, rate: 0.04 },
    },
  ];
}

const DESCRIPTIONS: Record<string, string> = {
  'MCU-STM32F103C8T6': `Main MCU of the **controller boards** (CB-2 and CB-3).

- Arm Cortex-M3, 72 MHz, 64 KB flash, 20 KB SRAM
- Second source: \`MCU-GD32F103C8T6\` (pin-compatible; check the USB clock settings)
- Program over SWD with the *production* firmware from the release share

> Keep at least one full tray (250 pcs) in stock before a production run.`,
  'MOD-ESP32-WROOM-32E': `Wi-Fi/Bluetooth module used on the **gateway** boards.

1. Bake at 60 °C for 24 h if the moisture-barrier bag was open for more than 168 h.
2. Flash with \`esptool.py\` through the UART header.

Do not substitute the -32D (external antenna) variant.`,
  'MCU-RP2040': `Needs an external QSPI flash (W25Q16JV) and a 12 MHz crystal.

| Pin | Use |
|---|---|
| GPIO0/1 | UART0 console |
| GPIO24 | status LED |`,
  'PM-LM2596S-5.0': `Buck regulator of the **24 V power input** module. Use with \`IND-47U-1260\` and a 220 µF / 35 V output capacitor.`,
  'RLY-G5LE-1-5V': `Standard relay for the I/O boards. Replaces \`RLY-SRD-05VDC\` (archived: unstable supply).`,
  'SOLDER-SN63-0.8': `General-purpose solder for **rework and prototypes** only; production boards are lead-free (\`SOLDER-SAC305-0.8\`).`,
  'FLUX-951-1L': `Decant into 50 ml dispenser bottles at the workbench. *Flammable*: store in the safety cabinet on Shelf D.`,
  'CON-USBC-16P': `USB-C receptacle for USB 2.0 devices. Needs 5.1 kΩ pull-downs on CC1 and CC2 (\`RES-0603-5K1-F\` is not stocked: use two 10 kΩ in parallel).`,
};

const DATASHEETS: Record<string, string> = {
  'MCU-STM32F103C8T6': 'https://www.st.com/resource/en/datasheet/stm32f103c8.pdf',
  'MCU-STM32F030F4P6': 'https://www.st.com/resource/en/datasheet/stm32f030f4.pdf',
  'PM-LM1117-3.3': 'https://www.ti.com/lit/ds/symlink/lm1117.pdf',
  'PM-TPS54331DR': 'https://www.ti.com/lit/ds/symlink/tps54331.pdf',
  'PM-LM2596S-5.0': 'https://www.ti.com/lit/ds/symlink/lm2596.pdf',
  'IF-SN65HVD230DR': 'https://www.ti.com/lit/ds/symlink/sn65hvd230.pdf',
  'IF-MAX232DR': 'https://www.ti.com/lit/ds/symlink/max232.pdf',
  'IF-TXS0108EPWR': 'https://www.ti.com/lit/ds/symlink/txs0108e.pdf',
};

/** Archived parts: two used up and retired during the period, two never stocked. */
const ARCHIVED: Record<string, ComponentSpec['archived']> = {
  'MCU-ATMEGA8A-AU': 'with-history',
  'IF-MAX232DR': 'with-history',
  'RLY-SRD-05VDC': 'unused',
  'RES-1206-1M-F': 'unused',
};

/** Components the period ends without reordering: their stock runs below the minimum. */
const NEGLECTED = new Set([
  'RES-0603-4K7-F',
  'CAP-0603-100N-X7R-50V',
  'Q-AO3400A',
  'PM-AMS1117-3.3',
  'CON-XH-2P-TH',
  'SW-TACT-6X6-SMD',
  'SCR-M3X10-DIN912-A2',
  'WIRE-UL1007-24AWG-RD',
  'SOLDER-SN63-0.8',
  'LED-0603-RD',
  'MCU-STM32G031K8T6',
  'IF-CH340G',
]);

/** Recently added to the catalogue; nothing received yet. */
const NOT_YET_STOCKED = new Set(['MCU-NRF52832-QFAA', 'IF-W5500', 'RLY-40.52-24V', 'STD-M2.5X11-MF', 'CBL-RIBBON-40W']);

const SAMPLES: Record<string, ('moscow' | 'online')[]> = {
  'MCU-STM32F103C8T6': ['moscow', 'online'],
  'MCU-RP2040': ['moscow', 'online'],
  'MOD-ESP32-WROOM-32E': ['moscow', 'online'],
  'MCU-ATMEGA328P-AU': ['moscow', 'online'],
  'MCU-STM32F411CEU6': ['moscow'],
  'PM-LM2596S-5.0': ['moscow', 'online'],
  'PM-MP1584EN': ['online'],
  'PM-TP4056': ['online'],
  'IF-CH340G': ['online'],
  'IF-CP2102N': ['moscow'],
  'RLY-G5LE-1-5V': ['moscow', 'online'],
  'RLY-G3MB-202P': ['moscow'],
  'RLY-G6K-2F-5V': ['moscow'],
  'SW-TACT-6X6-TH': ['online'],
  'SW-ENC-PEC11R': ['moscow', 'online'],
  'SW-TOGGLE-SPDT': ['moscow'],
  'CON-USBC-16P': ['moscow', 'online'],
  'CON-RJ45-MAG': ['moscow'],
  'CON-TB-2P-5.08': ['online'],
  'CON-PH-1X40-2.54': ['online'],
  'CON-XH-4P-TH': ['online'],
  'LED-0603-RD': ['online'],
  'LED-0603-BL': ['moscow'],
  'WIRE-SIL-18AWG-RD': ['online'],
  'WIRE-SIL-18AWG-BK': ['online'],
  'SOLDER-SN63-0.8': ['online'],
  'FLUX-951-1L': ['online'],
  'IND-10U-7345': ['moscow'],
  'Q-IRLZ44N': ['moscow', 'online'],
  'TVS-SMBJ5.0A': ['moscow'],
};

/** The whole demo catalogue, in a fixed order. */
export function demoComponents(): ComponentSpec[] {
  const all = [
    ...resistors(),
    ...ceramicCapacitors(),
    ...electrolyticCapacitors(),
    ...inductors(),
    ...parts('Semiconductors / Diodes', DIODES, (row) => ({
      lot: row[6] >= 300 ? 3000 : 1000,
      usage: row[6] >= 300 ? 40 : 10,
      rate: 0.12,
    })),
    ...parts('Semiconductors / Transistors', TRANSISTORS, (row) => ({
      lot: row[6] >= 100 ? 3000 : 50,
      usage: row[6] >= 100 ? 30 : 4,
      rate: 0.1,
    })),
    ...parts('Semiconductors / ICs / Microcontrollers', MICROCONTROLLERS, MCU_STOCKING),
    ...parts('Semiconductors / ICs / Power management', POWER_MANAGEMENT, (row) => ({
      lot: row[6] >= 100 ? 500 : 100,
      usage: row[6] >= 100 ? 12 : 4,
      rate: 0.1,
    })),
    ...parts('Semiconductors / ICs / Interface', INTERFACE_ICS, MCU_STOCKING),
    ...connectors(),
    ...parts('Electromechanical / Switches', SWITCHES, (row) => ({
      lot: row[6] >= 100 ? 500 : 50,
      usage: row[6] >= 100 ? 12 : 3,
      rate: 0.08,
    })),
    ...parts('Electromechanical / Relays', RELAYS, () => ({ lot: 50, usage: 3, rate: 0.07 })),
    ...hardware(),
    ...cables(),
    ...consumables(),
  ];
  return all.map((spec) => {
    const description = DESCRIPTIONS[spec.sku];
    const datasheet = DATASHEETS[spec.sku];
    const archived = ARCHIVED[spec.sku];
    const samples = SAMPLES[spec.sku];
    return {
      ...spec,
      ...(description !== undefined && { description }),
      ...(datasheet !== undefined && { datasheet }),
      ...(archived !== undefined && { archived }),
      ...(samples !== undefined && { samples }),
      stocking:
        NOT_YET_STOCKED.has(spec.sku) || archived !== undefined || !spec.stocking
          ? null
          : { ...spec.stocking, ...(NEGLECTED.has(spec.sku) && { neglected: true }) },
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// The ledger simulation (quantities in thousandths of the unit, exact integers)

type MovementType = 'receipt' | 'issue' | 'transfer' | 'adjustment' | 'reversal';

type Movement = {
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
const STEP: Record<Unit, number> = {
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
  const step = STEP[unit];
  return Math.max(step, Math.round(thousandths / step) * step);
}

function formatThousandths(value: number): string {
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

type Locations = Record<DepartmentKey, Map<string, string>>;

type Event = { at: number; run: () => void };

/** Plays ~90 days of warehouse life in time order and returns the ledger it wrote. */
function simulate(
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
            const split = item.overflow && waiting >= 2 * STEP[item.spec.unit] && random.chance(0.5);
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

// ---------------------------------------------------------------------------------------------------
// Writing it all

/** Multi-row INSERTs of at most `size` rows each. */
async function insertRows(db: Executor, head: SQL, rows: SQL[], size = 500): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db.execute(sql`${head} values ${sql.join(rows.slice(start, start + size), sql`, `)}`);
  }
}

function uuidArray(ids: string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * Inserts a tree given as English paths ("A", "A / B"…), its names in the seed's language, and returns the
 * id of each English path.
 */
function treeRows(paths: readonly string[], createdAt: string, department: string | null, language: DemoLanguage) {
  const ids = new Map<string, string>();
  const rows: SQL[] = [];
  for (const path of paths) {
    const names = path.split(' / ');
    const id = randomUUID();
    ids.set(path, id);
    const parentPath = names.slice(0, -1).join(' / ');
    const parentId = parentPath ? (ids.get(parentPath) ?? null) : null;
    const ancestors = names.map((_, depth) => ids.get(names.slice(0, depth + 1).join(' / ')) ?? id);
    const shown = names.map((name) => language.text(name));
    const name = shown[shown.length - 1] ?? path;
    const shownPath = shown.join(' / ');
    rows.push(
      department === null
        ? sql`(${id}, ${name}, ${parentId}, ${shownPath}, ${uuidArray(ancestors)}, ${createdAt})`
        : sql`(${id}, ${name}, ${parentId}, ${shownPath}, ${uuidArray(ancestors)}, ${createdAt}, ${department})`,
    );
  }
  return { ids, rows };
}

/**
 * Fills the stock area of a freshly seeded database: the demo departments and people must exist, the
 * catalogue must be empty. Runs inside the seed's transaction.
 */
export async function seedDemoCatalogue(
  db: Executor,
  people: DemoPeople,
  language: DemoLanguage,
  now: Date = new Date(),
): Promise<DemoCatalogueSummary> {
  const random = seededRandom(PRNG_SEED);
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const catalogueCreated = iso(nowMs - (HISTORY_DAYS + 5) * DAY);

  const departmentRows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from departments where name in (${sql.join(
      Object.values(DEPARTMENT_NAMES).map((name) => sql`${language.text(name)}`),
      sql`, `,
    )})`,
  );
  const departmentIds = {} as Record<DepartmentKey, string>;
  for (const [key, name] of Object.entries(DEPARTMENT_NAMES) as [DepartmentKey, string][]) {
    const row = departmentRows.find((department) => department.name === language.text(name));
    if (!row) throw new Error(`demo department ${name} is missing`);
    departmentIds[key] = row.id;
  }

  const categories = treeRows(CATEGORY_PATHS, catalogueCreated, null, language);
  await insertRows(
    db,
    sql`insert into categories (id, name, parent_id, path, ancestor_ids, created_at)`,
    categories.rows,
  );

  const locations = {} as Locations;
  const locationRows: SQL[] = [];
  for (const key of Object.keys(LOCATION_PATHS) as DepartmentKey[]) {
    const tree = treeRows(LOCATION_PATHS[key], catalogueCreated, departmentIds[key], language);
    locations[key] = tree.ids;
    locationRows.push(...tree.rows);
  }
  await insertRows(
    db,
    sql`insert into locations (id, name, parent_id, path, ancestor_ids, created_at, department_id)`,
    locationRows,
  );

  const specs = demoComponents();
  const components = specs.map((spec) => ({ id: randomUUID(), spec }));
  const ledger = simulate(random, components, locations, people, nowMs);

  const lastMovementOf = new Map<string, number>();
  for (const movement of ledger) lastMovementOf.set(movement.componentId, movement.at);
  const componentRows = components.map(({ id, spec }, index) => {
    const categoryId = categories.ids.get(spec.category) ?? null;
    // Created before the history starts (the not-yet-stocked ones a few days ago); archived a day after
    // their last movement.
    const createdAt =
      spec.stocking === null && spec.archived === undefined
        ? iso(nowMs - random.int(2, 10) * DAY)
        : iso(nowMs - (HISTORY_DAYS + 5) * DAY + index * 60_000);
    const archivedAt =
      spec.archived === undefined
        ? null
        : iso(Math.min(nowMs - DAY, (lastMovementOf.get(id) ?? nowMs - 60 * DAY) + DAY));
    const description = spec.description === undefined ? '' : language.text(spec.description);
    return sql`(${id}, ${spec.sku}, ${language.part(spec.name)}, ${categoryId}, ${spec.manufacturer}, ${spec.mpn},
                ${language.part(spec.package)}, ${spec.unit}, ${description}, ${spec.datasheet ?? ''}, ${String(spec.minimum)},
                ${spec.costMinor}, ${archivedAt}, ${createdAt}, ${archivedAt ?? createdAt})`;
  });
  await insertRows(
    db,
    sql`insert into components (id, sku, name, category_id, manufacturer, manufacturer_part_number, package, unit,
                                description, datasheet_url, minimum_stock, default_unit_cost_minor, archived_at,
                                created_at, updated_at)`,
    componentRows,
  );
  const parameterRows = components.flatMap(({ id, spec }) =>
    spec.parameters.map(
      ([name, value, unit], position) =>
        sql`(${id}, ${position}, ${language.text(name)}, ${language.value(value)}, ${language.unit(unit)})`,
    ),
  );
  await insertRows(
    db,
    sql`insert into component_parameters (component_id, position, name, value, unit)`,
    parameterRows,
  );

  // Ledger rows in time order, so their numbers follow time as they do for real postings.
  ledger.sort((a, b) => a.at - b.at);
  await insertRows(
    db,
    sql`insert into movements (id, type, department_id, component_id, quantity, from_location_id, to_location_id,
                               unit_cost_minor, reference, note, user_id, reversal_of_id, created_at)`,
    ledger.map(
      (movement) =>
        sql`(${movement.id}, ${movement.type}, ${departmentIds[movement.department]}, ${movement.componentId},
             ${formatThousandths(movement.quantity)}, ${movement.from}, ${movement.to}, ${movement.unitCostMinor},
             ${language.reference(movement.reference)}, ${language.text(movement.note)}, ${movement.userId}, ${movement.reversalOfId}, ${iso(movement.at)})`,
    ),
  );

  // Balances and department totals are the sums of the ledger just written (zero rows kept, as postings leave them).
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
  await insertRows(
    db,
    sql`insert into stock_balances (component_id, location_id, department_id, quantity, updated_at)`,
    [...balances.values()].map(
      (row) =>
        sql`(${row.componentId}, ${row.locationId}, ${departmentIds[row.department]}, ${formatThousandths(row.quantity)}, ${iso(row.at)})`,
    ),
  );
  await insertRows(
    db,
    sql`insert into department_stock (department_id, component_id, quantity)`,
    [...totals.values()].map(
      (row) => sql`(${departmentIds[row.department]}, ${row.componentId}, ${formatThousandths(row.quantity)})`,
    ),
  );

  return {
    categories: CATEGORY_PATHS.length,
    components: components.length,
    locations: locationRows.length,
    movements: ledger.length,
    balances: balances.size,
  };
}
