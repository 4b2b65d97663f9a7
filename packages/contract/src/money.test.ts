import { describe, expect, it } from 'vitest';
import { currencyExponent, majorUnits, parseAmountMinor } from './money.js';

describe('money in files', () => {
  it('knows each currency’s decimals, 2 for a code it does not know', () => {
    expect([
      currencyExponent('RUB'),
      currencyExponent('JPY'),
      currencyExponent('KWD'),
      currencyExponent('XYZ1'),
    ]).toEqual([2, 0, 3, 2]);
  });

  it.each<[string, number, { value: number } | { error: string }]>([
    ['12.50', 2, { value: 1250 }],
    ['12,5', 2, { value: 1250 }],
    ['1 250 000,55', 2, { value: 125_000_055 }],
    ['12.500', 2, { value: 1250 }],
    ['1.234', 2, { error: 'tooManyDecimals' }],
    ['1500', 0, { value: 1500 }],
    ['1500.00', 0, { value: 1500 }],
    ['1500.5', 0, { error: 'tooManyDecimals' }],
    ['1.234', 3, { value: 1234 }],
    ['0.035', 3, { value: 35 }],
    ['1.2345', 3, { error: 'tooManyDecimals' }],
    ['12.', 2, { error: 'invalidNumber' }],
    ['-5', 2, { error: 'invalidNumber' }],
    ['ten', 2, { error: 'invalidNumber' }],
    ['90071992547409.92', 2, { error: 'tooLarge' }],
    ['90071992547409.91', 2, { value: Number.MAX_SAFE_INTEGER }],
    ['0000000000000000000012.50', 2, { value: 1250 }],
    [`1${'0'.repeat(100_000)}`, 2, { error: 'tooLarge' }],
  ])('reads %s with %i decimals', (text, exponent, expected) => {
    expect(parseAmountMinor(text, exponent)).toEqual(expected);
  });

  it('refuses amounts above the maximum given', () => {
    expect(parseAmountMinor('10000000000000', 2, 1e15)).toEqual({ value: 1e15 });
    expect(parseAmountMinor('10000000000000.01', 2, 1e15)).toEqual({ error: 'tooLarge' });
    expect(parseAmountMinor('1000000000000001', 0, 1e15)).toEqual({ error: 'tooLarge' });
  });

  it('writes minor units as major units of the currency', () => {
    expect([majorUnits(12_345, 2), majorUnits(1500, 0), majorUnits(1234, 3), majorUnits('833', 2)]).toEqual([
      123.45, 1500, 1.234, 8.33,
    ]);
  });
});
