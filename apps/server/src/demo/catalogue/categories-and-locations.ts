/** The demo's category tree and the location trees of its three departments, as English paths. */

export const DEPARTMENT_NAMES = {
  central: 'Central Warehouse',
  moscow: 'Moscow Sales',
  online: 'Online Sales',
} as const;
export type DepartmentKey = keyof typeof DEPARTMENT_NAMES;

export const CATEGORY_PATHS = [
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
export type CategoryPath = (typeof CATEGORY_PATHS)[number];

const SHELVES = ['A', 'B', 'C', 'D'] as const;
export const BINS_PER_SHELF = 6;

export const LOCATION_PATHS: Record<DepartmentKey, string[]> = {
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

export const RECEIVING = 'Receiving area';

/** Shelf of each top-level category in Central Warehouse: passives on A, semiconductors on B… */
export function shelfOf(category: CategoryPath): (typeof SHELVES)[number] {
  if (category.startsWith('Passives')) return 'A';
  if (category.startsWith('Semiconductors')) return 'B';
  if (category.startsWith('Electromechanical')) return 'C';
  return 'D';
}
