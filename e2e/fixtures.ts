import { expect, type Page } from '@playwright/test';

/** Seeded on the fresh database of every run (apps/server/src/db/seed.ts). */
export const DEMO_PASSWORD = 'demo-password';
export const accounts = {
  administrator: 'admin@example.com',
  manager: 'manager@example.com',
  worker: 'worker@example.com',
} as const;

export async function signInAs(page: Page, role: keyof typeof accounts, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts[role]);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The sign-in page has a banner too: the menu is what only the signed-in shell shows.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}
