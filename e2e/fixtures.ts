import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, type Route, test } from '@playwright/test';

/** Seeded on the fresh database of every run (apps/server/src/demo/seed.ts). */
export const DEMO_PASSWORD = 'demo-password';
export const accounts = {
  administrator: 'admin@example.com',
  manager: 'manager@example.com',
  worker: 'worker@example.com',
} as const;

export async function signInAs(page: Page, role: keyof typeof accounts, path = '/'): Promise<void> {
  await page.goto(path);
  await submitSignIn(page, role);
  // The sign-in page has a banner too: the menu is what only the signed-in shell shows.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** Signs in on the sign-in page a signed-out page was sent to; it then goes back where it was sent from. */
export async function submitSignIn(page: Page, role: keyof typeof accounts): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(accounts[role]);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/signin/);
}

/**
 * Resolves once every animation that ends has ended (a screen fading in, a control sliding into place), so
 * that checks such as colour contrast see the final colours, not a frame midway; spinners run forever and
 * are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Whether the middle of an element is what the page shows there: on screen, and not clipped or covered. */
async function shown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + Math.min(box.width / 2, 40);
    const y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  });
}

/**
 * Resolves once the list's scroll position has stayed put for a few frames: Chrome scrolls smoothly, and a
 * key pressed mid-scroll starts from wherever the scroll has got to.
 */
async function scrollSettled(region: Locator): Promise<void> {
  await region.evaluate(
    (viewport) =>
      new Promise<void>((resolve) => {
        let last = viewport.scrollTop;
        let still = 0;
        const frame = () => {
          still = viewport.scrollTop === last ? still + 1 : 0;
          last = viewport.scrollTop;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Scrolls the rows of a list (named `name`) as a person does, never by script: with the mouse wheel over
 * them, then from the keyboard (Home, PageDown, End in the focused list), checking each way that the last
 * row is really shown and the header stays in view.
 */
export async function expectEveryRowReachable(page: Page, name: string): Promise<void> {
  const region = page.getByRole('region', { name });
  const table = page.getByRole('table', { name });
  const header = table.locator('thead th').first();
  const firstRow = table.locator('tbody tr').first();
  const lastRow = table.locator('tbody tr').last();
  await expect(lastRow).toBeAttached();
  expect(await shown(lastRow), 'the last row needs scrolling to be seen').toBe(false);

  await region.hover();
  for (let turn = 0; turn < 60 && !(await shown(lastRow)); turn++) {
    await page.mouse.wheel(0, 500);
    await scrollSettled(region);
  }
  expect(await shown(lastRow), 'the wheel reaches the last row').toBe(true);
  expect(await shown(header), 'the header stays in view at the last row').toBe(true);

  await region.focus();
  await page.keyboard.press('Home');
  await scrollSettled(region);
  expect(await shown(firstRow), 'Home shows the first row').toBe(true);
  for (let turn = 0; turn < 60 && !(await shown(lastRow)); turn++) {
    await page.keyboard.press('PageDown');
    await scrollSettled(region);
  }
  expect(await shown(lastRow), 'PageDown reaches the last row').toBe(true);
  await page.keyboard.press('Home');
  await scrollSettled(region);
  expect(await shown(firstRow), 'Home shows the first row again').toBe(true);
  await page.keyboard.press('End');
  await scrollSettled(region);
  expect(await shown(lastRow), 'End shows the last row').toBe(true);
  expect(await shown(header), 'the header stays in view after End').toBe(true);
}

/** Tests that every row of a 100-row page of a list is reached by wheel and keyboard, at 1280 and 800 px. */
export function testEveryRowReachable(what: string, role: keyof typeof accounts, path: string, name: string): void {
  for (const width of [1280, 800]) {
    test(`every row of a 100-row page of ${what} is reached by wheel and keyboard at ${width} px, with the header in view`, async ({
      page,
    }) => {
      await signInAs(page, role, `${path}${path.includes('?') ? '&' : '?'}pageSize=100`);
      await page.setViewportSize({ width, height: 900 });
      await expectEveryRowReachable(page, name);
    });
  }
}

/**
 * Answers a request with the server's own answer, changed by `change`. A request the page gave up meanwhile (a newer
 * read replaced it) has its answer disposed before it is read: nothing waits for it, so it is left unanswered.
 */
export async function answerChanged<T>(route: Route, change: (answer: T) => unknown): Promise<void> {
  const response = await route.fetch().catch(() => null);
  const answer = (await response?.json().catch(() => undefined)) as T | undefined;
  if (response && answer !== undefined) await route.fulfill({ response, json: change(answer) });
}

/** A person a spec makes for itself, so that the demo accounts stay as they are. */
export type Person = { id: string; name: string; email: string; password: string };

/** The access token of a sign-in through the API. */
export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), `${email} signs in`).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** A new person of Moscow Sales with a password of their own, created by the demo administrator. */
export async function createPerson(
  request: APIRequestContext,
  role: 'administrator' | 'manager' | 'worker',
  label: string,
): Promise<Person> {
  const headers = { authorization: `Bearer ${await tokenOf(request, accounts.administrator, DEMO_PASSWORD)}` };
  const departments = (await (await request.get('/api/users/departments', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  const department = departments.items.find((item) => item.name === 'Moscow Sales');
  const tag = `${Date.now()}`.slice(-7);
  const person = {
    name: `${label} ${tag}`,
    email: `${label.toLowerCase().replaceAll(' ', '.')}.${tag}@example.com`,
    password: 'own-password-1',
  };
  const created = await request.post('/api/users', {
    headers,
    data: { ...person, role, departmentIds: [department?.id] },
  });
  expect(created.status()).toBe(201);
  return { ...person, id: ((await created.json()) as { id: string }).id };
}

/** Checks the page, or only the part `include` selects (a dialog: the page behind its overlay is dimmed on purpose). */
export async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
