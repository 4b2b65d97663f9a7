import AxeBuilder from '@axe-core/playwright';
import { type Analytics, currencyExponent, type WonLeadList } from '@cm/contract';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { animationsSettled, signInAs } from './fixtures.js';
import { administratorBackToWarehouse, apiAs, type Language, openFromMenu } from './sales.js';

test.afterEach(administratorBackToWarehouse);

// The expected figures are the API's own answers, read with a token beside the browser: the demo's leads move with
// the calendar, so nothing here is a number written by hand.

/** How the screen writes figures and days in a language, in the organisation's currency and time zone. */
async function writersFor(request: APIRequestContext, language: Language) {
  const { currency, timeZone } = (await (await request.get('/api/app-info')).json()) as {
    currency: string;
    timeZone: string;
  };
  const digits = currencyExponent(currency);
  const moneyFormat = new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  const utc = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    money: (minor: number) => {
      const absolute = Math.abs(minor);
      const scale = 10 ** digits;
      const fraction = digits === 0 ? '' : `.${String(absolute % scale).padStart(digits, '0')}`;
      return moneyFormat.format(`${minor < 0 ? '-' : ''}${Math.floor(absolute / scale)}${fraction}` as `${number}`);
    },
    count: (value: number) => new Intl.NumberFormat(language).format(value),
    percent: (text: string) =>
      new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        Number(text) / 100,
      ),
    share: (fraction: number) =>
      new Intl.NumberFormat(language, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        signDisplay: 'always',
      }).format(fraction),
    decimal: (text: string) => (language === 'ru' ? text.replace('.', ',') : text),
    date: (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(new Date(iso)),
    month: (day: string) => {
      const name = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        utc(day),
      );
      return name.charAt(0).toLocaleUpperCase() + name.slice(1);
    },
    range: (from: string, to: string) =>
      from === to
        ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(utc(from))
        : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(utc(from), utc(to)),
  };
}

/** A text as a pattern, any run of spaces (thin and no-break ones too) matching any other. */
function loosely(text: string): RegExp {
  return new RegExp(
    text
      .split(/\s+/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );
}

/** A request for the analytics themselves, not for their leads. */
const summaryRequest = (url: URL) => url.pathname === '/api/sales/analytics';

/** The figure under a label of a list of terms (a card's headline). */
const figure = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`).first();
/** The card that holds a label. */
const card = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}")`).locator('xpath=..');

/** The first day of the month `offset` months from a day's. */
function monthStart(day: string, offset: number): { from: string; to: string } {
  const [year = 0, month = 1] = day.split('-').map(Number);
  const text = (date: Date) => date.toISOString().slice(0, 10);
  return {
    from: text(new Date(Date.UTC(year, month - 1 + offset, 1))),
    to: text(new Date(Date.UTC(year, month + offset, 0))),
  };
}

test('a manager opens Analytics from the menu and reads the figures of the API, the trend and the loss reasons', async ({
  page,
  request,
}) => {
  const get = await apiAs(request, 'manager');
  const analytics = await get<Analytics>('/sales/analytics');
  const w = await writersFor(request, 'en');
  expect(analytics.manager?.name).toBeTruthy();
  expect(analytics.unsuccessful.reasons.length, 'the demo has loss reasons this month').toBeGreaterThan(0);

  await signInAs(page, 'manager');
  await openFromMenu(page, 'Analytics', /\/analytics/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('main').getByText(analytics.manager?.name ?? '', { exact: true })).toBeVisible();
  await expect(page.getByText(w.month(analytics.from), { exact: true })).toBeVisible();
  await expect(
    page.getByText(loosely(`Compared with ${w.range(analytics.previous.from, analytics.previous.to)}.`)),
  ).toBeVisible();

  // The cards, each against the period before.
  const { kpis, previousKpis } = analytics;
  const cards = page.getByRole('region', { name: 'Key figures' });
  await expect(figure(cards, 'Revenue')).toHaveText(w.money(kpis.revenueMinor));
  await expect(figure(cards, 'Fact/plan')).toHaveText(
    kpis.factPlanPercent === null ? 'No plan' : w.percent(kpis.factPlanPercent),
  );
  await expect(figure(cards, 'Bonus')).toHaveText(kpis.bonusMinor === null ? '—' : w.money(kpis.bonusMinor));
  await expect(figure(cards, 'Successful leads')).toHaveText(w.count(kpis.wonLeads));
  await expect(figure(cards, 'Unsuccessful leads')).toHaveText(w.count(kpis.lostLeads));
  await expect(figure(cards, 'Call minutes')).toHaveText(w.count(kpis.callMinutes));
  await expect(figure(cards, 'Messages')).toHaveText(w.count(kpis.messages));

  const revenueChange = kpis.revenueMinor - previousKpis.revenueMinor;
  const revenueWords =
    revenueChange === 0
      ? 'No change'
      : `${w.money(Math.abs(revenueChange))} ${revenueChange > 0 ? 'more' : 'less'}` +
        (previousKpis.revenueMinor === 0 ? '' : ` (${w.share(revenueChange / previousKpis.revenueMinor)})`);
  await expect(card(cards, 'Revenue')).toContainText(revenueWords);
  await expect(card(cards, 'Revenue')).toContainText(`Previous period: ${w.money(previousKpis.revenueMinor)}`);
  const lostChange = kpis.lostLeads - previousKpis.lostLeads;
  const leads = (count: number) => `${w.count(count)} ${count === 1 ? 'lead' : 'leads'}`;
  await expect(card(cards, 'Unsuccessful leads')).toContainText(
    lostChange === 0
      ? 'No change'
      : lostChange > 0
        ? `${w.count(lostChange)} more ${lostChange === 1 ? 'lead' : 'leads'}`
        : `${leads(-lostChange)} fewer`,
  );

  // The trend: its figures in the chart's description, the drawing itself.
  const trendTitle = analytics.trend.bucket === 'week' ? 'Revenue by week' : 'Revenue by month';
  const trend = page.getByRole('figure', { name: trendTitle });
  await expect(trend.locator('svg.recharts-surface').first()).toBeVisible();
  const points = analytics.trend.points.map(
    (point) =>
      `${w.range(point.from, point.to)}: revenue ${w.money(point.revenueMinor)}, ` +
      (point.planMinor === null ? 'no plan.' : `plan ${w.money(point.planMinor)}.`),
  );
  await expect(trend).toHaveAccessibleDescription(
    loosely(`${trendTitle} against the plan for the same days. ${points.join(' ')}`),
  );

  // The unsuccessful leads: the figures, the reasons as a chart and a table, the pipelines.
  const lost = page.getByRole('region', { name: 'Unsuccessful leads', exact: true });
  const { unsuccessful } = analytics;
  await expect(figure(lost, 'Unsuccessful leads')).toHaveText(w.count(unsuccessful.count));
  await expect(figure(lost, 'Unsuccessful, of closed leads')).toHaveText(
    unsuccessful.percent === null ? 'No closed leads' : w.percent(unsuccessful.percent),
  );
  await expect(figure(lost, 'Average time to failure')).toHaveText(
    unsuccessful.averageDaysToFailure === null ? '—' : `${unsuccessful.averageDaysToFailure} days`,
  );
  const reasonName = (reason: Analytics['unsuccessful']['reasons'][number]) =>
    reason.reasonId === null ? 'No reason given' : (reason.name ?? `#${reason.reasonId}`);
  const chart = lost.getByRole('figure', { name: 'Loss reasons' });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  const mostFirst = [...unsuccessful.reasons].sort((first, second) => second.count - first.count);
  await expect(chart).toHaveAccessibleDescription(
    loosely(
      `${mostFirst.map((reason) => `${reasonName(reason)}: ${leads(reason.count)}.`).join(' ')} The table beside gives each reason's share and lost budget.`,
    ),
  );
  const reasons = lost.getByRole('table', { name: `Loss reasons, ${w.month(analytics.from)}` });
  await expect(reasons.locator('tbody tr')).toHaveCount(unsuccessful.reasons.length);
  for (const [index, reason] of unsuccessful.reasons.entries()) {
    await expect(reasons.locator('tbody tr').nth(index).getByRole('cell')).toHaveText([
      reasonName(reason),
      w.count(reason.count),
      w.percent(reason.sharePercent),
      w.money(reason.lostBudgetMinor),
    ]);
  }
  const pipelines = lost.getByRole('table', { name: `Conversion by pipeline, ${w.month(analytics.from)}` });
  await expect(pipelines.locator('tbody tr')).toHaveCount(analytics.pipelines.length);
  for (const [index, pipeline] of analytics.pipelines.entries()) {
    await expect(pipelines.locator('tbody tr').nth(index).getByRole('cell')).toHaveText([
      pipeline.name ?? `Pipeline ${pipeline.pipelineId}`,
      String(pipeline.pipelineId),
      w.count(pipeline.won),
      w.count(pipeline.lost),
      w.percent(pipeline.conversionPercent),
    ]);
  }

  // The successful leads: the newest win first, as the server sorts them by default.
  const won = await get<WonLeadList>('/sales/analytics/won-leads');
  const table = page.getByRole('table', { name: `Successful leads, ${w.month(analytics.from)}` });
  await expect(page.getByText(`1–${Math.min(won.total, 25)} of ${won.total}`)).toBeVisible();
  const first = won.items[0];
  if (!first) throw new Error('the demo manager won leads this month');
  await expect(table.locator('tbody tr').first().getByRole('cell')).toHaveText([
    first.title || 'Untitled lead',
    first.contactName ?? '—',
    first.paymentMethod ?? '—',
    w.money(first.budgetMinor),
    w.date(first.createdAt),
    w.date(first.closedAt),
    String(first.pipelineId),
    first.daysToAcquisition,
  ]);
  await expect(page.getByText(`Average time to acquisition: ${analytics.averageDaysToAcquisition} days`)).toBeVisible();
});

test('the successful leads sort and page on the server with the mouse and the keyboard, and a reload keeps them', async ({
  page,
  request,
}) => {
  // Five reads of the API, a sign-in, two tables and a reload: longer than most tests on a busy machine.
  const get = await apiAs(request, 'manager');
  const current = await get<Analytics>('/sales/analytics');
  const previous = monthStart(current.from, -1);
  const w = await writersFor(request, 'en');
  const leadsOf = (query: string) =>
    get<WonLeadList>(`/sales/analytics/won-leads?from=${previous.from}&to=${previous.to}&${query}`);
  const cheapest = await leadsOf('sort=budget&order=asc&pageSize=10');
  const dearest = await leadsOf('sort=budget&order=desc&pageSize=10');
  const secondPage = await leadsOf('sort=budget&order=desc&pageSize=10&page=2');
  expect(cheapest.total, 'more than a page of leads won last month').toBeGreaterThan(10);

  await signInAs(page, 'manager', '/analytics');
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${previous.from}`));
  await expect(page.getByText(w.month(previous.from), { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: `Successful leads, ${w.month(previous.from)}` });
  const rows = table.locator('tbody tr');
  const budgetOf = (row: Locator) => row.getByRole('cell').nth(3);

  // The mouse sorts by budget, in the order the list had (newest first: the dearest first).
  await table.getByRole('button', { name: /^Budget/ }).click();
  await expect(page).toHaveURL(/sort=budget/);
  await expect(budgetOf(rows.first())).toHaveText(w.money(dearest.items[0]?.budgetMinor ?? -1));

  // The keyboard turns it round.
  await table.getByRole('button', { name: /^Budget/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/order=asc/);
  await expect(budgetOf(rows.first())).toHaveText(w.money(cheapest.items[0]?.budgetMinor ?? -1));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/order=asc/);
  await expect(budgetOf(rows.first())).toHaveText(w.money(dearest.items[0]?.budgetMinor ?? -1));

  // Ten rows a page, then the second page from the keyboard.
  await page.getByRole('button', { name: '25', exact: true }).click();
  await page.getByRole('menuitem', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/pageSize=10/);
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: '2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(secondPage.items.length);
  await expect(budgetOf(rows.first())).toHaveText(w.money(secondPage.items[0]?.budgetMinor ?? -1));
  await expect(rows.first().getByRole('cell').first()).toHaveText(secondPage.items[0]?.title || 'Untitled lead');

  // A reload opens the same month, order and page, each read once, at start.
  const address = page.url();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/sales/analytics')) asked.push(pathname);
  });
  await page.reload();
  expect(page.url()).toBe(address);
  await expect(page.getByText(w.month(previous.from), { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(secondPage.items.length);
  await expect(budgetOf(rows.first())).toHaveText(w.money(secondPage.items[0]?.budgetMinor ?? -1));
  expect(asked.sort()).toEqual(['/api/sales/analytics', '/api/sales/analytics/won-leads']);

  // Back to this month, the address forgets the day.
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(page.getByText(w.month(current.from), { exact: true })).toBeVisible();
});

test('the wheel over the successful leads scrolls the page: the table grows with its rows instead of scrolling in a box', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await signInAs(page, 'manager', '/analytics');
  const table = page.getByRole('table', { name: /^Successful leads/ });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count(), 'more rows than fit on the screen beside the rest').toBeGreaterThan(10);
  const losses = page.getByRole('heading', { level: 2, name: 'Unsuccessful leads' });
  await expect(losses).not.toBeInViewport();

  // The pointer rests on the table's first row; the wheel there moves the page, as it does everywhere else.
  await rows.first().hover();
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 200);
  const lossesShown = () => losses.evaluate((heading) => heading.getBoundingClientRect().bottom < window.innerHeight);
  for (let turn = 0; turn < 20 && !(await lossesShown()); turn += 1) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(50);
  }
  // The section under the table came into view, and no box around the table scrolls its rows up and down: every row
  // was passed on the way, none left hidden in a box of its own.
  await expect(losses).toBeInViewport();
  const clipped = await table.evaluate((element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (parent === document.body) break;
      if (parent.scrollHeight > parent.clientHeight + 1 && getComputedStyle(parent).overflowY !== 'visible')
        return true;
    }
    return false;
  });
  expect(clipped, 'no box around the table scrolls its rows up and down').toBe(false);
});

test('at 800 px the scroll-to-top button sits in the footer and covers none of the tables, scrolled to the bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'manager', '/analytics');
  const lastTable = page.getByRole('table', { name: /^Conversion by pipeline/ });
  await expect(lastTable.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).hover();
  const button = page.getByRole('button', { name: 'Scroll to top' });
  // Down to the end with the wheel, as a person does.
  for (let turn = 0; turn < 40; turn += 1) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(30);
    if (await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1)) {
      break;
    }
  }
  await expect(button).toBeVisible();
  await animationsSettled(page);
  const buttonBox = await button.boundingBox();
  const lastCell = lastTable.locator('tbody tr').last().getByRole('cell').last();
  await expect(lastCell).toBeInViewport();
  const cellBox = await lastCell.boundingBox();
  const footerBox = await page.getByRole('contentinfo').boundingBox();
  if (!buttonBox || !cellBox || !footerBox) throw new Error('the button, the last cell and the footer have boxes');
  const overlap = (a: typeof buttonBox, b: typeof buttonBox) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap(buttonBox, cellBox), 'the last cell is not under the button').toBe(false);
  // In the footer's band, which no content scrolls into view under, the button covers nothing at any scroll either:
  // also not the last rows of a list that scrolls in a box of its own.
  expect(buttonBox.y).toBeGreaterThanOrEqual(footerBox.y);
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(footerBox.y + footerBox.height);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an administrator finds no managers in the stock department, then picks a sales manager, kept in the address', async ({
  page,
  request,
}) => {
  const w = await writersFor(request, 'en');
  await signInAs(page, 'administrator', '/analytics');
  await expect(page.getByText('No managers in Central Warehouse')).toBeVisible();

  const firstRead = page.waitForResponse((response) => /\/api\/sales\/analytics(\?|$)/.test(response.url()));
  await page.getByRole('combobox', { name: 'Switch department' }).click();
  await page.getByRole('option', { name: 'Moscow Sales' }).click();
  const first = (await (await firstRead).json()) as Analytics;
  const picker = page.getByRole('combobox', { name: 'Manager' });
  await expect(picker).toHaveValue(first.manager?.name ?? '');
  const other = first.managers.find((manager) => manager.id !== first.manager?.id);
  if (!other) throw new Error('Moscow Sales has several managers');

  const read = page.waitForResponse((response) =>
    new RegExp(`/api/sales/analytics\\?managerId=${other.id}`).test(response.url()),
  );
  await picker.click();
  await picker.fill(other.name.slice(0, 4));
  await page.getByRole('option', { name: other.name }).click();
  const analytics = (await (await read).json()) as Analytics;
  expect(analytics.manager?.id).toBe(other.id);
  await expect(page).toHaveURL(new RegExp(`managerId=${other.id}`));
  const cards = page.getByRole('region', { name: 'Key figures' });
  await expect(figure(cards, 'Revenue')).toHaveText(w.money(analytics.kpis.revenueMinor));
  await expect(figure(cards, 'Successful leads')).toHaveText(w.count(analytics.kpis.wonLeads));

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Manager' })).toHaveValue(other.name);
  await expect(figure(page.getByRole('region', { name: 'Key figures' }), 'Revenue')).toHaveText(
    w.money(analytics.kpis.revenueMinor),
  );
});

test('in Russian the screen speaks Russian: figures, periods, plural forms', async ({ page, request }) => {
  const get = await apiAs(request, 'manager');
  const analytics = await get<Analytics>('/sales/analytics');
  const w = await writersFor(request, 'ru');
  await signInAs(page, 'manager');
  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  await openFromMenu(page, 'Аналитика', /\/analytics/);
  await expect(page.getByRole('heading', { level: 1, name: 'Аналитика' })).toBeVisible();
  await expect(page.getByText(w.month(analytics.from), { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Квартал' })).toBeAttached();

  const { kpis, previousKpis } = analytics;
  const cards = page.getByRole('region', { name: 'Ключевые показатели' });
  await expect(figure(cards, 'Выручка')).toHaveText(w.money(kpis.revenueMinor));
  await expect(figure(cards, 'Факт/план')).toHaveText(
    kpis.factPlanPercent === null ? 'Нет плана' : w.percent(kpis.factPlanPercent),
  );
  await expect(figure(cards, 'Минуты звонков')).toHaveText(w.count(kpis.callMinutes));
  const forms = { one: 'сделку', few: 'сделки', many: 'сделок', other: 'сделки' } as Record<string, string>;
  const lostChange = kpis.lostLeads - previousKpis.lostLeads;
  const by = Math.abs(lostChange);
  await expect(card(cards, 'Неуспешные сделки')).toContainText(
    lostChange === 0
      ? 'Без изменений'
      : `На ${w.count(by)} ${forms[new Intl.PluralRules('ru').select(by)]} ${lostChange > 0 ? 'больше' : 'меньше'}`,
  );

  const lost = page.getByRole('region', { name: 'Неуспешные сделки', exact: true });
  if (analytics.unsuccessful.averageDaysToFailure !== null) {
    await expect(figure(lost, 'Среднее время до отказа')).toHaveText(
      `${w.decimal(analytics.unsuccessful.averageDaysToFailure)} дня`,
    );
  }
  const reasons = lost.getByRole('table', { name: `Причины отказа, ${w.month(analytics.from)}` });
  await expect(reasons.getByRole('columnheader')).toHaveText(['Причина', 'Сделок', 'Доля', 'Потерянный бюджет']);
  const reason = analytics.unsuccessful.reasons[0];
  if (!reason) throw new Error('the demo has loss reasons this month');
  await expect(reasons.locator('tbody tr').first().getByRole('cell').nth(3)).toHaveText(
    w.money(reason.lostBudgetMinor),
  );
  await expect(
    page.getByRole('figure', { name: analytics.trend.bucket === 'week' ? 'Выручка по неделям' : 'Выручка по месяцам' }),
  ).toHaveAccessibleDescription(/выручка/);
  await expect(page.getByRole('table', { name: `Успешные сделки, ${w.month(analytics.from)}` })).toBeVisible();
});

test('a custom range is checked before it is asked for, and the server refusing one is said at its last day', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/sales/analytics')) asked.push(request.url());
  });
  await signInAs(page, 'manager', '/analytics');
  await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
  await page.getByText('Custom', { exact: true }).click();
  await expect(page).toHaveURL(/period=custom&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const to = page.getByRole('textbox', { name: 'To date', exact: true });
  await to.fill('Jan 5, 2020');
  await to.press('Tab');
  await expect(page).toHaveURL(/to=2020-01-05/);
  await expect(to).toHaveAccessibleDescription('The first day is after the last one: swap them or pick other days.');
  await expect(page.getByText('This period cannot be shown')).toBeVisible();
  expect(asked.filter((url) => url.includes('to=2020-01-05'))).toEqual([]);

  await page.route(summaryRequest, (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Unprocessable', status: 422, code: 'PERIOD_INVALID' }),
    }),
  );
  await page.goto('/analytics?period=custom&from=2026-01-01&to=2026-01-31');
  await expect(page.getByRole('textbox', { name: 'To date', exact: true })).toHaveAccessibleDescription(
    'Choose a period whose first day is not after its last, of at most 366 days.',
  );
  await expect(page.getByRole('textbox', { name: 'To date', exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('a month without leads says so in each part, and a failed load offers a retry', async ({ page, request }) => {
  // The failed load is retried twice, a few seconds apart, before the screen gives up.
  const get = await apiAs(request, 'manager');
  const empty = await get<Analytics>('/sales/analytics?from=2020-01-01&to=2020-01-31');
  expect(empty.kpis.wonLeads + empty.kpis.lostLeads, 'the demo has no leads in 2020').toBe(0);
  const w = await writersFor(request, 'en');
  await signInAs(page, 'manager', '/analytics?from=2020-01-01');
  await expect(page.getByText('January 2020', { exact: true })).toBeVisible();
  await expect(figure(page.getByRole('region', { name: 'Key figures' }), 'Revenue')).toHaveText(w.money(0));
  await expect(page.getByText('No leads were won in this period.').first()).toBeVisible();
  await expect(page.getByText('No lost leads')).toBeVisible();
  await expect(page.getByText('No leads were closed in this period.')).toBeVisible();
  if (empty.trend.points.every((point) => point.planMinor === null)) {
    await expect(page.getByText('Nothing to draw')).toBeVisible();
  }

  await page.route(summaryRequest, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Internal', status: 500, code: 'INTERNAL_ERROR' }),
    }),
  );
  await page.goto('/analytics?period=week');
  await expect(page.getByText('The analytics could not be loaded')).toBeVisible({ timeout: 20_000 });
  await page.unroute(summaryRequest);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
});

test('analytics passes the accessibility checks, light and dark, at 1280 and 800 px', async ({ page }) => {
  // Four accessibility runs over the whole screen, its won leads a page of rows long.
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
    await page.goto('/analytics');
    await expect(
      page
        .getByRole('figure', { name: /^Revenue by/ })
        .locator('svg')
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Loss reasons' }).locator('svg').first()).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: /^Successful leads/ })
        .locator('tbody tr')
        .first(),
    ).toBeVisible();
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      `${scheme} at ${width} px`,
    ).toEqual([]);
  }
});
