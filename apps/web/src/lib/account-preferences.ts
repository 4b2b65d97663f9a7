import type { Locale, ThemeSetting } from './interface-settings';

/** The language and theme saved to an account (PRODUCT.md §5 "Profile"). */
export type AccountPreferences = { locale: Locale; theme: ThemeSetting };

let applier: (preferences: Partial<AccountPreferences>) => Promise<void> = async () => {};

/**
 * How to show the interface in an account's language and theme. The app says how, as it owns the translations and
 * the colour scheme; the screens that apply them (sign-in, the profile) know neither.
 */
export function setPreferencesApplier(apply: (preferences: Partial<AccountPreferences>) => Promise<void>): void {
  applier = apply;
}

/** Shows the interface in these preferences now, and keeps them in the browser's interface settings. */
export function applyAccountPreferences(preferences: Partial<AccountPreferences>): Promise<void> {
  return applier(preferences);
}

/**
 * The values every account starts with. Accounts cannot yet say "not chosen", so at sign-in an account holding one of
 * them is taken not to have chosen it, and the browser's own setting stays (issue #26 keeps a nullable value open).
 */
const STARTING: AccountPreferences = { locale: 'en', theme: 'light' };

/** At sign-in: applies what the account chose, leaving the browser's own setting where it chose nothing. */
export function applyChosenPreferences({ locale, theme }: AccountPreferences): Promise<void> {
  return applier({
    ...(locale === STARTING.locale ? {} : { locale }),
    ...(theme === STARTING.theme ? {} : { theme }),
  });
}
