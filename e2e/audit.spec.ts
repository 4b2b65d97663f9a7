import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, animationsSettled, DEMO_PASSWORD, signInAs } from './fixtures.js';

/**
 * A new worker of a department of their own, made through the API: no demo account changes, and making them a
 * manager puts no one in the demo departments' sales lists (the calculator's, the leaderboard's).
 */
async function newWorker(request: APIRequestContext): Promise<{ id: string; name: string; email: string }> {
  const login = await request.post('/api/auth/login', {
    data: { email: accounts.administrator, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const tag = `${Date.now()}`.slice(-7);
  const department = await request.post('/api/departments', { headers, data: { name: `Audit ${tag}` } });
  expect(department.status()).toBe(201);
  const created = await request.post('/api/users', {
    headers,
    data: {
      name: `Irina Audit ${tag}`,
      email: `irina.audit.${tag}@example.com`,
      role: 'worker',
      departmentIds: [((await department.json()) as { id: string }).id],
      password: 'first-day-password',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; name: string; email: string };
}

function trailTable(page: Page, name: string) {
  return page.getByRole('table', { name });
}

test('an administrator changes a role and finds it in the user’s trail and the company’s, in English and Russian', async ({
  page,
  request,
}) => {
  // Two screens in two languages, with a form in between.
  test.slow();
  const worker = await newWorker(request);
  await signInAs(page, 'administrator', '/users');

  // The change, through the users administration.
  await page.getByRole('searchbox', { name: 'Search' }).fill(worker.email);
  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await row.first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  // The user's own trail, a tab of their modal: the change with its value before and after, and their creation.
  await row.first().click();
  await dialog.getByRole('tab', { name: 'Audit trail' }).click();
  const own = trailTable(page, `Audit trail of ${worker.name}`);
  const changed = own.locator('tbody tr').first();
  await expect(changed).toContainText('User changed');
  await expect(changed).toContainText('Role: Worker → Manager');
  await expect(changed).toContainText('Made in: Users administration');
  await expect(own.locator('tbody tr').nth(1)).toContainText('User created');
  // The form behind the other tab is as it was.
  await dialog.getByRole('tab', { name: 'Details' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Full name' })).toHaveValue(worker.name);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The company's trail, from the menu, filtered by action and by the user; the filters land in the address.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Changes of users' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/action=user-changes/);
  await page.getByRole('combobox', { name: 'User', exact: true }).click();
  await page.keyboard.type(worker.name);
  await page.getByRole('option', { name: worker.name }).click();
  await expect(page).toHaveURL(new RegExp(`targetId=${worker.id}`));
  const company = trailTable(page, 'Audit trail');
  await expect(company.locator('tbody tr')).toHaveCount(2);
  await expect(company.locator('tbody tr').first()).toContainText('Role: Worker → Manager');
  await page.reload();
  await expect(company.locator('tbody tr')).toHaveCount(2);

  // In Russian: the same entries, in its words.
  await page.getByRole('button', { name: /^EN: English/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал аудита' })).toBeVisible();
  const russian = trailTable(page, 'Журнал аудита').locator('tbody tr');
  await expect(russian.first()).toContainText('Пользователь изменён');
  await expect(russian.first()).toContainText('Роль: Сотрудник склада → Менеджер');
  await expect(russian.nth(1)).toContainText('Пользователь создан');

  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Пользователи' })
    .click();
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(worker.email);
  const russianRow = page.getByRole('table', { name: 'Пользователи' }).locator('tbody tr');
  await expect(russianRow).toHaveCount(1);
  await russianRow.first().click();
  const russianDialog = page.getByRole('dialog', { name: 'Изменение пользователя' });
  await russianDialog.getByRole('tab', { name: 'Журнал аудита' }).click();
  await expect(trailTable(page, `Журнал аудита: ${worker.name}`).locator('tbody tr').first()).toContainText(
    'Роль: Сотрудник склада → Менеджер',
  );
  await page.keyboard.press('Escape');
});

test('the trail and the user’s tab pass the accessibility checks at 800 px, light and dark', async ({
  page,
  request,
}) => {
  test.slow();
  const worker = await newWorker(request);
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'administrator', '/audit');
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    await page.goto('/audit');
    await expect(trailTable(page, 'Audit trail').locator('tbody tr').first()).toContainText(/\S/);
    await animationsSettled(page);
    const list = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(list.violations, `trail, ${scheme}`).toEqual([]);

    await page.goto(`/users?q=${encodeURIComponent(worker.email)}`);
    await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await dialog.getByRole('tab', { name: 'Audit trail' }).click();
    await expect(trailTable(page, `Audit trail of ${worker.name}`).locator('tbody tr').first()).toContainText(
      'User created',
    );
    await animationsSettled(page);
    const tab = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(tab.violations, `tab, ${scheme}`).toEqual([]);
    await page.keyboard.press('Escape');
  }
});

test('a manager has no Audit trail entry and is refused /audit', async ({ page, request }) => {
  await signInAs(page, 'manager');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();

  const login = await request.post('/api/auth/login', { data: { email: accounts.manager, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const refused = await request.get('/api/audit', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(403);
});
