import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, animationsSettled, DEMO_PASSWORD, signInAs } from './fixtures.js';

type Words = {
  heading: string;
  newDepartment: string;
  createTitle: string;
  create: string;
  created: (name: string) => string;
  rename: (name: string) => string;
  renameTitle: string;
  save: string;
  archive: (name: string) => string;
  archiveTitle: (name: string) => string;
  archiveButton: string;
  archived: string;
  switcher: string;
  blockedTitle: RegExp;
  blockedStock: string;
  holdsStock: string;
  close: string;
  nameField: string;
  taken: string;
};

const ENGLISH: Words = {
  heading: 'Departments',
  newDepartment: 'New department',
  createTitle: 'New department',
  create: 'Create',
  created: (name) => `${name} can now be given to users in Users.`,
  rename: (name) => `Rename ${name}`,
  renameTitle: 'Rename the department',
  save: 'Save',
  archive: (name) => `Archive ${name}`,
  archiveTitle: (name) => `Archive ${name}?`,
  archiveButton: 'Archive',
  archived: 'Archived',
  switcher: 'Switch department',
  blockedTitle: /cannot be archived yet/,
  blockedStock: 'It still holds stock: issue or transfer it away first.',
  holdsStock: 'Holds stock',
  close: 'Close',
  nameField: 'Name',
  taken: 'Another department, maybe an archived one, already has this name',
};

const RUSSIAN: Words = {
  heading: 'Отделы',
  newDepartment: 'Новый отдел',
  createTitle: 'Новый отдел',
  create: 'Создать',
  created: (name) => `Теперь «${name}» можно назначать пользователям в разделе «Пользователи».`,
  rename: (name) => `Переименовать «${name}»`,
  renameTitle: 'Переименование отдела',
  save: 'Сохранить',
  archive: (name) => `Отправить «${name}» в архив`,
  archiveTitle: (name) => `Отправить «${name}» в архив?`,
  archiveButton: 'В архив',
  archived: 'В архиве',
  switcher: 'Сменить отдел',
  blockedTitle: /пока нельзя отправить в архив/,
  blockedStock: 'В отделе ещё есть остатки: сначала спишите или переместите их.',
  holdsStock: 'Есть остатки',
  close: 'Закрыть',
  nameField: 'Название',
  taken: 'Такое название уже есть у другого отдела, возможно архивного',
};

async function administratorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: accounts.administrator, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** An administrator of their own for one test, in two demo departments, so that the demo accounts stay as they are. */
async function createAdministrator(request: APIRequestContext, tag: string) {
  const token = await administratorToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const picker = await request.get('/api/users/departments', { headers });
  const departments = ((await picker.json()) as { items: { id: string; name: string }[] }).items;
  const demo = departments.filter((department) => ['Moscow Sales', 'Online Sales'].includes(department.name));
  expect(demo).toHaveLength(2);
  const email = `departments-${tag}@example.com`;
  const password = 'departments-password';
  const created = await request.post('/api/users', {
    headers,
    data: {
      name: `Department Keeper ${tag}`,
      email,
      role: 'administrator',
      departmentIds: demo.map((department) => department.id),
      password,
    },
  });
  expect(created.status()).toBe(201);
  const user = (await created.json()) as { id: string; name: string; email: string };
  /** Adds the user to one more department, as the users administration would. */
  const join = async (departmentId: string) => {
    const changed = await request.put(`/api/users/${user.id}`, {
      headers,
      data: {
        name: user.name,
        email,
        role: 'administrator',
        departmentIds: [...demo.map((department) => department.id), departmentId],
      },
    });
    expect(changed.status()).toBe(200);
  };
  return { email, password, join };
}

async function signInWith(page: Page, email: string, password: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

function departmentsTable(page: Page, words: Words) {
  return page.getByRole('table', { name: words.heading });
}

for (const [language, words] of [
  ['English', ENGLISH],
  ['Russian', RUSSIAN],
] as const) {
  test(`an administrator creates, renames and archives a department, and the switcher follows (${language})`, async ({
    page,
    request,
  }) => {
    // The story goes through two forms, two confirmations and the header.
    test.slow();
    const tag = `${Date.now()}`.slice(-7);
    const administrator = await createAdministrator(request, `${language}-${tag}`.toLowerCase());
    await signInWith(page, administrator.email, administrator.password, '/departments');
    if (language === 'Russian') await page.getByRole('button', { name: /^EN: English/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
    const table = departmentsTable(page, words);

    // Create from the keyboard: the name field has the focus, Enter submits.
    const name = `${language === 'Russian' ? 'Склад Казань' : 'Kazan Store'} ${tag}`;
    await page.getByRole('button', { name: words.newDepartment }).first().click();
    const dialog = page.getByRole('dialog', { name: words.createTitle });
    await expect(dialog.getByRole('textbox', { name: words.nameField })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const notification = page.getByRole('alert').filter({ hasText: words.created(name) });
    await expect(notification).toBeVisible();
    // It sits over the top of the screen, where the next button is; it is closed as a person would.
    await notification.getByRole('button', { name: words.close }).click();
    await expect(notification).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);

    // A name taken in another letter case is refused on the field.
    await page.getByRole('button', { name: words.newDepartment }).first().click();
    const again = page.getByRole('dialog', { name: words.createTitle });
    await again.getByRole('textbox', { name: words.nameField }).fill(name.toUpperCase());
    await again.getByRole('button', { name: words.create }).click();
    await expect(again.getByText(words.taken)).toBeVisible();
    // Closing with the name typed asks first; keeping on editing is the default.
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /Discard|Отказаться/ }) });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: /Discard|Отказаться/ }).click();
    await expect(again).toBeHidden();

    // The administrator joins it (as the users administration would): the switcher offers it after a reload.
    const [{ id }] = (
      await (
        await request.get('/api/departments?status=active', {
          headers: { authorization: `Bearer ${await administratorToken(request)}` },
        })
      ).json()
    ).items.filter((department: { name: string }) => department.name === name);
    await administrator.join(id);
    await page.reload();
    const switcher = page.getByRole('combobox', { name: words.switcher });
    await switcher.click();
    await expect(page.getByRole('option', { name })).toBeVisible();
    await page.keyboard.press('Escape');

    // Rename: the table and the switcher follow at once.
    const newName = `${language === 'Russian' ? 'Цех Казань' : 'Kazan Workshop'} ${tag}`;
    await table.getByRole('button', { name: words.rename(name) }).click();
    const rename = page.getByRole('dialog', { name: words.renameTitle });
    const field = rename.getByRole('textbox', { name: words.nameField });
    await expect(field).toHaveValue(name);
    await field.fill(newName);
    await rename.getByRole('button', { name: words.save }).click();
    await expect(rename).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: newName })).toHaveCount(1);
    await switcher.click();
    await expect(page.getByRole('option', { name: newName })).toBeVisible();
    await expect(page.getByRole('option', { name })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Archive: the confirmation's Cancel has the focus; once archived, it leaves the switcher at once.
    await table.getByRole('button', { name: words.archive(newName) }).click();
    const confirm = page.getByRole('dialog', { name: words.archiveTitle(newName) });
    await expect(confirm.getByRole('button', { name: /Cancel|Отмена/ })).toBeFocused();
    await confirm.getByRole('button', { name: words.archiveButton, exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: newName })).toContainText(words.archived);
    await switcher.click();
    await expect(page.getByRole('option', { name: 'Moscow Sales' })).toBeVisible();
    await expect(page.getByRole('option', { name: newName })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A department that holds stock says so instead of offering to archive it.
    const stocked = table.getByRole('row').filter({ hasText: words.holdsStock }).first();
    const stockedName = (await stocked.getByRole('cell').first().textContent())?.trim() ?? '';
    await stocked.getByRole('button', { name: words.archive(stockedName) }).click();
    const blocked = page.getByRole('dialog', { name: words.blockedTitle });
    await expect(blocked.getByRole('alert')).toContainText(words.blockedStock);
    await expect(blocked.getByRole('button', { name: words.archiveButton, exact: true })).toHaveCount(0);
    await blocked.getByRole('button', { name: words.close }).first().click();
    await expect(blocked).toBeHidden();
  });
}

test('the server refuses to archive a department that holds stock, whatever the screen showed', async ({ page }) => {
  await signInAs(page, 'administrator', '/departments');
  const table = departmentsTable(page, ENGLISH);
  const stocked = table.getByRole('row').filter({ hasText: 'Holds stock' }).first();
  const stockedName = (await stocked.getByRole('cell').first().textContent())?.trim() ?? '';
  // The list as read before a receipt elsewhere: no stock. The dialog reads it again and names what blocks it.
  await page.route(
    (url) => url.pathname === '/api/departments',
    async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { items: { name: string; holdsStock: boolean }[] };
      await route.fulfill({
        response,
        json: {
          items: answer.items.map((item) =>
            item.name === stockedName ? { ...item, holdsStock: false, soleMembers: 0 } : item,
          ),
        },
      });
    },
  );
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: stockedName })).not.toContainText('Holds stock');
  await table.getByRole('button', { name: `Archive ${stockedName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${stockedName}?` });
  await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(confirm.getByRole('alert')).toContainText(
    'The department still holds stock. Issue or transfer it away before archiving the department.',
  );
  await expect(table.getByRole('row').filter({ hasText: stockedName })).toContainText('Active');
});

test('the list and its dialogs pass the accessibility checks at 800 px, light and dark', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'administrator', '/departments');
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    await page.goto('/departments');
    const table = departmentsTable(page, ENGLISH);
    await expect(table.locator('tbody tr').first()).toContainText(/\S/);
    await animationsSettled(page);
    const list = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(list.violations, `list, ${scheme}`).toEqual([]);

    await page.getByRole('button', { name: 'New department' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New department' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await animationsSettled(page);
    const form = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(form.violations, `form, ${scheme}`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const stocked = table.getByRole('row').filter({ hasText: 'Holds stock' }).first();
    await stocked.getByRole('button', { name: /^Archive / }).click();
    const blocked = page.getByRole('dialog', { name: /cannot be archived yet/ });
    await expect(blocked).toBeVisible();
    await animationsSettled(page);
    const confirmation = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(confirmation.violations, `confirmation, ${scheme}`).toEqual([]);
    await page.keyboard.press('Escape');
  }
});

test('a manager has no Departments entry, and the API refuses them', async ({ page, request }) => {
  await signInAs(page, 'manager');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Departments' })).toHaveCount(0);
  await page.goto('/departments');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  const login = await request.post('/api/auth/login', { data: { email: accounts.manager, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const refused = await request.get('/api/departments', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(403);
});
