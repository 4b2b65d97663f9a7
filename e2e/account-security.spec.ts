import { type Browser, expect, type Page, test } from '@playwright/test';
import { accounts, createPerson, DEMO_PASSWORD, expectNoSeriousViolations, signInAs } from './fixtures.js';

// Account security (issue 26): temporary passwords, the forced change, deactivation and the Security tab. Every
// spec here works on users of its own, created through the API, and leaves the demo accounts as they are.

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A browser of its own (another device), in a language; `userAgent` makes it another kind of device. */
async function otherBrowser(browser: Browser, locale: 'en' | 'ru' = 'en', userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('accessToken')) localStorage.setItem('i18n_locale', value);
  }, locale);
  return context.newPage();
}

/** Signs in on the sign-in page a signed-out page was sent to, typing as a person does. */
async function signInWith(
  page: Page,
  email: string,
  password: string,
  words = { email: 'Email', password: 'Password', submit: 'Sign in' },
) {
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: words.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: words.password, exact: true }).fill(password);
  await page.getByRole('button', { name: words.submit }).click();
}

test('an administrator creates a user with a temporary password; the user must set a new one, then sees their profile', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = `${Date.now()}`.slice(-7);
  const person = { name: `Irina Volkova ${tag}`, email: `irina.${tag}@example.com`, password: 'temporary-first-day' };
  await signInAs(page, 'administrator', '/users');
  await page.getByRole('button', { name: 'New user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByRole('textbox', { name: 'Full name' }).fill(person.name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await dialog.getByRole('combobox', { name: 'Departments' }).click();
  await page.getByRole('option', { name: 'Moscow Sales' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Initial password').fill(person.password);
  // A typed password is temporary unless the administrator says otherwise.
  await expect(dialog.getByRole('checkbox', { name: /Temporary/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${person.name} can now sign in with the password you typed.`)).toBeVisible();

  // The user signs in on their own browser, going to their profile: only "Set a new password" opens.
  const user = await otherBrowser(browser);
  await user.goto('/profile');
  await signInWith(user, person.email, person.password);
  await expect(user).toHaveURL(/\/auth\/new-password/);
  await expect(user.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(user.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expectNoSeriousViolations(user);
  // Another address, even reloaded, comes back here.
  await user.goto('/components');
  await expect(user).toHaveURL(/\/auth\/new-password/);

  // The form's checks, then a wrong temporary password said at its field, then the change.
  const form = user.locator('form');
  await form.getByRole('textbox', { name: 'Temporary password', exact: true }).fill('not it at all');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('my-own-password');
  await form.getByRole('textbox', { name: 'Repeat the new password', exact: true }).fill('my-own-passwort');
  await user.keyboard.press('Enter');
  await expect(form.getByText('The passwords do not match')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Repeat the new password', exact: true })).toBeFocused();
  await user.keyboard.press('Backspace');
  await user.keyboard.type('d');
  await user.keyboard.press('Enter');
  await expect(form.getByText('The temporary password is incorrect')).toBeVisible();
  await form.getByRole('textbox', { name: 'Temporary password', exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Set password' }).click();

  // Where the sign-in was going: the profile, with the shell around it.
  await expect(user).toHaveURL(/\/components/);
  await user.getByRole('button', { name: /User menu/ }).click();
  await user.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(user.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(
    user.getByRole('tabpanel', { name: 'Profile info' }).getByRole('heading', { name: person.name }),
  ).toBeVisible();
  await user.context().close();
});

test('in Russian, an administrator generates a temporary password, shown once, and the user replaces it or signs out', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const person = await createPerson(request, 'worker', 'Oleg');
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('accessToken')) localStorage.setItem('i18n_locale', 'ru');
  });
  await page.goto('/users');
  await signInWith(page, accounts.administrator, DEMO_PASSWORD, {
    email: 'Электронная почта',
    password: 'Пароль',
    submit: 'Войти',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();

  // The user is signed in elsewhere; the temporary password ends that session.
  const user = await otherBrowser(browser, 'ru');
  await user.goto('/');
  await signInWith(user, person.email, person.password, {
    email: 'Электронная почта',
    password: 'Пароль',
    submit: 'Войти',
  });
  await expect(user.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();

  await page.getByRole('searchbox').fill(person.email);
  await page.getByRole('button', { name: `Задать временный пароль: ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Временный пароль' });
  await expect(dialog.getByRole('radio', { name: 'Создать надёжный пароль' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Задать временный пароль' }).click();
  await expect(dialog.getByText('Временный пароль задан')).toBeVisible();
  const temporary = await dialog.getByRole('textbox', { name: 'Временный пароль', exact: true }).inputValue();
  expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toBeHidden();

  // The user's next click lands on sign-in; the temporary password leads to "Задайте новый пароль".
  await user.getByRole('link', { name: 'Компоненты', exact: true }).click();
  await expect(user).toHaveURL(/\/auth\/signin/);
  await signInWith(user, person.email, temporary, { email: 'Электронная почта', password: 'Пароль', submit: 'Войти' });
  await expect(user.getByRole('heading', { level: 1, name: 'Задайте новый пароль' })).toBeVisible();
  // Signing out is offered instead.
  await user.getByRole('button', { name: 'Выйти' }).click();
  await expect(user).toHaveURL(/\/auth\/signin/);
  await signInWith(user, person.email, temporary, { email: 'Электронная почта', password: 'Пароль', submit: 'Войти' });
  const form = user.locator('form');
  await form.getByRole('textbox', { name: 'Временный пароль', exact: true }).fill(temporary);
  await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill('moy-novyi-parol');
  await form.getByRole('textbox', { name: 'Повторите новый пароль', exact: true }).fill('moy-novyi-parol');
  await form.getByRole('button', { name: 'Задать пароль' }).click();
  await expect(user.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
  await user.context().close();
});

test('an administrator deactivates a signed-in user, whose next click lands on the sign-in page', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const person = await createPerson(request, 'worker', 'Pavel');
  const user = await otherBrowser(browser);
  await user.goto('/');
  await signInWith(user, person.email, person.password);
  await expect(user.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await signInAs(page, 'administrator', '/users');
  await page.getByRole('searchbox').fill(person.email);
  await page.getByRole('button', { name: `Deactivate ${person.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this user?' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();

  // No reload: the click itself finds the session ended.
  await user.getByRole('link', { name: 'Components', exact: true }).click();
  await expect(user).toHaveURL(/\/auth\/signin\?redirect=%2Fcomponents/);
  await expect(user.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await user.context().close();
});

test('the Security tab lists the sessions and signs out another one, then all the others', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const person = await createPerson(request, 'worker', 'Marina');
  const phone = await otherBrowser(browser, 'en', ANDROID_PHONE);
  const laptop = await otherBrowser(browser, 'en', WINDOWS_LAPTOP);
  for (const device of [phone, laptop]) {
    await device.goto('/');
    await signInWith(device, person.email, person.password);
    await expect(device.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }

  await page.goto('/profile');
  await signInWith(page, person.email, person.password);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/tab=security/);
  const sessions = page.getByRole('table', { name: 'Your active sessions' });
  const rows = sessions.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('This session');
  await expect(rows.first()).toContainText(/Chrome \d+ on Linux/);
  await expect(sessions.getByRole('row', { name: /Chrome 131 on Android/ })).toBeVisible();
  await expect(sessions.getByRole('row', { name: /Firefox 133 on Windows/ })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The laptop's session, asked first: Cancel keeps it.
  const signOutLaptop = sessions.getByRole('button', { name: /^Sign out Firefox 133 on Windows, last active/ });
  await signOutLaptop.click();
  const confirmOne = page.getByRole('dialog', { name: 'Sign out this session?' });
  await expect(confirmOne).toContainText('Firefox 133 on Windows (127.0.0.1) is signed out at once.');
  await expect(confirmOne.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await confirmOne.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(3);
  await signOutLaptop.click();
  await confirmOne.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('The session is signed out.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(sessions.getByRole('row', { name: /Firefox 133 on Windows/ })).toHaveCount(0);

  // The laptop's next click lands on sign-in; the phone carries on.
  await laptop.getByRole('link', { name: 'Components', exact: true }).click();
  await expect(laptop).toHaveURL(/\/auth\/signin/);
  await phone.getByRole('link', { name: 'Components', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
  await expect(phone.getByRole('table', { name: 'Components' })).toBeVisible();
  await expect(phone).toHaveURL(/\/components$/);

  // All the others: the phone goes to sign-in too, this one stays.
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const confirmOthers = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
  await expect(confirmOthers).toContainText('1 other session is signed out at once.');
  await confirmOthers.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText('1 session signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
  await expect(
    page.getByRole('tabpanel', { name: 'Security' }).getByRole('button', { name: 'Sign out all other sessions' }),
  ).toBeDisabled();
  await phone.getByRole('link', { name: 'Stock', exact: true }).click();
  await expect(phone).toHaveURL(/\/auth\/signin/);
  await page.getByRole('link', { name: 'Components', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
  await phone.context().close();
  await laptop.context().close();
});

test('the Security tab in Russian, dark, at 800 px', async ({ page, request }) => {
  const person = await createPerson(request, 'worker', 'Nina');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('accessToken')) {
      localStorage.setItem('i18n_locale', 'ru');
      localStorage.setItem('theme', 'dark');
    }
  });
  await page.goto('/profile?tab=security');
  await signInWith(page, person.email, person.password, {
    email: 'Электронная почта',
    password: 'Пароль',
    submit: 'Войти',
  });
  const sessions = page.getByRole('table', { name: 'Ваши активные сеансы' });
  await expect(sessions.locator('tbody tr')).toHaveCount(1);
  await expect(sessions).toContainText('Этот сеанс');
  await expect(page.getByText('Других сеансов нет: вход выполнен только здесь.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoSeriousViolations(page);
});
