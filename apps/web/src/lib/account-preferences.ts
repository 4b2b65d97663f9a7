import type { Locale, ThemeSetting } from './interface-settings';

/** The language and theme saved to an account (PRODUCT.md §5 "Profile"). */
export type AccountPreferences = { locale: Locale; theme: ThemeSetting };

let applier: (preferences: AccountPreferences) => Promise<void> = async () => {};

/**
 * How to show the interface in an account's language and theme. The app says how, as it owns the translations and
 * the colour scheme; the screens that apply them (sign-in, the profile) know neither.
 */
export function setPreferencesApplier(apply: (preferences: AccountPreferences) => Promise<void>): void {
  applier = apply;
}

/** Shows the interface in these preferences now, and keeps them in the browser's interface settings. */
export function applyAccountPreferences(preferences: AccountPreferences): Promise<void> {
  return applier(preferences);
}
