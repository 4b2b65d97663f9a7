import {
  type ComponentChange,
  fitsUnit,
  formatQuantity,
  type ImportColumn,
  type ImportPreview,
  type ImportRowError,
  MoneyMinor,
  parseAmountMinor,
  Quantity,
  SKU_PATTERN,
  Unit,
} from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { UNIT_ALIASES } from '../../lib/domain-words.js';
import { organisationCurrencyExponent } from '../organisation/repository.js';
import { PATH_SEPARATOR } from '../trees/tree-store.js';
import { LISTED_ERRORS, type RowError, rowErrors, SAMPLE_ROWS } from './checked-table.js';
import type { CheckedRow } from './columns.js';
import type { MappedFile } from './mapped-file.js';
import {
  componentsOfSkus,
  departmentLocationPaths,
  listCategoryPaths,
  lockComponentsOfSkus,
  type StoredComponent,
  stockedLocationsOfSkus,
} from './repository.js';

export type CheckResult = {
  rows: CheckedRow[];
  /** Non-empty rows below the header. */
  totalRows: number;
  /** The first problems found (at most 1 000); `errorCount` counts them all. */
  errors: ImportRowError[];
  errorCount: number;
  summary: ImportPreview['summary'];
  sample: ImportPreview['sample'];
  /** The first components changed (at most 1 000); `changedComponents` counts them all. */
  changes: ComponentChange[];
  changedComponents: number;
};

/**
 * A number below zero, with a hyphen, minus sign or dash as spreadsheets write it: refused as negative rather than
 * as "not a number". Minus zero is not below zero and goes on to the other checks.
 */
const NEGATIVE = /^[-−–]\s*(?=[\d.,]*[1-9])\d+([.,]\d+)?$/;

const MAX_LENGTH: Partial<Record<ImportColumn, number>> = {
  sku: 64,
  name: 200,
  manufacturer: 200,
  manufacturerPartNumber: 200,
  package: 100,
  datasheetUrl: 2000,
  description: 100_000,
};

/** Category or location path as typed ("A/B", "A / B"), in the stored form. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(PATH_SEPARATOR);
}

/**
 * Checks an uploaded table against the catalogue and the department's locations: every problem is
 * reported with its row (as a spreadsheet numbers it) and column. Nothing is written.
 *
 * In a commit's transaction (`lockComponents`), the rows of the existing components are first locked as the
 * update will lock them, in one order, so that two imports cannot deadlock on them. A posting in flight
 * share-locks its component (ADR 0019): the check then runs after it has committed and sees its movement, and
 * a posting that begins later waits for the import and checks against its unit.
 */
export async function checkRows(
  db: Executor,
  departmentId: string,
  file: MappedFile,
  { lockComponents = false } = {},
): Promise<CheckResult> {
  const { errors, fail } = rowErrors<ImportColumn>();
  const { records } = file;
  const keep = file.emptyCells === 'keep';

  const skus = records.map((record) => (record.values.sku ?? '').toLowerCase());
  // One after another: in the commit's transaction they share one connection, on which pg 8 only queues
  // overlapping queries (deprecated) and pg 9 refuses them.
  if (lockComponents) {
    // A statement of its own: the check's snapshot must be taken after the waits for the locks.
    await lockComponentsOfSkus(db, skus);
  }
  const existing = await componentsOfSkus(db, skus);
  const locations = await departmentLocationPaths(db, departmentId);
  const categories = await listCategoryPaths(db);
  const currencyExponent = await organisationCurrencyExponent(db);
  const stocked = await stockedLocationsOfSkus(db, departmentId, skus);
  const existingBySku = new Map(existing.map((row) => [row.sku.toLowerCase(), row]));
  const locationIds = new Map(locations.map((row) => [row.path.toLowerCase(), row.id]));
  const knownCategories = new Set(categories.map((row) => row.path.toLowerCase()));
  const stockedAt = new Set(stocked.map((row) => `${row.sku}|${row.location_id}`));
  const seen = new Map<string, number>();
  const newCategories = new Set<string>();

  const rows: CheckedRow[] = [];
  const changes: ComponentChange[] = [];
  for (const { number, values } of records) {
    const before = errors.length;
    for (const [column, max] of Object.entries(MAX_LENGTH) as [ImportColumn, number][]) {
      if ((values[column] ?? '').length > max) fail(number, column, 'tooLong');
    }
    const sku = values.sku ?? '';
    if (sku === '') fail(number, 'sku', 'required');
    else if (!SKU_PATTERN.test(sku)) fail(number, 'sku', 'invalidSku');
    else if (seen.has(sku.toLowerCase())) fail(number, 'sku', 'duplicateInFile');
    seen.set(sku.toLowerCase(), number);
    const known = existingBySku.get(sku.toLowerCase());
    // A stored component keeps its name when the cell is empty and empty cells are kept.
    if ((values.name ?? '') === '' && !(known && keep)) fail(number, 'name', 'required');

    // An empty unit keeps an existing component's; a different one is refused once it has moved, since its
    // ledger counts in the old unit (ADR 0018).
    const unitText = (values.unit ?? '').toLowerCase();
    const unitParse = Unit.safeParse(unitText === '' ? (known?.unit ?? 'pcs') : (UNIT_ALIASES[unitText] ?? unitText));
    if (!unitParse.success) fail(number, 'unit', 'unknownUnit');
    else if (known?.moved && unitParse.data !== known.unit) fail(number, 'unit', 'unitInUse');
    const unit = unitParse.success ? unitParse.data : 'pcs';

    const quantityOf = (column: 'minimumStock' | 'openingQuantity'): string | null => {
      const text = (values[column] ?? '').replace(',', '.');
      if (text === '') return null;
      if (/^\d+\.\d{4,}$/.test(text)) fail(number, column, 'tooManyDecimals');
      else if (NEGATIVE.test(text)) fail(number, column, 'negative');
      else if (!Quantity.safeParse(text).success) fail(number, column, 'invalidNumber');
      else if (!fitsUnit(text, unit)) fail(number, column, 'notWhole');
      else return text;
      return null;
    };
    const minimumStock = quantityOf('minimumStock');
    const openingQuantity = quantityOf('openingQuantity');
    if (openingQuantity !== null && !/[1-9]/.test(openingQuantity)) fail(number, 'openingQuantity', 'notPositive');

    let unitCostMinor: number | null = null;
    const costText = values.unitCost ?? '';
    if (costText !== '') {
      const cost = parseAmountMinor(costText, currencyExponent, MoneyMinor.maxValue ?? Number.MAX_SAFE_INTEGER);
      if ('value' in cost) unitCostMinor = cost.value;
      else fail(number, 'unitCost', NEGATIVE.test(costText) ? 'negative' : cost.error);
    }
    const url = values.datasheetUrl ?? '';
    if (url !== '' && !/^https?:\/\/[^\s]+$/i.test(url)) fail(number, 'datasheetUrl', 'invalidUrl');

    const locationPath = normalisePath(values.location ?? '');
    const locationId = locationPath === '' ? null : (locationIds.get(locationPath.toLowerCase()) ?? null);
    if (locationPath !== '' && !locationId) fail(number, 'location', 'unknownLocation');
    if ((locationPath === '') !== (openingQuantity === null) && errors.length === before) {
      fail(number, locationPath === '' ? 'location' : 'openingQuantity', 'locationWithoutQuantity');
    }
    if (locationId && stockedAt.has(`${sku.toLowerCase()}|${locationId}`))
      fail(number, 'openingQuantity', 'openingStockExists');

    const categoryPath = normalisePath(values.category ?? '') || null;
    if (errors.length > before) continue;
    if (categoryPath) {
      // Every missing level of the path is created: "A / B" may need both A and A / B.
      const parts = categoryPath.split(PATH_SEPARATOR);
      parts.forEach((_, index) => {
        const prefix = parts
          .slice(0, index + 1)
          .join(PATH_SEPARATOR)
          .toLowerCase();
        if (!knownCategories.has(prefix)) newCategories.add(prefix);
      });
    }
    const row: CheckedRow = {
      sku,
      existingId: known?.id ?? null,
      values,
      unit,
      categoryPath,
      minimumStock,
      unitCostMinor,
      locationId,
      openingQuantity,
    };
    rows.push(row);
    const fields = known ? changedFields(known, row, file) : [];
    if (fields.length > 0) changes.push({ row: number, sku: known?.sku ?? sku, fields });
  }

  const valuesOfRow = new Map(records.map((record) => [record.number, record.values]));
  return {
    rows,
    totalRows: records.length,
    errors: errors.slice(0, LISTED_ERRORS).map((error) => described(error, file, valuesOfRow.get(error.row))),
    errorCount: errors.length,
    summary: {
      newComponents: rows.filter((row) => !row.existingId).length,
      updatedComponents: rows.filter((row) => row.existingId).length,
      newCategories: newCategories.size,
      openingBalances: rows.filter((row) => row.openingQuantity !== null).length,
    },
    sample: records.slice(0, SAMPLE_ROWS).map((record) => record.values as Record<string, string>),
    changes: changes.slice(0, LISTED_ERRORS),
    changedComponents: changes.length,
  };
}

/** An error with the file's header of its column and the value the row has there. */
function described(
  error: RowError<ImportColumn>,
  file: MappedFile,
  values: Partial<Record<ImportColumn, string>> | undefined,
): ImportRowError {
  const column = error.column;
  return {
    ...error,
    header: column ? (file.headers[column] ?? null) : null,
    value: column && values ? (values[column] ?? null) : null,
  };
}

/**
 * What the row changes on a stored component, each field as stored and as it will be, as the API writes values
 * (a category by its path, money in minor units, a quantity as a decimal, a unit by its code). A field the
 * mapping does not read is not written, nor is an empty cell while empty cells are kept.
 */
function changedFields(stored: StoredComponent, row: CheckedRow, file: MappedFile): ComponentChange['fields'] {
  const written = (column: ImportColumn) =>
    file.present.includes(column) && (file.emptyCells === 'clear' || (row.values[column] ?? '') !== '');
  const next: [ImportColumn, string, string][] = [
    ['name', stored.name, row.values.name ?? ''],
    ['category', stored.categoryPath ?? '', row.categoryPath ?? ''],
    ['manufacturer', stored.manufacturer, row.values.manufacturer ?? ''],
    ['manufacturerPartNumber', stored.manufacturerPartNumber, row.values.manufacturerPartNumber ?? ''],
    ['package', stored.package, row.values.package ?? ''],
    ['unit', stored.unit, row.unit],
    ['minimumStock', formatQuantity(stored.minimumStock), formatQuantity(row.minimumStock ?? '0')],
    ['unitCost', String(stored.unitCostMinor), String(row.unitCostMinor ?? 0)],
    ['datasheetUrl', stored.datasheetUrl, row.values.datasheetUrl ?? ''],
    ['description', stored.description, row.values.description ?? ''],
  ];
  // Categories are matched whatever their letter case, as the commit finds them.
  const differ = (column: ImportColumn, from: string, to: string) =>
    column === 'category' ? from.toLowerCase() !== to.toLowerCase() : from !== to;
  return next
    .filter(([column, from, to]) => written(column) && differ(column, from, to))
    .map(([column, from, to]) => ({ column, from, to }));
}
