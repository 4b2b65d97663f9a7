import {
  BONUS_MONEY_MAX_MINOR,
  type CalculatorContext,
  CalculatorRequest,
  type ManagementType,
  type Problem,
} from '@cm/contract';
import { type MoneyProblem, moneyInputText, readMoney, relocalisedMoney } from '../../lib/format';

/** What the calculator's inputs hold: amounts as typed, turned into a CalculatorRequest while typing. */
export type CalculatorFormValues = {
  managementType: ManagementType | null;
  /** The monthly plan in major units of the organisation currency, as typed ("2 800 000,00"). */
  plan: string;
  /** The potential revenue, as typed; empty until someone types one. */
  revenue: string;
};

export type CalculatorField = keyof CalculatorFormValues;

/** A message key of the `calculator` namespace with its parameters. */
export type FieldMessage = { key: string; values?: Record<string, string | number> };

export type CalculatorFieldErrors = Partial<Record<CalculatorField, FieldMessage>>;

/**
 * The inputs a manager's calculator opens with: their management type and this month's plan (written as
 * `language` writes amounts, in the currency's `digits`), and no potential revenue yet.
 */
export function valuesOf(context: CalculatorContext, digits: number, language: string): CalculatorFormValues {
  return {
    managementType: context.manager?.managementType ?? null,
    plan: context.planMinor === null ? '' : moneyInputText(context.planMinor, digits, language),
    revenue: '',
  };
}

/** The message of an amount's problem; `digits` picks the plural of "decimals". */
function moneyMessage(problem: MoneyProblem, digits: number): FieldMessage {
  switch (problem) {
    case 'empty':
      return { key: 'validation.required' };
    case 'tooManyDecimals':
      return { key: 'validation.tooManyDecimals', values: { count: digits } };
    case 'tooLarge':
      return { key: 'validation.tooLarge' };
    default:
      return { key: 'validation.notANumber' };
  }
}

const PLAN_ABOVE_ZERO: FieldMessage = { key: 'validation.planAboveZero' };

/** The field of a request path (`planMinor`, or the server's `body.planMinor`). */
function fieldOf(path: string): CalculatorField | null {
  const name = path.replace(/^body\.?/, '');
  if (name === 'planMinor') return 'plan';
  if (name === 'revenueMinor') return 'revenue';
  if (name === 'managementType') return 'managementType';
  return null;
}

function messageOf(field: CalculatorField, code: string, digits: number): FieldMessage {
  if (field === 'managementType') return { key: 'validation.managementType' };
  if (code === 'too_big') return moneyMessage('tooLarge', digits);
  return moneyMessage('notANumber', digits);
}

/**
 * Checks the inputs with the contract's CalculatorRequest schema, plus what only the form knows (amounts typed
 * in the organisation currency's `digits` as `language` writes them, and a plan above zero, which the server
 * asks for too) and converts them; `errors` is empty when `input` is set.
 */
export function toInput(
  values: CalculatorFormValues,
  digits: number,
  language: string,
): { input: CalculatorRequest | null; errors: CalculatorFieldErrors } {
  const errors: CalculatorFieldErrors = {};
  const plan = readMoney(values.plan, digits, language, BONUS_MONEY_MAX_MINOR);
  if (plan.problem) errors.plan = moneyMessage(plan.problem, digits);
  else if (plan.minor === 0) errors.plan = PLAN_ABOVE_ZERO;
  const revenue = readMoney(values.revenue, digits, language, BONUS_MONEY_MAX_MINOR);
  if (revenue.problem) errors.revenue = moneyMessage(revenue.problem, digits);
  const candidate = {
    managementType: values.managementType ?? undefined,
    planMinor: plan.problem ? 0 : plan.minor,
    revenueMinor: revenue.problem ? 0 : revenue.minor,
  };
  const parsed = CalculatorRequest.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field) errors[field] ??= messageOf(field, issue.code, digits);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { input: null, errors };
  return { input: parsed.data, errors: {} };
}

/** The engine's input for a request: exact integers. */
export function engineInput(input: CalculatorRequest): { planMinor: bigint; revenueMinor: bigint } {
  return { planMinor: BigInt(input.planMinor), revenueMinor: BigInt(input.revenueMinor) };
}

/** Field messages from a refused calculation: the server's field errors by path, and a plan of zero. */
export function serverFieldErrors(problem: Problem | undefined, digits: number): CalculatorFieldErrors {
  const errors: CalculatorFieldErrors = {};
  if (problem?.code === 'PLAN_REQUIRED') errors.plan = PLAN_ABOVE_ZERO;
  for (const error of problem?.errors ?? []) {
    const field = fieldOf(error.path);
    if (field) errors[field] ??= messageOf(field, error.code, digits);
  }
  return errors;
}

/** The amounts as typed in one language, rewritten as another writes them (the calculator's useTypedState). */
export function relocalised(
  values: CalculatorFormValues,
  digits: number,
  from: string,
  to: string,
): CalculatorFormValues {
  return {
    ...values,
    plan: relocalisedMoney(values.plan, digits, from, to),
    revenue: relocalisedMoney(values.revenue, digits, from, to),
  };
}

/** An amount typed that reads within the calculator's largest, as exact minor units; null otherwise. */
export function typedMinor(text: string, digits: number, language: string): bigint | null {
  const read = readMoney(text, digits, language, BONUS_MONEY_MAX_MINOR);
  return read.problem ? null : BigInt(read.minor);
}
