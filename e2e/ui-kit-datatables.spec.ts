import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs, testEveryRowReachable } from './fixtures.js';

/** The server of this run that runs in developer mode (playwright.config.ts): the kit's pages exist only there. */
const DEV_SERVER = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;
test.use({ baseURL: DEV_SERVER });

/** The accessible name of every page's list of the 10 000 generated components. */
const LIST = 'Generated components';

function rows(page: Page): Locator {
  return page.getByRole('table', { name: LIST }).locator('tbody tr');
}

/** The sortable header of a column of the list. */
function header(page: Page, name: string): Locator {
  return page.getByRole('table', { name: LIST }).getByRole('button', { name: new RegExp(`^${name}`) });
}

/** The cells of one column of the list's page, by the column's position. */
async function column(page: Page, index: number): Promise<string[]> {
  return rows(page).locator(`td:nth-child(${index})`).allInnerTexts();
}

/** "12,345.5 pcs" → 12345.5 */
const quantityOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('a click on a header sorts the whole list, the address says so, and a reload keeps it', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/basic');
  await expect(page.getByText('1–25 of 10,000')).toBeVisible();

  await header(page, 'Quantity').click();
  await expect(page).toHaveURL(/sort=quantity/);
  await header(page, 'Quantity').click();
  await expect(page).toHaveURL(/order=desc/);
  const quantities = (await column(page, 5)).map(quantityOf);
  // The largest quantities of all 10 000 rows, not of the first page: the generated set holds up to 50 000 pieces.
  expect(quantities[0]).toBeGreaterThan(49_000);
  expect(quantities).toEqual([...quantities].sort((a, b) => b - a));

  // The keyboard sorts as the mouse does.
  await header(page, 'Name').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name/);
  const names = await column(page, 2);
  await page.reload();
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows(page).first()).toContainText(names[0] ?? '');
  expect(await column(page, 2)).toEqual(names);
});

test('filters narrow the rows, go into the address and survive a reload; one that matches nothing says so', async ({
  page,
}) => {
  await signInAs(page, 'worker', '/datatables/columns-filter');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Cables and wires' }).click();
  await expect(page).toHaveURL(/category=cables/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('twisted');
  await expect(page).toHaveURL(/q=twisted/);
  // The search is an English word: the rows named in Russian are left out.
  await expect.poll(async () => (await column(page, 2)).every((name) => /twisted/i.test(name))).toBe(true);
  expect(new Set(await column(page, 3))).toEqual(new Set(['Cables and wires']));
  await expect(page.getByText(/^1–25 of [\d,]+$/)).not.toHaveText('1–25 of 10,000');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('twisted');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Cables and wires');
  expect(new Set(await column(page, 3))).toEqual(new Set(['Cables and wires']));

  await page.getByRole('link', { name: 'Kits measured in kilograms (nothing)' }).click();
  await expect(page.getByText('No component matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('1–25 of 10,000')).toBeVisible();
  await expect(page).not.toHaveURL(/category=/);
});

test('a row’s actions narrow the list to its category without opening the row', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/advanced');
  await expect(page.getByText('1–25 of 10,000')).toBeVisible();
  const first = rows(page).first();
  const code = (await first.locator('td').first().textContent()) ?? '';
  const category = (await first.locator('td:nth-child(3)').textContent()) ?? '';
  await page.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: `Only ${category}` }).click();
  await expect(page).toHaveURL(/category=/);
  await expect.poll(async () => new Set(await column(page, 3))).toEqual(new Set([category]));
  // The menu's click is its own: the row it sits in did not open.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('number and day ranges narrow the rows, and a range the wrong way round is named', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/range-search');
  await page.getByRole('textbox', { name: 'Quantity from' }).fill('10000');
  await expect(page).toHaveURL(/quantityFrom=10000/);
  await header(page, 'Quantity').click();
  await expect(page).toHaveURL(/sort=quantity/);
  expect(quantityOf((await column(page, 3))[0] ?? '')).toBeGreaterThanOrEqual(10_000);

  await page.getByRole('link', { name: 'Updated in March 2025' }).click();
  await expect(page).toHaveURL(/updatedFrom=2025-03-01/);
  await expect(page.getByRole('textbox', { name: 'Quantity from' })).toHaveValue('');
  for (const updated of await column(page, 4)) expect(updated).toMatch(/^Mar \d+, 2025/);

  await page.getByRole('textbox', { name: 'Quantity from' }).fill('500');
  await page.getByRole('textbox', { name: 'Quantity to' }).fill('100');
  await expect(page.getByText('The end comes before the start')).toBeVisible();
  await expect(page.getByText('No component matches')).toBeVisible();
  await page.reload();
  await expect(page.getByText('The end comes before the start')).toBeVisible();
});

test('the pager changes the page and its size in the address, and a link past the end shows the last page', async ({
  page,
}) => {
  await signInAs(page, 'worker', '/datatables/alt-pagination');
  await page.getByRole('button', { name: 'Next page' }).first().click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('26–50 of 10,000')).toBeVisible();
  await page.getByRole('button', { name: '25', exact: true }).first().click();
  await page.getByRole('menuitem', { name: '100', exact: true }).click();
  await expect(page).toHaveURL(/pageSize=100/);
  // Another page size starts again at the first page.
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(100);

  await page.getByRole('link', { name: 'Page 9 999 (past the end)' }).click();
  await expect(page).toHaveURL(/page=400/);
  await expect(page.getByText('9,976–10,000 of 10,000')).toBeVisible();
});

test('rows chosen across pages feed the bar’s action', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/checkbox');
  const selectable = rows(page).filter({ has: page.getByRole('checkbox', { disabled: false }) });
  const first = (await selectable.first().locator('td').nth(1).textContent()) ?? '';
  await selectable.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next page' }).click();
  await selectable.first().getByRole('checkbox').check();
  await expect(page.getByRole('status').filter({ hasText: 'chosen' })).toHaveText('2 rows chosen');

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(rows(page).filter({ hasText: first }).getByRole('checkbox')).toBeChecked();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pick list (CSV)' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  // Not trimmed: trim() would take the byte-order mark too.
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('\uFEFFCode,Name,Category,Location,Quantity,Unit,Minimum,Unit cost,Value,Updated');
  expect(lines).toHaveLength(3);
  expect(lines[1]?.startsWith(first)).toBe(true);

  await page.getByRole('searchbox', { name: 'Search' }).fill('rp2040');
  await expect(page).toHaveURL(/q=rp2040/);
  await page.getByRole('checkbox', { name: 'Choose every row of this page' }).check();
  await page.getByRole('button', { name: /^Choose all [\d,]+ matching rows$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'chosen' })).toHaveText(/^[\d,]+ rows chosen$/);
  await page.getByRole('button', { name: 'Clear the choice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'chosen' })).toHaveCount(0);
});

test('the export writes every row of the view, filtered and sorted, as a CSV', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/export?category=kits&sort=value&order=desc');
  const total = Number(
    (((await page.getByText(/^1–25 of /).textContent()) ?? '').match(/of ([\d,]+)/)?.[1] ?? '').replace(',', ''),
  );
  await page.getByRole('button', { name: 'Export' }).first().click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^generated-components-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path()) ?? '', 'utf8')).trim().split('\r\n').slice(1);
  expect(lines).toHaveLength(total);
  expect(lines.every((line) => line.includes(',Kits,'))).toBe(true);
  const values = lines.map((line) => Number(line.split(',').at(-2)));
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // The product's own menu, beside it, downloads the file the server writes of its catalogue.
  await expect(page.getByRole('menu')).toHaveCount(0);
  const serverFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).nth(1).click();
  await page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click();
  expect((await serverFile).suggestedFilename()).toMatch(/^components-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('a hidden column stays hidden after a reload until the defaults are shown again', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/column-chooser');
  const kept = page.getByText('Kept in local storage under');
  await expect(kept).toContainText('Hidden: Minimum, Unit cost, Updated.');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Category' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Category')).toHaveCount(0);
  await expect(kept).toContainText('Hidden: Category, Minimum, Unit cost, Updated.');

  await page.reload();
  await expect(header(page, 'Location')).toBeVisible();
  await expect(header(page, 'Category')).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Code' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Show default columns' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Category')).toBeVisible();
});

test('two tables of one page keep their own sorting in the address, and the filter narrows both', async ({ page }) => {
  await signInAs(page, 'worker', '/datatables/multiple-tables');
  const summary = page.getByRole('table', { name: 'The same view by category' });
  await summary.getByRole('button', { name: /^Components/ }).click();
  await expect(page).toHaveURL(/summarySort=count/);
  await header(page, 'Value').click();
  await expect(page).toHaveURL(/sort=value/);
  await expect(page).toHaveURL(/summarySort=count/);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Kits' }).click();
  await expect(summary.locator('tbody tr')).toHaveCount(1);
  await expect(summary.locator('tbody tr')).toContainText('Kits');
  await page.reload();
  await expect(summary.locator('tbody tr')).toHaveCount(1);
  await expect(page).toHaveURL(/summarySort=count/);
});

testEveryRowReachable('the generated list', 'worker', '/datatables/sticky-header', LIST);
