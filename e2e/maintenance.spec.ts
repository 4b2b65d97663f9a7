import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { accounts, DEMO_PASSWORD, expectNoSeriousViolations, signInAs, tokenOf } from './fixtures.js';

// Maintenance mode (issue #28 §2): an administrator switches it on, a worker meets the maintenance page at their next
// request, and the page returns to the screen by itself once the administrator switches it off. Maintenance is
// company-wide and every other spec uses the same server: whatever happens here, it is switched off again.
test.describe.configure({ mode: 'serial' });

async function saveMaintenance(request: APIRequestContext, settings: { active: boolean; message: string | null }) {
  const token = await tokenOf(request, accounts.administrator, DEMO_PASSWORD);
  const saved = await request.put('/api/maintenance/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...settings, expectedEnd: null },
  });
  expect(saved.status()).toBe(200);
}

test.afterEach(async ({ request }) => {
  await saveMaintenance(request, { active: false, message: null });
});

/** A page of its own browser context: the worker and the administrator are two people at two desks. */
async function newDesk(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a worker meets the maintenance page when an administrator switches it on, and is back by itself when it is off', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const worker = await newDesk(browser);
  await signInAs(worker, 'worker', '/components');
  await expect(worker.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();

  // The administrator switches it on from the Users screen, with a message and an expected end an hour ahead.
  const administrator = await newDesk(browser);
  await signInAs(administrator, 'administrator', '/users');
  await administrator.getByRole('button', { name: 'Maintenance' }).click();
  const settings = administrator.getByRole('dialog', { name: 'Maintenance mode' });
  await settings.getByRole('switch', { name: 'Maintenance mode on' }).check();
  await settings
    .getByRole('textbox', { name: 'Message to everyone' })
    .fill('Moving the stock database to a new server.');
  const expectedEnd = settings.getByRole('button', { name: 'Expected end', exact: true });
  await expectedEnd.click();
  await administrator.getByRole('button', { name: 'In 1 hour' }).click();
  await administrator.getByRole('button', { name: 'Set the expected end' }).click();
  await expect(expectedEnd).not.toHaveText('Not said');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(administrator.getByText('Maintenance mode is on.')).toBeVisible();
  await expect(settings).toBeHidden();

  // The administrator keeps working, under the banner, on another screen too.
  const banner = administrator.getByRole('alert', { name: 'Maintenance mode is on', exact: true });
  await expect(banner).toContainText('Everyone but administrators sees the maintenance page');
  await administrator.getByRole('link', { name: 'Components' }).click();
  await expect(administrator.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
  await expect(administrator.getByRole('row').nth(1)).toBeVisible();
  await expect(banner).toBeVisible();

  // The worker's next request is refused: the maintenance page stands in for the screen, with the message.
  await worker.getByRole('link', { name: 'Stock' }).click();
  await expect(worker.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
  await expect(worker.getByText('Moving the stock database to a new server.')).toBeVisible();
  await expect(worker.getByText(/^Expected to be over by /)).toBeVisible();
  await expect(worker.getByText('This page checks by itself')).toBeVisible();
  await expect(worker.getByRole('heading', { level: 1, name: 'Stock' })).toBeHidden();
  await expect(worker).toHaveTitle(/^Down for maintenance · /);
  // The pointer rests away from the menu link it clicked.
  await worker.mouse.move(640, 700);
  await expectNoSeriousViolations(worker);

  // The administrator switches it off from the banner; the worker's page returns to the screen by itself.
  await banner.getByRole('button', { name: 'Maintenance settings' }).click();
  await settings.getByRole('switch', { name: 'Maintenance mode on' }).uncheck();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(administrator.getByText('Maintenance mode is off.')).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(worker.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible({ timeout: 20_000 });
  await expect(worker.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeHidden();
  await expect(worker.getByRole('row').nth(1)).toBeVisible();
  await expect(worker).toHaveTitle(/^Stock · /);
});

test('the maintenance page speaks Russian too, and comes back to the screen in Russian', async ({
  browser,
  request,
}) => {
  // Signed in on the sign-in page in English (the fixture's words), the worker then works in Russian.
  const worker = await newDesk(browser);
  await signInAs(worker, 'worker', '/components');
  await worker.evaluate(() => localStorage.setItem('i18n_locale', 'ru'));
  await worker.reload();
  await expect(worker.getByRole('heading', { level: 1, name: 'Компоненты' })).toBeVisible();
  await saveMaintenance(request, { active: true, message: 'Переносим базу на новый сервер.' });

  await worker.getByRole('link', { name: 'Остатки' }).click();
  await expect(worker.getByRole('heading', { level: 1, name: 'Технические работы' })).toBeVisible();
  await expect(worker.getByText('Переносим базу на новый сервер.')).toBeVisible();
  await expect(worker.getByText('— Сообщение администратора')).toBeVisible();
  await expect(worker.getByText('Страница сама проверяет, закончились ли работы')).toBeVisible();
  await worker.mouse.move(640, 700);
  await expectNoSeriousViolations(worker);

  await saveMaintenance(request, { active: false, message: null });
  await expect(worker.getByRole('heading', { level: 1, name: 'Остатки' })).toBeVisible({ timeout: 20_000 });
});
