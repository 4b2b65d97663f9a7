import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createPerson, expectNoSeriousViolations, type Person } from './fixtures.js';

// Two-factor sign-in (issue 26, ADR 0043): a person turns it on in their profile, then signs in with the code of their
// authenticator app, or with a recovery code. Every test works on a user of its own, created through the API; the
// demo accounts and the company's security policy stay as they are.

/** A browser of its own (another device) in a language. */
async function otherBrowser(browser: Browser, locale: 'en' | 'ru'): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('accessToken')) localStorage.setItem('i18n_locale', value);
  }, locale);
  return context.newPage();
}

const PERIOD_MS = 30_000;

/** The authenticator app: the key as the setup shows it (grouped in fours) gives its codes. */
function authenticator(shownKey: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(shownKey.replace(/\s/g, '')), digits: 6, period: 30 });
  return {
    code: (timestamp = Date.now()) => totp.generate({ timestamp }),
    /** A code of ten minutes ago: long expired. */
    expiredCode: () => totp.generate({ timestamp: Date.now() - 10 * 60_000 }),
  };
}

/**
 * A code of a time step no sign-in has used yet, without waiting for one: the server takes each step's code once, and
 * a code of the step after now too (for a phone's clock a little ahead).
 */
function freshCode(app: ReturnType<typeof authenticator>, lastSentAt: number): string {
  const step = Math.max(Math.floor(lastSentAt / PERIOD_MS) + 1, Math.floor(Date.now() / PERIOD_MS));
  return app.code(step * PERIOD_MS);
}

async function typeCredentials(page: Page, person: Person, words = { email: 'Email', password: 'Password' }) {
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: words.email, exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: words.password, exact: true }).fill(person.password);
  await page.keyboard.press('Enter');
}

test('a person turns on two-factor sign-in, signs in with the app, then in Russian with a recovery code; a wrong code is refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const person = await createPerson(request, 'worker', 'Timur');

  // Profile → Security: off, then "Turn on" shows the key as a QR code and as text.
  await page.goto('/profile?tab=security');
  await typeCredentials(page, person);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
  const key = dialog.getByRole('textbox', { name: 'Key', exact: true });
  await expect(key).toHaveValue(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const app = authenticator(await key.inputValue());
  await expectNoSeriousViolations(page, '[role="dialog"]');

  // The code field, which has the focus, is described by the instructions above it too.
  const codeField = dialog.getByRole('textbox', { name: 'Code from the app' });
  const passwordField = dialog.getByRole('textbox', { name: 'Your password' });
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAccessibleDescription(
    /^Scan this QR code with an authenticator app.*Cannot scan the code\? Type this key into the app instead\. Then enter the 6-digit code the app shows\.$/,
  );
  await expect(passwordField).toHaveAttribute('autocomplete', 'current-password');

  // The form's checks; a wrong password, said at its field; a code of another time, said at its field; then the
  // app's current code with the password.
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(codeField).toHaveAccessibleDescription(/Enter the 6 digits the app shows/);
  await expect(passwordField).toHaveAccessibleDescription('Enter your password');
  await expect(codeField).toBeFocused();
  await codeField.fill(app.expiredCode());
  await passwordField.fill('not my password');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(passwordField).toHaveAccessibleDescription('The current password is incorrect.');
  await expect(passwordField).toBeFocused();
  await expect(codeField).not.toHaveAttribute('aria-invalid');
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await expect(codeField).toHaveAccessibleDescription(/The code does not match\./);
  await expect(passwordField).not.toHaveAttribute('aria-invalid');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // The wrong code is selected: the next one typed replaces it.
  await expect(codeField).toBeFocused();
  await page.keyboard.type(app.code());
  await expect(codeField).toHaveValue(/^\d{6}$/);
  const lastSentAt = Date.now();
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown once: Escape does not throw them away, "Done" closes.
  await expect(dialog.getByText('Save your recovery codes')).toBeVisible();
  const codes = await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expect(dialog.getByRole('button', { name: 'Copy all' })).toBeVisible();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('10 recovery codes left')).toBeVisible();

  // Signed out, sign-in asks for the code after the password; the code step checks it first, and Back keeps the e-mail.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.goto('/profile?tab=security');
  await typeCredentials(page, person);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  const signInCode = page.getByRole('textbox', { name: 'Authentication code' });
  await expect(signInCode).toBeFocused();
  await expect(signInCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(signInCode).toHaveAttribute('inputmode', 'numeric');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter the code', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(person.email);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await expect(signInCode).toBeFocused();
  await page.keyboard.type(freshCode(app, lastSentAt));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=security/);
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On', { exact: true })).toBeVisible();

  // In Russian on another device: a wrong code is refused, then a recovery code signs in and is spent.
  const russian = await otherBrowser(browser, 'ru');
  await russian.goto('/profile?tab=security');
  await typeCredentials(russian, person, { email: 'Электронная почта', password: 'Пароль' });
  await expect(russian.getByRole('heading', { level: 1, name: 'Двухфакторный вход' })).toBeVisible();
  const russianCode = russian.getByRole('textbox', { name: 'Код подтверждения' });
  await russianCode.fill(app.expiredCode());
  await russian.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(russian.getByRole('alert')).toHaveText('Код неверен, устарел или уже использован.');
  // The wrong code is selected: the next one typed replaces it.
  await expect(russianCode).toBeFocused();
  await russian.keyboard.type('000000');
  await expect(russianCode).toHaveValue('000000');
  await russian.getByRole('button', { name: 'Ввести резервный код' }).click();
  const recoveryField = russian.getByRole('textbox', { name: 'Резервный код' });
  await expect(recoveryField).toBeFocused();
  await russian.keyboard.type(codes[0] ?? '');
  await russian.keyboard.press('Enter');
  await expect(russian).toHaveURL(/\/profile\?tab=security/);
  const russianSection = russian.getByRole('region', { name: 'Двухфакторный вход' });
  await expect(russianSection.getByText('Осталось 9 резервных кодов')).toBeVisible();
  await russian.context().close();

  // Turning it off asks for the password; a wrong one is said at its field.
  await page.reload();
  await section.getByRole('button', { name: 'Turn off' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  const password = turnOff.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type('not my password');
  await page.keyboard.press('Enter');
  await expect(turnOff.getByText('The current password is incorrect.')).toBeVisible();
  await password.fill(person.password);
  await turnOff.getByRole('button', { name: 'Turn off' }).click();
  await expect(turnOff).toBeHidden();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
});

test('replacing the recovery codes asks for the password and shows a new set once; the old codes stop working', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await createPerson(request, 'worker', 'Zarina');
  // Turned on through the API: this test is about the codes.
  const login = await request.post('/api/auth/login', { data: { email: person.email, password: person.password } });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const setup = (await (await request.post('/api/profile/two-factor/setup', { headers })).json()) as {
    secret: string;
  };
  const app = authenticator(setup.secret);
  const enabled = await request.post('/api/profile/two-factor/enable', {
    headers,
    data: { code: app.code(), password: person.password },
  });
  const { recoveryCodes: oldCodes } = (await enabled.json()) as { recoveryCodes: string[] };

  await page.goto('/profile?tab=security');
  await typeCredentials(page, person);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByText('Enter one of the recovery codes you saved. Each works once.')).toBeVisible();
  await page.keyboard.type(oldCodes[0] ?? '');
  await page.keyboard.press('Enter');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('9 recovery codes left')).toBeVisible();

  await section.getByRole('button', { name: 'Replace recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace recovery codes' });
  await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Enter your password', { exact: true })).toBeVisible();
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const newCodes = await list.getByRole('listitem').allTextContents();
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('10 recovery codes left')).toBeVisible();

  // An old code no longer signs in.
  const again = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password, code: oldCodes[1] },
  });
  expect(((await again.json()) as { code: string }).code).toBe('SECOND_FACTOR_INVALID');

  // The password changes (on another device) while sign-in asks for the code: the code step goes back to the
  // password, saying why.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.goto('/profile?tab=security');
  await typeCredentials(page, person);
  await expect(page.getByRole('textbox', { name: 'Authentication code' })).toBeFocused();
  const elsewhere = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password, code: newCodes[0] },
  });
  const changed = await request.post('/api/profile/password', {
    headers: { authorization: `Bearer ${((await elsewhere.json()) as { accessToken: string }).accessToken}` },
    data: { currentPassword: person.password, newPassword: 'own-password-2' },
  });
  expect(changed.status()).toBe(204);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.keyboard.type(newCodes[1] ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(person.email);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
});
