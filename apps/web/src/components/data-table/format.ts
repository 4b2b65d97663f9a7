import type { Unit } from '@cm/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appInfoQuery } from '../../features/auth/api';
import { minorToDecimal } from '../../lib/decimal';

type NumericText = `${number}`;

export type Formatters = {
  /** An exact decimal quantity ("1234.5") in the locale's digits, with the unit when given ("1 234,5 шт"). */
  quantity: (quantity: string, unit?: Unit) => string;
  /** Money from integer minor units (number or decimal string), in the organisation currency. */
  money: (minor: number | string) => string;
  /** A whole number in the locale's digits. */
  count: (value: number) => string;
  /** Date and time of an ISO timestamp in the locale, e.g. "12 Mar 2026, 14:05". */
  dateTime: (iso: string) => string;
  /** Short name of a unit of measure in the interface language, for the given amount (plural by default). */
  unit: (unit: Unit, count?: number) => string;
};

/** Locale-aware formatters for list cells and totals; they follow the interface language. */
export function useFormatters(): Formatters {
  const { t, i18n } = useTranslation('tables');
  const language = i18n.language;
  // The organisation currency (sales settings); RUB, the product default, until the app info has arrived.
  const currencyCode = useQuery(appInfoQuery).data?.currency ?? 'RUB';
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
      money: (minor) => currency.format(minorToDecimal(minor)),
      count: (value) => whole.format(value),
      dateTime: (iso) => date.format(new Date(iso)),
      unit,
    };
  }, [language, t, currencyCode]);
}
