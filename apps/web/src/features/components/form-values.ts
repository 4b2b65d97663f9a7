import { type Component, ComponentInput, isCountedUnit, type Problem, type Unit } from '@cm/contract';
import type { z } from 'zod';
import { decimalInputText, isWholeQuantity, moneyInputText, normaliseQuantity, parseMoney } from '../../lib/format';

export type ParameterRow = { key: string; name: string; value: string; unit: string };

/** What the form holds: text as typed, converted to a ComponentInput only on submit. */
export type ComponentFormValues = {
  sku: string;
  name: string;
  categoryId: string | null;
  manufacturer: string;
  manufacturerPartNumber: string;
  package: string;
  unit: Unit;
  minimumStock: string;
  /** Default unit cost in major units of the organisation currency as typed, e.g. "12.50"; blank for none. */
  unitCost: string;
  datasheetUrl: string;
  parameters: ParameterRow[];
  imageId: string | null;
  description: string;
};

/** A message key of the `components` namespace (or `errors:CODE`) with its parameters. */
export type FieldMessage = { key: string; values?: Record<string, string | number> };

/** Messages by field: `sku`, `unitCost`, `parameters.0.name`, … */
export type FieldErrors = Record<string, FieldMessage>;

let rowCounter = 0;
export function parameterRow(name = '', value = '', unit = ''): ParameterRow {
  rowCounter += 1;
  return { key: `parameter-${rowCounter}`, name, value, unit };
}

export function emptyValues(): ComponentFormValues {
  return {
    sku: '',
    name: '',
    categoryId: null,
    manufacturer: '',
    manufacturerPartNumber: '',
    package: '',
    unit: 'pcs',
    minimumStock: '0',
    unitCost: '',
    datasheetUrl: '',
    parameters: [],
    imageId: null,
    description: '',
  };
}

/**
 * The values of a saved component, with decimals written as `language` writes them; `digits` are those of
 * the organisation currency (see useCurrency).
 */
export function valuesOf(component: Component, digits: number, language: string): ComponentFormValues {
  return {
    sku: component.sku,
    name: component.name,
    categoryId: component.categoryId,
    manufacturer: component.manufacturer,
    manufacturerPartNumber: component.manufacturerPartNumber,
    package: component.package,
    unit: component.unit,
    minimumStock: decimalInputText(component.minimumStock, language),
    // No cost shows as an empty box, as on a new component, rather than as "0.00".
    unitCost:
      component.defaultUnitCostMinor === 0 ? '' : moneyInputText(component.defaultUnitCostMinor, digits, language),
    datasheetUrl: component.datasheetUrl,
    parameters: component.parameters.map((parameter) => parameterRow(parameter.name, parameter.value, parameter.unit)),
    imageId: component.imageId,
    description: component.description,
  };
}

/** The values without the row keys, for telling whether anything was changed. */
export function comparable(values: ComponentFormValues): string {
  return JSON.stringify({
    ...values,
    // "7,5" and "7.5" are the same number: switching the language alone changes nothing.
    minimumStock: normaliseQuantity(values.minimumStock),
    unitCost: normaliseQuantity(values.unitCost),
    parameters: values.parameters.map(({ key: _key, ...rest }) => rest),
  });
}

const FIELD_OF_PATH: Record<string, string> = { defaultUnitCostMinor: 'unitCost' };

function fieldOf(path: readonly PropertyKey[]): string {
  const joined = path.map(String).join('.');
  return FIELD_OF_PATH[joined] ?? joined;
}

/** What a money field accepts: amounts of 0 or more with at most the currency's `digits` decimals. */
function moneyMessage(digits: number): FieldMessage {
  return { key: 'validation.money', values: { count: digits } };
}

/** The message for a failed rule, by the rule and the field it failed on. */
function messageOf(
  field: string,
  code: string,
  digits: number,
  issue?: { minimum?: unknown; maximum?: unknown },
): FieldMessage {
  if (code === 'too_small') {
    return field === 'unitCost' ? moneyMessage(digits) : { key: 'validation.required' };
  }
  if (code === 'too_big') {
    if (field === 'unitCost') return moneyMessage(digits);
    if (field === 'parameters')
      return { key: 'validation.tooManyParameters', values: { max: Number(issue?.maximum ?? 100) } };
    return typeof issue?.maximum === 'number'
      ? { key: 'validation.tooLong', values: { count: issue.maximum } }
      : { key: 'validation.invalid' };
  }
  if (code === 'invalid_format' || code === 'invalid_union' || code === 'invalid_string') {
    if (field === 'sku') return { key: 'validation.sku' };
    if (field === 'minimumStock') return { key: 'validation.quantity' };
    if (field === 'datasheetUrl') return { key: 'validation.url' };
  }
  return { key: 'validation.invalid' };
}

/**
 * Checks the values with the contract's ComponentInput schema (plus what only the form knows: the money
 * text, read in the organisation currency's `digits` as `language` writes it, and whole quantities for
 * counted units) and converts them; `errors` is empty when `input` is set.
 */
export function toInput(
  values: ComponentFormValues,
  digits: number,
  language: string,
): { input: ComponentInput | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const costMinor = parseMoney(values.unitCost, digits, language);
  if (costMinor === undefined) errors.unitCost = moneyMessage(digits);
  // A row left completely empty is not a parameter; a half-filled one is checked.
  const parameters = values.parameters
    .map((row) => ({ name: row.name, value: row.value, unit: row.unit }))
    .filter((row) => `${row.name}${row.value}${row.unit}`.trim() !== '');
  const keptRows = values.parameters.filter((row) => `${row.name}${row.value}${row.unit}`.trim() !== '');
  const candidate: z.input<typeof ComponentInput> = {
    sku: values.sku,
    name: values.name,
    categoryId: values.categoryId,
    manufacturer: values.manufacturer,
    manufacturerPartNumber: values.manufacturerPartNumber,
    package: values.package,
    unit: values.unit,
    description: values.description,
    imageId: values.imageId,
    datasheetUrl: values.datasheetUrl.trim(),
    parameters,
    // Read like every other quantity field: spaces dropped, a decimal comma taken as a point ("2,5" → "2.5").
    minimumStock: normaliseQuantity(values.minimumStock) || '0',
    defaultUnitCostMinor: costMinor ?? 0,
  };
  const parsed = ComponentInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      let field = fieldOf(issue.path);
      // Parameter errors point at the row as the user sees it (empty rows were left out above).
      const match = /^parameters\.(\d+)\.(\w+)$/.exec(field);
      if (match) {
        const row = keptRows[Number(match[1])];
        field = `parameters.${values.parameters.indexOf(row as ParameterRow)}.${match[2]}`;
      }
      errors[field] ??= messageOf(field, issue.code, digits, issue as { minimum?: unknown; maximum?: unknown });
    }
  }
  if (!errors.minimumStock && isCountedUnit(values.unit) && !isWholeQuantity(candidate.minimumStock ?? '0')) {
    errors.minimumStock = { key: 'validation.wholeNumber' };
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors };
}

/** Field messages from a refused request: SKU_TAKEN on the SKU, the server's field errors by their path. */
export function serverFieldErrors(code: string, problem: Problem | undefined, digits: number): FieldErrors {
  if (code === 'SKU_TAKEN') return { sku: { key: 'errors:SKU_TAKEN' } };
  if (code === 'UNIT_IN_USE') return { unit: { key: 'errors:UNIT_IN_USE' } };
  const errors: FieldErrors = {};
  if (code === 'VALIDATION_FAILED') {
    for (const error of problem?.errors ?? []) {
      const field = fieldOf(error.path.replace(/^body\.?/, '').split('.'));
      if (field) errors[field] ??= messageOf(field, error.code, digits);
    }
  }
  return errors;
}
