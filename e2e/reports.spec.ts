import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, signInAs, testEveryRowReachable } from './fixtures.js';

// The reports only read the demo data: nothing here changes what other specs see.

type Language = 'en' | 'ru';

type Report = {
  name: string;
  label: Record<Language, string>;
  /** The first column of its files, in each language. */
  fileHeader: Record<Language, string>;
};

const REPORTS = {
  valuation: {
    name: 'stock-valuation',
    label: { en: 'Stock valuation', ru: 'Запасы на дату' },
    // Downloaded grouped by location, which names the first column.
    fileHeader: { en: 'Location', ru: 'Место хранения' },
  },
  movement: {
    name: 'movement-summary',
    label: { en: 'Movement summary', ru: 'Движение' },
    fileHeader: { en: 'SKU', ru: 'Артикул' },
  },
  lowStock: {
    name: 'low-stock',
    label: { en: 'Low stock', ru: 'Дефицит' },
    fileHeader: { en: 'SKU', ru: 'Артикул' },
  },
  consumption: {
    name: 'consumption',
    label: { en: 'Consumption', ru: 'Расход' },
    fileHeader: { en: 'SKU', ru: 'Артикул' },
  },
  activity: {
    name: 'activity-by-user',
    label: { en: 'Activity by user', ru: 'По сотрудникам' },
    fileHeader: { en: 'User', ru: 'Пользователь' },
  },
  deadStock: {
    name: 'dead-stock',
    label: { en: 'Dead stock', ru: 'Неликвиды' },
    fileHeader: { en: 'SKU', ru: 'Артикул' },
  },
  abc: {
    name: 'abc-analysis',
    label: { en: 'ABC analysis', ru: 'ABC-анализ' },
    fileHeader: { en: 'Rank', ru: 'Место' },
  },
} satisfies Record<string, Report>;

const EXPORT_BUTTON: Record<Language, string> = { en: 'Export', ru: 'Экспорт' };
const FILE_STARTS = { xlsx: 'PK', pdf: '%PDF' };

function table(page: Page, report: Report, language: Language) {
  return page.getByRole('table', { name: report.label[language] });
}

/** Opens a report from its tab, as a person does, and waits for its rows. */
async function open(page: Page, report: Report, language: Language) {
  await page.getByRole('tab', { name: report.label[language], exact: true }).click();
  // The report the screen opens with is left out of the address.
  await expect(page).toHaveURL(
    report.name === 'stock-valuation' ? /\/reports(?![^#]*report=)/ : new RegExp(`report=${report.name}`),
  );
  await expect(page.getByRole('tab', { name: report.label[language], exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** The chart of the report is drawn: an svg in the figure named `title`. */
async function expectChart(page: Page, title: string) {
  await expect(page.getByRole('figure', { name: title }).locator('svg.recharts-surface').first()).toBeVisible();
}

async function expectRows(page: Page, report: Report, language: Language) {
  await expect(table(page, report, language).locator('tbody tr').first()).toBeVisible();
}

/** The header of a sortable column, a button that sorts by it (its name says how it sorts now). */
function sortHeader(page: Page, report: Report, language: Language, title: string) {
  return table(page, report, language).getByRole('button', { name: new RegExp(`^${title} (Sorted|Not sorted)`) });
}

type Format = 'csv' | 'xlsx' | 'pdf';

/**
 * Downloads the report in each format from the Export menu and checks the file: its name, that it has content, and
 * what it starts with (a CSV with the byte-order mark and its first header in the language).
 */
async function download(page: Page, report: Report, language: Language, formats: readonly Format[]) {
  for (const format of formats) {
    await page.getByRole('button', { name: EXPORT_BUTTON[language] }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: new RegExp(format, 'i') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${report.name}-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    const content = await readFile((await download.path()) ?? '');
    expect(content.length, `${report.name}.${format} in ${language}`).toBeGreaterThan(0);
    if (format === 'csv') {
      const text = content.toString('utf8');
      expect(text.charCodeAt(0), 'the CSV starts with the byte-order mark').toBe(0xfeff);
      expect(text.slice(1, 1 + report.fileHeader[language].length)).toBe(report.fileHeader[language]);
    } else {
      expect(content.subarray(0, FILE_STARTS[format].length).toString('latin1')).toBe(FILE_STARTS[format]);
    }
    // The menu's button is busy until the file has been handed over.
    await expect(page.getByRole('button', { name: EXPORT_BUTTON[language] })).toBeEnabled();
  }
}

test('an administrator reads every report, changes its parameters and downloads the files, in English and Russian', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'administrator', '/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const { valuation, movement, lowStock, consumption, activity, deadStock, abc } = REPORTS;

  // Stock valuation opens first, at today, by category; grouping by location is one click.
  await expectChart(page, 'Value by category');
  await expectRows(page, valuation, 'en');
  await expect(table(page, valuation, 'en').locator('tfoot')).toContainText('Total');
  await expectNoSeriousViolations(page);
  await page.getByRole('radiogroup', { name: 'Group by' }).getByText('Location', { exact: true }).click();
  await expect(page).toHaveURL(/groupBy=location/);
  await expectChart(page, 'Value by location');
  await expect(sortHeader(page, valuation, 'en', 'Location')).toBeVisible();
  await download(page, valuation, 'en', ['csv', 'xlsx', 'pdf']);

  // Movement summary: the period starts on the first day of the month its calendar shows.
  await open(page, movement, 'en');
  await expectChart(page, 'Flow of stock over the period');
  await page.getByRole('textbox', { name: 'From date' }).click();
  await page
    .locator('[data-dates-dropdown]')
    .getByRole('button', { name: /^1 \S+ \d{4}$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
  await expectRows(page, movement, 'en');
  await download(page, movement, 'en', ['pdf']);

  // Low stock, sorted by the shortfall on the server.
  await open(page, lowStock, 'en');
  await expectChart(page, 'On hand as a share of the minimum');
  await expectRows(page, lowStock, 'en');
  await sortHeader(page, lowStock, 'en', 'Shortfall').click();
  await expect(page).toHaveURL(/sort=shortfall/);
  await download(page, lowStock, 'en', ['xlsx']);

  // Consumption, searched for the component issued for the most value.
  await open(page, consumption, 'en');
  await expectChart(page, 'Consumption per week');
  await expectRows(page, consumption, 'en');
  // The first cell holds the SKU over the name.
  const sku = (
    await table(page, consumption, 'en')
      .locator('tbody tr')
      .first()
      .locator('td')
      .first()
      .locator('p')
      .first()
      .textContent()
  )?.trim();
  expect(sku).toBeTruthy();
  await page.getByRole('searchbox', { name: 'Search' }).fill(sku ?? '');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(table(page, consumption, 'en').locator('tbody tr').first()).toContainText(sku ?? '');
  // A period that ends before it starts is named, and nothing is asked or exported meanwhile.
  await page.getByRole('textbox', { name: 'From date' }).fill('Jan 1, 2999');
  await expect(page.getByText('The end date is before the start date').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'From date' }).fill('');
  await page.keyboard.press('Tab');
  await expect(page.getByText('The end date is before the start date')).toHaveCount(0);
  await expectRows(page, consumption, 'en');
  await download(page, consumption, 'en', ['csv']);
  await page.getByRole('button', { name: 'Clear search' }).click();

  // Activity by user, sorted by the name.
  await open(page, activity, 'en');
  await expectChart(page, 'The most active people');
  await sortHeader(page, activity, 'en', 'User').click();
  await expect(page).toHaveURL(/sort=name/);
  await expectRows(page, activity, 'en');
  await download(page, activity, 'en', ['pdf']);

  // Dead stock: the demo's ledger is 90 days long, so stock that has not moved for 30 days is there.
  await open(page, deadStock, 'en');
  await page.getByRole('textbox', { name: 'Not moved for at least (days)' }).fill('30');
  await expect(page).toHaveURL(/days=30/);
  await expectChart(page, 'Dead stock value by age');
  await expectRows(page, deadStock, 'en');
  await download(page, deadStock, 'en', ['xlsx']);

  // ABC analysis with class A at 70 %.
  await open(page, abc, 'en');
  await expectChart(page, 'Share of consumption value by class');
  await page.getByRole('textbox', { name: 'Class A share, %' }).fill('70');
  await expect(page).toHaveURL(/a=70/);
  await expect(page.getByText('Class C: the remaining 15%')).toBeVisible();
  await expectRows(page, abc, 'en');
  await download(page, abc, 'en', ['csv']);

  // In Russian the address keeps the parameters chosen, and the files come in Russian.
  await page.evaluate(() => localStorage.setItem('i18n_locale', 'ru'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёты' })).toBeVisible();
  await expectChart(page, 'Доля стоимости расхода по классам');
  await expectRows(page, abc, 'ru');
  await download(page, abc, 'ru', ['csv', 'xlsx', 'pdf']);
  await open(page, valuation, 'ru');
  await expectChart(page, 'Стоимость по местам хранения');
  await expectRows(page, valuation, 'ru');
  await download(page, valuation, 'ru', ['csv']);
});

test('at 800 px, in Russian and dark, the reports pass the accessibility checks, are chosen from a list and a large export can be cancelled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'administrator', '/reports?report=abc-analysis');
  await page.evaluate(() => {
    localStorage.setItem('i18n_locale', 'ru');
    localStorage.setItem('theme', 'dark');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёты' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectChart(page, 'Доля стоимости расхода по классам');
  await expectRows(page, REPORTS.abc, 'ru');
  await expectNoSeriousViolations(page);

  await page.getByRole('combobox', { name: 'Отчёт' }).click();
  await page.getByRole('option', { name: 'Движение' }).click();
  await expect(page).toHaveURL(/report=movement-summary/);
  await expectChart(page, 'Движение запасов за период');
  await expectRows(page, REPORTS.movement, 'ru');

  // A large file shows the bytes received while it arrives, and can be cancelled: here the server's answer is held
  // back until then.
  await page.route('**/api/reports/movement-summary/export?**', () => {});
  await page.getByRole('button', { name: 'Экспорт' }).click();
  await page.getByRole('menuitem', { name: /PDF/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Выгрузка отчёта «Движение» в PDF…' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Ход выгрузки' });
  await expect(progress).toHaveAttribute('aria-valuetext', /^Получено/);
  await expect(page.getByRole('button', { name: 'Экспорт' })).toBeDisabled();
  await page.getByRole('button', { name: 'Отменить' }).click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByText('Выгрузка отменена')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Экспорт' })).toBeEnabled();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a manager has no Reports entry and is refused /reports', async ({ page }) => {
  await signInAs(page, 'manager');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

testEveryRowReachable('the movement summary', 'administrator', '/reports?report=movement-summary', 'Movement summary');
