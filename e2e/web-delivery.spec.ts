import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, DEMO_PASSWORD } from './fixtures.js';

// The web delivery budget (issue #23, `npm run bench:web` for the full figures): the first screen stays light,
// everything text comes compressed, and a route loads nothing but its own code.

/**
 * Compressed bytes the sign-in page may download: its JavaScript (set from the 142 KB it loads in one chunk per stage,
 * ADR 0050, with room for a few more words), and everything (issue #23's bound).
 */
const SIGN_IN_SCRIPT_BUDGET = 146 * 1000;
const SIGN_IN_TOTAL_BUDGET = 250 * 1000;

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
/** The build the server under test serves: its own WEB_DIST_DIR when one is given, as the server reads it. */
const webDist = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The files a set of modules loads by their static imports: all a route may fetch. */
function filesOf(entries: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no module ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return files;
}

type Loaded = { path: string; type: string; bytes: number; encoding: string };

/** Every response of a cold load of `url`, with its compressed size and encoding. */
async function load(page: Page, url: string): Promise<Loaded[]> {
  const loaded: Promise<Loaded>[] = [];
  page.on('requestfinished', (request) => {
    loaded.push(
      (async () => ({
        path: new URL(request.url()).pathname,
        type: request.resourceType(),
        bytes: (await request.sizes()).responseBodySize,
        encoding: (await request.response())?.headers()['content-encoding'] ?? '',
      }))(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return Promise.all(loaded);
}

const assets = (loaded: Loaded[]) => loaded.filter((entry) => entry.path.startsWith('/assets/'));

/** A worker coming back to a tab that holds a session: the next page load starts signed in, as after a reload. */
async function returningWorker(page: Page, request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: accounts.worker, password: DEMO_PASSWORD } });
  const session = (await login.json()) as { accessToken: string; refreshToken: string; user: unknown };
  await page.addInitScript(
    (stored) => {
      for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
    },
    { accessToken: session.accessToken, refreshToken: session.refreshToken, user: JSON.stringify(session.user) },
  );
}

test('the sign-in page stays within its budget, compressed, and loads nothing of the signed-in screens', async ({
  page,
}) => {
  const loaded = await load(page, '/auth/signin');
  const scripts = loaded.filter((entry) => entry.type === 'script').reduce((sum, entry) => sum + entry.bytes, 0);
  const total = loaded.reduce((sum, entry) => sum + entry.bytes, 0);
  expect(scripts, 'compressed JavaScript of the sign-in page').toBeLessThanOrEqual(SIGN_IN_SCRIPT_BUDGET);
  expect(total, 'everything the sign-in page downloads').toBeLessThanOrEqual(SIGN_IN_TOTAL_BUDGET);

  for (const asset of assets(loaded).filter((entry) => entry.bytes > 1024)) {
    expect(asset.encoding, asset.path).toMatch(/^(br|gzip)$/);
  }
  const allowed = filesOf([
    'index.html',
    'src/app/shell-translations/en.ts',
    'src/features/auth/components/sign-in-page.tsx',
  ]);
  expect(
    assets(loaded)
      .map((entry) => entry.path.slice(1))
      .filter((file) => !allowed.has(file)),
  ).toEqual([]);
});

test("the stock page loads the shell, its own code and its words, and no other screen's", async ({ page, request }) => {
  await returningWorker(page, request);
  // What the Content-Security-Policy refuses (an eval tried by a parser, say) is reported on the document.
  await page.addInitScript(() => {
    const refused: string[] = [];
    Object.assign(window, { refusedByPolicy: refused });
    document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
  });
  const loaded = await load(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy)).toEqual([]);
  const allowed = filesOf([
    'index.html',
    'src/app/shell-translations/en.ts',
    'src/app/layout/app-layout.tsx',
    'src/lib/current-user.ts',
    'src/app/screen-translations/en.ts',
    'src/features/stock/stock-page.tsx',
  ]);
  expect(
    assets(loaded)
      .map((entry) => entry.path.slice(1))
      .filter((file) => !allowed.has(file)),
  ).toEqual([]);
});

for (const list of [
  { address: '/?sort=name&order=desc&pageSize=50', path: '/api/stock', heading: 'Stock' },
  { address: '/components?sort=manufacturer&status=all', path: '/api/components', heading: 'Components' },
  { address: '/transactions?type=receipt&order=asc', path: '/api/movements', heading: 'Transactions' },
]) {
  test(`${list.address} opened directly asks for its page at start, before the user is read, and only once`, async ({
    page,
    request,
  }) => {
    await returningWorker(page, request);
    // The page's request is sent at start, beside the user's and the code's: the user's answer is held back
    // until the page has been asked for, which only a request sent before the route's guard has the user can
    // satisfy. The screen then finds that request: a second one would mean it asked again on mounting.
    const asked: URLSearchParams[] = [];
    let pageAsked = () => {};
    const pageRequested = new Promise<void>((resolve) => {
      pageAsked = resolve;
    });
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname !== list.path) return;
      asked.push(url.searchParams);
      pageAsked();
    });
    await page.route('**/api/auth/me', async (route) => {
      await pageRequested;
      await route.continue();
    });
    await page.goto(list.address);
    await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(asked).toHaveLength(1);
    const wanted = new URL(list.address, 'http://localhost').searchParams;
    for (const [key, value] of wanted) expect(asked[0]?.get(key), key).toBe(value);
  });
}
