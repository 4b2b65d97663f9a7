import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AmoCrmFake, startAmoCrmFake } from '../tools/amocrm-fake/server.js';
import { accounts, animationsSettled, DEMO_PASSWORD, signInAs } from './fixtures.js';
import { administratorBackToWarehouse } from './sales.js';

test.afterEach(administratorBackToWarehouse);

// The stand-in runs in this process; the server (a process of its own) reaches it on the loopback address.
const TOKEN = 'e2e-long-lived-token';
const LEADS = 300;
let fake: AmoCrmFake;

test.beforeAll(async () => {
  fake = await startAmoCrmFake({ token: TOKEN, users: 4, leads: LEADS, seed: 11 });
});

test.afterAll(async () => {
  await fake.close();
});

/** Works in another department, through the header's switcher. */
async function switchDepartment(page: Page, name: string) {
  const switcher = page.getByRole('combobox', { name: 'Switch department' });
  await switcher.click();
  await page.getByRole('option', { name }).click();
  await expect(switcher).toHaveValue(name);
}

/** The token box: its label also carries the token's state ("No token", "Token set"). */
const tokenInput = (page: Page) => page.getByLabel(/^Long-lived token/);

test('an administrator connects the stand-in, syncs now, watches it reach done and finds the run in the history', async ({
  page,
}) => {
  // The sync reads the stand-in at amoCRM's own pace of 7 requests a second, which alone takes about half the time.
  test.slow();
  // Before an account is connected the screen asks amoCRM nothing: no refusal reaches the console.
  const refusals: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refusals.push(`${response.status()} ${response.url()}`);
  });
  await signInAs(page, 'administrator', '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Connection & sync', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(page.getByText('Save the account address and token to choose pipelines.')).toBeVisible();
  expect(refusals).toEqual([]);

  await page.getByRole('textbox', { name: 'Account address' }).fill('not an address!');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter the subdomain (mycompany), the host')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Account address' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Account address' }).fill(fake.url);
  await tokenInput(page).fill(TOKEN);
  // No scheduled sync: the run this test starts is the only one.
  await page.getByRole('textbox', { name: 'Sync every' }).fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Sales settings saved')).toBeVisible();
  await expect(page.getByText('All changes are saved')).toBeVisible();
  // The token is never sent back: the box is empty and says a token is stored.
  await expect(tokenInput(page)).toHaveValue('');
  await expect(tokenInput(page)).toHaveAttribute('placeholder', 'Leave empty to keep the stored token');
  await expect(page.getByText('Token set')).toBeVisible();

  // With the connection saved, pipelines and lead fields are read from the account.
  const [firstPipeline] = fake.control.data.pipelines;
  await expect(page.getByRole('checkbox', { name: firstPipeline?.name })).toBeVisible();
  await expect(page.getByText('None ticked: every pipeline counts.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Payment-method field' }).click();
  await page.getByRole('option', { name: 'Payment method (select)' }).click();
  await expect(page.getByRole('form', { name: 'Sales settings' }).getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('All changes are saved')).toBeVisible();
  // Save is disabled once all is saved: the focus goes to the status line, not to the top of the page.
  await expect(page.getByText('All changes are saved')).toBeFocused();

  // amoCRM makes the sync wait four times (rate limit, 12 s in all), so the running state is there to be
  // seen even on a busy machine; a second Sync now cannot be asked for meanwhile.
  fake.control.failNext(4, { status: 429, retryAfterSeconds: 3 });
  await page.getByRole('button', { name: 'Sync now' }).click();
  const progress = page.getByRole('progressbar', { name: 'Sync progress' });
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(progress).toHaveAttribute('aria-valuetext', /^Running/);
  await expect(progress).not.toHaveAttribute('aria-valuenow');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Done', { timeout: 60_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Started by Alexandra Ivanova').first()).toBeVisible();

  const history = page.getByRole('table', { name: 'Sync history' });
  const run = history.getByRole('row').filter({ hasText: 'Done' });
  await expect(run).toHaveCount(1);
  await expect(run).toContainText(`${LEADS} new`);
  await expect(run).toContainText('0 changed');
  await expect(run).toContainText('Alexandra Ivanova');

  // After the sync the pipelines are the stored ones, and a reload shows the same settings and last run.
  await page.reload();
  await expect(page.getByText('As of the last sync')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Account address' })).toHaveValue(fake.url);
  await expect(page.getByRole('combobox', { name: 'Payment-method field' })).toHaveValue('Payment method (select)');
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('aria-valuetext', 'Done');

  // Removing the token is explicit, and waits for Save like every other change.
  await page.getByRole('button', { name: 'Remove token' }).click();
  await expect(page.getByText('Removed on save')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Connection & sync.*Unsaved changes/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('No token')).toBeVisible();
  await expect(tokenInput(page)).toHaveAttribute('placeholder', 'Paste the token from amoCRM');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();
});

test('an administrator edits a plan, copies last month, and sees the plans saved after a reload', async ({ page }) => {
  const now = new Date();
  const year = now.getFullYear();
  const monthName = (month: number) =>
    new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month, 1)),
    );
  await signInAs(page, 'administrator', '/settings');
  // The tabs work from the keyboard, and the open one is in the address.
  await page.getByRole('tab', { name: 'Connection & sync' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'amoCRM users', selected: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Plans', selected: true })).toBeVisible();
  await expect(page).toHaveURL(/tab=plans/);
  // Plans are a department's: the stock department has no managers to plan.
  await expect(page.getByText('No managers in Central Warehouse')).toBeVisible();
  await switchDepartment(page, 'Moscow Sales');

  const cell = page.getByRole('textbox', { name: `Plan of Maxim Petrov for ${monthName(2)}` });
  await cell.fill('abc');
  await page.getByRole('button', { name: 'Save plans' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 amount cannot be read' })).toBeVisible();
  await expect(cell).toBeFocused();
  await cell.fill('150 000,5');
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy last month' })).toBeDisabled();
  // Another tab is still this screen; leaving it asks first.
  await page.getByRole('tab', { name: /Connection & sync/ }).click();
  await page.getByRole('tab', { name: /Plans/ }).click();
  await expect(cell).toHaveValue('150 000,5');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Stock' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/settings\?tab=plans/);
  await page.getByRole('button', { name: 'Save plans' }).click();
  await expect(page.getByText('1 plan saved')).toBeVisible();
  await expect(page.getByText('Amounts in ₽; an empty cell means no plan.')).toBeFocused();

  await page.reload();
  // Amounts are grouped as everywhere else.
  await expect(cell).toHaveValue('150,000.50');
  await expect(page.getByRole('tab', { name: 'Plans', selected: true })).toBeVisible();

  // Last month's plan copied into this month (the copy may cross into another year's grid).
  const lastMonth = new Date(year, now.getMonth() - 1, 1);
  const lastMonthCell = page.getByRole('textbox', {
    name: `Plan of Maxim Petrov for ${new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(lastMonth)}`,
  });
  if (lastMonth.getFullYear() !== year) await page.getByRole('button', { name: 'Previous year' }).click();
  await lastMonthCell.fill('1000');
  await page.getByRole('button', { name: 'Save plans' }).click();
  await expect(page.getByText('1 plan saved')).toBeVisible();
  await page.getByRole('button', { name: 'Copy last month' }).click();
  const dialog = page.getByRole('dialog', { name: "Copy a month's plans" });
  await dialog.getByRole('checkbox', { name: /^Replace plans/ }).check();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText(/plans? copied to/)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('textbox', { name: `Plan of Maxim Petrov for ${monthName(now.getMonth())}` }),
  ).toHaveValue('1,000.00');
});

test('the settings screen passes the accessibility checks on every tab, light and dark', async ({ page }) => {
  // Eleven accessibility runs over five tabs.
  test.slow();
  await signInAs(page, 'administrator', '/settings');
  await switchDepartment(page, 'Moscow Sales');
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    for (const [tab, ready] of [
      ['connection', page.getByRole('table', { name: 'Sync history' })],
      ['amocrm-users', page.getByRole('heading', { level: 2, name: 'amoCRM users' })],
      ['plans', page.getByRole('table', { name: /^Monthly plans/ })],
      ['months', page.getByRole('table', { name: /^Months of/ })],
      ['import', page.getByRole('tabpanel', { name: 'Import from files' })],
    ] as const) {
      await page.goto(`/settings?tab=${tab}`);
      await expect(ready).toBeVisible();
      await animationsSettled(page);
      const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(violations, `${tab}, ${scheme}`).toEqual([]);
    }
  }
  // At 800 px the sync history scrolls sideways: keyboard users must be able to reach it.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/settings?tab=connection');
  await expect(page.getByRole('table', { name: 'Sync history' })).toBeVisible();
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations, 'connection at 800 px').toEqual([]);
});

test('an administrator reviews last month, closes it, sees its schemes locked, and reopens it', async ({ page }) => {
  const now = new Date();
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(last);
  await signInAs(page, 'administrator', '/settings?tab=months');
  await switchDepartment(page, 'Moscow Sales');
  await expect(page.getByRole('tab', { name: 'Month closing', selected: true })).toBeVisible();
  if (last.getUTCFullYear() !== now.getFullYear()) await page.getByRole('button', { name: 'Previous year' }).click();
  const months = page.getByRole('table', { name: `Months of ${last.getUTCFullYear()}` });
  const row = months.getByRole('row').filter({ hasText: month });
  await expect(row).toContainText('Open — ready to close');

  await row.getByRole('button', { name: `Review and close ${month}` }).click();
  const review = page.getByRole('dialog', { name: month });
  const figures = review.getByRole('table', { name: `Figures of ${month} per manager` });
  await expect(figures.getByRole('row').filter({ hasText: 'Maxim Petrov' })).toBeVisible();
  await review.getByRole('button', { name: 'Close the month' }).click();
  await expect(page.getByText(`${month} is closed: its figures are frozen.`)).toBeVisible();
  await expect(page.getByRole('dialog', { name: `${month} — closed` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('by Alexandra Ivanova');

  // The demo schemes paid that month: they are locked now, and cannot be edited.
  await page.getByRole('tab', { name: 'Bonus schemes' }).click();
  await expect(page.getByText('Pays a closed month').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Month closing' }).click();
  await row.getByRole('button', { name: `Review or reopen ${month}` }).click();
  const closedReview = page.getByRole('dialog', { name: `${month} — closed` });
  await closedReview.getByRole('button', { name: 'Reopen the month' }).click();
  // Reopening drops what payroll was paid from: it is asked once more.
  await expect(closedReview.getByRole('alert')).toContainText('drops the frozen figures');
  await closedReview.getByRole('button', { name: 'Yes, reopen the month' }).click();
  await expect(page.getByText(`${month} is open again`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Open — ready to close');
});

test('a department without managers says so in Month closing and offers no month to close, by keyboard too', async ({
  page,
}) => {
  // The administrator starts in the stock department, which has no managers (its plans grid is empty).
  await signInAs(page, 'administrator', '/settings?tab=plans');
  await expect(page.getByRole('tab', { name: 'Plans', selected: true })).toBeVisible();
  // The keyboard reaches the tab as the mouse does: focus on the tab list, arrows, Enter.
  await page.getByRole('tab', { name: 'Plans' }).focus();
  const monthsTab = page.getByRole('tab', { name: 'Month closing' });
  for (let step = 0; step < 6 && !(await monthsTab.evaluate((tab) => tab === document.activeElement)); step += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Month closing', selected: true })).toBeVisible();

  const year = new Date().getFullYear();
  const months = page.getByRole('table', { name: `Months of ${year}` });
  await expect(months).toBeVisible();
  const note = page.getByRole('note').filter({ hasText: 'No managers in Central Warehouse' });
  await expect(note).toBeVisible();
  await expect(note).toContainText('This department has no managers, so it has no months to close.');
  await expect(months.getByRole('row').filter({ hasText: 'Nothing to close' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Review and close/ })).toHaveCount(0);
  await expect(months).not.toContainText('ready to close');

  // Tabbing through the tab reaches the year switcher and never a button that closes a month.
  await page.getByRole('button', { name: 'Previous year' }).focus();
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(name).not.toMatch(/^Review and close/);
  }
});

test('a manager has no Sales settings in the menu and is refused at /settings', async ({ page }) => {
  await signInAs(page, 'manager');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Sales settings' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

/**
 * Connects the sales settings to the stand-in as the demo administrator, through the API; `disconnect` leaves
 * them as the other tests expect. The headers sign further API calls as the administrator.
 */
async function connectStandIn(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: accounts.administrator, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const connection = { subdomain: fake.url, syncIntervalMinutes: 0, timeZone: 'Europe/Moscow' };
  expect((await request.put('/api/sales/settings', { headers, data: { ...connection, token: TOKEN } })).ok()).toBe(
    true,
  );
  return {
    headers,
    disconnect: () => request.put('/api/sales/settings', { headers, data: { ...connection, token: null } }),
  };
}

test('a sync amoCRM refuses says why and what to do, in English and in Russian', async ({ page, request }) => {
  const { disconnect } = await connectStandIn(request);
  try {
    await signInAs(page, 'administrator', '/settings');
    // The screen reads the account's pipelines and fields first; then amoCRM answers 402 (account not paid) to
    // the next request, the sync's first.
    await expect(page.getByRole('checkbox', { name: fake.control.data.pipelines[0]?.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    fake.control.failNext(1, { status: 402 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    // The one progress bar, found by its role: its name changes with the language below.
    const progress = page.getByRole('progressbar');
    await expect(progress).toHaveAccessibleName('Sync progress');
    await expect(progress).toHaveAttribute('aria-valuetext', 'Stopped: the amoCRM account is not paid');
    const explanation = page.getByRole('alert').filter({ hasText: 'amoCRM says the account is not paid (402)' });
    await expect(explanation).toContainText('sync again once the account is paid');
    // The newest run heads the history.
    await expect(page.getByRole('table', { name: 'Sync history' }).getByRole('row').nth(1)).toContainText(
      'Account unpaid',
    );

    await page.getByRole('button', { name: /Switch to Русский$/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'amoCRM сообщает, что аккаунт не оплачен (402)' }),
    ).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', 'Остановлена: аккаунт amoCRM не оплачен');
  } finally {
    await disconnect();
  }
});

test('an administrator sees the amoCRM users whose leads count for no manager, links one and creates a manager from another', async ({
  page,
  request,
}) => {
  const { headers, disconnect } = await connectStandIn(request);
  const users = (await (await request.get('/api/sales/amocrm-users', { headers })).json()) as {
    managers: { id: string; name: string; amoId: number | null }[];
  };
  const maxim = users.managers.find((manager) => manager.name === 'Maxim Petrov');
  if (!maxim?.amoId) throw new Error('the demo has no Maxim Petrov with an AMO ID');
  const [linked, created, untouched] = fake.control.data.users;
  if (!linked?.name || !created?.name || !created.email || !untouched?.name) {
    throw new Error('the stand-in has too few users');
  }
  try {
    // The account's leads are stored by a sync, so that its users have leads to count.
    const started = await request.post('/api/sales/sync', { headers });
    const { runId } = (await started.json()) as { runId: string };
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/sales/sync/runs/${runId}`, { headers })).json()) as { status: string })
            .status,
        { timeout: 60_000 },
      )
      .toBe('succeeded');

    await signInAs(page, 'administrator', '/settings');
    await page.getByRole('tab', { name: 'amoCRM users' }).click();
    await expect(page).toHaveURL(/tab=amocrm-users/);
    const table = page.getByRole('table', { name: 'amoCRM users and the managers they match' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    // None of the account's users is a manager here yet: every one of them is marked, in words too.
    await expect(row(untouched.name)).toContainText('No manager here');
    await expect(row(untouched.name)).toContainText(/leads? counts? for no manager/);
    await expect(page.getByText(/4 amoCRM users have leads but no manager here/)).toBeVisible();
    // The tint of those rows keeps every text legible in both colour schemes.
    for (const scheme of ['light', 'dark']) {
      if (scheme === 'dark') await page.getByRole('button', { name: /^Theme: .*Switch to dark$/ }).click();
      await animationsSettled(page);
      const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(violations, scheme).toEqual([]);
    }

    // Linked to a manager picked from the list, typed into its search.
    await row(linked.name)
      .getByRole('button', { name: `Link ${linked.name} to a manager` })
      .click();
    const linkDialog = page.getByRole('dialog', { name: 'Link to a manager' });
    await linkDialog.getByRole('combobox', { name: 'Manager' }).fill('Maxim');
    await page.getByRole('option', { name: /Maxim Petrov/ }).click();
    await expect(linkDialog.getByText(`Maxim Petrov has AMO ID ${maxim.amoId} now.`)).toBeVisible();
    await linkDialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(page.getByText(`${linked.name} is linked to Maxim Petrov`)).toBeVisible();
    await expect(linkDialog).toBeHidden();
    await expect(row(linked.name)).toContainText('Linked by AMO ID');
    await expect(row(linked.name)).toContainText('Maxim Petrov');
    await expect(row(linked.name)).not.toContainText('count for no manager');

    // Created as a manager of Online Sales, from the keyboard; the password is shown once, to copy.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await row(created.name)
      .getByRole('button', { name: `Create manager from ${created.name}` })
      .focus();
    await page.keyboard.press('Enter');
    const createDialog = page.getByRole('dialog', { name: 'Create a manager from amoCRM' });
    await expect(createDialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(created.email);
    await expect(createDialog.getByRole('combobox', { name: 'Department' })).toHaveValue('Central Warehouse');
    await createDialog.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Online Sales' }).click();
    await createDialog.getByRole('button', { name: 'Create manager' }).click();
    const password = createDialog.getByRole('textbox', { name: 'Temporary password' });
    await expect(password).toBeFocused();
    await expect(createDialog).toContainText(`${created.name} is a manager in Online Sales now.`);
    await expect(createDialog).toContainText('There is no screen to manage users yet');
    const temporaryPassword = await password.inputValue();
    expect(temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(createDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporaryPassword);
    await createDialog.getByRole('button', { name: 'Done' }).click();
    await expect(createDialog).toBeHidden();
    await expect(row(created.name)).toContainText('Linked by AMO ID');
    const signedIn = await request.post('/api/auth/login', {
      data: { email: created.email, password: temporaryPassword },
    });
    expect(((await signedIn.json()) as { user: { role: string; amoId: number } }).user).toMatchObject({
      role: 'manager',
      amoId: created.id,
    });
    await expect(page.getByText(/2 amoCRM users have leads but no manager here/)).toBeVisible();

    await page.getByRole('button', { name: /Switch to Русский$/ }).click();
    await expect(page.getByRole('tab', { name: 'Пользователи amoCRM', selected: true })).toBeVisible();
    const russian = page.getByRole('table', { name: 'Пользователи amoCRM и менеджеры, которым они соответствуют' });
    await expect(russian.getByRole('row').filter({ hasText: untouched.name })).toContainText('Нет менеджера здесь');
    await expect(russian.getByRole('row').filter({ hasText: linked.name })).toContainText('Связан по AMO ID');
    await expect(page.getByText(/У 2 пользователей amoCRM есть сделки, но нет менеджера здесь/)).toBeVisible();
  } finally {
    // Maxim Petrov's demo leads count for him again, and the account is disconnected as the other tests expect.
    await request.post(`/api/sales/amocrm-users/${maxim.amoId}/link`, { headers, data: { userId: maxim.id } });
    await disconnect();
  }
});
