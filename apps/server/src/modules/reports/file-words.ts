import type { Locale, Unit } from '@cm/contract';
import { unitWord } from '../../lib/domain-words.js';

/** Labels of the parameters files print, and the words several reports share. */
export const LABELS = {
  date: { en: 'At the end of', ru: 'На конец дня' },
  period: { en: 'Period', ru: 'Период' },
  groupBy: { en: 'Grouped by', ru: 'Группировка' },
  category: { en: 'Category', ru: 'Категория' },
  location: { en: 'Location', ru: 'Место хранения' },
  search: { en: 'Search', ru: 'Поиск' },
  total: { en: 'Total', ru: 'Итого' },
  noCategory: { en: 'No category', ru: 'Без категории' },
  other: { en: 'Other', ru: 'Прочие' },
  value: { en: 'Value', ru: 'Стоимость' },
  sku: { en: 'SKU', ru: 'Артикул' },
  name: { en: 'Name', ru: 'Наименование' },
  unit: { en: 'Unit', ru: 'Ед. изм.' },
  quantity: { en: 'Quantity', ru: 'Количество' },
  valuedAt: { en: 'Valued at', ru: 'Оценка' },
  defaultCost: { en: "the components' default unit cost", ru: 'по цене за единицу из карточки компонента' },
} satisfies Record<string, Record<Locale, string>>;

/** A calendar day as people of the language write it. */
export function dayText(date: string, lang: Locale): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function periodText(period: { from: string; to: string }, lang: Locale): string {
  return `${dayText(period.from, lang)} – ${dayText(period.to, lang)}`;
}

/** The quantities of several units on one line ("120 pcs; 3.5 m"). */
export function quantitiesText(quantities: { unit: Unit; quantity: string }[], lang: Locale): string {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  return quantities
    .map(({ unit, quantity }) => `${number.format(Number(quantity))} ${unitWord(unit, lang)}`)
    .join('; ');
}

/** One formatter per time zone: making one per cell cost a 10 000-row file most of its time and memory. */
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The day of an instant on the organisation's clock, `YYYY-MM-DD` as spreadsheets read it. */
export function localDay(instant: string, timeZone: string): string {
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' });
    DAY_FORMATS.set(timeZone, format);
  }
  return format.format(new Date(instant));
}
