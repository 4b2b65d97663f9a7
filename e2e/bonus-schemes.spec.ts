import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { animationsSettled, signInAs } from './fixtures.js';

/** The current month (`YYYY-MM`) on the organisation's clock, which decides which version is in effect. */
async function organisationMonth(request: APIRequestContext): Promise<string> {
  const { timeZone } = (await (await request.get('/api/app-info')).json()) as { timeZone: string };
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone }).format(new Date());
}

function addMonths(month: string, offset: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month as the screen names a version: "December 2026", "Декабрь 2026 г.", with no-break spaces. */
function monthName(month: string, language = 'en'): string {
  const name = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  return (name.charAt(0).toLocaleUpperCase(language) + name.slice(1)).replace(/ /g, '\u00a0');
}

/** The day a version takes effect, as its badge and headings say it: "December 1, 2026" (no-break spaces). */
function monthStart(month: string, language = 'en'): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${month}-01T00:00:00Z`))
    .replace(/ /g, '\u00a0');
}

/** An accessible name that starts with `text`; names are compared with their spaces normalised. */
const startingWith = (text: string) => new RegExp(`^${text.replace(/\u00a0/g, ' ')}`);

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectNoViolations(page: Page, what: string) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((violation) => `${violation.impact}: ${violation.id}`),
    what,
  ).toEqual([]);
}

test('an administrator sees the demo schemes, creates a version from next month, fixes a threshold, saves it and deletes it', async ({
  page,
  request,
}) => {
  test.slow();
  const thisMonth = await organisationMonth(request);
  const seeded = addMonths(thisMonth, -11);
  const next = addMonths(thisMonth, 1);

  await signInAs(page, 'administrator', '/settings');
  await page.getByRole('tab', { name: 'Bonus schemes' }).click();
  await expect(page).toHaveURL(/tab=bonus-schemes/);

  // One section per management type, each with the seeded demo version in effect and marked as demo values.
  for (const type of ['Offline', 'Online', 'Hybrid']) {
    const demo = section(page, type).getByRole('radio', { name: startingWith(monthName(seeded)) });
    await expect(demo).toBeChecked();
    await expect(demo).toContainText('In effect now');
    await expect(demo).toContainText('Demo values — edit them to your own');
  }
  const offline = section(page, 'Offline');
  await expect(offline.getByRole('heading', { name: `Terms from ${monthStart(seeded)}` })).toBeVisible();
  const demoLevels = offline.getByRole('table', { name: `Levels of the Offline scheme from ${monthStart(seeded)}` });
  await expect(demoLevels.getByRole('row').nth(1)).toContainText('70.00%');
  await expect(demoLevels.getByRole('row').nth(1)).toContainText('3.00% of revenue');
  // A version in effect has paid months: it cannot be deleted, and says why.
  await expect(offline.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(offline.getByText('In effect now, so it cannot be deleted')).toBeVisible();

  // A new version from the keyboard: it starts next month, from the terms in effect.
  await offline.getByRole('button', { name: 'New version of the Offline scheme' }).focus();
  await page.keyboard.press('Enter');
  const form = offline.getByRole('form', { name: 'New version' });
  await expect(form.getByRole('heading', { name: 'New version' })).toBeFocused();
  await expect(form.getByRole('combobox', { name: 'Takes effect from' })).toHaveValue(monthName(next));
  await expect(form.getByRole('textbox', { name: 'Fixed salary' })).toHaveValue('60,000.00');
  const levelTwo = form.getByRole('group', { name: 'Level 2' });
  const threshold = levelTwo.getByRole('textbox', { name: 'Threshold, % of plan' });
  await expect(threshold).toHaveValue('90');

  // Level 2 no higher than level 1 (70 %), and a fourth level paying a fixed amount, typed with the keyboard.
  await threshold.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('65');
  await form.getByRole('button', { name: 'Add level' }).click();
  const levelFour = form.getByRole('group', { name: 'Level 4' });
  await expect(levelFour.getByRole('textbox', { name: 'Threshold, % of plan' })).toBeFocused();
  await page.keyboard.type('120');
  await levelFour.getByRole('radio', { name: '% of revenue' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(levelFour.getByRole('radio', { name: 'Fixed' })).toBeChecked();
  await levelFour.getByRole('textbox', { name: 'Fixed amount' }).fill('15 000');
  await expect(page.getByRole('tab', { name: /Bonus schemes.*Unsaved changes/ })).toBeVisible();

  await form.getByRole('button', { name: 'Save version' }).click();
  await expect(form.getByRole('alert')).toHaveText('Some fields need attention before the version can be saved.');
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await expect(threshold).toHaveAccessibleDescription('Each threshold must be higher than the one before it.');
  await expect(threshold).toBeFocused();
  // Only that field is in error.
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('80');
  await expect(threshold).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`The Offline scheme from ${monthStart(next)} is saved.`)).toBeVisible();
  await expect(form).toBeHidden();

  // Listed as the next version, saved by the administrator, picked and focused.
  const saved = offline.getByRole('radio', { name: startingWith(monthName(next)) });
  await expect(saved).toBeChecked();
  await expect(saved).toBeFocused();
  await expect(saved).toContainText(`From ${monthStart(next)}`);
  await expect(saved).toContainText('Saved by Alexandra Ivanova');
  await expect(offline.getByRole('radio', { name: startingWith(monthName(seeded)) })).toContainText('In effect now');
  const levels = offline.getByRole('table', { name: `Levels of the Offline scheme from ${monthStart(next)}` });
  await expect(levels.getByRole('row')).toHaveCount(5);
  await expect(levels.getByRole('row').nth(2)).toContainText('80.00%');
  await expect(levels.getByRole('row').nth(4)).toContainText('120.00%');
  await expect(levels.getByRole('row').nth(4)).toContainText('₽15,000.00 fixed');
  await expect(page.getByRole('tab', { name: 'Bonus schemes', exact: true })).toBeVisible();

  // A version that has not taken effect can be deleted, after a confirmation that keeps it by default.
  await offline.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the Offline version from ${monthStart(next)}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete version' }).click();
  await expect(page.getByText(`The Offline version from ${monthStart(next)} was deleted.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(offline.getByRole('radio')).toHaveCount(1);
  await expect(offline.getByRole('radio', { name: startingWith(monthName(seeded)) })).toBeChecked();
  await expect(offline.getByRole('heading', { level: 2, name: 'Offline' })).toBeFocused();

  // What the screen shows is what the server keeps.
  await page.reload();
  await expect(section(page, 'Offline').getByRole('radio')).toHaveCount(1);
});

test('in Russian the threshold message is at its field, typed numbers follow the language, and leaving asks first', async ({
  page,
}) => {
  await signInAs(page, 'administrator', '/settings?tab=bonus-schemes');
  const online = section(page, 'Online');
  await online.getByRole('button', { name: 'New version of the Online scheme' }).click();
  await online.getByRole('textbox', { name: 'Fixed salary' }).fill('65,000.5');

  await page.getByRole('button', { name: /Switch to Русский$/ }).click();
  const russian = section(page, 'Онлайн');
  const form = russian.getByRole('form', { name: 'Новая версия' });
  // Typed in English, shown as Russian writes it, and read as the same amount.
  await expect(form.getByRole('textbox', { name: 'Оклад' })).toHaveValue(/^65\s000,50$/);
  await expect(
    form.getByRole('group', { name: 'Уровень 1' }).getByRole('textbox', { name: 'Ставка, % выручки' }),
  ).toHaveValue('2');
  const threshold = form.getByRole('group', { name: 'Уровень 3' }).getByRole('textbox', { name: 'Порог, % плана' });
  await threshold.fill('80');
  await form
    .getByRole('group', { name: 'Уровень 2' })
    .getByRole('textbox', { name: 'Ставка, % выручки' })
    .fill('4,555');
  await form.getByRole('button', { name: 'Сохранить версию' }).click();
  await expect(threshold).toHaveAccessibleDescription('Порог должен быть выше, чем у предыдущего уровня.');
  await expect(
    form.getByRole('group', { name: 'Уровень 2' }).getByRole('textbox', { name: 'Ставка, % выручки' }),
  ).toHaveAccessibleDescription('Не больше двух знаков после запятой, например 70,25.');
  await expect(form.getByRole('alert')).toHaveText('Исправьте отмеченные поля, чтобы сохранить версию.');

  // Unsaved edits: leaving the screen asks first, and staying keeps them.
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Остатки' }).click();
  const leave = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
  await leave.getByRole('button', { name: 'Остаться' }).click();
  await expect(leave).toBeHidden();
  await expect(threshold).toHaveValue('80');

  // Cancel drops them, and the focus goes back to the button that opened the form.
  await form.getByRole('button', { name: 'Отмена' }).click();
  await expect(form).toBeHidden();
  await expect(russian.getByRole('button', { name: 'Новая версия схемы «Онлайн»' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Бонусные схемы', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Остатки' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the bonus schemes pass the accessibility checks, light and dark, at 1280 and 800 px, with a refused form', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'administrator', '/settings?tab=bonus-schemes');
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((value) => localStorage.setItem('theme', value), scheme);
      await page.goto('/settings?tab=bonus-schemes');
      const hybrid = section(page, 'Hybrid');
      await expect(hybrid.getByRole('table', { name: /^Levels of the Hybrid scheme/ })).toBeVisible();
      await expectNoViolations(page, `list, ${scheme}, ${width} px`);

      await hybrid.getByRole('button', { name: 'Edit' }).click();
      const form = hybrid.getByRole('form', { name: /^Edit the version from/ });
      await form.getByRole('textbox', { name: 'Fixed bonus at 120 % of plan' }).fill('');
      await form.getByRole('button', { name: 'Save version' }).click();
      await expect(form.getByRole('textbox', { name: 'Fixed bonus at 120 % of plan' })).toHaveAccessibleDescription(
        'Enter a value.',
      );
      await expectNoViolations(page, `refused form, ${scheme}, ${width} px`);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toBeHidden();
    }
  }
});
