import { currencyExponent } from '@cm/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { accounts, DEMO_PASSWORD } from './fixtures.js';

// What the sales screens' specs share: their expected figures are the API's own answers (the demo's leads and plans
// move with the calendar), written the way the screens write them.

export type Language = 'en' | 'ru';

/** Signs in through the API and returns a GET that sends the bearer token. */
export async function apiAs(request: APIRequestContext, role: keyof typeof accounts) {
  const login = await request.post('/api/auth/login', { data: { email: accounts[role], password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  return async <T>(path: string): Promise<T> => {
    const answer = await request.get(`/api${path}`, { headers });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
    return (await answer.json()) as T;
  };
}

/**
 * A department switch is remembered for the next sign-in: after a spec that switches, the administrator goes back to
 * the stock department the other specs start in.
 */
export async function administratorBackToWarehouse({ request }: { request: APIRequestContext }): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: accounts.administrator, password: DEMO_PASSWORD },
  });
  const { accessToken, user } = (await login.json()) as {
    accessToken: string;
    user: { departments: { id: string; name: string }[] };
  };
  const warehouse = user.departments.find((department) => department.name === 'Central Warehouse');
  await request.post('/api/auth/department/switch', {
    data: { newDepartment: warehouse?.id },
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/** Opens a screen from the main menu, as a person does, and waits for its address. */
export async function openFromMenu(page: Page, name: string, address: RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Main navigation|Основная навигация)$/ })
    .getByRole('link', { name })
    .click();
  await expect(page).toHaveURL(address);
}

/** Money as the screens write it: the language's currency format, from exact minor units. */
export function moneyWriter(currency: string, language: Language) {
  const digits = currencyExponent(currency);
  const format = new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  return (minor: bigint | string | number) => {
    const value = BigInt(minor);
    const absolute = value < 0n ? -value : value;
    const scale = 10n ** BigInt(digits);
    const fraction = digits === 0 ? '' : `.${String(absolute % scale).padStart(digits, '0')}`;
    return format.format(`${value < 0n ? '-' : ''}${absolute / scale}${fraction}` as `${number}`);
  };
}

/** A whole month as a heading names it: "November 2026", «Ноябрь 2026 г.». */
export function monthWords(day: string, language: Language): string {
  const text = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
