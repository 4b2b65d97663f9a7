import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { accounts, DEMO_PASSWORD, signInAs, testEveryRowReachable } from './fixtures.js';

// These stories post through several screens; the expectations wait as long as playwright.config.ts says.
test.describe.configure({ timeout: 90_000 });

type Role = keyof typeof accounts;

/** Signs in through the API and returns a client that sends the bearer token. */
async function apiAs(request: APIRequestContext, role: Role) {
  const response = await request.post('/api/auth/login', { data: { email: accounts[role], password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  const { accessToken, user } = (await response.json()) as {
    accessToken: string;
    user: { currentDepartment: { id: string; name: string } | null; departments: { id: string; name: string }[] };
  };
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    user,
    /** Works in another department from now on (this client only; the user's stored choice may follow). */
    async switchTo(departmentId: string): Promise<void> {
      const answer = await request.post('/api/auth/department/switch', {
        data: { newDepartment: departmentId },
        headers,
      });
      expect(answer.ok()).toBe(true);
      headers.authorization = `Bearer ${((await answer.json()) as { accessToken: string }).accessToken}`;
    },
    async post<T>(path: string, data: unknown, extra: Record<string, string> = {}): Promise<T> {
      const answer = await request.post(`/api${path}`, { data, headers: { ...headers, ...extra } });
      expect(answer.status(), `${path}: ${await answer.text()}`).toBeLessThan(300);
      return (await answer.json()) as T;
    },
  };
}

/** A warehouse with two shelves in the department the demo worker works in (the administrator's current one). */
async function seedLocations(request: APIRequestContext, tag: string) {
  const admin = await apiAs(request, 'administrator');
  expect(admin.user.currentDepartment?.name).toBe('Central Warehouse');
  const warehouse = await admin.post<{ id: string }>('/locations', { name: `Store ${tag}` });
  const shelfA = await admin.post<{ id: string }>('/locations', { name: 'Shelf A', parentId: warehouse.id });
  const shelfB = await admin.post<{ id: string }>('/locations', { name: 'Shelf B', parentId: warehouse.id });
  return { warehouse, shelfA, shelfB, pathA: `Store ${tag} / Shelf A`, pathB: `Store ${tag} / Shelf B` };
}

/** Picks an option of a Mantine select (a combobox) by the start of its text. */
async function choose(page: Page, combobox: Locator, option: string, search?: string) {
  await combobox.click();
  if (search !== undefined) await combobox.fill(search);
  await page.getByRole('option').filter({ hasText: option }).first().click();
}

function stockRow(page: Page, path: string): Locator {
  return page.getByRole('row').filter({ hasText: path });
}

test('receive, issue and transfer through the quick actions, then find them in stock, ledger and exports', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = String(Date.now());
  const sku = `E2E-${tag}`;
  const { pathA, pathB } = await seedLocations(request, tag);

  // The component is created through the Components form, as a worker would.
  await signInAs(page, 'worker', '/components/new');
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Test resistor 4.7 kΩ');
  await page.getByRole('button', { name: 'Create component' }).click();
  await expect(page).toHaveURL(/\/components\/[0-9a-f-]{36}$/);
  const componentId = page.url().split('/').pop() ?? '';

  // Receive 10 at Shelf A from the page's Receive button.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  await choose(page, receive.getByRole('combobox', { name: 'Component' }), sku, sku);
  await choose(page, receive.getByRole('combobox', { name: 'Location' }), pathA);
  const receiveQuantity = receive.getByRole('textbox', { name: 'Quantity' });
  await receiveQuantity.fill('2.5');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText('Enter a whole number: pcs are counted, not measured')).toBeVisible();
  await receiveQuantity.fill('10');
  await expect(receive.getByText(`0 → 10 pcs at ${pathA}`)).toBeVisible();
  await receive.getByRole('textbox', { name: 'Reference' }).fill('INV-42');
  // Escape would lose what was typed: it asks first, with Keep editing focused. A second Escape keeps on
  // editing where the typing was; the next one asks again; every field is kept throughout.
  const reference = receive.getByRole('textbox', { name: 'Reference' });
  const discard = page.getByRole('alertdialog', { name: 'Discard this movement?' });
  await page.keyboard.press('Escape');
  await expect(discard).toBeVisible();
  await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();
  await expect(receive).toBeVisible();
  await expect(reference).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(receiveQuantity).toHaveValue('10');
  await expect(reference).toHaveValue('INV-42');
  // Enter in a field submits the form.
  await receiveQuantity.press('Enter');
  await expect(receive).toBeHidden();
  await expect(page.getByText('Stock received')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(sku);
  await expect(page).toHaveURL(new RegExp(`q=${sku}`));
  await expect(stockRow(page, pathA)).toContainText('10 pcs');

  // Issue 3 from the row's own actions: component and location come prefilled.
  await page.getByRole('button', { name: `Actions for ${sku} at ${pathA}` }).click();
  await page.getByRole('menuitem', { name: 'Issue' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue stock' });
  await expect(issue.getByRole('combobox', { name: 'Component' })).toHaveValue(new RegExp(sku));
  await expect(issue.getByRole('combobox', { name: 'Location' })).toHaveValue(pathA);
  // What the location holds is there before anything is typed.
  await expect(issue.getByText('On hand here: 10 pcs')).toBeVisible();
  await issue.getByRole('textbox', { name: 'Quantity' }).fill('30');
  await issue.getByRole('button', { name: 'Issue' }).click();
  // More than is there: the preview says how much is, and the form refuses to send it.
  await expect(issue.getByText(`Not enough stock at ${pathA}: only 10 pcs available.`)).toBeVisible();
  await expect(issue.getByText('More than is on hand at this location')).toBeVisible();
  await expect(issue.getByRole('alert')).toHaveCount(0);
  await issue.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await expect(issue.getByText(`10 → 7 pcs at ${pathA}`)).toBeVisible();
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(issue).toBeHidden();
  await expect(stockRow(page, pathA)).toContainText('7 pcs');

  // Cancel with a quantity typed asks too; Escape there keeps the form, Discard closes it unposted.
  await page.getByRole('button', { name: `Actions for ${sku} at ${pathA}` }).click();
  await page.getByRole('menuitem', { name: 'Issue' }).click();
  await issue.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await issue.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();
  await expect(issue.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  await issue.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(issue).toBeHidden();
  await expect(stockRow(page, pathA)).toContainText('7 pcs');

  // Transfer 2 from Shelf A to Shelf B.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer stock' });
  await choose(page, transfer.getByRole('combobox', { name: 'Component' }), sku, sku);
  await choose(page, transfer.getByRole('combobox', { name: 'From location' }), pathA);
  await choose(page, transfer.getByRole('combobox', { name: 'To location' }), pathB);
  await transfer.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await expect(transfer.getByText(`7 → 5 pcs at ${pathA}`)).toBeVisible();
  await expect(transfer.getByText(`0 → 2 pcs at ${pathB}`)).toBeVisible();
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer).toBeHidden();

  await expect(stockRow(page, pathA)).toContainText('5 pcs');
  await expect(stockRow(page, pathB)).toContainText('2 pcs');
  await expect(page.getByText('2 rows')).toBeVisible();
  // The totals count the searched component's pieces, in its unit.
  await expect(page.getByText(/Total quantity:\s*7 pcs/)).toBeVisible();

  // A filtered link reopens the same view.
  await choose(page, page.getByRole('combobox', { name: 'Location' }), pathB);
  await expect(page).toHaveURL(/locationId=/);
  await expect(stockRow(page, pathA)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(sku);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(pathB);
  await expect(stockRow(page, pathB)).toContainText('2 pcs');
  await expect(stockRow(page, pathA)).toHaveCount(0);

  // Exports of the current view: CSV text and an XLSX workbook (a zip) both hold the SKU.
  await page.getByRole('button', { name: 'Export' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const csv = await readFile((await (await csvDownload).path()) ?? '', 'utf8');
  expect(csv).toContain(sku);
  expect(csv).toContain(pathB);

  await page.getByRole('button', { name: 'Export' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /XLSX/ }).click();
  const download = await xlsxDownload;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = await readFile((await download.path()) ?? '');
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  const files = unzipSync(new Uint8Array(xlsx));
  const sheetXml = Object.entries(files)
    .filter(([name]) => name.startsWith('xl/') && name.endsWith('.xml'))
    .map(([, content]) => strFromU8(content))
    .join('\n');
  expect(Object.keys(files).some((name) => name.startsWith('xl/worksheets/'))).toBe(true);
  expect(sheetXml).toContain(sku);

  // The three movements are in the ledger, newest first.
  await page.goto(`/transactions?componentId=${componentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: sku });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Transfer');
  await expect(rows.nth(0)).toContainText('2 pcs');
  await expect(rows.nth(1)).toContainText('Issue');
  await expect(rows.nth(1)).toContainText('−3 pcs');
  await expect(rows.nth(2)).toContainText('Receipt');
  await expect(rows.nth(2)).toContainText('+10 pcs');
  await expect(rows.nth(2)).toContainText('INV-42');
});

test('adjustments are offered to administrators only; managers see no posting actions', async ({ page, request }) => {
  const tag = String(Date.now());
  const sku = `ROLE-${tag}`;
  const { shelfA, pathA } = await seedLocations(request, tag);
  const worker = await apiAs(request, 'worker');
  const component = await worker.post<{ id: string }>('/components', { sku, name: 'Role check part' });
  await worker.post(
    '/movements',
    { type: 'receipt', componentId: component.id, locationId: shelfA.id, quantity: '4' },
    { 'idempotency-key': crypto.randomUUID() },
  );

  await signInAs(page, 'worker', `/?q=${sku}`);
  await expect(stockRow(page, pathA)).toContainText('4 pcs');
  await expect(page.getByRole('button', { name: 'Receive', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adjust', exact: true })).toHaveCount(0);
  // A row's menu opens from the keyboard with its first item focused, and gives the focus back to its button when
  // it closes; the mouse opens it again.
  const actions = page.getByRole('button', { name: `Actions for ${sku} at ${pathA}` });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Receive more' })).toBeFocused();
  await expect(page.getByRole('menuitem', { name: /Adjust/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Issue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Locations' })).toHaveCount(0);

  // Managers work in sales departments: stock to look at is put into the manager's department by an administrator.
  const managerDepartment = (await apiAs(request, 'manager')).user.currentDepartment?.id ?? '';
  const admin = await apiAs(request, 'administrator');
  const home = admin.user.currentDepartment?.id ?? '';
  let salesShelf: { id: string; path: string };
  await admin.switchTo(managerDepartment);
  try {
    salesShelf = await admin.post<{ id: string; path: string }>('/locations', { name: `Sales shelf ${tag}` });
    await admin.post(
      '/movements',
      { type: 'receipt', componentId: component.id, locationId: salesShelf.id, quantity: '6' },
      { 'idempotency-key': crypto.randomUUID() },
    );
  } finally {
    // The stored choice may follow the switch: the administrator goes back home even when seeding failed.
    await admin.switchTo(home);
  }

  // Each role signs in on a tab of its own: sessions live in sessionStorage, which tabs do not share.
  const managerPage = await page.context().newPage();
  await signInAs(managerPage, 'manager', `/?q=${sku}`);
  await expect(stockRow(managerPage, salesShelf.path)).toContainText('6 pcs');
  for (const action of ['Receive', 'Issue', 'Transfer', 'Adjust', 'Locations']) {
    await expect(managerPage.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await expect(managerPage.getByRole('button', { name: `Actions for ${sku} at ${salesShelf.path}` })).toHaveCount(0);
  await expect(managerPage.getByRole('button', { name: 'Export' })).toBeVisible();
  await managerPage.close();

  const adminPage = await page.context().newPage();
  await signInAs(adminPage, 'administrator', `/?q=${sku}`);
  await expect(stockRow(adminPage, pathA)).toContainText('4 pcs');
  await expect(adminPage.getByRole('button', { name: 'Adjust', exact: true })).toBeVisible();
  await adminPage.getByRole('button', { name: `Actions for ${sku} at ${pathA}` }).click();
  await adminPage.getByRole('menuitem', { name: 'Adjust (stocktake)' }).click();
  const adjust = adminPage.getByRole('dialog', { name: 'Adjust stock (stocktake)' });
  await expect(adjust.getByText(/Recorded here: 4 pcs$/)).toBeVisible();
  // Counting what the books say is nothing to post.
  await adjust.getByRole('textbox', { name: 'Counted quantity' }).fill('4');
  await expect(adjust.getByText('Equals the recorded quantity; nothing to adjust.')).toBeVisible();
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust.getByText('Equals the recorded quantity: enter the quantity you counted')).toBeVisible();
  await expect(adjust.getByRole('alert')).toHaveCount(0);
  await adjust.getByRole('textbox', { name: 'Counted quantity' }).fill('3');
  await expect(adjust.getByText(`4 → 3 pcs at ${pathA}`)).toBeVisible();
  await expect(adjust.getByText('Difference: −1 pcs')).toBeVisible();
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust).toBeHidden();
  await expect(stockRow(adminPage, pathA)).toContainText('3 pcs');
});

test('administrators manage the location tree and see why a location cannot be deleted', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = String(Date.now());
  const { shelfA, pathA } = await seedLocations(request, tag);
  const admin = await apiAs(request, 'administrator');
  const component = await admin.post<{ id: string }>('/components', { sku: `LOC-${tag}`, name: 'Location check' });
  await admin.post(
    '/movements',
    { type: 'receipt', componentId: component.id, locationId: shelfA.id, quantity: '1' },
    { 'idempotency-key': crypto.randomUUID() },
  );

  await signInAs(page, 'administrator');
  await page.getByRole('button', { name: 'Locations' }).click();
  const manager = page.getByRole('dialog', { name: 'Locations' });
  const warehouse = `Store ${tag}`;

  await manager.getByRole('button', { name: `Add a location inside ${warehouse}`, exact: true }).click();
  await manager.getByRole('textbox', { name: 'Name' }).fill('Shelf C');
  await manager.getByRole('button', { name: 'Create' }).click();
  await expect(manager.getByRole('button', { name: `Rename ${warehouse} / Shelf C` })).toBeVisible();

  await manager.getByRole('button', { name: `Rename ${warehouse} / Shelf C` }).click();
  await manager.getByRole('textbox', { name: 'Name' }).fill('Shelf A');
  await manager.getByRole('button', { name: 'Save' }).click();
  await expect(manager.getByRole('alert')).toContainText('Another entry at this level already has this name.');
  await manager.getByRole('textbox', { name: 'Name' }).fill('Shelf D');
  await manager.getByRole('button', { name: 'Save' }).click();
  await expect(manager.getByRole('button', { name: `Rename ${warehouse} / Shelf D` })).toBeVisible();

  await manager.getByRole('button', { name: `Move ${warehouse} / Shelf D` }).click();
  await choose(page, manager.getByRole('combobox', { name: 'Place inside' }), `${warehouse} / Shelf B`);
  await manager.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(manager.getByRole('button', { name: `Rename ${warehouse} / Shelf B / Shelf D` })).toBeVisible();

  // Shelf A holds stock: the server refuses and the reason is shown.
  await manager.getByRole('button', { name: `Delete ${pathA}`, exact: true }).click();
  await manager.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(manager.getByRole('alert')).toContainText('The location still holds stock');
  await manager.getByRole('button', { name: 'Cancel' }).click();

  await manager.getByRole('button', { name: `Delete ${warehouse} / Shelf B / Shelf D` }).click();
  await manager.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(manager.getByRole('button', { name: `Delete ${warehouse} / Shelf B / Shelf D` })).toHaveCount(0);
});

test('the location tree is worked from the keyboard alone', async ({ page, request }) => {
  const tag = String(Date.now());
  const { pathA, pathB } = await seedLocations(request, tag);
  await signInAs(page, 'administrator');
  await page.getByRole('button', { name: 'Locations' }).click();
  const manager = page.getByRole('dialog', { name: 'Locations' });

  // Each form gives the focus back to the button that opened it.
  const addInside = manager.getByRole('button', { name: `Add a location inside ${pathA}`, exact: true });
  await addInside.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bin 1');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Location Bin 1 created')).toBeVisible();
  await expect(addInside).toBeFocused();

  const rename = manager.getByRole('button', { name: `Rename ${pathA} / Bin 1` });
  await rename.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Bin 2');
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: `Rename ${pathA} / Bin 2` })).toBeFocused();

  // A folded location hides what is inside it until it is unfolded.
  await manager.getByRole('button', { name: `Collapse ${pathA}` }).focus();
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: `Expand ${pathA}` })).toHaveAttribute('aria-expanded', 'false');
  await expect(manager.getByRole('button', { name: `Rename ${pathA} / Bin 2` })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: `Rename ${pathA} / Bin 2` })).toBeVisible();

  await manager.getByRole('button', { name: `Move ${pathA} / Bin 2` }).focus();
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('combobox', { name: 'Place inside' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(pathB);
  // Enter picks the option the typing left highlighted: only once the list has caught up with the typing.
  await expect(page.getByRole('option', { name: pathB, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('combobox', { name: 'Place inside' })).toHaveValue(pathB);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Location Bin 2 moved')).toBeVisible();
  // The moved row is drawn anew under its new parent, and its Move button has the focus again.
  await expect(manager.getByRole('button', { name: `Move ${pathB} / Bin 2` })).toBeFocused();

  await manager.getByRole('button', { name: `Delete ${pathB} / Bin 2` }).focus();
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Location Bin 2 deleted')).toBeVisible();
  await expect(manager.getByRole('button', { name: `Delete ${pathB} / Bin 2` })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Add warehouse' })).toBeFocused();

  // With no form open, Escape closes the dialog.
  await page.keyboard.press('Escape');
  await expect(manager).toBeHidden();
});

test('sorting, page size and the chosen columns of the stock list survive a reload', async ({ page, request }) => {
  const tag = String(Date.now());
  const { shelfA } = await seedLocations(request, tag);
  const worker = await apiAs(request, 'worker');
  for (const [suffix, quantity] of [
    ['A', '5'],
    ['B', '50'],
    ['C', '7'],
  ] as const) {
    const component = await worker.post<{ id: string }>('/components', { sku: `SORT-${tag}-${suffix}`, name: 'Sort' });
    await worker.post(
      '/movements',
      { type: 'receipt', componentId: component.id, locationId: shelfA.id, quantity },
      { 'idempotency-key': crypto.randomUUID() },
    );
  }

  await signInAs(page, 'worker', `/?q=SORT-${tag}`);
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `SORT-${tag}` });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`SORT-${tag}-A`);

  await page.getByRole('button', { name: /^Quantity/ }).click();
  await expect(page).toHaveURL(/sort=quantity/);
  await page.getByRole('button', { name: /^Quantity/ }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(rows.first()).toContainText('50 pcs');

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Category' }).click();
  await page.keyboard.press('Escape');
  // Sortable headers are buttons to assistive technology, the others plain column headers.
  await expect(page.getByRole('button', { name: /^Category/ })).toHaveCount(0);

  await page.reload();
  await expect(rows.first()).toContainText('50 pcs');
  await expect(rows.last()).toContainText('5 pcs');
  await expect(page.getByRole('button', { name: /^Category/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Location/ })).toBeVisible();

  await page.getByRole('button', { name: '25', exact: true }).click();
  await page.getByRole('menuitem', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/pageSize=10/);
  await expect(page).toHaveURL(/sort=quantity/);
  await expect(rows).toHaveCount(3);

  // A row opens the component; the keyboard does the same as a click.
  await rows.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/components\/[0-9a-f-]{36}$/);
});

testEveryRowReachable('stock', 'worker', '/', 'Stock');

test('a search of several words finds what has them all, in any order, on Stock and Components', async ({ page }) => {
  await signInAs(page, 'worker', '/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('0805 resistor 4.7');
  const stock = page.getByRole('table', { name: 'Stock' });
  await expect(stock.getByRole('row').filter({ hasText: 'Resistor 4.7 kΩ 1 % 0805' }).first()).toBeVisible();
  await expect(stock.getByRole('row').filter({ hasText: 'Capacitor' })).toHaveCount(0);

  await page.goto('/components');
  await page.getByRole('searchbox', { name: 'Search' }).fill('4.7 0805 RESISTOR');
  const components = page.getByRole('table', { name: 'Components' });
  await expect(components.getByRole('row').filter({ hasText: 'Resistor 4.7 kΩ 1 % 0805' })).toHaveCount(1);
  await expect(components.getByRole('row').filter({ hasText: '0603' })).toHaveCount(0);
});
