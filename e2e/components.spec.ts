import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, DEMO_PASSWORD, signInAs, testEveryRowReachable } from './fixtures.js';

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

  await skuField.fill('bad sku!');
  await page.getByRole('textbox', { name: 'Default unit cost' }).fill('12.345');
  await page.getByRole('button', { name: 'Create component' }).click();
  await expect(
    page.getByText('Use letters, digits and . _ - / + # only, starting with a letter or digit.'),
  ).toBeVisible();
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
    const form = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(form.violations, `form, ${scheme}`).toEqual([]);

    await page.goto(`/components/${component.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(sku);
    await expect(page.getByText('Low stock')).toBeVisible();
    const detail = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(detail.violations, `detail, ${scheme}`).toEqual([]);
  }
});

testEveryRowReachable('components', 'worker', '/components', 'Components');

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
