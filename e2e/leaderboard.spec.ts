import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { AwardCode, Leaderboard, LeaderboardRow } from '@cm/contract';
import { expect, type Page, type Response, test } from '@playwright/test';
import { animationsSettled, answerChanged, signInAs } from './fixtures.js';
import { apiAs, type Language, moneyWriter, monthWords, openFromMenu } from './sales.js';

// Every figure expected here is the server's: the page's own request is read again through the API with the
// manager's token, and the table must show that answer. The demo's sales move with the calendar, so no number is
// written by hand.

/** A percentage the API writes with two decimals, as the screen writes it ("101.80%", «101,80 %»). */
function percentWriter(language: Language) {
  const format = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (text: string) => format.format(Number(text) / 100);
}

/** The answer to a request the page made to the board, as read again by the test with the manager's token. */
async function boardOf(response: Response, get: Awaited<ReturnType<typeof apiAs>>): Promise<Leaderboard> {
  expect(response.status()).toBe(200);
  return get<Leaderboard>(`/sales/leaderboard${new URL(response.url()).search}`);
}

const isBoardRead = (response: Response) => /\/api\/sales\/leaderboard\?/.test(response.url());
const boardRead = (page: Page, query: RegExp = /./) =>
  page.waitForResponse((response) => isBoardRead(response) && query.test(new URL(response.url()).search));

/** A range of days in words, as this browser writes it (its own ICU spaces the dash). */
function rangeWords(page: Page, from: string, to: string): Promise<string> {
  return page.evaluate(
    ([first, last]) =>
      new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).formatRange(
        new Date(`${first}T00:00:00Z`),
        new Date(`${last}T00:00:00Z`),
      ),
    [from, to],
  );
}

/** A period as the screen names it: a whole month by its name, any other by its days. */
async function periodWords(page: Page, period: { from: string; to: string }): Promise<string> {
  const wholeMonth =
    period.from.endsWith('-01') && addDays(period.to, 1).endsWith('-01') && addDays(period.from, 31) > period.to;
  return wholeMonth ? monthWords(period.from, 'en') : rangeWords(page, period.from, period.to);
}

/** The awards' names, as a screen reader hears them beside a manager's name. */
const AWARD_NAMES: Record<Language, Record<AwardCode, string>> = {
  en: {
    planAchieved: 'Plan achieved',
    club120: '120 % club',
    topRevenue: 'Top revenue',
    mostWon: 'Most successful leads',
    mostCallMinutes: 'Most call minutes',
    streak: 'Streak',
  },
  ru: {
    planAchieved: 'План выполнен',
    club120: 'Клуб 120 %',
    topRevenue: 'Лучшая выручка',
    mostWon: 'Больше всех успешных сделок',
    mostCallMinutes: 'Больше всех минут звонков',
    streak: 'Серия',
  },
};

const PROVISIONAL: Record<Language, string> = {
  en: ' (provisional: the month is not closed yet)',
  ru: ' (предварительно: месяц ещё не закрыт)',
};

/** Checks that each row shows the API's awards beside the name, named, provisional while the month is open. */
async function expectAwardsShown(page: Page, board: Leaderboard, language: Language, provisional: boolean) {
  for (const [index, row] of board.rows.entries()) {
    const icons = bodyRows(page).nth(index).getByRole('img');
    await expect(icons, row.name).toHaveCount(row.awards.length);
    for (const [at, code] of row.awards.entries()) {
      await expect(icons.nth(at)).toHaveAccessibleName(
        `${AWARD_NAMES[language][code]}${provisional ? PROVISIONAL[language] : ''}`,
      );
    }
  }
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of a day's week. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The board's rows in the order a column sorts them: equal values in the board's order, rows without one last. */
function sortedNames(
  rows: readonly LeaderboardRow[],
  value: (row: LeaderboardRow) => number | null,
  direction: 'asc' | 'desc',
): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return a.rank - b.rank || a.name.localeCompare(b.name, 'en');
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * (x - y);
    })
    .map((row) => row.name);
}

const tableOf = (page: Page) => page.getByRole('table', { name: /^(Leaderboard|Рейтинг), / });
const bodyRows = (page: Page) => tableOf(page).locator('tbody tr');
const namesShown = (page: Page) => bodyRows(page).locator('td:nth-child(3) p');
/** A column's header, which sorts the board (a button, by click or Enter). */
const header = (page: Page, title: string) =>
  tableOf(page)
    .locator('thead')
    .getByRole('button', { name: new RegExp(`^${title}`) });

/** Checks that the table shows the board's figures row by row, in its order of ranks. */
async function expectBoardShown(page: Page, board: Leaderboard, language: Language) {
  const money = moneyWriter(board.currency, language);
  const percent = percentWriter(language);
  const count = new Intl.NumberFormat(language);
  await expect(bodyRows(page)).toHaveCount(board.rows.length);
  await expect(namesShown(page)).toHaveText(board.rows.map((row) => row.name));
  for (const [index, row] of board.rows.entries()) {
    const cells = bodyRows(page).nth(index).getByRole('cell');
    await expect(cells.nth(0)).toContainText(String(row.rank));
    await expect(cells.nth(3)).toHaveText(money(row.revenueMinor));
    if (row.planMinor !== null) await expect(cells.nth(4)).toHaveText(money(row.planMinor));
    await expect(cells.nth(5)).toHaveText(
      row.factPlanPercent === null ? (language === 'en' ? 'no plan' : 'нет плана') : percent(row.factPlanPercent),
    );
    if (row.bonusMinor !== null) await expect(cells.nth(6)).toHaveText(money(row.bonusMinor));
    await expect(cells.nth(7)).toHaveText(count.format(row.wonLeads));
    await expect(cells.nth(8)).toHaveText(count.format(row.lostLeads));
    await expect(cells.nth(9)).toHaveText(count.format(row.callMinutes));
    await expect(cells.nth(10)).toHaveText(count.format(row.messages));
  }
}

/** What the change cell says to a screen reader. */
function changeWords(row: LeaderboardRow): string {
  if (row.previousRank === null) return 'new on the board';
  const places = row.previousRank - row.rank;
  if (places === 0) return 'no change';
  const count = Math.abs(places);
  return `${places > 0 ? 'up' : 'down'} ${count} ${count === 1 ? 'place' : 'places'}`;
}

/** Picks an option of a segmented choice by its label, as a person does. */
async function choose(page: Page, group: string, option: string) {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}

test('a manager opens the board from the menu, finds their own row, and sorts it with the mouse and the keyboard', async ({
  page,
  request,
}) => {
  test.slow();
  const get = await apiAs(request, 'manager');
  const me = await get<{ id: string; name: string }>('/auth/me');
  await signInAs(page, 'manager');
  const read = boardRead(page);
  await openFromMenu(page, 'Leaderboard', /\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  const board = await boardOf(await read, get);

  // This month by default, with the whole month asked for, so far, compared with the period the server says.
  expect(board.from.slice(8)).toBe('01');
  expect(board.rankBy).toBe('revenue');
  await expect(page.getByRole('heading', { level: 2, name: monthWords(board.from, 'en') })).toBeVisible();
  await expect(page.getByText('So far', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  await expect(
    page.getByText(`Rank changes are measured against ${await periodWords(page, board.previous)}.`),
  ).toBeVisible();

  // The department's managers in the order of their ranks, with the server's figures.
  expect(board.rows.length).toBeGreaterThanOrEqual(5);
  await expectBoardShown(page, board, 'en');
  const ranks = board.rows.map((row) => row.rank);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // The top three are medals, said in words too.
  await expect(bodyRows(page).first().getByRole('cell').first()).toContainText('gold medal');
  for (const [index, row] of board.rows.entries()) {
    await expect(bodyRows(page).nth(index).getByRole('cell').nth(1)).toContainText(changeWords(row));
  }
  // This month's awards so far beside the names: provisional, as the month is open.
  await expectAwardsShown(page, board, 'en', true);

  // The manager's own row is marked, and their place stays in view above the board.
  const own = board.rows.find((row) => row.userId === me.id);
  if (!own) throw new Error('the demo manager is on their department board');
  const ownRow = bodyRows(page).filter({ hasText: me.name });
  await expect(ownRow.getByText('You', { exact: true })).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: 'You' })).toHaveCount(1);
  const place = page.getByRole('region', { name: 'Your place' });
  await expect(place).toContainText(`${own.rank}`);
  await expect(place).toContainText(`of ${board.rows.length}`);
  await expect(place).toContainText(moneyWriter(board.currency, 'en')(own.revenueMinor));
  await expect(place).toContainText(changeWords(own));

  // Sorting with the mouse: revenue from the largest, then the other way; kept in the address.
  await header(page, 'Revenue').click();
  await expect(page).toHaveURL(/[?&]sort=revenue&order=desc/);
  await expect(namesShown(page)).toHaveText(sortedNames(board.rows, (row) => row.revenueMinor, 'desc'));
  await header(page, 'Revenue').click();
  await expect(page).toHaveURL(/[?&]sort=revenue&order=asc/);
  await expect(namesShown(page)).toHaveText(sortedNames(board.rows, (row) => row.revenueMinor, 'asc'));

  // And with the keyboard: Enter on a header sorts by it, again the other way.
  await header(page, 'Won').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=wonLeads&order=desc/);
  await expect(namesShown(page)).toHaveText(sortedNames(board.rows, (row) => row.wonLeads, 'desc'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=wonLeads&order=asc/);
  await expect(namesShown(page)).toHaveText(sortedNames(board.rows, (row) => row.wonLeads, 'asc'));
  // A reload keeps the order; the rank column brings back the board's own.
  await page.reload();
  await expect(namesShown(page)).toHaveText(sortedNames(board.rows, (row) => row.wonLeads, 'asc'));
  await header(page, 'Rank').click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(namesShown(page)).toHaveText(board.rows.map((row) => row.name));
});

test('the board ranks by fact/plan, moves to the previous month, a week and a custom range, each kept by a reload', async ({
  page,
  request,
}) => {
  // Seven views, three reloads: more than a usual test's time on a busy machine.
  test.slow();
  const get = await apiAs(request, 'manager');
  const first = boardRead(page);
  await signInAs(page, 'manager', '/leaderboard');
  const thisMonth = await boardOf(await first, get);

  // Ranked by fact/plan: the server's ranks in that order, no plan after every plan.
  let read = boardRead(page, /rankBy=factPlan/);
  await choose(page, 'Rank by', 'Fact/plan');
  await expect(page).toHaveURL(/[?&]rankBy=factPlan/);
  const byFactPlan = await boardOf(await read, get);
  expect(byFactPlan.rankBy).toBe('factPlan');
  await expectBoardShown(page, byFactPlan, 'en');

  // The month before, with its whole days asked for (what this month is compared with is only its elapsed part).
  const lastDay = addDays(thisMonth.from, -1);
  const previousMonth = { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
  read = boardRead(page, new RegExp(`from=${previousMonth.from}&to=${previousMonth.to}`));
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${previousMonth.from}`));
  const october = await boardOf(await read, get);
  const octoberTitle = monthWords(previousMonth.from, 'en');
  await expect(page.getByRole('heading', { level: 2, name: octoberTitle })).toBeVisible();
  await expectBoardShown(page, october, 'en');
  await expect(page.getByText('So far', { exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'This month' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: octoberTitle })).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Rank by' }).getByRole('radio', { name: 'Fact/plan' }),
  ).toBeChecked();
  await expectBoardShown(page, october, 'en');

  // Weeks: the week of that month's first day, Monday to Sunday, compared with the week before.
  const monday = mondayOf(previousMonth.from);
  read = boardRead(page, new RegExp(`from=${monday}&to=${addDays(monday, 6)}`));
  await choose(page, 'Period', 'Week');
  await expect(page).toHaveURL(new RegExp(`[?&]period=week&from=${monday}`));
  const week = await boardOf(await read, get);
  // What it is compared with is the server's to say; the screen says it.
  await expect(
    page.getByText(
      `Rank changes are measured against ${await rangeWords(page, week.previous.from, week.previous.to)}.`,
    ),
  ).toBeVisible();
  const weekTitle = await rangeWords(page, week.from, week.to);
  await expect(page.getByRole('heading', { level: 2, name: weekTitle })).toBeVisible();
  await expectBoardShown(page, week, 'en');
  read = boardRead(page, new RegExp(`from=${addDays(monday, 7)}&`));
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${addDays(monday, 7)}`));
  await expectBoardShown(page, await boardOf(await read, get), 'en');
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: await rangeWords(page, addDays(monday, 7), addDays(monday, 13)) }),
  ).toBeVisible();

  // A custom range starts as the week shown; a last day before the first is the server's refusal, at the range.
  await choose(page, 'Period', 'Custom');
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${addDays(monday, 7)}&to=${addDays(monday, 13)}`));
  const to = page.getByRole('textbox', { name: 'To date' });
  const refused = page.waitForResponse((response) => isBoardRead(response) && response.status() === 422);
  await to.fill('Jan 1, 2020');
  await refused;
  const refusal = 'Choose a period whose first day is not after its last, of at most 366 days.';
  await expect(to).toHaveAccessibleDescription(refusal);
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^(Previous|Next) period/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toBeHidden();

  const rangeEnd = addDays(monday, 20);
  read = boardRead(page, new RegExp(`from=${addDays(monday, 7)}&to=${rangeEnd}`));
  await to.fill(
    new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${rangeEnd}T00:00:00Z`),
    ),
  );
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${addDays(monday, 7)}&to=${rangeEnd}`));
  const custom = await boardOf(await read, get);
  await expectBoardShown(page, custom, 'en');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: await rangeWords(page, custom.from, custom.to) }),
  ).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expectBoardShown(page, custom, 'en');

  // Back to this month, ranked by revenue again.
  await choose(page, 'Period', 'Month');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${previousMonth.from}`));
  await page.getByRole('button', { name: 'This month' }).click();
  await choose(page, 'Rank by', 'Revenue');
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 2, name: monthWords(thisMonth.from, 'en') })).toBeVisible();
});

test('the board exports as CSV in the order of its ranks', async ({ page, request }) => {
  const get = await apiAs(request, 'manager');
  const first = boardRead(page);
  await signInAs(page, 'manager', '/leaderboard?sort=name&order=desc');
  const board = await boardOf(await first, get);
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  const [head, top] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(head).toBe(
    'Rank,Manager,AMO ID,Revenue,Plan,"Fact/plan, %",Bonus,Successful leads,Unsuccessful leads,Call minutes,Messages',
  );
  expect(top).toMatch(new RegExp(`^${board.rows[0]?.rank},${board.rows[0]?.name},`));
});

test('in Russian the board speaks Russian: months, money, places and changes', async ({ page, request }) => {
  const get = await apiAs(request, 'manager');
  const me = await get<{ id: string }>('/auth/me');
  await signInAs(page, 'manager');
  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  const read = boardRead(page);
  await openFromMenu(page, 'Рейтинг', /\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Рейтинг' })).toBeVisible();
  const board = await boardOf(await read, get);
  await expect(page.getByRole('heading', { level: 2, name: monthWords(board.from, 'ru') })).toBeVisible();
  await expect(page.getByText('На сегодня', { exact: true })).toBeVisible();
  await expect(header(page, 'Выручка')).toBeVisible();
  await expectBoardShown(page, board, 'ru');
  await expectAwardsShown(page, board, 'ru', true);

  const own = board.rows.find((row) => row.userId === me.id);
  if (!own) throw new Error('the demo manager is on their department board');
  const place = page.getByRole('region', { name: 'Ваше место' });
  await expect(place).toContainText(`из ${board.rows.length}`);
  const places = own.previousRank === null ? 0 : Math.abs(own.previousRank - own.rank);
  const form = new Intl.PluralRules('ru').select(places);
  const word = { one: 'место', few: 'места', many: 'мест', other: 'места' }[form as 'one'];
  await expect(place).toContainText(
    own.previousRank === null
      ? 'впервые в рейтинге'
      : places === 0
        ? 'без изменений'
        : `на ${places} ${word} ${own.previousRank > own.rank ? 'выше' : 'ниже'}`,
  );
  await choose(page, 'Период', 'Квартал');
  await expect(page.getByRole('heading', { level: 2, name: /^(I|II|III|IV) квартал \d{4} г\.$/ })).toBeVisible();
});

test('closed months say when they were closed, their awards are final, and a department without managers says so', async ({
  page,
  request,
}) => {
  const { timeZone } = (await (await request.get('/api/app-info')).json()) as { timeZone: string };
  // No demo month is closed, and closing one would lock the bonus schemes other specs edit: the server's answer,
  // with its month closed a few days after its end.
  const boardAddress = /\/api\/sales\/leaderboard\?/;
  let shown: Leaderboard | undefined;
  await page.route(boardAddress, (route) =>
    answerChanged<Leaderboard>(route, (board) => {
      shown = {
        ...board,
        closedMonths: [{ month: board.from.slice(0, 7), closedAt: `${addDays(board.to, 3)}T09:30:00.000Z` }],
      };
      return shown;
    }),
  );
  // A month well past, whatever today is.
  const now = new Date();
  const past = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
  await signInAs(page, 'manager', `/leaderboard?from=${past}`);
  await expect(bodyRows(page).first()).toBeVisible();
  if (!shown) throw new Error('the board was read');
  const closedOn = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone }).format(
    new Date(shown.closedMonths[0]?.closedAt ?? ''),
  );
  await expect(
    page.getByRole('note').getByText(`Figures of ${monthWords(past, 'en')} are as closed on ${closedOn}.`),
  ).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Later changes in amoCRM do not alter them.');
  // A closed month's awards are its own for good: named without "provisional".
  expect(
    shown.rows.some((row) => row.awards.length > 0),
    'the demo gives awards in a past month',
  ).toBe(true);
  await expectAwardsShown(page, shown, 'en', false);
  await page.unroute(boardAddress);

  const other = await page.context().browser()?.newContext();
  if (!other) throw new Error('a second browser context');
  const administrator = await other.newPage();
  await signInAs(administrator, 'administrator', '/leaderboard');
  await expect(administrator.getByText('No managers in Central Warehouse')).toBeVisible();
  await other.close();
});

test('at 800 px the places and names stay in view while the figures scroll sideways under the mouse', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'manager', '/leaderboard');
  const firstRow = bodyRows(page).first();
  await expect(firstRow).toBeVisible();
  const region = page.getByRole('region', { name: /^Leaderboard, / });
  const messages = header(page, 'Messages');
  await expect(messages, 'the board is wider than the screen').not.toBeInViewport({ ratio: 1 });

  // The wheel turned sideways over the table, as a trackpad or a tilting wheel does.
  const box = await region.boundingBox();
  if (!box) throw new Error('the board has no box');
  await page.mouse.move(box.x + box.width * 0.7, box.y + Math.min(box.height / 2, 120));
  await page.mouse.wheel(2000, 0);
  await expect(messages).toBeInViewport({ ratio: 1 });
  expect(await region.evaluate((viewport) => viewport.scrollLeft)).toBeGreaterThan(0);
  // The place and the name are still where they were, on top of the figures that went under them.
  for (const column of [0, 2]) {
    const cell = firstRow.getByRole('cell').nth(column);
    await expect(cell).toBeInViewport({ ratio: 1 });
    const onTop = await cell.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(onTop, `column ${column} is not covered`).toBe(true);
  }
});

test('the board passes the accessibility checks, light and dark, at 1280 and 800 px', async ({ page }) => {
  test.slow();
  await signInAs(page, 'manager');
  for (const [scheme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['dark', 800],
    ['light', 800],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/leaderboard?sort=change&order=desc');
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your place' })).toBeVisible();
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      `${scheme} at ${width} px`,
    ).toEqual([]);
  }
});
