import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { accounts, animationsSettled, DEMO_PASSWORD } from './fixtures.js';

test('a signed-out visit is sent to sign-in with the full path, and returns there after signing in', async ({
  page,
}) => {
  await page.goto('/transactions?type=issue');
  await expect(page).toHaveURL('/auth/signin?redirect=%2Ftransactions%3Ftype%3Dissue');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts.worker);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/transactions?type=issue');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page).toHaveTitle('Transactions · Components Master');
});

test('a redirect to another site ends on the start page', async ({ page }) => {
  for (const target of ['//evil.example', 'https://evil.example/x']) {
    await page.goto(`/auth/signin?redirect=${encodeURIComponent(target)}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts.worker);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
    await page.evaluate(() => sessionStorage.clear());
  }
});

test('validation messages in English and Russian, and one generic message for wrong credentials', async ({ page }) => {
  await page.goto('/auth/signin');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await submit.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('a@b');
  await submit.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  await expect(page.getByText('Введите корректный адрес электронной почты')).toBeVisible();
  await page.getByRole('textbox', { name: 'Электронная почта', exact: true }).fill('');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Укажите адрес электронной почты')).toBeVisible();
  await expect(page.getByText('Укажите пароль')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();

  await page.getByRole('button', { name: /Переключить на English$/ }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts.manager);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nobody@example.com');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
});

test('the button reads "Signing in…" and is disabled while the request is pending', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts.worker);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const pending = page.getByRole('button', { name: 'Signing in…' });
  await expect(pending).toBeVisible();
  await expect(pending).toBeDisabled();
  release();
  await expect(page).toHaveURL('/');
});

test('a server that cannot be reached gives a clear message', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
  await page.goto('/auth/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts.worker);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The server cannot be reached. Check your connection and try again.',
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`sign-in has no serious accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}
