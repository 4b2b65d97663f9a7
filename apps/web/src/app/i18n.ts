import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, readLocale, writeSetting } from '../lib/interface-settings';
import enAuth from '../locales/en/auth.json';
import enCategories from '../locales/en/categories.json';
import enCommon from '../locales/en/common.json';
import enComponents from '../locales/en/components.json';
import enErrors from '../locales/en/errors.json';
import enImports from '../locales/en/imports.json';
import enLocations from '../locales/en/locations.json';
import enMarkdown from '../locales/en/markdown.json';
import enMovements from '../locales/en/movements.json';
import enSalesSettings from '../locales/en/sales-settings.json';
import enStock from '../locales/en/stock.json';
import enTables from '../locales/en/tables.json';
import enTransactions from '../locales/en/transactions.json';
import ruAuth from '../locales/ru/auth.json';
import ruCategories from '../locales/ru/categories.json';
import ruCommon from '../locales/ru/common.json';
import ruComponents from '../locales/ru/components.json';
import ruErrors from '../locales/ru/errors.json';
import ruImports from '../locales/ru/imports.json';
import ruLocations from '../locales/ru/locations.json';
import ruMarkdown from '../locales/ru/markdown.json';
import ruMovements from '../locales/ru/movements.json';
import ruSalesSettings from '../locales/ru/sales-settings.json';
import ruStock from '../locales/ru/stock.json';
import ruTables from '../locales/ru/tables.json';
import ruTransactions from '../locales/ru/transactions.json';

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    errors: enErrors,
    categories: enCategories,
    components: enComponents,
    imports: enImports,
    markdown: enMarkdown,
    locations: enLocations,
    movements: enMovements,
    'sales-settings': enSalesSettings,
    stock: enStock,
    tables: enTables,
    transactions: enTransactions,
  },
  ru: {
    common: ruCommon,
    auth: ruAuth,
    errors: ruErrors,
    categories: ruCategories,
    components: ruComponents,
    imports: ruImports,
    markdown: ruMarkdown,
    locations: ruLocations,
    movements: ruMovements,
    'sales-settings': ruSalesSettings,
    stock: ruStock,
    tables: ruTables,
    transactions: ruTransactions,
  },
} as const;

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: readLocale(),
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function changeLocale(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  writeSetting('i18n_locale', locale);
  document.documentElement.lang = locale;
}
