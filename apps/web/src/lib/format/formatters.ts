import { currencyExponent, type Unit } from '@cm/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appInfoQuery } from '../app-info';
import { asFraction, moneyText } from './amounts';

type NumericText = `${number}`;

export type Formatters = {
  /** An exact decimal quantity ("1234.5") in the locale's digits, with the unit when given ("1 234,5 шт"). */
  quantity: (quantity: string, unit?: Unit) => string;
  /** Money from integer minor units (number, bigint or decimal string), in the organisation currency. */
  money: (minor: number | bigint | string) => string;
  /** The organisation currency's sign as `money` writes it ("₽", "$"), for the words around a money input. */
  currencySign: string;
  /** A whole number in the locale's digits. */
  count: (value: number) => string;
  /** A percentage the API writes with two decimals ("112.50"), as the locale writes one: "112.50%", "112,50 %". */
  percent: (text: string) => string;
  /** Date and time of an ISO timestamp in the locale and the organisation's time zone, e.g. "12 Mar 2026, 14:05". */
  dateTime: (iso: string) => string;
  /** The calendar day of an ISO timestamp in the organisation's time zone, e.g. "12 Mar 2026". */
  date: (iso: string) => string;
  /** The time of day of an ISO timestamp in the organisation's time zone, e.g. "14:05". */
  time: (iso: string) => string;
  /** Whether two timestamps fall on one day in the organisation's time zone. */
  sameDay: (first: string, second: string) => boolean;
  /**
   * The organisation's time zone in words, e.g. "Moscow Standard Time (GMT+3)", when this browser's clock
   * differs from it (times are then not the reader's own); null when they agree.
   */
  timeZoneNote: string | null;
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
  return useMemo(() => ({ code, digits: currencyExponent(code) }), [code]);
}

/** The UTC offset of a time zone now, e.g. "GMT+03:00", to compare two zones by what their clocks show. */
function offsetOf(timeZone: string | undefined): string {
  return (
    new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

function zoneName(language: string, timeZone: string, style: 'longGeneric' | 'short'): string {
  return (
    new Intl.DateTimeFormat(language, { timeZone, timeZoneName: style })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

type IntlFormats = {
  decimal: Intl.NumberFormat;
  whole: Intl.NumberFormat;
  currency: Intl.NumberFormat;
  percent: Intl.NumberFormat;
  dateTime: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  plural: Intl.PluralRules;
  /** Whether the organisation's clock differs from this browser's. */
  zoneDiffers: boolean;
};

/**
 * Intl's formatters are costly to build and every screen with a list asks for the same few; they are built once
 * per language, currency and time zone.
 */
const intlFormats = new Map<string, IntlFormats>();

function intlFormatsOf(language: string, currencyCode: string, timeZone: string | undefined): IntlFormats {
  const key = `${language} ${currencyCode} ${timeZone ?? ''}`;
  let formats = intlFormats.get(key);
  if (!formats) {
    formats = {
      decimal: new Intl.NumberFormat(language, { maximumFractionDigits: 3 }),
      whole: new Intl.NumberFormat(language),
      currency: new Intl.NumberFormat(language, {
        style: 'currency',
        currency: currencyCode,
        currencyDisplay: 'narrowSymbol',
      }),
      percent: new Intl.NumberFormat(language, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
      dateTime: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }),
      time: new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }),
      day: new Intl.DateTimeFormat('en-CA', { timeZone }),
      plural: new Intl.PluralRules(language),
      zoneDiffers: timeZone !== undefined && offsetOf(timeZone) !== offsetOf(undefined),
    };
    intlFormats.set(key, formats);
  }
  return formats;
}

/** Locale-aware formatters for list cells and totals; they follow the interface language. */
export function useFormatters(): Formatters {
  const { t, i18n } = useTranslation('tables');
  const language = i18n.language;
  const { code: currencyCode, digits } = useCurrency();
  // Times are shown on the organisation's clock, as its exports and period filters count them (one clock).
  const timeZone = useQuery(appInfoQuery).data?.timeZone;
  return useMemo(() => {
    const formats = intlFormatsOf(language, currencyCode, timeZone);
    // A unit's name depends only on the plural form of its amount: looked up once per form, not per cell.
    const unitNames = new Map<string, string>();
    const unit = (value: Unit, count = 2) => {
      const key = `${value} ${formats.plural.select(count)}`;
      let name = unitNames.get(key);
      if (name === undefined) {
        name = t(`domain:units.${value}`, { count });
        unitNames.set(key, name);
      }
      return name;
    };
    return {
      quantity: (quantity, unitOfMeasure) => {
        const text = formats.decimal.format(quantity as NumericText);
        return unitOfMeasure ? `${text} ${unit(unitOfMeasure, Number(quantity))}` : text;
      },
      money: (minor) => formats.currency.format(moneyText(minor, digits)),
      currencySign: formats.currency.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currencyCode,
      count: (value) => formats.whole.format(value),
      percent: (text) => formats.percent.format(asFraction(text) as NumericText),
      dateTime: (iso) => formats.dateTime.format(new Date(iso)),
      date: (iso) => formats.date.format(new Date(iso)),
      time: (iso) => formats.time.format(new Date(iso)),
      sameDay: (first, second) => formats.day.format(new Date(first)) === formats.day.format(new Date(second)),
      timeZoneNote:
        formats.zoneDiffers && timeZone
          ? t('timeZoneNote', {
              zone: zoneName(language, timeZone, 'longGeneric'),
              offset: zoneName(language, timeZone, 'short'),
            })
          : null,
      unit,
    };
  }, [language, t, currencyCode, digits, timeZone]);
}
