import { describe, expect, it } from 'vitest';
import { quantityProblem } from './quantity';

describe('quantityProblem', () => {
  it('accepts quantities the contract and the unit accept', () => {
    expect(quantityProblem('12', 'pcs', true)).toBeNull();
    expect(quantityProblem('2,5', 'kg', true)).toBeNull();
    expect(quantityProblem('1 000', 'pcs', true)).toBeNull();
    expect(quantityProblem('0', 'pcs', false)).toBeNull();
  });

  it('asks for a quantity when there is none', () => {
    expect(quantityProblem('  ', 'pcs', true)).toBe('required');
  });

  it('says a negative number must be above zero, or, for a counted quantity, may not be negative', () => {
    expect(quantityProblem('-1', 'pcs', true)).toBe('positive');
    expect(quantityProblem('-2,5', 'kg', false)).toBe('negative');
    expect(quantityProblem('0', 'kg', true)).toBe('positive');
  });

  it('tells a counted unit that it takes whole numbers, however many decimals were typed', () => {
    expect(quantityProblem('1.2345', 'pcs', true)).toBe('whole');
    expect(quantityProblem('2.5', 'pcs', false)).toBe('whole');
    expect(quantityProblem('2.000', 'pcs', true)).toBeNull();
  });

  it('keeps the format message for what is not a number or has too many decimals for a measured unit', () => {
    expect(quantityProblem('abc', 'pcs', true)).toBe('format');
    expect(quantityProblem('1.2345', 'kg', true)).toBe('format');
    expect(quantityProblem('1e3', 'kg', true)).toBe('format');
  });
});
