import { type ComponentSpec, type PartRow, parts } from '../component-spec.js';

export function connectors(): ComponentSpec[] {
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
export const SWITCHES: PartRow[] = [
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
export const RELAYS: PartRow[] = [
  ['RLY-G5LE-1-5V', 'Power relay SPDT 10 A, 5 V coil', 'Omron', 'G5LE-1 DC5', 'THT', 9800, 20, [['Coil voltage', '5', 'V DC'], ['Contact rating', '10', 'A'], ['Contacts', 'SPDT', '']]],
  ['RLY-G5V-1-12V', 'Signal relay SPDT 1 A, 12 V coil', 'Omron', 'G5V-1 DC12', 'THT', 11_000, 10, [['Coil voltage', '12', 'V DC'], ['Contact rating', '1', 'A'], ['Contacts', 'SPDT', '']]],
  ['RLY-G6K-2F-5V', 'Signal relay DPDT 1 A, 5 V coil, SMD', 'Omron', 'G6K-2F-Y DC5', 'SMD', 24_000, 10, [['Coil voltage', '5', 'V DC'], ['Contact rating', '1', 'A'], ['Contacts', 'DPDT', '']]],
  ['RLY-PCH-105D2', 'Power relay SPST-NO 3 A, 5 V coil', 'TE Connectivity', 'PCH-105D2H,000', 'THT', 6800, 20, [['Coil voltage', '5', 'V DC'], ['Contact rating', '3', 'A'], ['Contacts', 'SPST-NO', '']]],
  ['RLY-SRD-05VDC', 'Power relay SPDT 10 A, 5 V coil', 'Songle', 'SRD-05VDC-SL-C', 'THT', 2500, 0, [['Coil voltage', '5', 'V DC'], ['Contact rating', '10', 'A'], ['Contacts', 'SPDT', '']]],
  ['RLY-40.52-24V', 'Power relay DPDT 8 A, 24 V coil', 'Finder', '40.52.9.024.0000', 'THT', 26_000, 10, [['Coil voltage', '24', 'V DC'], ['Contact rating', '8', 'A'], ['Contacts', 'DPDT', '']]],
  ['RLY-G3MB-202P', 'Solid state relay 2 A 240 V AC, 5 V input', 'Omron', 'G3MB-202P DC5', 'SIP-4', 21_000, 10, [['Input voltage', '5', 'V DC'], ['Load current', '2', 'A'], ['Load voltage', '240', 'V AC']]],
  ['RLY-TQ2-5V', 'Signal relay DPDT 2 A, 5 V coil', 'Panasonic', 'TQ2-5V', 'THT', 17_000, 10, [['Coil voltage', '5', 'V DC'], ['Contact rating', '2', 'A'], ['Contacts', 'DPDT', '']]],
];
