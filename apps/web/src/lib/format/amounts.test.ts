import { describe, expect, it } from 'vitest';
import { decimalInputText, moneyInputText, moneyText, normaliseQuantity, parseMoney } from './amounts';

describe('parseMoney', () => {
  it('reads major units in the currency digits', () => {
    expect(parseMoney('12.50', 2, 'ru')).toBe(1250);
    expect(parseMoney('12.5', 2, 'ru')).toBe(1250);
    expect(parseMoney('12', 2, 'ru')).toBe(1200);
    expect(parseMoney('0.07', 2, 'ru')).toBe(7);
    expect(parseMoney('1500', 0, 'ru')).toBe(1500);
    expect(parseMoney('1.5', 3, 'ru')).toBe(1500);
    expect(parseMoney('1.234', 3, 'ru')).toBe(1234);
  });

  it('takes a decimal comma like a point', () => {
    expect(parseMoney('12,5', 2, 'ru')).toBe(1250);
    expect(parseMoney('0,125', 3, 'ru')).toBe(125);
  });

  it('drops grouping spaces, no-break and narrow no-break ones included', () => {
    expect(parseMoney('150 000', 2, 'ru')).toBe(15_000_000);
    expect(parseMoney('1\u00a0000,50', 2, 'ru')).toBe(100_050);
    expect(parseMoney('1\u202f000\u202f000', 0, 'ru')).toBe(1_000_000);
    expect(parseMoney(' 12.50\t', 2, 'ru')).toBe(1250);
  });

  it('accepts zeros beyond the currency digits, which change nothing', () => {
    expect(parseMoney('1500.00', 0, 'ru')).toBe(1500);
    expect(parseMoney('12.500', 2, 'ru')).toBe(1250);
    expect(parseMoney('1.2340', 3, 'ru')).toBe(1234);
    expect(parseMoney('12.', 2, 'ru')).toBe(1200);
  });

  it('refuses more decimals than the currency has', () => {
    expect(parseMoney('12.505', 2, 'ru')).toBeUndefined();
    expect(parseMoney('1500.5', 0, 'ru')).toBeUndefined();
    expect(parseMoney('1.2345', 3, 'ru')).toBeUndefined();
  });

  it('refuses anything else unreadable', () => {
    for (const text of ['abc', '-5', '+5', '1.2.3', '.5', '1e3', '12,50 ₽']) {
      expect(parseMoney(text, 2, 'ru'), text).toBeUndefined();
    }
  });

  it("stops at the contract's maximum", () => {
    expect(parseMoney('10000000000000', 2, 'ru')).toBe(1_000_000_000_000_000);
    expect(parseMoney('10000000000000.01', 2, 'ru')).toBeUndefined();
    expect(parseMoney('9999999999999999', 2, 'ru')).toBeUndefined();
  });

  it('gives null for blank, for the caller to read as no amount', () => {
    expect(parseMoney('', 2, 'ru')).toBeNull();
    expect(parseMoney('  \u00a0', 0, 'ru')).toBeNull();
  });
});

describe('moneyText', () => {
  it('writes minor units as major units in the currency digits', () => {
    expect(moneyText(123_456, 2)).toBe('1234.56');
    expect(moneyText(7, 2)).toBe('0.07');
    expect(moneyText(0, 2)).toBe('0.00');
    expect(moneyText(1500, 0)).toBe('1500');
    expect(moneyText(0, 0)).toBe('0');
    expect(moneyText(1234, 3)).toBe('1.234');
    expect(moneyText(5, 3)).toBe('0.005');
  });

  it('keeps the sign of a negative amount', () => {
    expect(moneyText(-5, 2)).toBe('-0.05');
    expect(moneyText('-123456', 0)).toBe('-123456');
    expect(moneyText('-0', 2)).toBe('0.00');
  });

  it('writes sums beyond 2^53 exactly, as bigints or decimal strings', () => {
    expect(moneyText(12_345_678_901_234_567_891n, 2)).toBe('123456789012345678.91');
    expect(moneyText('12345678901234567891', 3)).toBe('12345678901234567.891');
    expect(moneyText('0012345678901234567891', 0)).toBe('12345678901234567891');
  });

  it('reads back what it writes', () => {
    for (const [minor, digits] of [
      [1_000_000_000_000_000, 2],
      [1, 3],
      [150_000, 0],
    ] as const) {
      expect(parseMoney(moneyText(minor, digits), digits, 'en')).toBe(minor);
    }
  });
});

describe('decimalInputText', () => {
  it('writes the decimal separator of the language, without grouping, and reads back unchanged', () => {
    expect(decimalInputText('1234.56', 'ru')).toBe('1234,56');
    expect(decimalInputText('1234.56', 'en')).toBe('1234.56');
    expect(decimalInputText('1500', 'ru')).toBe('1500');
    expect(normaliseQuantity(decimalInputText('2.5', 'ru'))).toBe('2.5');
  });
});

describe('moneyInputText', () => {
  it('groups an amount as the language shows amounts, and reads back in that language', () => {
    expect(moneyInputText(255_000_000, 2, 'en')).toBe('2,550,000.00');
    expect(moneyInputText(255_000_000, 2, 'ru')).toBe('2\u00a0550\u00a0000,00');
    expect(moneyInputText(150_000, 0, 'en')).toBe('150,000');
    expect(moneyInputText(999, 2, 'en')).toBe('9.99');
    for (const language of ['en', 'ru']) {
      for (const [minor, digits] of [
        [255_000_000, 2],
        [150_000, 0],
        [1_000_000_000_000_000, 2],
        [7, 3],
      ] as const) {
        expect(parseMoney(moneyInputText(minor, digits, language), digits, language), `${language} ${minor}`).toBe(
          minor,
        );
      }
    }
  });

  it('reads a comma as grouping only in English and only between groups of three digits', () => {
    expect(parseMoney('1,500', 0, 'en')).toBe(1500);
    expect(parseMoney('1,500.25', 2, 'en')).toBe(150_025);
    expect(parseMoney('12,5', 2, 'en')).toBe(1250);
    expect(parseMoney('1,500', 3, 'ru')).toBe(1500);
    expect(parseMoney('1,50,000', 2, 'en')).toBeUndefined();
  });
});
