import { z } from 'zod';
import { ImportColumn } from './imports.js';
import type { Locale } from './languages.js';

// How the columns of a components file are matched to the product's fields: the template's own headers in
// either language, and the headers other tools write (presets). Shared by the server, which proposes a
// mapping when a file is read, and the web, which proposes one again when the user picks another header row
// or preset.

/** The template's header of each field, in each language. */
export const IMPORT_HEADERS: Record<ImportColumn, Record<Locale, string>> = {
  sku: { en: 'SKU', ru: 'Артикул' },
  name: { en: 'Name', ru: 'Наименование' },
  category: { en: 'Category', ru: 'Категория' },
  manufacturer: { en: 'Manufacturer', ru: 'Производитель' },
  manufacturerPartNumber: { en: 'Manufacturer part number', ru: 'Код производителя' },
  package: { en: 'Package', ru: 'Корпус' },
  unit: { en: 'Unit', ru: 'Ед. изм.' },
  minimumStock: { en: 'Minimum stock', ru: 'Минимальный остаток' },
  unitCost: { en: 'Unit cost', ru: 'Цена за единицу' },
  datasheetUrl: { en: 'Datasheet', ru: 'Документация' },
  description: { en: 'Description', ru: 'Описание' },
  location: { en: 'Location', ru: 'Место хранения' },
  openingQuantity: { en: 'Opening quantity', ru: 'Начальный остаток' },
};

/** Files of other tools whose headers the import knows. */
export const ImportPreset = z.enum(['kicad', 'distributor', 'inventree', 'partdb']);
export type ImportPreset = z.infer<typeof ImportPreset>;

/** Rows at the top of a file searched for its header row (a title block may sit above it). */
export const IMPORT_HEADER_ROWS = 20;

/** The first column of a file is 0; a mapping names columns up to this index. */
export const IMPORT_MAX_COLUMN = 999;

/** A header as compared: letter case, underscores, repeated spaces and a trailing colon do not matter. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim().replace(/:$/, '');
}

type Aliases = Partial<Record<ImportColumn, string[]>>;

const PART_NUMBER = ['manufacturer part number', 'mpn', 'mfr part number', 'mfr. no', 'mfr no', 'mfr. part no.'];

/**
 * The headers each preset's files have, with the fields they feed (normalised). A manufacturer part number
 * also serves as SKU where the file has none: the part number is what a store finds a part by. Sources: the
 * headers of KiCad's schematic BOM export (`kicad-cli sch export bom`, its default fields and the legacy
 * `bom_csv_grouped_by_*` scripts), Digi-Key, Mouser and LCSC cart and BOM exports, InvenTree's part export
 * and Part-DB's part export.
 */
const PRESET_ALIASES: Record<ImportPreset, Aliases> = {
  kicad: {
    sku: PART_NUMBER,
    manufacturerPartNumber: PART_NUMBER,
    name: ['value', 'val'],
    package: ['footprint'],
    datasheetUrl: ['datasheet'],
    description: ['description', 'desc'],
    manufacturer: ['manufacturer', 'mfr', 'mfg'],
  },
  distributor: {
    sku: [...PART_NUMBER, 'manufacture part number', 'manufacturer part no'],
    manufacturerPartNumber: [...PART_NUMBER, 'manufacture part number', 'manufacturer part no'],
    name: ['description', 'product description'],
    manufacturer: ['manufacturer', 'manufacturer name', 'mfr'],
    package: ['package', 'package / case', 'package/case'],
    unitCost: ['unit price', 'unit price($)', 'unit price (usd)', 'unit price (eur)', 'unit price (rub)', 'price'],
    datasheetUrl: ['datasheet', 'datasheet url'],
  },
  inventree: {
    sku: ['ipn'],
    name: ['name'],
    description: ['description'],
    category: ['category name', 'category path'],
    unit: ['units'],
    minimumStock: ['minimum stock'],
    datasheetUrl: ['link'],
  },
  partdb: {
    sku: ['ipn'],
    name: ['name'],
    description: ['description'],
    category: ['category'],
    package: ['footprint'],
    manufacturer: ['manufacturer'],
    manufacturerPartNumber: ['manufacturer product number'],
    minimumStock: ['minamount'],
    unit: ['partunit', 'part unit'],
  },
};

/** What each preset's files are told apart by: headers only that tool writes. */
const PRESET_SIGNS: Record<ImportPreset, string[]> = {
  kicad: ['reference', 'references', 'refs', 'ref', 'reference(s)', 'footprint', 'value', 'dnp', 'qty'],
  distributor: [
    'digi-key part number',
    'mouser no',
    'mouser #',
    'lcsc part number',
    'lcsc part #',
    'unit price',
    'extended price',
    'order qty.',
    'customer reference',
    'customer no',
  ],
  inventree: ['ipn', 'category name', 'units', 'minimum stock', 'assembly', 'purchaseable', 'salable', 'trackable'],
  partdb: ['ipn', 'minamount', 'manufacturer product number', 'footprint', 'partunit', 'needs review', 'favorite'],
};

const TEMPLATE_ALIASES: Aliases = Object.fromEntries(
  (Object.entries(IMPORT_HEADERS) as [ImportColumn, Record<Locale, string>][]).map(([column, header]) => [
    column,
    [normaliseHeader(column), normaliseHeader(header.en), normaliseHeader(header.ru)],
  ]),
);

/** Every header the import knows, template and presets alike. */
const KNOWN_HEADERS = new Set(
  [TEMPLATE_ALIASES, ...Object.values(PRESET_ALIASES)].flatMap((aliases) => Object.values(aliases).flat()),
);

/**
 * The row (1 for the first) that holds the headers: among the first rows, the one with the most headers the
 * import knows, then the most filled cells; a title block above the header has few of either.
 */
export function findHeaderRow(rows: readonly (readonly string[])[]): number {
  let best = { row: 1, score: -1 };
  rows.slice(0, IMPORT_HEADER_ROWS).forEach((cells, index) => {
    const filled = cells.filter((cell) => cell.trim() !== '');
    const known = filled.filter((cell) => KNOWN_HEADERS.has(normaliseHeader(cell))).length;
    const score = known * 1000 + filled.length;
    if (score > best.score) best = { row: index + 1, score };
  });
  return best.row;
}

/** The preset whose signs the headers show most, or null when none shows. */
export function recognisePreset(headers: readonly string[]): ImportPreset | null {
  const normalised = new Set(headers.map(normaliseHeader));
  let best: { preset: ImportPreset | null; signs: number } = { preset: null, signs: 0 };
  for (const preset of ImportPreset.options) {
    const signs = PRESET_SIGNS[preset].filter((sign) => normalised.has(sign)).length;
    if (signs > best.signs) best = { preset, signs };
  }
  return best.preset;
}

/** Field → index of the file column it is read from. */
export type ColumnMapping = Partial<Record<ImportColumn, number>>;

/**
 * The mapping the headers suggest: the template's headers first, then those of the preset (the one given, or
 * else the one recognised) for the fields still open. Each field takes the leftmost column that fits; a column
 * may feed several fields (a part number as SKU too); columns nothing fits are left out of the import.
 */
export function proposeMapping(
  headers: readonly string[],
  preset: ImportPreset | null = recognisePreset(headers),
): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  for (const aliases of [TEMPLATE_ALIASES, preset ? PRESET_ALIASES[preset] : {}]) {
    for (const [column, names] of Object.entries(aliases) as [ImportColumn, string[]][]) {
      if (mapping[column] !== undefined) continue;
      // A column the template's headers name is that field alone; a preset's part number may add SKU to it.
      const index = normalised.findIndex(
        (header, at) => header !== '' && names.includes(header) && (!taken.has(at) || aliases !== TEMPLATE_ALIASES),
      );
      if (index >= 0) {
        mapping[column] = index;
        taken.add(index);
      }
    }
  }
  return mapping;
}

/** Cells that mean "no value" in the files people have: KiCad's `~` (no datasheet), a dash, n/a. */
const PLACEHOLDERS = new Set(['~', '-', '–', '—', 'n/a', '#n/a', 'н/д']);

/**
 * The start of a cell that a spreadsheet program runs as a formula. Exports put an apostrophe before such a
 * cell (CSV injection); an import takes it off again, so that an exported list imports as it was.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as the import reads it: trimmed, without an export's apostrophe, empty when only a placeholder. */
export function cellValue(cell: string | undefined): string {
  const value = (cell ?? '').trim();
  if (PLACEHOLDERS.has(value.toLowerCase())) return '';
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A spreadsheet's name of a column (0 for the first): A, B, …, Z, AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** The key a mapping is remembered by: the header row's cells, in order, as compared. */
export function headersKey(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('\u001f');
}

/** What an import does with an empty cell of a column it reads, on a component that exists. */
export const EmptyCells = z
  .enum(['keep', 'clear'])
  .describe('keep: the stored value stays; clear: the field is emptied (a minimum stock or unit cost becomes 0)');
export type EmptyCells = z.infer<typeof EmptyCells>;

/** Which column of a file each field is read from, and where the file's header row is. */
export const ImportMapping = z
  .object({
    headerRow: z
      .number()
      .int()
      .min(1)
      .max(IMPORT_HEADER_ROWS)
      .describe('The row holding the headers, as a spreadsheet numbers it; the rows above it are left out'),
    columns: z
      .partialRecord(ImportColumn, z.number().int().min(0).max(IMPORT_MAX_COLUMN))
      .describe('Field → the file column it is read from (0 for the first); columns no field names are ignored'),
    emptyCells: EmptyCells.default('keep'),
  })
  .meta({ id: 'ImportMapping' });
export type ImportMapping = z.infer<typeof ImportMapping>;

/** An uploaded components file, read and kept for an hour, with the mapping the product proposes for it. */
export const ImportFileReading = z
  .object({
    fileId: z.uuid(),
    fileRows: z.number().int().describe('Rows of the file, the header row and any title block above it included'),
    topRows: z
      .array(z.array(z.string()))
      .describe(`The first ${IMPORT_HEADER_ROWS} rows as read (long cells cut), to choose the header row from`),
    mapping: ImportMapping,
    proposedBy: z
      .enum(['remembered', 'headers'])
      .describe('remembered: the mapping last imported with a file of the same headers; headers: from the headers'),
    preset: ImportPreset.nullable().describe('The tool whose headers the file has, when one is recognised'),
  })
  .meta({ id: 'ImportFileReading' });
export type ImportFileReading = z.infer<typeof ImportFileReading>;
