import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  accounts,
  animationsSettled,
  DEMO_PASSWORD,
  expectEveryRowReachable,
  signInAs,
  testEveryRowReachable,
} from './fixtures.js';

/** A SKU no other test (or earlier run on the same database) has used. */
function uniqueSku(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

/** 1 × 1 transparent PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Calls the API as a demo user, the way the tests seed their own data. */
async function apiAs(request: APIRequestContext, role: keyof typeof accounts) {
  const login = await request.post('/api/auth/login', { data: { email: accounts[role], password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as T;
  };
}

function descriptionEditor(page: Page) {
  return page.getByRole('textbox', { name: 'Description', exact: true });
}

async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('a worker creates a component with a parameter and a markdown description, then edits it', async ({
  page,
  request,
}) => {
  // One story from the list to the edited detail: longer than the default budget on a busy machine.
  test.slow();
  const sku = uniqueSku('E2E-RES');
  // Categories are the administrator's; this test brings its own.
  const asAdministrator = await apiAs(request, 'administrator');
  const parent = await asAdministrator<{ id: string; name: string }>('/categories', { name: `E2E ${sku}` });
  await asAdministrator('/categories', { name: 'Resistors', parentId: parent.id });
  const categoryPath = `${parent.name} / Resistors`;
  await signInAs(page, 'worker', '/components');
  await page.getByRole('link', { name: 'New component' }).click();
  await expect(page).toHaveURL('/components/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New component' })).toBeVisible();

  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Resistor 4.7 kΩ 0805');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categoryPath }).click();
  await page.getByRole('textbox', { name: 'Manufacturer', exact: true }).fill('Yageo');
  await page.getByRole('textbox', { name: 'Minimum stock' }).fill('250');
  await page.getByRole('textbox', { name: 'Default unit cost' }).fill('12.50');

  await page.getByRole('button', { name: 'Add parameter' }).click();
  await page.getByRole('textbox', { name: 'Parameter 1 name' }).fill('Resistance');
  await page.getByRole('textbox', { name: 'Parameter 1 value' }).fill('4.7');
  await page.getByRole('textbox', { name: 'Parameter 1 unit' }).fill('kΩ');

  await descriptionEditor(page).click();
  // Two ways to run code from a description: a script element, and an event handler of an image that fails to
  // load (this one would run even through innerHTML, where a script element never does).
  await page.keyboard.type(
    'Thick film, **1 %** tolerance. <script>window.__pwned = true</script> <img src=x onerror="window.__pwned=true">',
  );

  await page.getByRole('button', { name: 'Create component' }).click();
  await expect(page).toHaveURL(/\/components\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(sku);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Resistor 4.7 kΩ 0805');
  // The markdown is rendered, and sanitised: the bold survives, the script and the event handler do not.
  const description = page.getByTestId('component-description');
  await expect(description.locator('strong')).toHaveText('1 %');
  await expect(description.locator('script')).toHaveCount(0);
  // The image element itself reached the page; only its handler was taken away.
  await expect(description.locator('img')).toHaveCount(1);
  await expect(description.locator('[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(page.getByRole('table', { name: 'Parameters' })).toContainText('Resistance');
  await expect(page.getByRole('table', { name: 'Parameters' })).toContainText('4.7 kΩ');
  await expect(page.getByText(categoryPath)).toBeVisible();
  await expect(page.getByText('₽12.50')).toBeVisible();
  // A successful save clears the draft of the new-component form.
  expect(await page.evaluate(() => localStorage.getItem('smde_component-description:new'))).toBeNull();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Resistor 4.7 kΩ 0805');
  await expect(page.getByRole('textbox', { name: 'Default unit cost' })).toHaveValue('12.50');
  await name.fill('Resistor 4.7 kΩ 0805 1 %');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/components\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Resistor 4.7 kΩ 0805 1 %');

  // The list finds it by SKU, and its row opens the detail.
  await page.getByRole('link', { name: 'Components' }).first().click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(sku);
  const row = page.getByRole('row', { name: `Open ${sku} · Resistor 4.7 kΩ 0805 1 %` });
  await expect(row).toBeVisible();
  await row.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(sku);
});

test('a duplicate SKU is refused on the SKU field, and invalid fields say why', async ({ page, request }) => {
  const existing = uniqueSku('E2E-DUP');
  await (await apiAs(request, 'worker'))('/components', { sku: existing, name: 'Taken SKU' });
  await signInAs(page, 'worker', '/components/new');
  await page.getByRole('button', { name: 'Create component' }).click();
  const skuField = page.getByRole('textbox', { name: 'SKU', exact: true });
  await expect(skuField).toHaveAttribute('aria-invalid', 'true');
  await expect(skuField).toBeFocused();
  await expect(page.getByText('This field is required.')).toHaveCount(2);

  // A pasted tab is refused; spaces, = and parentheses are what real part numbers hold.
  await skuField.fill('bad\tsku');
  await page.getByRole('textbox', { name: 'Default unit cost' }).fill('12.345');
  await page.getByRole('button', { name: 'Create component' }).click();
  await expect(page.getByText('Printable characters only: no line breaks, tabs or control characters.')).toBeVisible();
  await expect(page.getByText('Enter an amount of 0 or more with at most 2 decimals, e.g. 12.50.')).toBeVisible();

  // SKUs are unique whatever their letter case.
  await skuField.fill(existing.toLowerCase());
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Another resistor');
  await page.getByRole('textbox', { name: 'Default unit cost' }).fill('');
  await page.getByRole('button', { name: 'Create component' }).click();
  await expect(page.getByText('Another component already has this SKU.')).toBeVisible();
  await expect(skuField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/components/new');
});

test('a manager sees no New or Import button and may not open the form', async ({ page }) => {
  await signInAs(page, 'manager', '/components');
  await expect(page.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Open / }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New component' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Categories' })).toHaveCount(0);
  // The refusal is an answer, not a fault: the browser's console stays clean.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/components/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an administrator builds the category tree with the mouse and from the keyboard', async ({ page, request }) => {
  // One story through every action of the editor, with an accessibility check on the way.
  test.slow();
  const tag = uniqueSku('TREE');
  const asAdministrator = await apiAs(request, 'administrator');
  const other = await asAdministrator<{ id: string; name: string }>('/categories', { name: `Other ${tag}` });
  const busy = await asAdministrator<{ id: string }>('/categories', { name: 'Busy', parentId: other.id });
  await asAdministrator('/components', { sku: tag, name: 'Kept in Busy', categoryId: busy.id });
  const top = `Tree ${tag}`;
  const renamed = `Renamed ${tag}`;

  await signInAs(page, 'administrator', '/components');
  await page.getByRole('button', { name: 'Categories' }).click();
  const manager = page.getByRole('dialog', { name: 'Categories' });
  const nameField = manager.getByRole('textbox', { name: 'Name' });

  // With the mouse: a top-level category; an empty name is refused before anything is sent.
  await manager.getByRole('button', { name: 'New category' }).click();
  await manager.getByRole('button', { name: 'Create' }).click();
  await expect(manager.getByText('Enter a name.')).toBeVisible();
  await nameField.fill(top);
  await manager.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Category ${top} created`)).toBeVisible();

  // From the keyboard: a subcategory; the focus comes back to the button that opened the form.
  const addInside = manager.getByRole('button', { name: `Add a subcategory inside ${top}`, exact: true });
  await addInside.focus();
  await page.keyboard.press('Enter');
  await expect(nameField).toBeFocused();
  await page.keyboard.type('Capacitors');
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: `Rename ${top} / Capacitors` })).toBeVisible();
  await expect(addInside).toBeFocused();

  // A name a sibling has is refused by the server; Escape then cancels the form, not the dialog.
  const rename = manager.getByRole('button', { name: `Rename ${top}`, exact: true });
  await rename.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(other.name);
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('alert')).toContainText('Another entry at this level already has this name.');
  await animationsSettled(page);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(nameField).toHaveCount(0);
  await expect(rename).toBeFocused();

  await rename.click();
  await nameField.fill(renamed);
  await manager.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(manager.getByRole('button', { name: `Rename ${renamed} / Capacitors` })).toBeVisible();
  await expect(manager.getByRole('button', { name: `Rename ${renamed}`, exact: true })).toBeFocused();

  // Moved from the keyboard: the parent is found by typing, chosen with Enter, and Enter moves.
  await manager.getByRole('button', { name: `Move ${renamed} / Capacitors` }).focus();
  await page.keyboard.press('Enter');
  const parent = manager.getByRole('combobox', { name: 'Parent category' });
  await expect(parent).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(other.name);
  await expect(page.getByRole('option', { name: `${other.name} / Busy` })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(parent).toHaveValue(other.name);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Category Capacitors moved')).toBeVisible();
  await expect(manager.getByRole('button', { name: `Move ${other.name} / Capacitors` })).toBeFocused();

  // A category never moves into itself or below itself; the first Escape only closes the list.
  await manager.getByRole('button', { name: `Move ${other.name}`, exact: true }).click();
  await parent.click();
  await expect(page.getByRole('option', { name: renamed, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^${other.name}`) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(parent).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(parent).toHaveCount(0);

  // A category holding a component: the form says so, and the server's refusal is shown.
  await manager.getByRole('button', { name: `Delete ${other.name} / Busy` }).click();
  await expect(manager.getByText('This category holds 1 component.')).toBeVisible();
  await manager.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(manager.getByRole('alert')).toContainText('The category still holds components or subcategories.');
  await manager.getByRole('button', { name: 'Cancel' }).click();

  await manager.getByRole('button', { name: `Delete ${other.name} / Capacitors` }).click();
  await manager.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(manager.getByRole('button', { name: `Delete ${other.name} / Capacitors` })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'New category' })).toBeFocused();

  // Deleted from the keyboard: Delete is focused in its form; the focus then goes to New category.
  await manager.getByRole('button', { name: `Delete ${renamed}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Category ${renamed} deleted`)).toBeVisible();
  await expect(manager.getByRole('button', { name: 'New category' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(manager).toBeHidden();
});

test('the description draft is autosaved, survives a reload and can be discarded', async ({ page }) => {
  await signInAs(page, 'worker', '/components/new');
  await descriptionEditor(page).click();
  await page.keyboard.type('Draft about a *ferrite bead*');
  await expect(page.getByRole('status').filter({ hasText: /^Draft saved at / })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('smde_component-description:new'))).toBe(
    'Draft about a *ferrite bead*',
  );

  // The unsaved-changes guard asks before the page goes; the test says "leave".
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText('Your unsaved draft was restored.')).toBeVisible();
  await expect(descriptionEditor(page)).toContainText('Draft about a *ferrite bead*');

  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(descriptionEditor(page)).not.toContainText('ferrite');
  expect(await page.evaluate(() => localStorage.getItem('smde_component-description:new'))).toBeNull();
});

test('leaving the form with unsaved changes asks first', async ({ page }) => {
  await signInAs(page, 'worker', '/components/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Half-typed');
  await page.getByRole('link', { name: 'Components' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL('/components/new');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Half-typed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL('/components');
});

test('images over 2 MiB or not really images are refused; a real one is uploaded into the description', async ({
  page,
}) => {
  await signInAs(page, 'worker', '/components/new');

  // The component picture: too large is refused before upload, a text file named .png by the server.
  await chooseFile(page, 'Upload image', {
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
  });
  await expect(page.getByText('The image is larger than 2 MiB.')).toBeVisible();
  await chooseFile(page, 'Upload image', {
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just text'),
  });
  await expect(page.getByText('Only PNG, JPEG, GIF and AVIF images are accepted.')).toBeVisible();
  await chooseFile(page, 'Upload image', { name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Component image' })).toBeVisible();

  // Images in the description go through the same checks.
  const insertImage = 'Insert an image (PNG, JPEG, GIF or AVIF, up to 2 MiB)';
  await chooseFile(page, insertImage, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only PNG, JPEG, GIF and AVIF images are accepted.' }),
  ).toHaveCount(1);
  await chooseFile(page, insertImage, { name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(descriptionEditor(page)).toContainText(/!\[\]\(\/api\/images\/[0-9a-f-]{36}\)/);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('.editor-preview-active img')).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}$/);
});

test('the form and the detail pass the accessibility checks in light and dark', async ({ page, request }) => {
  // Four full axe runs: more than the default budget on a busy machine.
  test.slow();
  const sku = uniqueSku('E2E-AXE');
  const component = await (await apiAs(request, 'worker'))<{ id: string }>('/components', {
    sku,
    name: 'Accessible component',
    minimumStock: '5',
    parameters: [{ name: 'Voltage', value: '5', unit: 'V' }],
    description: '# Notes\n\nA [link](https://example.com) and a list:\n\n- one\n- two',
  });
  await signInAs(page, 'worker', '/components/new');
  // The half-filled form asks before the page goes; here it may go.
  page.on('dialog', (dialog) => void dialog.accept());
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    await page.goto('/components/new');
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByRole('button', { name: 'Create component' }).click();
    await expect(page.getByRole('textbox', { name: 'SKU', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await animationsSettled(page);
    const form = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(form.violations, `form, ${scheme}`).toEqual([]);

    await page.goto(`/components/${component.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(sku);
    await expect(page.getByText('Low stock')).toBeVisible();
    await animationsSettled(page);
    const detail = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(detail.violations, `detail, ${scheme}`).toEqual([]);
  }
});

testEveryRowReachable('components', 'worker', '/components', 'Components');

test("every row of a 100-row page of a component's movement history is reached by wheel and keyboard", async ({
  page,
  request,
}) => {
  // A hundred and one receipts, posted one by one: longer than the default budget on a busy machine.
  test.slow();
  const asWorker = await apiAs(request, 'worker');
  const component = await asWorker<{ id: string }>('/components', { sku: uniqueSku('E2E-BUSY'), name: 'Busy part' });
  const login = await request.post('/api/auth/login', { data: { email: accounts.worker, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const locations = (await (await request.get('/api/locations', { headers })).json()) as { items: { id: string }[] };
  for (let receipt = 0; receipt < 101; receipt++) {
    await asWorker('/movements', {
      type: 'receipt',
      componentId: component.id,
      locationId: locations.items[0]?.id,
      quantity: '1',
    });
  }
  const path = `/components/${component.id}?pageSize=100`;
  await signInAs(page, 'worker', path);
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByText('101 movements')).toBeVisible();
    await expectEveryRowReachable(page, 'Movement history');
  }
});

test('archiving and restoring from the keyboard keeps the focus on the button', async ({ page, request }) => {
  const sku = uniqueSku('E2E-ARC');
  const component = await (await apiAs(request, 'administrator'))<{ id: string }>('/components', {
    sku,
    name: 'Archived from the keyboard',
  });
  await signInAs(page, 'administrator', `/components/${component.id}`);
  await page.getByRole('button', { name: 'Archive', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${sku} archived`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Receive' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${sku} restored`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Receive' })).toBeVisible();
});

test('deleting a component with movements offers archiving from the start, never a deletion it cannot do', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/login', {
    data: { email: accounts.administrator, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const sku = uniqueSku('E2E-MOVED');
  const created = await request.post('/api/components', { data: { sku, name: 'Moved part' }, headers });
  const component = (await created.json()) as { id: string };
  const locations = (await (await request.get('/api/locations', { headers })).json()) as { items: { id: string }[] };
  const receipt = await request.post('/api/movements', {
    data: { type: 'receipt', componentId: component.id, locationId: locations.items[0]?.id, quantity: '1' },
    headers,
  });
  expect(receipt.status()).toBe(201);

  await signInAs(page, 'administrator', `/components/${component.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `${sku} cannot be deleted` });
  await expect(dialog.getByRole('alert')).toContainText('has movements, so it cannot be deleted');
  await expect(dialog.getByRole('button', { name: 'Delete component' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Archive instead' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
});
