import type { Unit } from '@cm/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appInfoQuery } from '../../features/auth/api';
import { currencyDigits, moneyText } from '../../lib/decimal';

type NumericText = `${number}`;

export type Formatters = {
  /** An exact decimal quantity ("1234.5") in the locale's digits, with the unit when given ("1 234,5 шт"). */
  quantity: (quantity: string, unit?: Unit) => string;
  /** Money from integer minor units (number, bigint or decimal string), in the organisation currency. */
  money: (minor: number | bigint | string) => string;
  /** A whole number in the locale's digits. */
  count: (value: number) => string;
  /** Date and time of an ISO timestamp in the locale, e.g. "12 Mar 2026, 14:05". */
  dateTime: (iso: string) => string;
  /** Short name of a unit of measure in the interface language, for the given amount (plural by default). */
  unit: (unit: Unit, count?: number) => string;
};

export type Currency = {
  /** ISO 4217 code, e.g. "RUB". */
  code: string;
  /** Digits after the decimal point, the scale of its minor units: 2 for RUB, 0 for JPY, 3 for KWD. */
  digits: number;
};

/**
 * The organisation currency (sales settings), in which every money amount of the API is counted; RUB, the
 * product default, until the app info has arrived.
 */
export function useCurrency(): Currency {
  const code = useQuery(appInfoQuery).data?.currency ?? 'RUB';
  return useMemo(() => ({ code, digits: currencyDigits(code) }), [code]);
}

/** Locale-aware formatters for list cells and totals; they follow the interface language. */
export function useFormatters(): Formatters {
  const { t, i18n } = useTranslation('tables');
  const language = i18n.language;
  const { code: currencyCode, digits } = useCurrency();
  return useMemo(() => {
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    const whole = new Intl.NumberFormat(language);
    const currency = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currencyCode,
      currencyDisplay: 'narrowSymbol',
    });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const unit = (value: Unit, count = 2) => t(`units.${value}`, { count });
    return {
      quantity: (quantity, unitOfMeasure) => {
        const text = decimal.format(quantity as NumericText);
        return unitOfMeasure ? `${text} ${unit(unitOfMeasure, Number(quantity))}` : text;
      },
      money: (minor) => currency.format(moneyText(minor, digits)),
      count: (value) => whole.format(value),
      dateTime: (iso) => date.format(new Date(iso)),
      unit,
    };
  }, [language, t, currencyCode, digits]);
}
