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

/** What an account holds: null where its owner has chosen nothing. */
export type SavedPreferences = { [Key in keyof AccountPreferences]: AccountPreferences[Key] | null };

/**
 * Shows the interface in what the account chose, now and in the browser's interface settings, and leaves the
 * browser's own setting where the account chose nothing: at sign-in, and when the profile saves.
 */
export function applyChosenPreferences({ locale, theme }: SavedPreferences): Promise<void> {
  return applier({ ...(locale === null ? {} : { locale }), ...(theme === null ? {} : { theme }) });
}
