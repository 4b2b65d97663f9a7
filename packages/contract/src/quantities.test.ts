import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsUnit, formatQuantity, fromThousandths, toThousandths } from './quantities.js';

describe('quantity arithmetic shared by the server and the web', () => {
  it('reads quantities as exact thousandths, with their sign', () => {
    expect(toThousandths('12')).toBe(12_000n);
    expect(toThousandths('2.5')).toBe(2_500n);
    expect(toThousandths('0.001')).toBe(1n);
    expect(toThousandths('-1.5')).toBe(-1_500n);
    expect(toThousandths('-0.25')).toBe(-250n);
    expect(toThousandths(' 7.125 ')).toBe(7_125n);
    expect(toThousandths('.5')).toBe(500n);
  });

  it('writes thousandths back as the API writes quantities', () => {
    expect(fromThousandths(2_500n)).toBe('2.5');
    expect(fromThousandths(3_000n)).toBe('3');
    expect(fromThousandths(-1_500n)).toBe('-1.5');
    expect(fromThousandths(-250n)).toBe('-0.25');
    expect(fromThousandths(0n)).toBe('0');
  });

  it('round-trips every quantity the contract allows, negative ones included', () => {
    const quantity = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999_999_999n }))
      .map(([negative, thousandths]) => (negative ? -thousandths : thousandths));
    fc.assert(fc.property(quantity, (value) => toThousandths(fromThousandths(value)) === value));
  });

  it('drops trailing zeros and keeps whole numbers as they are', () => {
    expect(formatQuantity('10.500')).toBe('10.5');
    expect(formatQuantity('3.000')).toBe('3');
    expect(formatQuantity('120')).toBe('120');
  });

  it('lets counted units hold whole numbers only', () => {
    expect(fitsUnit('3', 'pcs')).toBe(true);
    expect(fitsUnit('3.000', 'pcs')).toBe(true);
    expect(fitsUnit('3.5', 'pcs')).toBe(false);
    expect(fitsUnit('3.5', 'm')).toBe(true);
  });
});
