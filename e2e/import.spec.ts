import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, DEMO_PASSWORD, signInAs } from './fixtures.js';

/** A prefix no earlier run on the same database has used. */
function uniquePrefix(): string {
  return `IMP-${Date.now().toString(36)}-${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

function csv(rows: string[][]): Buffer {
  return Buffer.from(`${rows.map((row) => row.join(',')).join('\n')}\n`, 'utf8');
}

async function openWizard(page: Page) {
  await signInAs(page, 'worker', '/components');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import components' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const HEADER = ['SKU', 'Name', 'Category', 'Unit', 'Minimum stock', 'Unit cost'];

/** How many components, archived ones included, a search finds, asked of the API as the demo worker. */
async function componentsFound(request: APIRequestContext, q: string): Promise<number> {
  const login = await request.post('/api/auth/login', { data: { email: accounts.worker, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await request.get(`/api/components?${new URLSearchParams({ q, status: 'all' })}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

/** Downloads the CSV template from the wizard and returns its first line, without a byte order mark. */
async function templateHeaderLine(page: Page, dialog: Locator, button: string): Promise<string> {
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: button }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  return (text.split(/\r?\n/)[0] ?? '').replace(/^\uFEFF/, '');
}

async function switchLanguage(page: Page, language: 'English' | 'Русский') {
  await page.getByRole('button', { name: new RegExp(`(Switch to|Переключить на) ${language}$`) }).click();
}

test('a file with errors lists them by row and column and cannot be imported', async ({ page, request }) => {
  const prefix = uniquePrefix();
  const dialog = await openWizard(page);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'components-with-errors.csv',
    mimeType: 'text/csv',
    buffer: csv([
      HEADER,
      [`${prefix}-1`, 'Fine row', 'Imported / Good', 'pcs', '5', '1.50'],
      [`${prefix}-1`, 'Same SKU again', '', 'bogus', 'x', '1.999'],
      ['', 'No SKU', '', 'pcs', '', ''],
    ]),
  });

  await expect(dialog.getByRole('alert').filter({ hasText: '5 errors found' })).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Row errors' });
  await expect(errors.getByRole('row', { name: '3 SKU This SKU appears more than once in the file.' })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Unit Unknown unit/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Minimum stock This is not a number/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Unit cost Too many decimals/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: '4 SKU A value is required.' })).toBeVisible();
  // The sample shows the rows as read, under the columns' names.
  await expect(dialog.getByRole('table', { name: 'First rows as read' })).toContainText('Same SKU again');
  await expect(dialog.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();

  // Nothing was imported, not even the row without errors.
  expect(await componentsFound(request, `${prefix}-1`)).toBe(0);
});

test('a valid file imports all its rows, which then appear in the list', async ({ page }) => {
  const prefix = uniquePrefix();
  const dialog = await openWizard(page);

  // The template comes in the interface language: English headers here, Russian ones after switching.
  expect(await templateHeaderLine(page, dialog, 'CSV template')).toMatch(/^SKU,Name,/);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'Русский');
  await page.getByRole('button', { name: 'Импорт', exact: true }).click();
  const russianDialog = page.getByRole('dialog', { name: 'Импорт компонентов' });
  expect(await templateHeaderLine(page, russianDialog, 'Шаблон CSV')).toMatch(/^Артикул;Наименование;/);
  await russianDialog.getByRole('button', { name: 'Закрыть' }).first().click();
  await expect(russianDialog).toBeHidden();
  await switchLanguage(page, 'English');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeVisible();

  await dialog.locator('input[type=file]').setInputFiles({
    name: 'components.csv',
    mimeType: 'text/csv',
    buffer: csv([
      HEADER,
      [`${prefix}-A`, 'Imported capacitor 22 pF', `${prefix} / Capacitors`, 'pcs', '100', '0.12'],
      [`${prefix}-B`, 'Imported wire 0.5 mm²', `${prefix} / Wire`, 'm', '2.5', '15'],
    ]),
  });

  await expect(
    dialog.getByRole('status').filter({ hasText: 'No errors: all 2 rows are ready to import.' }),
  ).toBeVisible();
  await expect(dialog.getByText('new components')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();
  await expect(dialog.getByText('components created')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  const capacitor = page.getByRole('row', { name: `Open ${prefix}-A · Imported capacitor 22 pF` });
  await expect(capacitor).toBeVisible();
  // The category path of the file was created along the way.
  await expect(capacitor).toContainText(`${prefix} / Capacitors`);
  await expect(page.getByRole('row', { name: `Open ${prefix}-B · Imported wire 0.5 mm²` })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Open / })).toHaveCount(2);
});
