import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { animationsSettled, DEMO_PASSWORD, signInAs } from './fixtures.js';

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

test('an administrator creates a user, finds them, changes their role and deactivates them', async ({
  page,
  request,
}) => {
  // The story goes through the list, two forms and a confirmation.
  test.slow();
  const tag = `${Date.now()}`.slice(-7);
  const name = `Vera Orlova ${tag}`;
  const email = `vera.${tag}@example.com`;
  const password = 'first-day-password';
  await signInAs(page, 'administrator', '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Create: the form's own checks first, then the fields typed one after the other.
  await page.getByRole('button', { name: 'New user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(2);
  await expect(dialog.getByText('Choose at least one department')).toBeVisible();
  await expect(dialog.getByText('At least 8 characters', { exact: true })).toBeVisible();
  // The first field in error has the focus, so typing goes there.
  await expect(dialog.getByRole('textbox', { name: 'Full name' })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
  await page.keyboard.type(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await dialog.getByRole('combobox', { name: 'Departments' }).click();
  await page.getByRole('option', { name: 'Moscow Sales' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: 'AMO ID' }).fill(`9${tag}`);
  await dialog.getByLabel('Initial password').fill(password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} can now sign in with the password you typed.`)).toBeVisible();

  // Find them by search: the search lands in the address, so a reload shows the same list.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`vera.${tag}`);
  await expect(page).toHaveURL(new RegExp(`q=vera\\.${tag}`));
  const rows = usersTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(name);
  await expect(row).toContainText('Manager');
  await expect(row).toContainText('Moscow Sales');
  await expect(row).toContainText('Active');

  // Edit from the keyboard: the focused row opens with Enter.
  await row.focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByRole('textbox', { name: 'Full name' })).toHaveValue(name);
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Worker' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Worker');

  // The role filter finds them under their new role only.
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await expect(page.getByText('No user matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/role=/);

  // They sign in once, then get deactivated: the confirmation says what happens, and their session ends.
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(rows).toHaveCount(1);
  await usersTable(page)
    .getByRole('button', { name: `Deactivate ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this user?' });
  await expect(confirm).toContainText('will be signed out everywhere at once');
  // Cancel has the focus: Enter alone does not deactivate anyone.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Deactivated');
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(401);
  await expect(usersTable(page).getByRole('button', { name: `Reactivate ${name}` })).toBeVisible();
});

test('a taken e-mail is named on its field, in Russian too', async ({ page }) => {
  await signInAs(page, 'administrator', '/users');
  await page.getByRole('button', { name: 'New user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByRole('textbox', { name: 'Full name' }).fill('Second Manager');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('MANAGER@example.com');
  await dialog.getByRole('combobox', { name: 'Departments' }).click();
  await page.getByRole('option', { name: 'Online Sales' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Initial password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('A user with this e-mail already exists.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^EN: English/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
  await page.getByRole('button', { name: 'Новый пользователь' }).first().click();
  const russian = page.getByRole('dialog', { name: 'Новый пользователь' });
  await russian.getByRole('button', { name: 'Создать пользователя' }).click();
  await expect(russian.getByText('Выберите хотя бы один отдел')).toBeVisible();
  await expect(russian.getByText('Не короче 8 символов', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^RU: Русский/ }).click();
});

test('the list and the form pass the accessibility checks at 800 px, light and dark', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'administrator', '/users');
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    await page.goto('/users');
    await expect(usersTable(page).locator('tbody tr').first()).toContainText(/\S/);
    await animationsSettled(page);
    const list = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(list.violations, `list, ${scheme}`).toEqual([]);

    await page.getByRole('button', { name: 'New user' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    await animationsSettled(page);
    const form = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(form.violations, `form, ${scheme}`).toEqual([]);
    await page.keyboard.press('Escape');
  }
});

test('a manager has no Users entry and is refused /users', async ({ page, request }) => {
  await signInAs(page, 'manager');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();

  const login = await request.post('/api/auth/login', {
    data: { email: 'manager@example.com', password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const refused = await request.get('/api/users', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(403);
});
