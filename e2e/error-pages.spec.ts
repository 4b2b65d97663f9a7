import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './fixtures.js';

// The 500 and 503 pages (issue #28 §3): what a user meets when the API fails or cannot be reached, and how the page
// gets them back to work, by keyboard too.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The id the server gave the failure, as its log line carries it (apps/server/src/plugins/errors.ts). */
const SERVER_ERROR_ID = '5c0ffee15badf00d';

/** Presses Tab until `name`d button has the focus, as a keyboard user reaches it, failing if it never does. */
async function tabTo(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  for (let presses = 0; presses < 10; presses++) {
    await page.keyboard.press('Tab');
    if (await button.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the ${name} button`);
}

test('an API call answering 500 shows the 500 page with the id the server logged, copied by keyboard', async ({
  page,
}) => {
  await signInAs(page, 'worker');
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        detail: 'Something went wrong on the server.',
        code: 'INTERNAL_ERROR',
        errorId: SERVER_ERROR_ID,
      }),
    }),
  );
  // Reloaded, the screen asks for the signed-in user again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText(SERVER_ERROR_ID, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Something went wrong · /);

  await tabTo(page, 'Copy');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SERVER_ERROR_ID);

  // Once the server answers again, Reload brings the screen back.
  await page.unroute('**/api/auth/me');
  await tabTo(page, 'Reload');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
});

test("an error that did not come from the API gets the browser's own id, which the console has too", async ({
  page,
}) => {
  await signInAs(page, 'worker');
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // An answer the contract does not describe, as a proxy in front of the server might send.
  await page.route('**/api/auth/me', (route) => route.fulfill({ status: 200, json: { hello: 'proxy' } }));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  const errorId = await page.getByText(/^web-[0-9a-f]{16}$/).textContent();
  expect(consoleErrors).toContain(`Error id ${errorId}`);
});

/** When the page asked for the server's health, aborted or answered. */
function healthChecks(page: Page): number[] {
  const asked: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/health') asked.push(Date.now());
  });
  return asked;
}

test('with the API unreachable the 503 page counts down, waits longer each time, and returns by itself', async ({
  page,
}) => {
  await signInAs(page, 'worker');
  const checks = healthChecks(page);
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Service unavailable' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Trying again in [1-3] s$/);
  await expect.poll(() => checks.length).toBe(1);
  await page.unroute('**/api/**');

  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The first wait is 2 s give or take a fifth; the one after the failed check twice that.
  const [first = 0, second = 0, ...more] = checks;
  expect(more).toEqual([]);
  expect(second - first).toBeGreaterThanOrEqual(3000);
});

test('on the 503 page, Try again by keyboard checks at once', async ({ page }) => {
  await signInAs(page, 'worker');
  const checks = healthChecks(page);
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  // After the first failed check, more than three seconds before the page would check by itself.
  await expect.poll(() => checks.length).toBe(1);
  await expect(page.getByRole('timer')).toHaveText(/^Trying again in \d s$/);
  await page.unroute('**/api/**');
  await tabTo(page, 'Try again');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible({ timeout: 2500 });
});
