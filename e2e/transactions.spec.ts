import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, DEMO_PASSWORD, signInAs, testEveryRowReachable } from './fixtures.js';

// These stories post through several screens; the expectations wait as long as playwright.config.ts says.
test.describe.configure({ timeout: 90_000 });

async function tokenOf(request: APIRequestContext, role: keyof typeof accounts): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: accounts[role], password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api${path}`, {
    data,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

type Posted = { movement: { id: string; number: number } };

/** A component received (10) and partly issued (4) by the worker in the Central Warehouse. */
async function seedLedger(request: APIRequestContext) {
  const tag = String(Date.now());
  const admin = await tokenOf(request, 'administrator');
  const worker = await tokenOf(request, 'worker');
  const location = await post<{ id: string; path: string }>(request, admin, '/locations', { name: `Ledger ${tag}` });
  const sku = `LEDGER-${tag}`;
  const component = await post<{ id: string }>(request, worker, '/components', { sku, name: 'Ledger part' });
  const receipt = await post<Posted>(request, worker, '/movements', {
    type: 'receipt',
    componentId: component.id,
    locationId: location.id,
    quantity: '10',
    unitCostMinor: 1250,
    reference: `INV-${tag}`,
  });
  const issue = await post<Posted>(request, worker, '/movements', {
    type: 'issue',
    componentId: component.id,
    locationId: location.id,
    quantity: '4',
    note: 'Prototype build',
  });
  return { sku, component, location, receipt: receipt.movement, issue: issue.movement };
}

function ledgerRows(page: Page, sku: string) {
  return page.getByRole('table').getByRole('row').filter({ hasText: sku });
}

test('the ledger filters by type through the URL, exports the view and lets an administrator reverse', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { sku, component, receipt, issue } = await seedLedger(request);

  await signInAs(page, 'administrator', `/transactions?componentId=${component.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Component' })).toHaveValue(`${sku} — Ledger part`);
  const rows = ledgerRows(page, sku);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Issue');
  // Unit cost and note are hidden until chosen, so that the ledger fits the screen.
  await expect(rows.nth(0)).not.toContainText('Prototype build');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Unit cost' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Note' }).click();
  await page.keyboard.press('Escape');
  await expect(rows.nth(0)).toContainText('Prototype build');
  await expect(rows.nth(1)).toContainText('Receipt');
  await expect(rows.nth(1)).toContainText('₽12.50');

  // Filters live in the URL: a reload shows the same view.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(/type=receipt/);
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Receipt');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`INV-`);

  // The export carries the filters of the view.
  await page.getByRole('button', { name: 'Export' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const csv = await readFile((await (await csvDownload).path()) ?? '', 'utf8');
  expect(csv).toContain(sku);
  expect(csv).not.toContain('Prototype build');

  // A period in the future holds nothing.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Receipt' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel('From date', { exact: true }).fill('2999-01-01');
  await expect(page.getByText('No movements match these filters.')).toBeVisible();
  // A period that ends before it starts is kept as typed and named as the problem, not silently dropped.
  await page.getByLabel('To date', { exact: true }).fill('Jan 1, 2998');
  await expect(page).toHaveURL(/[?&]to=2998-01-01(&|$)/);
  await expect(page.getByText('The end date is before the start date')).toBeVisible();
  await page.getByLabel('To date', { exact: true }).fill('');
  await expect(page.getByText('The end date is before the start date')).toBeHidden();
  await page.getByLabel('From date', { exact: true }).fill('');
  await expect(rows).toHaveCount(2);

  // Reversal of the issue, with a note; the original stays and is marked.
  await page.getByRole('button', { name: `Reverse movement ${issue.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse movement ${issue.number}` });
  await expect(dialog).toContainText(`Issue: 4 pcs of ${sku} Ledger part`);
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Issued by mistake');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Reversal');
  await expect(rows.nth(0)).toContainText(`of movement ${issue.number}`);
  await expect(rows.nth(0)).toContainText('Issued by mistake');
  await expect(rows.nth(1)).toContainText('Reversed');
  // Neither a reversed movement nor a reversal can be reversed again; the receipt still can.
  await expect(page.getByRole('button', { name: `Reverse movement ${issue.number}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Reverse movement/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Reverse movement ${receipt.number}` })).toBeVisible();
});

test('workers read the ledger without the Reverse action, in Russian too', async ({ page, request }) => {
  const { sku, component } = await seedLedger(request);
  await page.addInitScript(() => localStorage.setItem('i18n_locale', 'ru'));
  await page.goto(`/transactions?componentId=${component.id}`);
  await page.getByRole('textbox', { name: 'Электронная почта', exact: true }).fill(accounts.worker);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Операции' })).toBeVisible();
  await expect(page).toHaveTitle(/^Операции · /);
  const rows = ledgerRows(page, sku);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Выдача');
  await expect(rows.nth(0)).toContainText('−4 шт.');
  await expect(rows.nth(1)).toContainText('Приход');
  await expect(page.getByRole('columnheader', { name: 'Количество' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Сторнировать/ })).toHaveCount(0);

  // Days are written the Russian way whatever the browser's own locale, and kept in the URL as the API's.
  const from = page.getByRole('textbox', { name: 'С даты' });
  await from.fill('01.01.2999');
  await expect(page).toHaveURL(/[?&]from=2999-01-01(&|$)/);
  await expect(page.getByText('Нет движений, подходящих под фильтры.')).toBeVisible();
  await page.reload();
  await expect(from).toHaveValue('01.01.2999');
});

testEveryRowReachable('the ledger', 'worker', '/transactions', 'Transactions');

test.describe('on a browser in another time zone than the organisation', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the ledger, its export and a component history show one clock, say which, and name reversed movements', async ({
    page,
    request,
  }) => {
    const { sku, component, issue } = await seedLedger(request);
    const admin = await tokenOf(request, 'administrator');
    const reversal = await post<Posted>(request, admin, `/movements/${issue.id}/reversal`, { note: 'Wrong bin' });

    await signInAs(page, 'administrator', `/transactions?componentId=${component.id}&type=reversal`);
    const rows = ledgerRows(page, sku);
    await expect(rows).toHaveCount(1);
    // Filtered to reversals, the original is not on the page: the row still names it.
    await expect(rows.first()).toContainText(`of movement ${issue.number}`);
    await expect(page.getByText("Times are Moscow Standard Time (GMT+3), the organisation's time zone.")).toBeVisible();

    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    // "2026-11-25 09:22:07" in the file; "9:22 AM" on the screen: the same clock.
    const exported = csv.split('\n').find((line) => line.startsWith(`${reversal.movement.number},`)) ?? '';
    const [, hour, minute] = /\d{4}-\d{2}-\d{2} (\d{2}):(\d{2})/.exec(exported) ?? [];
    const shown = `${Number(hour) % 12 || 12}:${minute} ${Number(hour) < 12 ? 'AM' : 'PM'}`;
    await expect(rows.first()).toContainText(shown);

    await page.goto(`/components/${component.id}`);
    const history = page.getByRole('table', { name: 'Movement history' });
    const original = history
      .getByRole('row')
      .filter({ hasText: String(issue.number) })
      .filter({ hasText: 'Issue' });
    await expect(original).toContainText('Reversed');
    await expect(history.getByRole('row').filter({ hasText: 'Reversal' })).toContainText(`of movement ${issue.number}`);
    await expect(history.getByRole('row').filter({ hasText: 'Reversal' })).toContainText(shown);
    await expect(page.getByText("Times are Moscow Standard Time (GMT+3), the organisation's time zone.")).toBeVisible();
  });
});
