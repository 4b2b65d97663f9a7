import AxeBuilder from '@axe-core/playwright';
import { currencyExponent, type Leaderboard, type SalesSettings, type User } from '@cm/contract';
import { expect, type Page, test } from '@playwright/test';
import { animationsSettled, answerChanged, signInAs, submitSignIn } from './fixtures.js';
import { apiAs, type Language, moneyWriter, monthWords } from './sales.js';

// The TV board (issue #25): a full-screen board for a wall screen. Every figure expected here is the server's, read
// through the API with the same account; the demo's sales move with the calendar, so no number is written by hand.

const TV_BOARD = '/leaderboard/tv';
const WALL_SCREEN = { width: 1920, height: 1080 };

/** A time of day on the organisation's clock, as the board writes "data as of". */
function timeWords(at: number, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(new Date(at));
}

const boardTable = (page: Page, ranking: string) => page.getByRole('table', { name: `Leaderboard by ${ranking}` });
const bodyRows = (page: Page, ranking = 'Revenue') => boardTable(page, ranking).locator('tbody tr');
const nameCell = (page: Page, index: number) => bodyRows(page).nth(index).getByRole('cell').nth(2);
const revenueCell = (page: Page, index: number) => bodyRows(page).nth(index).getByRole('cell').nth(3);
const isBoardRead = (url: string) => /\/api\/sales\/leaderboard\?/.test(url);

/**
 * A `leads[status]` webhook as amoCRM sends it (legacy field names, every value a string, the account last): the lead
 * `amoId` won now by the amoCRM user `responsible`, for `budgetMinor`.
 */
function wonLeadWebhook(lead: { amoId: number; responsible: number; budgetMinor: number; digits: number }): string {
  const now = Math.floor(Date.now() / 1000);
  const form = new URLSearchParams();
  const put = (name: string, value: string | number) => form.append(`leads[status][0][${name}]`, String(value));
  put('id', lead.amoId);
  put('name', 'Wall screen order');
  put('status_id', 142);
  put('old_status_id', 61_000_003);
  put('price', (lead.budgetMinor / 10 ** lead.digits).toFixed(lead.digits));
  put('responsible_user_id', lead.responsible);
  put('date_create', now - 86_400);
  put('last_modified', now);
  put('closed_at', now);
  put('pipeline_id', 7_000_001);
  put('old_pipeline_id', 7_000_001);
  put('account_id', 31_900_001);
  put('created_at', now - 86_400);
  put('updated_at', now);
  form.append('account[subdomain]', 'wallscreen');
  form.append('account[id]', '31900001');
  return form.toString();
}

/** Answers the board's reads with the server's board, its sync freshness replaced. */
async function withSync(page: Page, sync: Leaderboard['sync']) {
  await page.unroute(/\/api\/sales\/leaderboard\?/);
  await page.route(/\/api\/sales\/leaderboard\?/, (route) =>
    answerChanged<Leaderboard>(route, (board) => ({ ...board, sync })),
  );
}

test('a manager opens the TV board from the leaderboard, and a lead won through the webhook moves both without a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const get = await apiAs(request, 'manager');
  const me = await get<User>('/auth/me');
  const { timeZone } = (await (await request.get('/api/app-info')).json()) as { timeZone: string };

  // The leaderboard's "TV mode" opens the board in a tab of its own, which signs in for itself: the session of a
  // tab stays in that tab (PRODUCT.md §3), and a wall screen's board outlives the tab it was opened from.
  await signInAs(page, 'manager', '/leaderboard');
  // The board left open in this tab follows the changes too.
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const link = page.getByRole('link', { name: 'TV mode (opens in a new tab)' });
  await expect(link).toHaveAttribute('target', '_blank');
  const opened = page.context().waitForEvent('page');
  await link.click();
  const tv = await opened;
  await tv.setViewportSize(WALL_SCREEN);
  await submitSignIn(tv, 'manager');
  await expect(tv).toHaveURL(new RegExp(`${TV_BOARD}$`));

  // The whole window: no menu, no header; the department and the month, live.
  const board = await get<Leaderboard>('/sales/leaderboard');
  await expect(tv.getByRole('navigation')).toHaveCount(0);
  await expect(tv.getByRole('heading', { level: 1, name: me.currentDepartment?.name })).toBeVisible();
  await expect(tv.getByText(`Leaderboard · ${monthWords(board.from, 'en')}`)).toBeVisible();
  await expect(tv.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect(tv).toHaveTitle(/^Leaderboard TV · /);

  // Turns stop while this test reads the revenue ranking.
  await tv.getByRole('button', { name: 'Pause rotation' }).click();
  await expect(tv.getByRole('button', { name: 'Resume rotation' })).toBeVisible();
  await expect(tv.getByText('Switching paused')).toBeVisible();

  // The server's ranking, the top three as medals, in type to read across a room.
  const money = moneyWriter(board.currency, 'en');
  await expect(bodyRows(tv)).toHaveCount(board.rows.length);
  for (const [index, row] of board.rows.entries()) {
    await expect(nameCell(tv, index)).toContainText(row.name);
    await expect(revenueCell(tv, index)).toHaveText(money(row.revenueMinor));
  }
  for (const [index, medal] of ['gold medal', 'silver medal', 'bronze medal'].entries()) {
    await expect(bodyRows(tv).nth(index).getByRole('cell').first()).toContainText(medal);
  }
  const typeSize = await revenueCell(tv, 0).evaluate((cell) => Number.parseFloat(getComputedStyle(cell).fontSize));
  expect(typeSize, 'figures on a 1920 × 1080 screen').toBeGreaterThanOrEqual(32);
  const readBefore = Date.now();
  await expect(tv.getByText(/^Data as of \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();

  // The last manager wins a lead worth more than the gap to the top, posted as amoCRM posts it.
  const last = board.rows.at(-1);
  const top = board.rows[0];
  if (!last?.amoId || !top || last === top) throw new Error('the demo board has managers with AMO IDs');
  const budgetMinor = top.revenueMinor - last.revenueMinor + 1_000_000;
  const admin = await apiAs(request, 'administrator');
  const { webhookPath } = await admin<SalesSettings>('/sales/settings');
  for (const screen of [tv, page]) await screen.evaluate(() => Object.assign(window, { openedOnce: true }));
  const read = tv.waitForResponse((response) => isBoardRead(response.url()) && response.status() === 200);
  const posted = await request.post(webhookPath, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: wonLeadWebhook({
      amoId: 990_000_000 + (Date.now() % 1_000_000),
      responsible: last.amoId,
      budgetMinor,
      digits: currencyExponent(board.currency),
    }),
  });
  expect(posted.status(), await posted.text()).toBe(200);
  expect(await posted.json()).toEqual({ leads: 1, deleted: 0, queued: 0 });
  const answeredAt = Date.now();

  // The board hears of it and reads itself again: the manager is on top with the new revenue, in the same page.
  // Two seconds is the promise the benchmark measures under load; here a busy machine gets some slack.
  await read;
  await expect(nameCell(tv, 0)).toContainText(last.name, { timeout: 5_000 });
  test.info().annotations.push({ type: 'webhook → board', description: `${Date.now() - answeredAt} ms` });
  await expect(revenueCell(tv, 0)).toHaveText(money(last.revenueMinor + budgetMinor));
  await expect(bodyRows(tv).first().getByRole('cell').first()).toContainText('1 (gold medal)');
  const times = [readBefore, Date.now()].map((at) => `Data as of ${timeWords(at, timeZone, 'en')}`);
  await expect(tv.getByText(/^Data as of /)).toHaveText(new RegExp(`^(${times.join('|')})$`));
  expect(await tv.evaluate(() => 'openedOnce' in window), 'the board was not reloaded').toBe(true);

  // The leaderboard in the first tab: the same manager on top, read again by itself.
  const leaderboardRows = page.getByRole('table', { name: /^Leaderboard, / }).locator('tbody tr');
  await expect(leaderboardRows.first().getByRole('cell').nth(2)).toContainText(last.name);
  await expect(leaderboardRows.first().getByRole('cell').nth(3)).toHaveText(money(last.revenueMinor + budgetMinor));
  expect(await page.evaluate(() => 'openedOnce' in window), 'the leaderboard was not reloaded').toBe(true);
});

test('the TV board takes turns between revenue and fact/plan, pauses by the keyboard, and speaks Russian', async ({
  page,
}) => {
  await page.clock.install();
  await page.setViewportSize(WALL_SCREEN);
  await page.goto(TV_BOARD);
  await submitSignIn(page, 'manager');
  const ranking = page.getByRole('radiogroup', { name: 'Rank by' });
  await expect(ranking.getByRole('radio', { name: 'Revenue' })).toBeChecked();
  await expect(bodyRows(page, 'Revenue').first()).toBeVisible();
  await expect(page.getByText('Switches every 15 s')).toBeVisible();

  // Every 15 s the other ranking.
  await page.clock.runFor(15_000);
  await expect(ranking.getByRole('radio', { name: 'Fact/plan' })).toBeChecked();
  await expect(bodyRows(page, 'Fact/plan').first()).toBeVisible();
  await page.clock.runFor(15_000);
  await expect(ranking.getByRole('radio', { name: 'Revenue' })).toBeChecked();

  // Space pauses and resumes, the arrows switch; a paused board stays where it is.
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Resume rotation' })).toHaveAttribute('aria-keyshortcuts', 'Space');
  await page.keyboard.press('ArrowRight');
  await expect(ranking.getByRole('radio', { name: 'Fact/plan' })).toBeChecked();
  await page.clock.runFor(30_000);
  await expect(ranking.getByRole('radio', { name: 'Fact/plan' })).toBeChecked();
  await page.getByRole('button', { name: 'Resume rotation' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause rotation' })).toBeFocused();
  await page.clock.runFor(15_000);
  await expect(ranking.getByRole('radio', { name: 'Revenue' })).toBeChecked();

  // In Russian: the month, the controls, the state of the stream and the board's name.
  await page.evaluate(() => localStorage.setItem('i18n_locale', 'ru'));
  await page.goto(TV_BOARD);
  const { timeZone } = (await (await page.request.get('/api/app-info')).json()) as { timeZone: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(await page.evaluate(() => Date.now()));
  await expect(page.getByText(`Рейтинг · ${monthWords(today, 'ru')}`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Онлайн' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Критерий рейтинга' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Рейтинг по критерию «Выручка»' })).toBeVisible();
  await expect(page.getByText(/^Данные на \d{1,2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText('Смена каждые 15 с')).toBeVisible();
  await page.getByRole('button', { name: 'Остановить смену' }).click();
  await expect(page.getByText('Смена приостановлена')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Продолжить смену' })).toBeVisible();
  await expect(page).toHaveTitle(/^Рейтинг на ТВ · /);
});

test('the TV board warns when the amoCRM sync is late or failed, in English and Russian, and not without a schedule', async ({
  page,
}) => {
  await page.setViewportSize(WALL_SCREEN);
  await page.goto(TV_BOARD);
  await submitSignIn(page, 'manager');
  // The demo reads no amoCRM account: no scheduled sync and none failed, so nothing to warn of.
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A sync every 15 min that read amoCRM five minutes ago: on time, and said beside "data as of".
  const fiveMinutesAgo = Date.now() - 5 * 60_000;
  const { timeZone } = (await (await page.request.get('/api/app-info')).json()) as { timeZone: string };
  await withSync(page, {
    lastSucceededAt: new Date(fiveMinutesAgo).toISOString(),
    lastFailed: false,
    intervalMinutes: 15,
  });
  await page.goto(TV_BOARD);
  // Just after midnight the time comes with its day.
  await expect(page.getByText(/^amoCRM synced at /)).toHaveText(
    new RegExp(`^amoCRM synced at (.+, )?${timeWords(fiveMinutesAgo, timeZone, 'en')}$`),
  );
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A sync every 15 min whose last complete read was three hours ago.
  const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
  await withSync(page, { lastSucceededAt: threeHoursAgo, lastFailed: false, intervalMinutes: 15 });
  await page.goto(TV_BOARD);
  const banner = page.getByRole('alert');
  await expect(banner).toContainText(
    'The figures may be out of date: the last complete amoCRM sync is older than the sync interval of 15 min.',
  );
  await expect(banner).toContainText(/Last complete sync: (.+, )?\d{1,2}:\d{2}\s?[AP]M\./);

  // The last sync failed, and none ever read amoCRM completely.
  await withSync(page, { lastSucceededAt: null, lastFailed: true, intervalMinutes: 15 });
  await page.goto(TV_BOARD);
  await expect(banner).toHaveText(
    'The last amoCRM sync failed, so the figures may be out of date. amoCRM has not been synced completely yet.',
  );
  await page.evaluate(() => localStorage.setItem('i18n_locale', 'ru'));
  await page.goto(TV_BOARD);
  await expect(banner).toHaveText(
    'Последняя синхронизация с amoCRM не удалась, поэтому цифры могут быть неактуальны. Полной синхронизации с amoCRM ещё не было.',
  );
  await withSync(page, { lastSucceededAt: threeHoursAgo, lastFailed: false, intervalMinutes: 15 });
  await page.goto(TV_BOARD);
  await expect(banner).toContainText(
    'Цифры могут быть неактуальны: последняя полная синхронизация с amoCRM старше интервала синхронизации (15 мин).',
  );
  await expect(banner).toContainText(/Последняя полная синхронизация: (.+, )?\d{1,2}:\d{2}\./);
});

test('the TV board says it reconnects and reads itself again, and tries a failed read again by itself', async ({
  page,
}) => {
  // The waits of the board (3 s before reconnecting, 15 s between reads that failed) pass on a clock of the test's.
  await page.clock.install();
  await page.setViewportSize(WALL_SCREEN);
  // The event stream refused at first (a restarting server), then answered again.
  const stream = /\/api\/sales\/leaderboard\/events$/;
  await page.route(stream, (route) => route.fulfill({ status: 503 }));
  await page.goto(TV_BOARD);
  await submitSignIn(page, 'manager');
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  const readOnReopen = page.waitForResponse((response) => isBoardRead(response.url()));
  await page.unroute(stream);
  await page.clock.runFor(6_000);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  // What changed while the stream was down is read at once, not at the next event.
  await readOnReopen;

  // Reads of the board fail: the board says so and tries again by itself; nobody presses anything.
  const boardReads = /\/api\/sales\/leaderboard\?/;
  await page.route(boardReads, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      json: { type: 'about:blank', title: 'Unavailable', status: 503, code: 'SERVICE_UNAVAILABLE' },
    }),
  );
  await page.goto(TV_BOARD);
  const failure = page.getByRole('alert');
  // A read is tried three times before the board says it failed.
  await page.clock.runFor(5_000);
  await expect(failure).toContainText('The leaderboard could not be loaded');
  await expect(failure).toContainText('Trying again by itself every 15 s.');
  await page.unroute(boardReads);
  await page.clock.runFor(15_000);
  // The same 15 s are a turn of the rankings: either board will do.
  const eitherBoard = page.getByRole('table', { name: /^Leaderboard by / });
  await expect(eitherBoard.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a department without managers says so on the TV board, and a worker may not open it', async ({ browser }) => {
  const administrator = await browser.newPage({ viewport: WALL_SCREEN });
  await administrator.goto(TV_BOARD);
  await submitSignIn(administrator, 'administrator');
  await expect(administrator.getByText('No managers in Central Warehouse')).toBeVisible();
  await expect(administrator.getByText(/^The board fills in once managers join this department\./)).toBeVisible();
  await administrator.close();

  const worker = await browser.newPage();
  await worker.goto(TV_BOARD);
  await submitSignIn(worker, 'worker');
  await expect(worker.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await worker.close();
});

test('the TV board passes the accessibility checks, light and dark, at 1920 × 1080 and 800 px', async ({ page }) => {
  test.slow();
  await page.goto(TV_BOARD);
  await submitSignIn(page, 'manager');
  for (const [scheme, size] of [
    ['light', WALL_SCREEN],
    ['dark', WALL_SCREEN],
    ['dark', { width: 800, height: 900 }],
    ['light', { width: 800, height: 900 }],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    await page.setViewportSize(size);
    await page.goto(TV_BOARD);
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    // Paused, the time-to-next-turn bar stands still and every animation has an end to wait for.
    await page.getByRole('button', { name: 'Pause rotation' }).click();
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      `${scheme} at ${size.width} px`,
    ).toEqual([]);
  }
});
