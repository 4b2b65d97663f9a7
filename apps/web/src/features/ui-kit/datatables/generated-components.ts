import type { Unit } from '@cm/contract';

/**
 * A component at a place, shaped like the rows of the product's lists (stock, catalogue): what the kit's tables show
 * instead of the server's data, so that they can be tried on 10 000 rows without writing any.
 */
export type GeneratedComponent = {
  id: string;
  code: string;
  name: string;
  categoryId: string;
  categoryPath: string;
  locationId: string;
  locationPath: string;
  /** Exact decimal text, as the API writes quantities. */
  quantity: string;
  minimumStock: string;
  unit: Unit;
  unitCostMinor: number;
  updatedAt: string;
};

/** How many rows the kit's tables are tried on (issue #28). */
export const GENERATED_COUNT = 10_000;

/** The places of the generated set, some in Russian and one far longer than a column is wide. */
export const GENERATED_LOCATIONS: readonly { id: string; path: string }[] = [
  { id: 'main-a1', path: 'Main warehouse / Rack A / Shelf 1' },
  { id: 'main-a2', path: 'Main warehouse / Rack A / Shelf 2' },
  { id: 'main-b1', path: 'Main warehouse / Rack B / Shelf 1' },
  { id: 'main-dry', path: 'Main warehouse / Dry cabinet' },
  { id: 'msk-1', path: 'Склад Москва / Стеллаж 1' },
  { id: 'msk-2-14', path: 'Склад Москва / Стеллаж 2 / Ячейка 14' },
  { id: 'line-kanban', path: 'Assembly line / Kanban bin' },
  {
    id: 'quarantine',
    path: 'Returns and inspection area / Quarantine shelf for parts awaiting their incoming inspection',
  },
];

type Family = {
  categoryId: string;
  categoryPath: string;
  prefix: string;
  unit: Unit;
  /** Digits after the decimal point of its quantities (metres and kilograms are measured, pieces counted). */
  decimals: number;
  maxQuantity: number;
  /** Unit cost bounds, in minor units. */
  cost: [number, number];
  /** A name in English and Russian and the code's middle part, from a random source. */
  variant: (pick: <T>(items: readonly T[]) => T) => { en: string; ru: string; code: string };
};

const PACKAGES = ['0402', '0603', '0805', '1206'] as const;

const FAMILIES: readonly Family[] = [
  {
    categoryId: 'capacitors',
    categoryPath: 'Passives / Capacitors',
    prefix: 'CAP',
    unit: 'pcs',
    decimals: 0,
    maxQuantity: 20_000,
    cost: [50, 4_000],
    variant: (pick) => {
      const [value, code, ru] = pick([
        ['10 pF', '10P', '10 пФ'],
        ['100 nF', '100N', '100 нФ'],
        ['1 µF', '1U', '1 мкФ'],
        ['10 µF', '10U', '10 мкФ'],
        ['100 µF', '100U', '100 мкФ'],
      ] as const);
      const [volts, voltsCode] = pick([
        ['16', '16V'],
        ['25', '25V'],
        ['50', '50V'],
      ] as const);
      const dielectric = pick(['X7R', 'C0G', 'X5R'] as const);
      const size = pick(PACKAGES);
      return {
        en: `Capacitor ${value} ${volts} V ${dielectric} ${size}`,
        ru: `Конденсатор ${ru} ${volts} В ${dielectric} ${size}`,
        code: `${size}-${code}-${dielectric}-${voltsCode}`,
      };
    },
  },
  {
    categoryId: 'resistors',
    categoryPath: 'Passives / Resistors',
    prefix: 'RES',
    unit: 'pcs',
    decimals: 0,
    maxQuantity: 50_000,
    cost: [10, 500],
    variant: (pick) => {
      const [value, code, ru] = pick([
        ['10 Ω', '10R', '10 Ом'],
        ['1 kΩ', '1K', '1 кОм'],
        ['4.7 kΩ', '4K7', '4,7 кОм'],
        ['10 kΩ', '10K', '10 кОм'],
        ['100 kΩ', '100K', '100 кОм'],
      ] as const);
      const tolerance = pick(['1', '5'] as const);
      const size = pick(PACKAGES);
      return {
        en: `Resistor ${value} ${tolerance}% ${size}`,
        ru: `Резистор ${ru} ${tolerance} % ${size}`,
        code: `${size}-${code}-${tolerance}P`,
      };
    },
  },
  {
    categoryId: 'microcontrollers',
    categoryPath: 'Semiconductors / Microcontrollers',
    prefix: 'MCU',
    unit: 'pcs',
    decimals: 0,
    maxQuantity: 2_000,
    cost: [9_000, 180_000],
    variant: (pick) => {
      const part = pick(['STM32F103C8T6', 'ATMEGA328P-AU', 'ESP32-WROOM-32E', 'RP2040', 'GD32F303RCT6'] as const);
      return { en: `Microcontroller ${part}`, ru: `Микроконтроллер ${part}`, code: part };
    },
  },
  {
    categoryId: 'connectors',
    categoryPath: 'Electromechanical / Connectors',
    prefix: 'CON',
    unit: 'pcs',
    decimals: 0,
    maxQuantity: 5_000,
    cost: [300, 25_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['JST XH connector 2.54 mm, 4 pins', 'Разъём JST XH 2,54 мм, 4 контакта', 'JSTXH-4'],
        ['USB-C receptacle, 16 pins', 'Гнездо USB-C, 16 контактов', 'USBC-16'],
        ['Terminal block 5.08 mm, 2 pins', 'Клеммник 5,08 мм, 2 контакта', 'TB508-2'],
        ['Pin header 2.54 mm, 40 pins', 'Штыревой разъём 2,54 мм, 40 контактов', 'PH254-40'],
      ] as const);
      return { en, ru, code };
    },
  },
  {
    categoryId: 'cables',
    categoryPath: 'Cables and wires',
    prefix: 'CBL',
    unit: 'm',
    decimals: 1,
    maxQuantity: 3_000,
    cost: [1_500, 30_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['Wire 0.5 mm², red', 'Провод 0,5 мм², красный', 'W05-RED'],
        ['Ribbon cable, 10 ways', 'Шлейф, 10 жил', 'RIB-10'],
        ['Twisted pair, Cat 5e', 'Витая пара, Cat 5e', 'UTP-5E'],
      ] as const);
      return { en, ru, code };
    },
  },
  {
    categoryId: 'solder',
    categoryPath: 'Consumables / Solder',
    prefix: 'SLD',
    unit: 'kg',
    decimals: 3,
    maxQuantity: 40,
    cost: [250_000, 900_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['Solder wire Sn63Pb37, 0.8 mm', 'Припой ПОС-63, 0,8 мм', 'SN63-08'],
        ['Lead-free solder SAC305, 1 mm', 'Бессвинцовый припой SAC305, 1 мм', 'SAC305-10'],
      ] as const);
      return { en, ru, code };
    },
  },
  {
    categoryId: 'chemicals',
    categoryPath: 'Consumables / Chemicals',
    prefix: 'CHM',
    unit: 'l',
    decimals: 1,
    maxQuantity: 200,
    cost: [40_000, 300_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['Isopropyl alcohol 99.9%', 'Спирт изопропиловый 99,9 %', 'IPA-999'],
        ['Flux cleaner', 'Очиститель флюса', 'FLUX-CLN'],
      ] as const);
      return { en, ru, code };
    },
  },
  {
    categoryId: 'fasteners',
    categoryPath: 'Mechanical / Fasteners',
    prefix: 'FST',
    unit: 'pack',
    decimals: 0,
    maxQuantity: 400,
    cost: [20_000, 120_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['Screw M3×8 DIN 912, pack of 100', 'Винт M3×8 DIN 912, упаковка 100 шт.', 'M3X8-912'],
        ['Brass standoff M3×10, pack of 50', 'Латунная стойка M3×10, упаковка 50 шт.', 'ST-M3X10'],
      ] as const);
      return { en, ru, code };
    },
  },
  {
    categoryId: 'leds',
    categoryPath: 'Optoelectronics / LEDs',
    prefix: 'LED',
    unit: 'reel',
    decimals: 0,
    maxQuantity: 60,
    cost: [150_000, 600_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['LED 0603 green 520 nm, reel of 4000', 'Светодиод 0603 зелёный 520 нм, катушка 4000 шт.', '0603-GRN'],
        ['LED 0805 red 625 nm, reel of 3000', 'Светодиод 0805 красный 625 нм, катушка 3000 шт.', '0805-RED'],
      ] as const);
      return { en, ru, code };
    },
  },
  {
    categoryId: 'kits',
    categoryPath: 'Kits',
    prefix: 'KIT',
    unit: 'set',
    decimals: 0,
    maxQuantity: 30,
    cost: [500_000, 2_500_000],
    variant: (pick) => {
      const [en, ru, code] = pick([
        ['Debug probe kit', 'Набор отладчика', 'DBG'],
        ['Repair kit for the soldering station', 'Ремкомплект паяльной станции', 'REPAIR-STN'],
      ] as const);
      return { en, ru, code };
    },
  },
];

/** The categories of the generated set, as a category filter lists them. */
export const GENERATED_CATEGORIES: readonly { id: string; path: string }[] = FAMILIES.map((family) => ({
  id: family.categoryId,
  path: family.categoryPath,
}));

const LONG_TAILS = {
  en: ' for the power board of the 48 V charger, revision C, tested from −40 to +85 °C, keep in the dry cabinet after opening',
  ru: ' для силовой платы зарядного устройства 48 В, ревизия C, проверено от −40 до +85 °C, после вскрытия хранить в сухом шкафу',
};

/** A small seeded generator (mulberry32): the same seed gives the same rows in every browser and test. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_DAY = Date.UTC(2024, 0, 1);
const DAYS = 912;

/**
 * `count` components, the same every time for one seed: a third named in Russian, one in fifty with a name far longer
 * than its column and one in two hundred with a long code, a twelfth with none left, a third with a minimum stock.
 */
export function generateComponents(count = GENERATED_COUNT, seed = 28): GeneratedComponent[] {
  const random = randomFrom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(5, '0');
    const family = pick(FAMILIES);
    const location = pick(GENERATED_LOCATIONS);
    const variant = family.variant(pick);
    const language = random() < 1 / 3 ? 'ru' : 'en';
    const long = index % 50 === 49;
    const scale = 10 ** family.decimals;
    const quantity = random() < 1 / 12 ? 0 : between(1, family.maxQuantity * scale) / scale;
    const minimum = random() < 1 / 3 ? between(1, Math.ceil(family.maxQuantity / 4)) : 0;
    // Between 09:00 and 15:00 UTC: the same calendar day on the clocks of every time zone from UTC−9 to UTC+9, so
    // that a day the range filter compares is the day the table shows.
    const updatedAt = new Date(FIRST_DAY + between(0, DAYS - 1) * 86_400_000 + between(9 * 60, 15 * 60 - 1) * 60_000);
    return {
      id: `gc-${number}`,
      code: `${family.prefix}-${variant.code}${index % 200 === 199 ? '-REV-C-LEADFREE-TAPED' : ''}-${number}`,
      name: `${variant[language]}${long ? LONG_TAILS[language] : ''}`,
      categoryId: family.categoryId,
      categoryPath: family.categoryPath,
      locationId: location.id,
      locationPath: location.path,
      quantity: String(quantity),
      minimumStock: String(minimum),
      unit: family.unit,
      unitCostMinor: between(family.cost[0], family.cost[1]),
      updatedAt: updatedAt.toISOString(),
    };
  });
}

let generated: GeneratedComponent[] | undefined;

/** The kit's 10 000 rows, generated on first use and kept for the visit. */
export function generatedComponents(): readonly GeneratedComponent[] {
  generated ??= generateComponents();
  return generated;
}
