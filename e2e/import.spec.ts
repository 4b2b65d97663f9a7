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

/** Past the columns step, as proposed: the template's headers map to their fields. */
async function checkRows(dialog: Locator) {
  await expect(dialog.getByRole('table', { name: 'Fields and the file columns they are read from' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Check rows' }).click();
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
  await checkRows(dialog);

  await expect(dialog.getByRole('alert').filter({ hasText: '5 errors found' })).toBeVisible();
  // Each error names its row, its column and the value the file has there.
  const errors = dialog.getByRole('table', { name: 'Row errors' });
  await expect(
    errors.getByRole('row', { name: `3 SKU ${prefix}-1 This SKU appears more than once in the file.` }),
  ).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Unit bogus Unknown unit/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Minimum stock x This is not a number/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Unit cost 1\.999 Too many decimals/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: '4 SKU (empty) A value is required.' })).toBeVisible();
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
  await checkRows(dialog);

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

/**
 * A CSV as KiCad's schematic BOM export writes it, with the part numbers as the SKUs to be. A field named after
 * the run makes its headers new to the database, so no mapping remembered by an earlier run is proposed.
 */
function kicadBom(prefix: string, manufacturers: [string, string]): Buffer {
  return csv([
    ['Reference', 'Value', 'Footprint', 'Datasheet', 'Qty', 'Manufacturer', 'MPN', 'Description', prefix],
    ['"R1,R2"', '10k', 'R_0603', '~', '2', manufacturers[0], `${prefix} CRCW0603 10K0`, 'Resistor 10 kΩ 1 % 0603', ''],
    [
      'C1',
      '100n',
      'C_0603',
      '~',
      '1',
      manufacturers[1],
      `${prefix} GRM188R71H104KA93D=`,
      'Capacitor 100 nF X7R 0603',
      '',
    ],
  ]);
}

test('a KiCad BOM imports through the columns step, which is remembered, and an update shows what it changes', async ({
  page,
}) => {
  const prefix = uniquePrefix();
  const dialog = await openWizard(page);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'board-bom.csv',
    mimeType: 'text/csv',
    buffer: kicadBom(prefix, ['Vishay', 'Murata']),
  });

  // Recognised as a KiCad BOM: the part number becomes the SKU, the value the name, the rest is left out.
  const fields = dialog.getByRole('table', { name: 'Fields and the file columns they are read from' });
  await expect(dialog.getByText('KiCad BOM', { exact: true })).toBeVisible();
  await expect(fields.getByRole('combobox', { name: 'File column for SKU' })).toHaveValue('G · MPN');
  await expect(fields.getByRole('combobox', { name: 'File column for Name' })).toHaveValue('B · Value');
  await expect(dialog.getByText(`Left out: Reference, Qty, ${prefix}.`)).toBeVisible();

  // The names are to come from the description instead: chosen with the mouse.
  await fields.getByRole('combobox', { name: 'File column for Name' }).click();
  await page.getByRole('option', { name: 'H · Description' }).click();
  await expect(fields.getByRole('row', { name: /^Name \(required\)/ })).toContainText('Resistor 10 kΩ 1 % 0603');
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'No errors: all 2 rows are ready to import.' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();

  // The same BOM again, one manufacturer changed and one left empty: the mapping is the one chosen last time,
  // and the preview says what the update changes; the empty cell keeps what is stored.
  await dialog.getByRole('button', { name: 'Import another file' }).click();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'board-bom-rev-b.csv',
    mimeType: 'text/csv',
    buffer: kicadBom(prefix, ['Vishay Dale', '']),
  });
  await expect(
    dialog.getByText('These are the columns you chose when a file with the same headers was last imported.'),
  ).toBeVisible();
  await expect(fields.getByRole('combobox', { name: 'File column for Name' })).toHaveValue('H · Description');
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  const changes = dialog.getByRole('table', { name: 'Changes to existing components' });
  await expect(
    changes.getByRole('row', { name: `2 ${prefix} CRCW0603 10K0 Manufacturer Vishay Vishay Dale` }),
  ).toBeVisible();
  await expect(changes.getByRole('row')).toHaveCount(2);

  // Told to clear empty cells, the capacitor would lose its manufacturer: back to the columns to say so.
  await dialog.getByRole('button', { name: 'Back to columns' }).click();
  await dialog.getByRole('radio', { name: 'Clear the stored value' }).check();
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(
    changes.getByRole('row', { name: `3 ${prefix} GRM188R71H104KA93D= Manufacturer Murata (empty)` }),
  ).toBeVisible();
});

test('an XLSX with a title block above its header imports in Russian, the header row found', async ({ page }) => {
  await signInAs(page, 'worker', '/components');
  await switchLanguage(page, 'Русский');
  await page.getByRole('button', { name: 'Импорт', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт компонентов' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles(new URL('./files/kicad-bom-title-block.xlsx', import.meta.url).pathname);

  await expect(dialog.getByRole('combobox', { name: 'Строка заголовков' })).toHaveValue(
    'Строка 4: Refs, Value, Footprint, Qty',
  );
  await expect(dialog.getByText('Перечень элементов KiCad', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Проверить строки' }).click();
  // Its part numbers may be imported already by an earlier run on the same database: new or updated, no errors.
  await expect(dialog.getByRole('status').filter({ hasText: /Ошибок нет/ })).toBeVisible();
  await dialog.getByRole('button', { name: /^Импортировать 3 строки$/ }).click();
  await expect(dialog.getByText('Импорт завершён')).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'English');
});
