import type { ComponentSpec } from '../component-spec.js';

export function hardware(): ComponentSpec[] {
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
