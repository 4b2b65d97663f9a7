import { IMPORT_HEADERS, type ImportColumn, majorUnits, type Unit } from '@cm/contract';

/**
 * Columns of the components import in template order, with their example values. The template's
 * example numbers are numbers, so each language's file writes them its own way (0,35 in a Russian CSV); the
 * example cost is 35 minor units in the organisation's currency (0.35 roubles, 35 yen).
 */
const EXAMPLES: { key: ImportColumn; example: string | number | ((currencyExponent: number) => number) }[] = [
  { key: 'sku', example: 'RES-0603-10K' },
  { key: 'name', example: 'Resistor 10 kΩ 1% 0603' },
  { key: 'category', example: 'Passives / Resistors' },
  { key: 'manufacturer', example: 'Yageo' },
  { key: 'manufacturerPartNumber', example: 'RC0603FR-0710KL' },
  { key: 'package', example: '0603' },
  { key: 'unit', example: 'pcs' },
  { key: 'minimumStock', example: 200 },
  { key: 'unitCost', example: (exponent) => majorUnits(35, exponent) },
  { key: 'datasheetUrl', example: '' },
  { key: 'description', example: '' },
  { key: 'location', example: '' },
  { key: 'openingQuantity', example: '' },
];

/** The template's columns: headers in the chosen language and one example row. */
export const TEMPLATE_COLUMNS = EXAMPLES.map(({ key, example }) => ({ header: IMPORT_HEADERS[key], example }));

/** One importable row, checked: what the commit writes. */
export type CheckedRow = {
  sku: string;
  existingId: string | null;
  values: Partial<Record<ImportColumn, string>>;
  unit: Unit;
  categoryPath: string | null;
  minimumStock: string | null;
  unitCostMinor: number | null;
  locationId: string | null;
  openingQuantity: string | null;
};
