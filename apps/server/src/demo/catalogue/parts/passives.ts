import type { ComponentSpec, Parameter } from '../component-spec.js';

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

export function resistors(): ComponentSpec[] {
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

export function ceramicCapacitors(): ComponentSpec[] {
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

export function electrolyticCapacitors(): ComponentSpec[] {
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

export function inductors(): ComponentSpec[] {
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
