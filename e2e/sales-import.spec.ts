import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, DEMO_PASSWORD, signInAs } from './fixtures.js';

/** Lead ids no other test or demo lead uses. */
function uniqueLeadId(offset = 0): string {
  return String(900_000_000_000 + (Date.now() % 100_000_000) * 10 + offset);
}

function csv(rows: string[][]): Buffer {
  return Buffer.from(`${rows.map((row) => row.join(',')).join('\n')}\n`, 'utf8');
}

const HEADER = [
  'Lead ID',
  'Title',
  'Contact',
  'Payment method',
  'Budget',
  'Created at',
  'Closed at',
  'Pipeline',
  'Status',
  'Loss reason',
  'Manager AMO ID',
];

/** The import panel of the sales settings, as the administrator sees it. */
async function openPanel(page: Page): Promise<Locator> {
  await signInAs(page, 'administrator', '/settings?tab=import');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('What the file holds')).toBeVisible();
  return panel;
}

/** Whether the leads of the file are stored, asked of the preview: a stored lead shows as updated. */
async function storedLeads(request: APIRequestContext, file: Buffer): Promise<number> {
  const login = await request.post('/api/auth/login', {
    data: { email: accounts.administrator, password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const preview = await request.post('/api/sales/imports/leads/preview', {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'text/csv' },
    data: file,
  });
  expect(preview.ok()).toBe(true);
  return ((await preview.json()) as { summary: { updatedLeads: number } }).summary.updatedLeads;
}

test('a leads file with errors lists them by row and column and imports nothing', async ({ page, request }) => {
  const id = uniqueLeadId();
  const file = csv([
    HEADER,
    [id, 'Fine row', 'Anna Petrova', 'Card', '1500.50', '2025-03-03 10:15', '2025-03-14', 'Sales', 'won', '', '7001'],
    [id, 'Same id', '', '', '12.345', '2025-03-05', '', 'Sales', 'won', '', '7001'],
    [uniqueLeadId(1), 'Open but closed', '', '', '', '2025-03-05', '2025-03-06', 'Sales', 'open', '', 'x'],
  ]);
  const panel = await openPanel(page);
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'leads-with-errors.csv', mimeType: 'text/csv', buffer: file });

  await expect(panel.getByRole('alert').filter({ hasText: '5 errors found' })).toBeVisible();
  const errors = panel.getByRole('table', { name: 'Row errors' });
  await expect(
    errors.getByRole('row', { name: '3 Lead ID This lead ID appears more than once in the file.' }),
  ).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Budget Too many decimals/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 Closed at A won or lost lead needs/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^4 Manager AMO ID Use a positive whole number/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^4 Closed at An open lead has no closing date/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();

  // Nothing was imported, not even the row without errors.
  expect(
    await storedLeads(request, csv([HEADER, [id, '', '', '', '', '2025-03-03', '', 'Sales', 'open', '', '7001']])),
  ).toBe(0);
});

test('a valid leads file imports, and an activity file replaces the days it names', async ({ page, request }) => {
  const id = uniqueLeadId(2);
  const file = csv([
    HEADER,
    [
      id,
      'Office chairs',
      'Anna Petrova',
      'Invoice',
      '125000.50',
      '2025-03-03 10:15',
      '2025-03-14 16:40',
      'Sales',
      'won',
      '',
      '999001',
    ],
  ]);
  const panel = await openPanel(page);
  await panel.locator('input[type=file]').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: file });
  await expect(panel.getByRole('status').filter({ hasText: 'No errors: the row is ready to import.' })).toBeVisible();
  // Nobody has AMO ID 999001: the lead is imported without a manager, and the preview says so.
  await expect(panel.getByText('No user has the AMO ID 999001.')).toBeVisible();
  await panel.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(panel.getByText('Import complete')).toBeVisible();
  await expect(panel.getByText('lead created')).toBeVisible();
  expect(await storedLeads(request, file)).toBe(1);

  await panel.getByRole('button', { name: 'Import another file' }).click();
  await panel.getByText('Activity', { exact: true }).click();
  await panel.locator('input[type=file]').setInputFiles({
    name: 'activity.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['Date', 'Manager AMO ID', 'Call minutes', 'Calls', 'Messages'],
      ['2025-03-14', '999001', '95.5', '23', '41'],
    ]),
  });
  await expect(panel.getByText('new manager-day')).toBeVisible();
  await panel.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(panel.getByText('manager-day added')).toBeVisible();

  // The same manager and day again: the file's numbers replace the stored ones.
  await panel.getByRole('button', { name: 'Import another file' }).click();
  await panel.locator('input[type=file]').setInputFiles({
    name: 'activity-corrected.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['Date', 'Manager AMO ID', 'Call minutes', 'Calls', 'Messages'],
      ['14.03.2025', '999001', '90', '22', '40'],
    ]),
  });
  await expect(panel.getByText('manager-day to replace')).toBeVisible();
  await panel.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(panel.getByText('Import complete')).toBeVisible();
  await expect(panel.getByText('manager-day replaced')).toBeVisible();
});

test('the template comes in the interface language', async ({ page }) => {
  const panel = await openPanel(page);
  const firstLine = async (button: string) => {
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: button }).click();
    const text = await readFile((await (await download).path()) ?? '', 'utf8');
    return (text.split(/\r?\n/)[0] ?? '').replace(/^\uFEFF/, '');
  };
  expect(await firstLine('CSV template')).toMatch(/^Lead ID,Title,Contact,/);
  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  await panel.getByText('Активность', { exact: true }).click();
  // Semicolons, as Russian spreadsheets split a CSV.
  expect(await firstLine('Шаблон CSV')).toMatch(/^Дата;AMO ID менеджера;Минуты звонков;/);
  await page.getByRole('button', { name: /Переключить на English$/ }).click();
});
