import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, signInAs } from './fixtures.js';

/** Every page PRODUCT.md §6 and the UI-kit issue name: the kit must have each, and only in developer mode. */
const KIT_PATHS = [
  ...[
    'alerts',
    'avatar',
    'badges',
    'breadcrumbs',
    'buttons',
    'buttons-group',
    'color-library',
    'dropdown',
    'infobox',
    'jumbotron',
    'loader',
    'pagination',
    'popovers',
    'progress-bar',
    'search',
    'tooltips',
    'treeview',
    'typography',
  ].map((name) => `/elements/${name}`),
  ...[
    'basic',
    'advanced',
    'skin',
    'order-sorting',
    'columns-filter',
    'multi-column',
    'multiple-tables',
    'alt-pagination',
    'checkbox',
    'range-search',
    'export',
    'sticky-header',
    'clone-header',
    'column-chooser',
  ].map((name) => `/datatables/${name}`),
  ...[
    'basic',
    'input-group',
    'layouts',
    'validation',
    'input-mask',
    'select2',
    'touchspin',
    'checkbox-radio',
    'switches',
    'wizards',
    'file-upload',
    'markdown-editor',
    'date-picker',
    'clipboard',
  ].map((name) => `/forms/${name}`),
  '/charts',
  '/widgets',
  '/pages/error404',
  '/pages/error500',
  '/pages/error503',
  '/pages/maintenence',
  '/pages/maintenance',
];

/** Pages whose point is colour: axe checks their contrast in both themes. */
const BOTH_THEMES = new Set([
  '/elements/color-library',
  '/elements/badges',
  '/elements/alerts',
  '/charts',
  '/widgets',
  '/pages/error500',
]);

type Theme = 'light' | 'dark';

/**
 * The themes a kit page is checked in. A theme changes a page's colours, not its structure, so any other page is
 * checked in one, light and dark taking turns down the list: each theme still covers half the pages.
 */
function themesOf(path: string, index: number): readonly Theme[] {
  if (BOTH_THEMES.has(path)) return ['light', 'dark'];
  return [index % 2 === 0 ? 'light' : 'dark'];
}

/** The server of this run that runs in developer mode (playwright.config.ts). */
const DEV_SERVER = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;

/** Kit paths checked per test: each is a whole page load, over a second on a loaded machine. */
const PATHS_PER_TEST = 6;

for (const group of ['elements', 'datatables', 'forms', 'charts', 'pages']) {
  const paths = KIT_PATHS.filter(
    (kitPath) => kitPath.startsWith(`/${group}`) || (group === 'charts' && kitPath === '/widgets'),
  );
  for (let first = 0; first < paths.length; first += PATHS_PER_TEST) {
    const part = paths.slice(first, first + PATHS_PER_TEST);
    test(`without developer mode the ${group} kit paths ${first + 1}–${first + part.length} are a 404 and the menu has no kit section`, async ({
      page,
    }) => {
      await signInAs(page, 'administrator');
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(navigation.getByRole('link', { name: 'Stock' })).toBeVisible();
      await expect(navigation.getByText('UI kit')).toHaveCount(0);
      for (const path of part) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
      }
    });
  }
}

test.describe('in developer mode', () => {
  test.use({ baseURL: DEV_SERVER });

  let page: Page;
  const consoleErrors: string[] = [];

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    // axe needs a page of a context of its own.
    const context = await browser.newContext({ baseURL: DEV_SERVER });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signInAs(page, 'administrator');
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the menu has a UI-kit section that leads to every kit page', async () => {
    await page.goto('/');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByText('UI kit')).toBeVisible();
    for (const group of ['Elements', 'Data tables', 'Forms', 'Charts and widgets', 'Pages']) {
      await navigation.getByRole('button', { name: group }).click();
    }
    const listed = await navigation
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(KIT_PATHS.filter((path) => path !== '/pages/maintenance' && !listed.includes(path))).toEqual([]);
    await navigation.getByRole('link', { name: 'Maintenance' }).click();
    await expect(page).toHaveURL('/pages/maintenence');
    await expect(page.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
  });

  for (const [index, path] of KIT_PATHS.entries()) {
    const themes = themesOf(path, index);
    test(`${path} opens without a console error and passes axe in ${themes.join(' and ')}`, async () => {
      for (const theme of themes) {
        consoleErrors.length = 0;
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Examples that read the server have shown what they read.
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page);
        expect(consoleErrors, `${path} (${theme})`).toEqual([]);
      }
    });
  }
});
