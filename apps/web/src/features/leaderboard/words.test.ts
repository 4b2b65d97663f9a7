import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/leaderboard.json';
import ru from '../../locales/ru/leaderboard.json';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { leaderboard: en }, ru: { leaderboard: ru } },
  interpolation: { escapeValue: false },
});

const wordsIn = (language: 'en' | 'ru') => i18n.getFixedT(language, 'leaderboard');

describe('the change of place in words', () => {
  it('counts places in English', () => {
    const t = wordsIn('en');
    expect(t('change.up', { count: 1 })).toBe('up 1 place');
    expect(t('change.up', { count: 2 })).toBe('up 2 places');
    expect(t('change.down', { count: 3 })).toBe('down 3 places');
  });

  it('uses the Russian plural forms', () => {
    const t = wordsIn('ru');
    expect(t('change.up', { count: 1 })).toBe('на 1 место выше');
    expect(t('change.up', { count: 2 })).toBe('на 2 места выше');
    expect(t('change.up', { count: 5 })).toBe('на 5 мест выше');
    expect(t('change.down', { count: 21 })).toBe('на 21 место ниже');
    expect(t('change.down', { count: 12 })).toBe('на 12 мест ниже');
  });
});

describe('closed months in words', () => {
  it('says when each month was closed, the month where a capital is right in either language', () => {
    expect(wordsIn('en')('closed', { month: 'October 2026', date: 'Nov 3, 2026' })).toBe(
      'Figures of October 2026 are as closed on Nov 3, 2026.',
    );
    expect(wordsIn('ru')('closed', { month: 'Октябрь 2026 г.', date: '3 нояб. 2026 г.' })).toBe(
      'Октябрь 2026 г.: закрыт 3 нояб. 2026 г., цифры зафиксированы при закрытии.',
    );
  });
});
