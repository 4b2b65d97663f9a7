import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/sales-period.json';
import ru from '../../locales/ru/sales-period.json';
import {
  addDays,
  lengthInDays,
  monthOf,
  periodOf,
  quarterOf,
  rangeProblem,
  searchOf,
  shiftPeriod,
  shownPeriod,
  switchKind,
  todayIn,
  weekOf,
} from './period';
import { periodWords } from './period-words';

describe('periods of a kind', () => {
  it.each([
    ['2026-11-27', { from: '2026-11-01', to: '2026-11-30' }],
    ['2026-02-14', { from: '2026-02-01', to: '2026-02-28' }],
    ['2024-02-29', { from: '2024-02-01', to: '2024-02-29' }],
    ['2026-12-31', { from: '2026-12-01', to: '2026-12-31' }],
  ])('the month of %s is %j', (day, month) => {
    expect(monthOf(day)).toEqual(month);
    expect(periodOf('month', day)).toEqual(month);
  });

  it.each([
    // A Friday, a Monday and a Sunday: weeks run Monday to Sunday.
    ['2026-11-27', { from: '2026-11-23', to: '2026-11-29' }],
    ['2026-11-23', { from: '2026-11-23', to: '2026-11-29' }],
    ['2026-11-29', { from: '2026-11-23', to: '2026-11-29' }],
    // Across a year's end.
    ['2027-01-01', { from: '2026-12-28', to: '2027-01-03' }],
  ])('the week of %s is %j', (day, week) => {
    expect(weekOf(day)).toEqual(week);
  });

  it.each([
    ['2026-11-27', { from: '2026-10-01', to: '2026-12-31' }],
    ['2026-01-01', { from: '2026-01-01', to: '2026-03-31' }],
    ['2026-06-30', { from: '2026-04-01', to: '2026-06-30' }],
    ['2026-08-15', { from: '2026-07-01', to: '2026-09-30' }],
  ])('the quarter of %s is %j', (day, quarter) => {
    expect(quarterOf(day)).toEqual(quarter);
  });
});

describe('days', () => {
  it('counts days across months, leap days and clock changes', () => {
    expect(addDays('2026-03-28', 3)).toBe('2026-03-31');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(lengthInDays({ from: '2026-10-24', to: '2026-10-26' })).toBe(3);
    expect(lengthInDays({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
  });

  it('says why the server would refuse a range', () => {
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('reversed');
    expect(rangeProblem({ from: '2025-11-01', to: '2026-11-01' })).toBe(null); // 366 days
    expect(rangeProblem({ from: '2025-11-01', to: '2026-11-02' })).toBe('tooLong');
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBe(null);
  });
});

describe('the period before and after', () => {
  it('moves a month by a month, whatever their lengths', () => {
    expect(shiftPeriod('month', monthOf('2026-03-15'), -1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shiftPeriod('month', monthOf('2026-01-31'), -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shiftPeriod('month', monthOf('2026-12-01'), 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  });

  it('moves a week by seven days, also across a month and a year', () => {
    expect(shiftPeriod('week', weekOf('2026-11-27'), -1)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(shiftPeriod('week', weekOf('2026-12-30'), 1)).toEqual({ from: '2027-01-04', to: '2027-01-10' });
  });

  it('moves a quarter by a quarter, also across a year', () => {
    expect(shiftPeriod('quarter', quarterOf('2026-11-27'), -1)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(shiftPeriod('quarter', quarterOf('2026-11-27'), 1)).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(shiftPeriod('quarter', quarterOf('2026-02-01'), -1)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('moves a custom range by its own length', () => {
    const range = { from: '2026-11-03', to: '2026-11-12' };
    expect(lengthInDays(range)).toBe(10);
    expect(shiftPeriod('custom', range, -1)).toEqual({ from: '2026-10-24', to: '2026-11-02' });
    expect(shiftPeriod('custom', range, 1)).toEqual({ from: '2026-11-13', to: '2026-11-22' });
  });
});

describe('the period in the address', () => {
  const today = '2026-11-27';

  it('is the current month without one, and says it is current', () => {
    expect(shownPeriod({ period: 'month' }, today)).toEqual({
      kind: 'month',
      period: { from: '2026-11-01', to: '2026-11-30' },
      current: true,
    });
  });

  it('names a month, week or quarter by any day in it', () => {
    expect(shownPeriod({ period: 'month', from: '2026-10-17' }, today).period).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(shownPeriod({ period: 'week', from: '2026-11-18' }, today)).toEqual({
      kind: 'week',
      period: { from: '2026-11-16', to: '2026-11-22' },
      current: false,
    });
    expect(shownPeriod({ period: 'quarter', from: '2026-05-05' }, today).period).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
    });
  });

  it('keeps a custom range as typed, and has none while a day is missing', () => {
    expect(shownPeriod({ period: 'custom', from: '2026-11-03', to: '2026-11-12' }, today)).toEqual({
      kind: 'custom',
      period: { from: '2026-11-03', to: '2026-11-12' },
      current: false,
    });
    expect(shownPeriod({ period: 'custom', from: '2026-11-03' }, today)).toEqual({
      kind: 'custom',
      period: null,
      from: '2026-11-03',
      to: undefined,
      current: false,
    });
  });

  it('leaves out the first day of the current period, so that "this month" stays this month', () => {
    expect(searchOf('month', monthOf(today), today)).toEqual({ period: 'month', from: undefined, to: undefined });
    expect(searchOf('week', weekOf('2026-11-18'), today)).toEqual({
      period: 'week',
      from: '2026-11-16',
      to: undefined,
    });
    expect(searchOf('custom', { from: '2026-11-03', to: '2026-11-30' }, today)).toEqual({
      period: 'custom',
      from: '2026-11-03',
      to: '2026-11-30',
    });
  });

  it('switches kind to the one of today from a current period, else to the one of the first day shown', () => {
    const current = shownPeriod({ period: 'month' }, today);
    expect(switchKind(current, 'week', today)).toEqual({ period: 'week', from: undefined, to: undefined });
    const october = shownPeriod({ period: 'month', from: '2026-10-01' }, today);
    expect(switchKind(october, 'week', today)).toEqual({ period: 'week', from: '2026-09-28', to: undefined });
    // October's quarter is today's: the current one, without a first day.
    expect(switchKind(october, 'quarter', today)).toEqual({ period: 'quarter', from: undefined, to: undefined });
    const august = shownPeriod({ period: 'month', from: '2026-08-01' }, today);
    expect(switchKind(august, 'quarter', today)).toEqual({ period: 'quarter', from: '2026-07-01', to: undefined });
    // A custom range starts as the period shown.
    expect(switchKind(october, 'custom', today)).toEqual({ period: 'custom', from: '2026-10-01', to: '2026-10-31' });
    // From an unfinished range, around today.
    const unfinished = shownPeriod({ period: 'custom' }, today);
    expect(switchKind(unfinished, 'month', today)).toEqual({ period: 'month', from: undefined, to: undefined });
  });
});

describe("today on the organisation's clock", () => {
  it('is the day in that time zone, not in this machine', () => {
    const instant = new Date('2026-11-30T22:30:00Z');
    expect(todayIn('Europe/Moscow', instant)).toBe('2026-12-01');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-30');
  });
});

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { 'sales-period': en }, ru: { 'sales-period': ru } },
  interpolation: { escapeValue: false },
});

/** The words of a language, quarters named by its catalogue, as usePeriodWords builds them. */
function wordsIn(language: 'en' | 'ru') {
  const t = i18n.getFixedT(language, 'sales-period');
  return periodWords(language, (quarter) => t('quarter', quarter));
}

// Intl separates a range's ends with thin or no-break spaces, and months are kept on one line with no-break
// spaces; they are compared as plain ones.
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

describe('periods in words', () => {
  it('names a whole month, a whole quarter, and any other period by its days', () => {
    const words = wordsIn('en');
    expect(plain(words.period({ from: '2026-11-01', to: '2026-11-30' }))).toBe('November 2026');
    expect(words.period({ from: '2026-10-01', to: '2026-12-31' })).toBe('Q4 2026');
    expect(plain(words.period({ from: '2026-11-23', to: '2026-11-29' }))).toBe('Nov 23 – 29, 2026');
    expect(plain(words.period({ from: '2026-10-01', to: '2026-10-27' }))).toBe('Oct 1 – 27, 2026');
    expect(plain(words.period({ from: '2026-12-28', to: '2027-01-03' }))).toBe('Dec 28, 2026 – Jan 3, 2027');
  });

  it('in Russian, with a month capitalised as a heading and the quarter in Roman numerals', () => {
    const words = wordsIn('ru');
    expect(plain(words.period({ from: '2026-11-01', to: '2026-11-30' }))).toBe('Ноябрь 2026 г.');
    expect(words.period({ from: '2026-10-01', to: '2026-12-31' })).toBe('IV квартал 2026 г.');
    expect(plain(words.period({ from: '2026-10-30', to: '2026-11-02' }))).toBe('30 окт. – 2 нояб. 2026 г.');
    expect(plain(words.range({ from: '2026-11-23', to: '2026-11-29' }))).toMatch(/^23\s?–\s?29 нояб\. 2026 г\.$/);
  });

  it('writes a day on no clock but its own: the first of a month stays the first', () => {
    expect(wordsIn('en').day('2026-12-01')).toBe('Dec 1, 2026');
    expect(wordsIn('en').range({ from: '2026-11-05', to: '2026-11-05' })).toBe('Nov 5, 2026');
  });

  it('writes the trend buckets short', () => {
    const words = wordsIn('en');
    expect(plain(words.bucket('week', { from: '2026-11-02', to: '2026-11-08' }))).toBe('Nov 2 – 8');
    expect(wordsIn('ru').bucket('week', { from: '2026-11-30', to: '2026-11-30' })).toBe('30 нояб.');
    expect(words.bucket('month', { from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 2026');
  });
});
