import { describe, expect, it } from 'vitest';
import {
  asFraction,
  decimalInputText,
  moneyInputText,
  moneyText,
  normaliseQuantity,
  parseMoney,
  readMoney,
  relocalisedMoney,
} from './amounts';

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

describe('percentages', () => {
  it('become the fraction they stand for by moving the point, digits kept exactly', () => {
    expect(['112.50', '5.00', '0', '0.01', '1234.56', '99999999999.99', '-3.5'].map(asFraction)).toEqual([
      '1.1250',
      '0.0500',
      '0.00',
      '0.0001',
      '12.3456',
      '999999999.9999',
      '-0.035',
    ]);
  });

  it('are written as each language writes a percentage, two decimals always', () => {
    const percent = (text: string, language: string) =>
      new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        asFraction(text) as `${number}`,
      );
    expect(percent('112.5', 'en')).toBe('112.50%');
    expect(percent('119.99', 'ru')).toBe('119,99\u00a0%');
    expect(percent('1234.56', 'en')).toBe('1,234.56%');
  });
});

describe('readMoney', () => {
  const TRILLION_MINOR = 100_000_000_000_000;

  it('reads amounts typed in either language', () => {
    expect(readMoney('1 500 000,50', 2, 'ru')).toEqual({ minor: 150_000_050 });
    expect(readMoney('1,500,000.50', 2, 'en')).toEqual({ minor: 150_000_050 });
    expect(readMoney('0', 2, 'en')).toEqual({ minor: 0 });
    expect(readMoney('12.500', 2, 'en')).toEqual({ minor: 1250 });
  });

  it('tells why an amount cannot be read, for the form to say', () => {
    expect(readMoney('  ', 2, 'en')).toEqual({ problem: 'empty' });
    for (const text of ['abc', '-5', '1.2.3', '12,50 ₽', '1e6']) {
      expect(readMoney(text, 2, 'en'), text).toEqual({ problem: 'notANumber' });
    }
    expect(readMoney('12.505', 2, 'en')).toEqual({ problem: 'tooManyDecimals' });
    expect(readMoney('60 000.505', 2, 'en')).toEqual({ problem: 'tooManyDecimals' });
    // A currency without minor units takes whole amounts only.
    expect(readMoney('1 500,5', 0, 'ru')).toEqual({ problem: 'tooManyDecimals' });
    expect(readMoney('0.0000000001', 2, 'en')).toEqual({ problem: 'tooManyDecimals' });
  });

  it("stops at the field's largest amount, and at the contract's without one", () => {
    expect(readMoney('1000000000000', 2, 'en', TRILLION_MINOR)).toEqual({ minor: TRILLION_MINOR });
    expect(readMoney('1,000,000,000,000.01', 2, 'en', TRILLION_MINOR)).toEqual({ problem: 'tooLarge' });
    expect(readMoney('1000000000000.01', 2, 'en')).toEqual({ minor: TRILLION_MINOR + 1 });
    // Beyond what parseMoney reads at all: still too large, not "not a number".
    expect(readMoney('99999999999999999999', 2, 'en')).toEqual({ problem: 'tooLarge' });
  });
});

describe('relocalisedMoney', () => {
  it('rewrites a readable amount as the new language writes it and leaves the rest alone', () => {
    expect(relocalisedMoney('2,800,000.00', 2, 'en', 'ru')).toBe('2\u00a0800\u00a0000,00');
    expect(relocalisedMoney('1 500 000,5', 2, 'ru', 'en')).toBe('1,500,000.50');
    expect(relocalisedMoney('abc', 2, 'en', 'ru')).toBe('abc');
    expect(relocalisedMoney('', 2, 'en', 'ru')).toBe('');
  });
});
