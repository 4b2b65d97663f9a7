import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { animationsSettled, DEMO_PASSWORD } from './fixtures.js';

// A demo manager no other spec signs in as: this spec changes their language, theme and password, and puts them back
// afterwards (the leaderboard specs see only their figures, which stay as they are).
const MANAGER = { email: 'victoria.pavlova@example.com', name: 'Victoria Pavlova' };
const NEW_PASSWORD = 'profile-spec-new-password';

/** Whatever state a failed run left: signs in with either password and restores the demo account's own. */
async function restoreManager(request: APIRequestContext): Promise<void> {
  for (const password of [DEMO_PASSWORD, NEW_PASSWORD]) {
    const login = await request.post('/api/auth/login', { data: { email: MANAGER.email, password } });
    if (!login.ok()) continue;
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    await request.patch('/api/profile', { headers, data: { locale: null, theme: null } });
    if (password !== DEMO_PASSWORD) {
      await request.post('/api/profile/password', {
        headers,
        data: { currentPassword: password, newPassword: DEMO_PASSWORD },
      });
    }
    return;
  }
}

test.afterEach(async ({ request }) => {
  await restoreManager(request);
});

/** Signs in on the sign-in page as a person does: typing, then Enter. */
async function signIn(page: Page, password: string) {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).click();
  await page.keyboard.type(MANAGER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).click();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile/);
}

async function expectNoSeriousViolations(page: Page) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a manager sees their profile, saves Russian and dark to the account, gets them at the next sign-in, and changes the password', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, DEMO_PASSWORD);
  // The profile is reached from the user menu too.
  await page.getByRole('link', { name: 'Stock', exact: true }).click();
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile/);

  // Profile info: who they are, and their awards.
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const info = page.getByRole('tabpanel', { name: 'Profile info' });
  await expect(info.getByRole('heading', { name: MANAGER.name })).toBeVisible();
  for (const [label, value] of [
    ['Email', MANAGER.email],
    ['Role', 'Manager'],
    ['Current department', 'Online Sales'],
    ['AMO ID', '1015'],
  ]) {
    await expect(info.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    await expect(info.getByRole('definition').filter({ hasText: value }).first()).toBeVisible();
  }
  await expect(info.getByRole('heading', { name: 'Recent awards' })).toBeVisible();

  // The awards tab lists them by month with what earned each, or says there are none.
  await page.getByRole('tab', { name: 'Awards' }).click();
  await expect(page).toHaveURL(/tab=awards/);
  const awards = page.getByRole('tabpanel', { name: 'Awards' });
  await expect(awards.getByText(/Your awards of the last twelve months in Online Sales/)).toBeVisible();

  // Users: the colleagues of the department, without themselves.
  await page.getByRole('tab', { name: 'Users' }).click();
  const colleagues = page.getByRole('table', { name: 'Colleagues in Online Sales' });
  await expect(colleagues.getByRole('row', { name: /Natalia Kozlova/ })).toBeVisible();
  await expect(colleagues.getByRole('row', { name: new RegExp(MANAGER.name) })).toHaveCount(0);

  // Settings: unsaved changes make leaving ask first.
  await page.getByRole('tab', { name: 'Profile settings' }).click();
  await expect(page).toHaveURL(/tab=settings/);
  const settings = page.getByRole('tabpanel', { name: 'Profile settings' });
  const name = settings.getByRole('textbox', { name: 'Full name' });
  await expect(name).toHaveValue(MANAGER.name);
  await name.fill('');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Full name is required')).toBeVisible();
  await expect(name).toBeFocused();
  await page.getByRole('link', { name: 'Stock', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await settings.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(name).toHaveValue(MANAGER.name);

  // Russian and dark, saved: applied at once.
  await settings.getByText('Русский', { exact: true }).click();
  await settings.getByText('Dark', { exact: true }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tab', { name: 'Настройки профиля' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // The notification says so in the language just saved, its close button named in it too.
  const saved = page.getByRole('alert').filter({ hasText: 'Настройки профиля сохранены.' });
  await saved.getByRole('button', { name: 'Закрыть' }).click();
  await expect(saved).toHaveCount(0);

  // Signing in on another browser (English and light there) applies the account's language and theme.
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  await second.addInitScript(() => {
    if (!sessionStorage.getItem('accessToken')) {
      localStorage.setItem('i18n_locale', 'en');
      localStorage.setItem('theme', 'light');
    }
  });
  await signIn(second, DEMO_PASSWORD);
  await expect(second.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(second.locator('html')).toHaveAttribute('lang', 'ru');

  // The password, changed in Russian from the first browser: a wrong current one is said at its field.
  await page.getByRole('tab', { name: 'Настройки профиля' }).click();
  const russianSettings = page.getByRole('tabpanel', { name: 'Настройки профиля' });
  await russianSettings.getByRole('textbox', { name: 'Текущий пароль', exact: true }).fill('not the password');
  await russianSettings.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill(NEW_PASSWORD);
  await russianSettings.getByRole('textbox', { name: 'Повторите новый пароль', exact: true }).fill(`${NEW_PASSWORD}x`);
  await russianSettings.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(russianSettings.getByText('Пароли не совпадают')).toBeVisible();
  await russianSettings.getByRole('textbox', { name: 'Повторите новый пароль', exact: true }).fill(NEW_PASSWORD);
  await russianSettings.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(russianSettings.getByText('Текущий пароль указан неверно')).toBeVisible();
  await russianSettings.getByRole('textbox', { name: 'Текущий пароль', exact: true }).fill(DEMO_PASSWORD);
  await russianSettings.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароль изменён. Другие ваши сеансы завершены.')).toBeVisible();
  await expect(russianSettings.getByRole('textbox', { name: 'Текущий пароль', exact: true })).toHaveValue('');

  // The other browser's session has ended: its next request lands on sign-in.
  await second.reload();
  await expect(second).toHaveURL(/\/auth\/signin/);
  await elsewhere.close();

  // This session carries on; after signing out, only the new password signs in.
  await page.getByRole('tab', { name: 'Информация' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Информация' }).getByText(MANAGER.email).first()).toBeVisible();
  await page.getByRole('button', { name: /Меню пользователя/ }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Электронная почта', exact: true }).fill(MANAGER.email);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the profile's tabs have no serious accessibility violations at 800 px (${theme})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 800, height: 900 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signIn(page, DEMO_PASSWORD);
    // The account's own theme applies at sign-in; this check is about the one asked for.
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const tab of ['info', 'settings', 'awards', 'users']) {
      await page.goto(`/profile?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await expectNoSeriousViolations(page);
    }
  });
}
