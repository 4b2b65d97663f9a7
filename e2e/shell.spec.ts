import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { animationsSettled, signInAs } from './fixtures.js';

test('an expired access token is refreshed exactly once and the screen loads', async ({ page }) => {
  await signInAs(page, 'worker', '/components');
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
  });
  await page.evaluate(() => sessionStorage.setItem('accessToken', 'expired.or.forged'));
  // Reloading makes the route guard ask for the user with the dead token (401), while the header checks
  // the session at the same moment: both must share one refresh and then succeed.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
  // Give a second, wrongly unshared refresh time to show up before counting.
  await page.waitForTimeout(1000);
  expect(refreshes).toHaveLength(1);
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).not.toBe('expired.or.forged');
});

test('a refresh failing for a passing outage keeps the session', async ({ page }) => {
  await signInAs(page, 'worker');
  await page.evaluate(() => sessionStorage.setItem('accessToken', 'expired.or.forged'));
  await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 503, body: 'upstream down' }));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Service unavailable' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('refreshToken'))).not.toBeNull();
  await page.unroute('**/api/auth/refresh');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
});

test('switching language changes the shell at once and is kept under i18n_locale', async ({ page }) => {
  await signInAs(page, 'worker');
  await expect(page).toHaveTitle('Stock · Components Master');
  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  const navigation = page.getByRole('navigation', { name: 'Основная навигация' });
  await expect(navigation.getByRole('link', { name: 'Остатки' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Остатки' })).toBeVisible();
  await expect(page).toHaveTitle('Остатки · Components Master');
  await expect(page.getByText('Версия 1.0.0')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18n_locale'))).toBe('ru');
});

test('with both tokens invalid the user lands on sign-in with a redirect and storage cleared', async ({ page }) => {
  await signInAs(page, 'worker');
  await page.evaluate(() => {
    sessionStorage.setItem('accessToken', 'invalid');
    sessionStorage.setItem('refreshToken', 'invalid');
  });
  await page.goto('/transactions');
  await expect(page).toHaveURL('/auth/signin?redirect=%2Ftransactions');
  const stored = await page.evaluate(() =>
    ['accessToken', 'refreshToken', 'user'].map((key) => sessionStorage.getItem(key)),
  );
  expect(stored).toEqual([null, null, null]);
});

test('the theme cycles light → dark → system → light and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, 'worker');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Theme: light. Switch to dark' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.getByRole('button', { name: 'Theme: dark. Switch to system' }).click();
  // "System" follows the operating system, live.
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Theme: system. Switch to light' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('the sidebar is 260 px wide and, below 1024 px, closes after a menu click', async ({ page }) => {
  await signInAs(page, 'worker');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  expect((await navigation.boundingBox())?.width).toBe(260);
  await page.setViewportSize({ width: 800, height: 700 });
  await page.reload();
  await expect(navigation).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(navigation).toBeInViewport();
  await navigation.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL('/transactions');
  await expect(navigation).not.toBeInViewport();
});

test('the scroll-to-top button appears only past 50 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await signInAs(page, 'worker');
  await page.locator('main').evaluate((main) => {
    main.style.minHeight = '3000px';
  });
  const button = page.getByRole('button', { name: 'Scroll to top' });
  // Over the page's title, not over a list, whose rows would take the wheel.
  await page.getByRole('heading', { level: 1 }).hover();
  await page.mouse.wheel(0, 40);
  await page.waitForTimeout(300);
  await expect(button).toBeHidden();
  await page.mouse.wheel(0, 400);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test('a worker sees no Reports, Users or Sales entries and gets 403 on /users; an administrator sees all', async ({
  page,
}) => {
  await signInAs(page, 'worker');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  for (const hidden of ['Reports', 'Users', 'Leaderboard', 'Analytics', 'Bonus calculator', 'Sales settings']) {
    await expect(navigation.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expect(navigation.getByRole('link', { name: 'Stock' })).toBeVisible();
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  await page.getByRole('button', { name: /User menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await signInAs(page, 'administrator');
  for (const shown of ['Reports', 'Users', 'Leaderboard', 'Analytics', 'Bonus calculator', 'Sales settings']) {
    await expect(navigation.getByRole('link', { name: shown })).toBeVisible();
  }
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('switching department reissues the session and shows the new department', async ({ page }) => {
  await signInAs(page, 'manager');
  const switcher = page.getByRole('combobox', { name: 'Switch department' });
  const before = await switcher.inputValue();
  const target = before === 'Moscow Sales' ? 'Online Sales' : 'Moscow Sales';
  const tokenBefore = await page.evaluate(() => sessionStorage.getItem('refreshToken'));
  await switcher.click();
  await page.getByRole('option', { name: target }).click();
  await expect(switcher).toHaveValue(target);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('refreshToken'))).not.toBe(tokenBefore);
  await page.reload();
  await expect(switcher).toHaveValue(target);
});

test('log out returns to sign-in, also with the server unreachable, and protected pages redirect again', async ({
  page,
}) => {
  await signInAs(page, 'worker');
  await page.getByRole('button', { name: /User menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/auth/signin');
  await page.goto('/components');
  await expect(page).toHaveURL('/auth/signin?redirect=%2Fcomponents');

  await signInAs(page, 'worker');
  await page.route('**/api/auth/logout', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: /User menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/auth/signin');

  // A server that accepts the call but never answers keeps no one waiting: the call is sent, not awaited.
  await signInAs(page, 'worker');
  await page.unroute('**/api/auth/logout');
  const sent = new Promise<string | null>((resolve) => {
    void page.route('**/api/auth/logout', (route) => resolve(route.request().postData()));
  });
  await page.getByRole('button', { name: /User menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/auth/signin');
  expect(JSON.parse((await sent) ?? '{}').refreshToken).toEqual(expect.any(String));
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
});

test('the shell works from the keyboard and has landmarks', async ({ page }) => {
  await signInAs(page, 'worker');
  for (const role of ['banner', 'navigation', 'main', 'contentinfo'] as const) {
    await expect(page.getByRole(role).first()).toBeVisible();
  }
  const userMenu = page.getByRole('button', { name: /^Olga Smirnova.*User menu$/ });
  await userMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profile');
  await expect(page).toHaveTitle('Profile · Components Master');

  // The first Tab offers a way past the header and the menu; Enter puts the focus in the page's content.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL('/');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the shell has no serious accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signInAs(page, 'administrator');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}
