import { type ImportColumn, majorUnits, type Unit } from '@cm/contract';
import type { ImportTableColumn } from './checked-table.js';

/**
 * Columns of the components import with their headers; a file may use either language's headers. The template's
 * example numbers are numbers, so each language's file writes them its own way (0,35 in a Russian CSV); the
 * example cost is 35 minor units in the organisation's currency (0.35 roubles, 35 yen).
 */
export const IMPORT_COLUMNS: (ImportTableColumn<ImportColumn> & {
  example: string | number | ((currencyExponent: number) => number);
})[] = [
  { key: 'sku', header: { en: 'SKU', ru: 'Артикул' }, required: true, example: 'RES-0603-10K' },
  { key: 'name', header: { en: 'Name', ru: 'Наименование' }, required: true, example: 'Resistor 10 kΩ 1% 0603' },
  { key: 'category', header: { en: 'Category', ru: 'Категория' }, required: false, example: 'Passives / Resistors' },
  { key: 'manufacturer', header: { en: 'Manufacturer', ru: 'Производитель' }, required: false, example: 'Yageo' },
  {
    key: 'manufacturerPartNumber',
    header: { en: 'Manufacturer part number', ru: 'Код производителя' },
    required: false,
    example: 'RC0603FR-0710KL',
  },
  { key: 'package', header: { en: 'Package', ru: 'Корпус' }, required: false, example: '0603' },
  { key: 'unit', header: { en: 'Unit', ru: 'Ед. изм.' }, required: false, example: 'pcs' },
  { key: 'minimumStock', header: { en: 'Minimum stock', ru: 'Минимальный остаток' }, required: false, example: 200 },
  {
    key: 'unitCost',
    header: { en: 'Unit cost', ru: 'Цена за единицу' },
    required: false,
    example: (exponent) => majorUnits(35, exponent),
  },
  { key: 'datasheetUrl', header: { en: 'Datasheet', ru: 'Документация' }, required: false, example: '' },
  { key: 'description', header: { en: 'Description', ru: 'Описание' }, required: false, example: '' },
  { key: 'location', header: { en: 'Location', ru: 'Место хранения' }, required: false, example: '' },
  {
    key: 'openingQuantity',
    header: { en: 'Opening quantity', ru: 'Начальный остаток' },
    required: false,
    example: '',
  },
];

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
