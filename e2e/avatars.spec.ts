import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { animationsSettled, DEMO_PASSWORD } from './fixtures.js';

// A demo manager no other spec signs in as: this spec changes their avatar, social profiles and language, and puts
// them back afterwards. A colleague of the same department looks at them from a second browser.
const MANAGER = { email: 'irina.lebedeva@example.com', name: 'Irina Lebedeva' };
const COLLEAGUE = 'sergey.morozov@example.com';
const PHOTO = path.join(import.meta.dirname, 'files', 'avatar-photo.png');

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** Whatever a run left: the default avatar, no social profiles, no language or theme chosen. */
async function restoreManager(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(request, MANAGER.email)}` };
  await request.delete('/api/profile/avatar', { headers });
  await request.patch('/api/profile', { headers, data: { locale: null, theme: null, socialProfiles: {} } });
}

test.beforeEach(async ({ request }) => {
  await restoreManager(request);
});
test.afterEach(async ({ request }) => {
  await restoreManager(request);
});

async function signIn(page: Page, email = MANAGER.email) {
  await page.goto('/profile?tab=settings');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).click();
  await page.keyboard.type(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).click();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile/);
}

/** The avatar in the header's user menu. */
function headerAvatar(page: Page) {
  return page.getByRole('banner').locator('[data-avatar-state] img');
}

/** Marks the document, so that a check can tell it was never reloaded, and notes every `avatar-changed` event. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    const spec = window as unknown as { avatarSpecMark: boolean; avatarEvents: string[] };
    spec.avatarSpecMark = true;
    spec.avatarEvents = [];
    window.addEventListener('avatar-changed', (event) =>
      spec.avatarEvents.push((event as CustomEvent<{ avatarPath: string }>).detail.avatarPath),
    );
  });
}
function avatarEvents(page: Page) {
  return page.evaluate(() => (window as unknown as { avatarEvents: string[] }).avatarEvents);
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { avatarSpecMark?: boolean }).avatarSpecMark)).toBe(true);
}

async function expectNoSeriousViolations(page: Page) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function colleaguesSee(browser: Browser, expected: { name: RegExp; href: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, COLLEAGUE);
  await page.getByRole('tab', { name: 'Users' }).click();
  const row = page
    .getByRole('table', { name: 'Colleagues in Moscow Sales' })
    .getByRole('row', { name: new RegExp(MANAGER.name) });
  const link = row.getByRole('link', { name: expected.name });
  await expect(link).toHaveAttribute('href', expected.href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(row.locator('[data-avatar-state] img')).toHaveAttribute('src', /^\/api\/images\//);
  await context.close();
}

test('a manager picks a bundled avatar and uploads one, the header follows without a reload, and saves social profiles shown as links', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page);
  const settings = page.getByRole('tabpanel', { name: 'Profile settings' });
  await expect(headerAvatar(page)).toHaveAttribute('src', '/avatars/default.svg');
  await expect(headerAvatar(page).locator('..')).toHaveAttribute('data-avatar-state', 'loaded');
  // Every avatar on the tab loads, the bundled ones to choose from too, and none stays a placeholder.
  await expect(settings.locator('[data-avatar-state=loaded]')).toHaveCount(9);
  await expect(page.locator('[data-avatar-state=loading]:visible')).toHaveCount(0);
  await markDocument(page);

  // A bundled one, chosen with the keyboard: the group's arrow keys move the choice.
  await settings.getByRole('radio', { name: 'Default' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(settings.getByRole('radio', { name: 'Fox' })).toBeChecked();
  await expect(page.getByRole('tab', { name: /Profile settings.*unsaved/ })).toBeVisible();
  // Leaving with the change asks first.
  await page.getByRole('link', { name: 'Leaderboard', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile settings are saved.')).toBeVisible();
  await expect(headerAvatar(page)).toHaveAttribute('src', '/avatars/fox.svg');
  expect(await avatarEvents(page)).toEqual(['/avatars/fox.svg']);
  await expectSameDocument(page);

  // An uploaded one: the preview shows before Save, the header after it.
  const chooser = page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Upload a picture…' }).click();
  await (await chooser).setFiles(PHOTO);
  const preview = settings.getByRole('radio', { name: 'The picture you chose (not saved yet)' });
  await expect(preview).toBeChecked();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(headerAvatar(page)).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}$/);
  await expect(headerAvatar(page).locator('..')).toHaveAttribute('data-avatar-state', 'loaded');
  await expect(settings.getByRole('radio', { name: 'Your picture' })).toBeChecked();
  await expectSameDocument(page);
  const uploaded = await headerAvatar(page).getAttribute('src');
  expect(await avatarEvents(page)).toEqual(['/avatars/fox.svg', uploaded]);
  const served = await page.request.get(uploaded ?? '');
  expect(served.headers()['content-type']).toBe('image/webp');
  expect((await served.body()).includes('e2e camera')).toBe(false);

  // Social profiles: a number without its country code is refused at its field, then saved as typed anew.
  await settings.getByRole('textbox', { name: 'Telegram' }).fill('https://t.me/Irina_Lebedeva');
  await settings.getByRole('textbox', { name: 'WhatsApp' }).fill('8 912 000-11-22');
  await settings.getByRole('textbox', { name: 'VK' }).fill('vk.com/Irina.Lebedeva');
  await settings.getByRole('textbox', { name: 'LinkedIn' }).fill('linkedin.com/in/irina-lebedeva');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('This is not a WhatsApp profile: see the example in the field')).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'WhatsApp' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('+7 912 000-11-22');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile settings are saved.').first()).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'Telegram' })).toHaveValue('@irina_lebedeva');
  await expect(settings.getByRole('textbox', { name: 'WhatsApp' })).toHaveValue('+79120001122');
  await expectNoSeriousViolations(page);

  await page.getByRole('tab', { name: 'Profile info' }).click();
  const info = page.getByRole('tabpanel', { name: 'Profile info' });
  for (const [name, href] of [
    [/Telegram: @irina_lebedeva/, 'https://t.me/irina_lebedeva'],
    [/WhatsApp: \+79120001122/, 'https://wa.me/79120001122'],
    [/VK: vk.com\/irina.lebedeva/, 'https://vk.com/irina.lebedeva'],
    [/LinkedIn: linkedin.com\/in\/irina-lebedeva/, 'https://www.linkedin.com/in/irina-lebedeva'],
  ] as const) {
    const link = info.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(info.locator('[data-avatar-state] img')).toHaveAttribute('src', uploaded ?? '');
  await expect(info.locator('[data-avatar-state]')).toHaveAttribute('data-avatar-state', 'loaded');
  await expectNoSeriousViolations(page);

  await colleaguesSee(browser, { name: /Telegram: @irina_lebedeva/, href: 'https://t.me/irina_lebedeva' });
});

test('an avatar that fails to load falls back to the default and stops loading', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await tokenOf(request, MANAGER.email)}` };
  const upload = await request.post('/api/profile/avatar', {
    headers: { ...headers, 'content-type': 'image/png' },
    data: await import('node:fs/promises').then((fs) => fs.readFile(PHOTO)),
  });
  expect(upload.ok()).toBe(true);
  // The image's address answers nothing a browser can show.
  await page.route('**/api/images/**', (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page);
  await expect(headerAvatar(page)).toHaveAttribute('src', '/avatars/default.svg');
  await expect(headerAvatar(page).locator('..')).toHaveAttribute('data-avatar-state', 'failed');
  await expect(headerAvatar(page)).toBeVisible();
  const info = page.getByRole('tabpanel', { name: 'Profile settings' });
  await expect(info.getByRole('radio', { name: 'Your picture' })).toBeChecked();
});

test('in Russian: an avatar chosen and uploaded shows in the header at once, and a wrong profile is named in Russian', async ({
  page,
  request,
}) => {
  test.slow();
  const headers = { authorization: `Bearer ${await tokenOf(request, MANAGER.email)}` };
  await request.patch('/api/profile', { headers, data: { locale: 'ru' } });
  await signIn(page);
  const settings = page.getByRole('tabpanel', { name: 'Настройки профиля' });
  await markDocument(page);

  await settings.getByRole('radio', { name: 'Сова' }).click();
  await settings.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Настройки профиля сохранены.')).toBeVisible();
  await expect(headerAvatar(page)).toHaveAttribute('src', '/avatars/owl.svg');

  const chooser = page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Загрузить изображение…' }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(settings.getByRole('radio', { name: 'Выбранное изображение (ещё не сохранено)' })).toBeChecked();
  await settings.getByRole('button', { name: 'Сохранить' }).click();
  await expect(headerAvatar(page)).toHaveAttribute('src', /^\/api\/images\//);
  await expectSameDocument(page);

  // A file that is not an image is refused before it is sent, in Russian.
  const second = page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Загрузить изображение…' }).click();
  await (await second).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(settings.getByRole('alert').filter({ hasText: 'Принимаются только изображения' })).toBeVisible();

  await settings.getByRole('textbox', { name: 'ВКонтакте' }).fill('facebook.com/irina');
  await settings.getByRole('button', { name: 'Сохранить' }).click();
  await expect(settings.getByText('Это не профиль ВКонтакте: см. пример в поле')).toBeVisible();
  await settings.getByRole('button', { name: 'Отменить' }).first().click();
  await expect(settings.getByRole('textbox', { name: 'ВКонтакте' })).toHaveValue('');
  await expectNoSeriousViolations(page);
});

// Manual aid: SCREENSHOTS=1 takes the settings, info and colleagues tabs in light and dark, English and Russian,
// at 1280 and 800 pixels wide, into the test's output folder, for a person to look at.
test('screenshots of the profile tabs', async ({ browser, request }, testInfo) => {
  test.skip(!process.env.SCREENSHOTS, 'a manual aid');
  test.slow();
  const headers = { authorization: `Bearer ${await tokenOf(request, MANAGER.email)}` };
  await request.put('/api/profile/avatar', { headers, data: { avatar: '/avatars/fox.svg' } });
  await request.patch('/api/profile', {
    headers,
    data: { socialProfiles: { telegram: '@irina_lebedeva', whatsapp: '+79120001122', vk: 'irina.lebedeva' } },
  });
  for (const width of [1280, 800]) {
    for (const theme of ['light', 'dark']) {
      for (const locale of ['en', 'ru']) {
        await request.patch('/api/profile', { headers, data: { locale, theme } });
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await signIn(page, MANAGER.email);
        for (const tab of ['settings', 'info', 'users']) {
          await page.goto(`/profile?tab=${tab}`);
          await page.locator('[role=tabpanel]:visible [data-avatar-state]').first().waitFor();
          await expect(page.locator('[data-avatar-state=loading]:visible')).toHaveCount(0);
          await animationsSettled(page);
          await page.waitForTimeout(300);
          await page.screenshot({
            path: testInfo.outputPath(`profile-${tab}-${width}-${theme}-${locale}.png`),
            fullPage: true,
          });
        }
        await context.close();
      }
    }
  }
});
