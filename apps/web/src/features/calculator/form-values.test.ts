import type { CalculatorContext } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { engineInput, relocalised, serverFieldErrors, toInput, typedMinor, valuesOf } from './form-values';

const context = (planMinor: number | null, managementType: 'offline' | null = 'offline'): CalculatorContext => ({
  month: '2026-11',
  managers: [],
  manager: { id: '0a7c0d24-ce8b-445e-b49c-2d9f818dfff4', name: 'Maxim Petrov', managementType },
  planMinor,
  revenueMinor: 0,
  schemes: [],
  current: null,
});

const values = (plan: string, revenue: string, managementType: 'offline' | 'online' | null = 'offline') => ({
  managementType,
  plan,
  revenue,
});

describe('valuesOf', () => {
  it("opens with the manager's type and this month's plan as the language writes amounts, and no revenue", () => {
    expect(valuesOf(context(280_000_000), 2, 'en')).toEqual(values('2,800,000.00', ''));
    expect(valuesOf(context(280_000_000), 2, 'ru')).toEqual(values('2\u00a0800\u00a0000,00', ''));
    expect(valuesOf(context(null, null), 2, 'en')).toEqual(values('', '', null));
  });
});

describe('toInput', () => {
  it("gives the contract's request, exact minor units", () => {
    const { input, errors } = toInput(values('2 800 000', '1 500 000,50'), 2, 'ru');
    expect(errors).toEqual({});
    expect(input).toEqual({ managementType: 'offline', planMinor: 280_000_000, revenueMinor: 150_000_050 });
    expect(input && engineInput(input)).toEqual({ planMinor: 280_000_000n, revenueMinor: 150_000_050n });
  });

  it('takes a revenue of zero but asks for a plan above zero', () => {
    expect(toInput(values('1000', '0'), 2, 'en').input).toMatchObject({ revenueMinor: 0 });
    expect(toInput(values('0,00', '10'), 2, 'ru')).toEqual({
      input: null,
      errors: { plan: { key: 'validation.planAboveZero' } },
    });
  });

  it('says what each field lacks', () => {
    expect(toInput(values('', 'x', null), 2, 'en')).toEqual({
      input: null,
      errors: {
        managementType: { key: 'validation.managementType' },
        plan: { key: 'validation.required' },
        revenue: { key: 'validation.notANumber' },
      },
    });
    expect(toInput(values('10.001', '2000000000000'), 2, 'en').errors).toEqual({
      plan: { key: 'validation.tooManyDecimals', values: { count: 2 } },
      revenue: { key: 'validation.tooLarge' },
    });
  });
});

describe('serverFieldErrors', () => {
  const problem = (code: 'PLAN_REQUIRED' | 'VALIDATION_FAILED', errors: { path: string; code: string }[] = []) => ({
    type: 'about:blank',
    title: 'Unprocessable',
    status: 422,
    detail: 'Refused',
    code,
    errors: errors.map((error) => ({ ...error, message: 'English fallback' })),
  });

  it("puts the server's refusals on the fields", () => {
    expect(serverFieldErrors(problem('PLAN_REQUIRED'), 2)).toEqual({ plan: { key: 'validation.planAboveZero' } });
    expect(
      serverFieldErrors(
        problem('VALIDATION_FAILED', [
          { path: 'body.revenueMinor', code: 'too_big' },
          { path: 'body.managementType', code: 'invalid_value' },
          { path: 'body.month', code: 'invalid_format' },
        ]),
        2,
      ),
    ).toEqual({ revenue: { key: 'validation.tooLarge' }, managementType: { key: 'validation.managementType' } });
    expect(serverFieldErrors(undefined, 2)).toEqual({});
  });
});

describe('typedMinor', () => {
  it("reads an amount up to the calculator's largest, a trillion in major units, else gives none", () => {
    expect(typedMinor('1 500 000,50', 2, 'ru')).toBe(150_000_050n);
    expect(typedMinor('1000000000000.01', 2, 'en')).toBe(null);
    expect(typedMinor('', 2, 'en')).toBe(null);
  });
});

describe('relocalised', () => {
  it('rewrites readable amounts as the new language writes them and leaves the rest alone', () => {
    expect(relocalised(values('2,800,000.00', 'abc'), 2, 'en', 'ru')).toEqual(values('2\u00a0800\u00a0000,00', 'abc'));
    expect(relocalised(values('1 500 000,5', ''), 2, 'ru', 'en')).toEqual(values('1,500,000.50', ''));
  });
});
