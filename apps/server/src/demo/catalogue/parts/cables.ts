import type { ComponentSpec, Parameter } from '../component-spec.js';

const WIRE_COLOURS: [code: string, name: string][] = [
  ['RD', 'red'],
  ['BK', 'black'],
  ['BL', 'blue'],
  ['YL', 'yellow'],
  ['GN', 'green'],
  ['WH', 'white'],
];

export function cables(): ComponentSpec[] {
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
