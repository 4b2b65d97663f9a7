import AxeBuilder from '@axe-core/playwright';
import {
  type BonusTerms,
  bonusTable,
  bonusTermsOf,
  type CalculatorContext,
  computeBonus,
  currencyExponent,
  type ExplanationLine,
  nextStep,
} from '@cm/contract';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { animationsSettled, answerChanged, signInAs } from './fixtures.js';
import { administratorBackToWarehouse, apiAs, type Language, moneyWriter, openFromMenu } from './sales.js';

test.afterEach(administratorBackToWarehouse);

// The expected figures are the shared engine's (`@cm/contract`), from the same context the screen reads: the demo's
// plans and revenues move with the calendar, so nothing here is a number written by hand.

/** The organisation's currency, as the screen writes money. */
async function currencyOf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/app-info')).json()) as { currency: string }).currency;
}

/** An amount as the screen writes it into a box: grouped, without the currency sign. */
function inputText(minor: number, currency: string, language: Language): string {
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    `${minor / 10 ** digits}` as `${number}`,
  );
}

/** A percentage of the engine ("70.00") as the screen writes every percentage: "70.00%", «70,00 %». */
const percent = (text: string, language: Language) =>
  new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(text) / 100,
  );

/** What the screen says for one line of the engine's explanation (the lines the demo's schemes produce). */
function sentence(line: ExplanationLine, money: (minor: bigint | string) => string, language: Language): string {
  const p = line.params;
  const pc = (name: string) => percent(p[name] ?? '', language);
  const amount = money(line.amountMinor);
  const en = language === 'en';
  switch (line.code) {
    case 'noPlan':
      return en
        ? 'No plan for the month: no level, no bonus above plan and no 120 % bonus'
        : 'План на месяц не задан: нет ни уровня, ни бонуса сверх плана, ни бонуса за 120 %';
    case 'belowFirstLevel':
      return en
        ? `Below the first level (${pc('thresholdPercent')} of plan): no level bonus`
        : `Первый уровень (${pc('thresholdPercent')} плана) не достигнут: бонуса за уровень нет`;
    case 'levelRate':
      return en
        ? `Level ${p.level} (from ${pc('thresholdPercent')} of plan): ${pc('ratePercent')} of revenue ${money(p.revenueMinor ?? '0')} = ${amount}`
        : `Уровень ${p.level} (от ${pc('thresholdPercent')} плана): ${pc('ratePercent')} от выручки ${money(p.revenueMinor ?? '0')} = ${amount}`;
    case 'abovePlan':
      return en
        ? `Above plan: ${pc('ratePercent')} of ${money(p.exceededRevenueMinor ?? '0')} over plan = ${amount}`
        : `Сверх плана: ${pc('ratePercent')} от ${money(p.exceededRevenueMinor ?? '0')} сверх плана = ${amount}`;
    case 'fixedAt120':
      return en
        ? `120 % of plan reached: fixed bonus ${amount}`
        : `Достигнуто 120 % плана: фиксированный бонус ${amount}`;
    default:
      throw new Error(`the demo's offline scheme gives no ${line.code} line`);
  }
}

/** The figure under a label of a card (a term and its definition); the first, the headline, when it comes twice. */
const figure = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`).first();

/** The scheme in effect of the manager's own management type. */
function ownScheme(context: CalculatorContext) {
  return context.schemes.find((scheme) => scheme.managementType === context.manager?.managementType) ?? null;
}

/** The demo manager's context and the engine's terms for it. */
async function managerContext(request: APIRequestContext) {
  const get = await apiAs(request, 'manager');
  const context = await get<CalculatorContext>('/sales/calculator/context');
  const scheme = ownScheme(context);
  if (!scheme || context.planMinor === null) throw new Error('the demo manager has a scheme and a plan');
  expect(context.manager?.managementType).toBe('offline');
  return { context, terms: bonusTermsOf(scheme), planMinor: BigInt(context.planMinor) };
}

/** What the screen should say of the next step up from a revenue. */
function nextStepText(terms: BonusTerms, planMinor: bigint, revenueMinor: bigint, money: (m: bigint) => string) {
  const step = nextStep(terms, { planMinor, revenueMinor });
  if (!step) return 'Every level and the 120 % bonus are reached.';
  return step.row.level === null
    ? `${money(step.moreMinor)} more to reach 120 % of plan, worth +${money(step.extraBonusMinor)}`
    : `${money(step.moreMinor)} more to reach the next level (${percent(step.row.thresholdPercent, 'en')} of plan), worth +${money(step.extraBonusMinor)}`;
}

test('a manager opens the calculator, types a potential revenue, sees it explained, the server agree and the bonus table', async ({
  page,
  request,
}) => {
  const { context, terms, planMinor } = await managerContext(request);
  const money = moneyWriter(await currencyOf(request), 'en');
  await signInAs(page, 'manager');
  await openFromMenu(page, 'Bonus calculator', /\/calculator/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus calculator' })).toBeVisible();

  // The month so far, from the context and the engine.
  const facts = page.getByRole('region', { name: 'This month so far' });
  const current = computeBonus(terms, { planMinor, revenueMinor: BigInt(context.revenueMinor) });
  await expect(figure(facts, 'Current revenue')).toHaveText(money(BigInt(context.revenueMinor)));
  await expect(figure(facts, 'Current bonus')).toHaveText(money(current.bonusMinor));
  await expect(figure(facts, 'Fixed salary')).toHaveText(money(terms.fixedSalaryMinor));
  await expect(figure(facts, 'Fixed bonus at 120 % of plan')).toHaveText(money(terms.fixedBonusAt120Minor));
  await expect(figure(facts, 'Monthly plan')).toHaveText(money(planMinor));
  await expect(figure(facts, 'Scheme in effect')).toContainText('Offline, from');
  await expect(page.getByRole('textbox', { name: 'Monthly plan' })).toHaveValue(
    inputText(context.planMinor ?? 0, await currencyOf(request), 'en'),
  );

  // 125 % of the plan in whole currency units: the top level, the rate above plan and the 120 % bonus.
  const revenueMajor = (planMinor * 125n) / 100n / 100n;
  const revenueMinor = revenueMajor * 100n;
  const expected = computeBonus(terms, { planMinor, revenueMinor });
  expect(expected.lines.map((line) => line.code)).toEqual(['levelRate', 'abovePlan', 'fixedAt120']);
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Type a potential revenue to see the bonus it would earn.');
  await page.getByRole('textbox', { name: 'Potential revenue' }).click();
  await page.keyboard.type(String(revenueMajor));
  await expect(figure(result, 'Potential bonus')).toHaveText(money(expected.bonusMinor));
  await expect(figure(result, 'Total pay')).toHaveText(money(expected.totalMinor));
  await expect(figure(result, 'Plan achieved')).toHaveText(percent(expected.planPercent ?? '', 'en'));
  await expect(figure(result, 'Level reached')).toContainText(`Level ${expected.level?.index}`);
  await expect(result.getByRole('list', { name: 'Step by step' }).getByRole('listitem')).toHaveText(
    expected.lines.map((line) => sentence(line, money, 'en')),
  );
  await expect(result).toContainText(nextStepText(terms, planMinor, revenueMinor, money));

  // While typing, the figures follow: one digit less is a tenth of the revenue.
  await page.keyboard.press('Backspace');
  const shorter = computeBonus(terms, { planMinor, revenueMinor: (revenueMajor / 10n) * 100n });
  await expect(figure(result, 'Potential bonus')).toHaveText(money(shorter.bonusMinor));
  await page.keyboard.type(String(revenueMajor % 10n));
  await expect(figure(result, 'Potential bonus')).toHaveText(money(expected.bonusMinor));

  // Calculate asks the server, whose answer is the same.
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/sales/calculator') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Calculate' }).click();
  expect((await answered).status()).toBe(200);
  // Leaving the box wrote the amount back grouped, as the tables write amounts.
  await expect(page.getByRole('textbox', { name: 'Potential revenue' })).toHaveValue(
    `${new Intl.NumberFormat('en').format(revenueMajor)}.00`,
  );
  await expect(
    page.getByText(
      `The server's answer is the same: bonus ${money(expected.bonusMinor)}, total pay ${money(expected.totalMinor)}.`,
    ),
  ).toBeVisible();

  // The bonus table of this month's plan: one row per level and the 120 % row.
  const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${context.month}-01T00:00:00Z`),
  );
  const table = page.getByRole('table', { name: `Bonus table for ${month}` });
  const rows = bonusTable(terms, planMinor);
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  for (const [index, row] of rows.entries()) {
    const cells = table
      .getByRole('row')
      .nth(index + 1)
      .getByRole('cell');
    await expect(cells.nth(0)).toHaveText(money(row.revenueMinor));
    await expect(cells.nth(1)).toHaveText(percent(row.thresholdPercent, 'en'));
    await expect(cells.nth(3)).toHaveText(money(planMinor));
    await expect(cells.nth(6)).toHaveText(money(row.result.totalMinor));
  }
  const now = page.getByRole('region', { name: 'Bonus table', exact: true });
  await expect(now).toContainText(`Now: ${nextStepText(terms, planMinor, BigInt(context.revenueMinor), money)}`);
  // The chart has loaded, with its description in words.
  await expect(page.getByRole('figure', { name: 'Total pay by revenue' })).toHaveAccessibleDescription(
    new RegExp(`Potential revenue ${literally(money(revenueMinor))}: ${literally(money(expected.totalMinor))}\\.`),
  );
});

/** A string as it stands in a regular expression. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('the inputs say what is wrong with an amount, and Calculate goes to the first field at fault', async ({
  page,
}) => {
  await signInAs(page, 'manager', '/calculator');
  const plan = page.getByRole('textbox', { name: 'Monthly plan' });
  const revenue = page.getByRole('textbox', { name: 'Potential revenue' });
  const result = page.getByRole('region', { name: 'Result' });
  await revenue.fill('abc');
  await expect(page.getByText('Enter an amount in digits, e.g. 1,500,000.50.')).toBeVisible();
  await expect(result).toContainText('Correct the inputs to see the bonus.');
  await revenue.fill('12.505');
  await expect(page.getByText('Use at most 2 decimals.')).toBeVisible();
  await revenue.fill('1000000000000.01');
  await expect(page.getByText('Enter at most ₽1,000,000,000,000.00.')).toBeVisible();
  await revenue.fill('1000');
  await plan.fill('0');
  await expect(page.getByText('Enter a plan above zero: the bonus is reckoned against the plan.')).toBeVisible();
  await plan.fill('');
  await expect(page.getByText('Enter an amount.')).toBeVisible();
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(plan).toBeFocused();
  await expect(plan).toHaveAttribute('aria-invalid', 'true');
});

test('in Russian the amounts are typed and shown the Russian way, and the server agrees', async ({ page, request }) => {
  const { context, terms, planMinor } = await managerContext(request);
  const currency = await currencyOf(request);
  const money = moneyWriter(currency, 'ru');
  await signInAs(page, 'manager');
  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  await openFromMenu(page, 'Калькулятор бонуса', /\/calculator/);
  await expect(page.getByRole('heading', { level: 1, name: 'Калькулятор бонуса' })).toBeVisible();

  const facts = page.getByRole('region', { name: 'Этот месяц на сегодня' });
  await expect(figure(facts, 'Текущая выручка')).toHaveText(money(BigInt(context.revenueMinor)));
  await expect(figure(facts, 'Оклад')).toHaveText(money(terms.fixedSalaryMinor));
  await expect(figure(facts, 'Фиксированный бонус за 120 % плана')).toHaveText(money(terms.fixedBonusAt120Minor));
  await expect(page.getByRole('textbox', { name: 'План на месяц' })).toHaveValue(
    inputText(context.planMinor ?? 0, currency, 'ru'),
  );

  await page.getByRole('textbox', { name: 'Потенциальная выручка' }).click();
  await page.keyboard.type('1 500 000,50');
  const expected = computeBonus(terms, { planMinor, revenueMinor: 150_000_050n });
  const result = page.getByRole('region', { name: 'Результат' });
  await expect(figure(result, 'Потенциальный бонус')).toHaveText(money(expected.bonusMinor));
  await expect(figure(result, 'Итого к выплате')).toHaveText(money(expected.totalMinor));
  await expect(figure(result, 'Выполнение плана')).toHaveText(percent(expected.planPercent ?? '', 'ru'));
  await expect(result.getByRole('list', { name: 'Пошагово' }).getByRole('listitem')).toHaveText(
    expected.lines.map((line) => sentence(line, money, 'ru')),
  );

  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(
    page.getByText(
      `Сервер ответил так же: бонус ${money(expected.bonusMinor)}, итого к выплате ${money(expected.totalMinor)}.`,
    ),
  ).toBeVisible();

  // Back in English, the typed amount is rewritten the English way and still reads.
  await page.getByRole('button', { name: /Переключить на English$/ }).click();
  await expect(page.getByRole('textbox', { name: 'Potential revenue' })).toHaveValue('1,500,000.50');
  await expect(figure(page.getByRole('region', { name: 'Result' }), 'Potential bonus')).toHaveText(
    moneyWriter(currency, 'en')(expected.bonusMinor),
  );
});

test('an administrator finds no managers in the stock department, then picks a sales manager, kept in the address', async ({
  page,
  request,
}) => {
  const money = moneyWriter(await currencyOf(request), 'en');
  await signInAs(page, 'administrator', '/calculator');
  await expect(page.getByText('No managers in Central Warehouse')).toBeVisible();

  const switcher = page.getByRole('combobox', { name: 'Switch department' });
  const firstRead = page.waitForResponse((response) => response.url().endsWith('/api/sales/calculator/context'));
  await switcher.click();
  await page.getByRole('option', { name: 'Moscow Sales' }).click();
  // The department's first manager by name, as the server picks them.
  const first = (await (await firstRead).json()) as CalculatorContext;
  expect(first.managers.map((manager) => manager.name)).toContain('Sergey Morozov');
  const picker = page.getByRole('combobox', { name: 'Manager' });
  await expect(picker).toHaveValue(first.managers[0]?.name ?? '');

  const read = page.waitForResponse((response) => /\/api\/sales\/calculator\/context\?managerId=/.test(response.url()));
  await picker.click();
  await picker.fill('Serg');
  await page.getByRole('option', { name: 'Sergey Morozov' }).click();
  const context = (await (await read).json()) as CalculatorContext;
  expect(context.manager?.name).toBe('Sergey Morozov');
  await expect(page).toHaveURL(new RegExp(`managerId=${context.manager?.id}`));
  const scheme = ownScheme(context);
  if (!scheme) throw new Error('the demo schemes cover every type');
  const terms = bonusTermsOf(scheme);
  const current = computeBonus(terms, {
    planMinor: context.planMinor === null ? null : BigInt(context.planMinor),
    revenueMinor: BigInt(context.revenueMinor),
  });
  const facts = page.getByRole('region', { name: 'This month so far' });
  await expect(figure(facts, 'Current revenue')).toHaveText(money(BigInt(context.revenueMinor)));
  await expect(figure(facts, 'Current bonus')).toHaveText(money(current.bonusMinor));

  // A reload opens the same manager.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Manager' })).toHaveValue('Sergey Morozov');
  await expect(figure(page.getByRole('region', { name: 'This month so far' }), 'Current bonus')).toHaveText(
    money(current.bonusMinor),
  );
});

test('without a scheme in effect the calculator says why, and sends an administrator to the bonus schemes', async ({
  page,
}) => {
  // No endpoint takes a scheme out of effect (months were paid by it): the answer is the server's, without it.
  await page.route('**/api/sales/calculator/context**', (route) =>
    answerChanged<CalculatorContext>(route, (context) => ({ ...context, schemes: [], current: null })),
  );
  await signInAs(page, 'administrator');
  await page.getByRole('combobox', { name: 'Switch department' }).click();
  await page.getByRole('option', { name: 'Moscow Sales' }).click();
  await openFromMenu(page, 'Bonus calculator', /\/calculator/);
  await expect(page.getByText(/^No bonus scheme of the (Offline|Online|Hybrid) type is in effect for/)).toBeVisible();
  await expect(page.getByRole('table', { name: /^Bonus table/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Potential revenue' }).fill('1000');
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(
    'press Calculate to have the server work it out',
  );
  await page.getByRole('link', { name: 'Set up the bonus schemes' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=bonus-schemes/);
});

test('the calculator passes the accessibility checks, light and dark, at 1280 and 800 px', async ({ page }) => {
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
    await page.goto('/calculator');
    await page.getByRole('textbox', { name: 'Potential revenue' }).fill('3 000 000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByText("The server's answer is the same")).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Total pay by revenue' }).locator('svg').first()).toBeVisible();
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      `${scheme} at ${width} px`,
    ).toEqual([]);
  }
});
