import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createPerson, expectNoSeriousViolations, type Person, signInAs, tokenOf } from './fixtures.js';

// Two-factor sign-in as administrators see it (issue 26): the sign in the users list, the reset for a lost phone and
// the security policy. Every spec works on people of its own, created through the API; the demo accounts stay as
// they are. The policy is company-wide and every other spec signs in as the demo administrator, who has no
// two-factor sign-in: a spec that turns it on turns it off again, whatever happens, and the specs run one by one.
test.describe.configure({ mode: 'serial' });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Turns on a person's two-factor sign-in as their authenticator app would; answers the token it was done with. */
async function turnOnTwoFactor(request: APIRequestContext, person: Person): Promise<string> {
  const token = await tokenOf(request, person.email, person.password);
  const setup = await request.post('/api/profile/two-factor/setup', { headers: bearer(token) });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const enabled = await request.post('/api/profile/two-factor/enable', {
    headers: bearer(token),
    data: { code, password: person.password },
  });
  expect(enabled.status()).toBe(200);
  return token;
}

async function policyRequiresTwoFactor(request: APIRequestContext, token: string): Promise<boolean> {
  const answer = await request.get('/api/security-policy', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { requireTwoFactorForAdministrators: boolean }).requireTwoFactorForAdministrators;
}

/** Signs in, typing as a person does, on the sign-in page a signed-out page was sent to. */
async function signInWith(page: Page, person: Person, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

test('an administrator without two-factor sign-in cannot require it; the refusal leads to their Security tab', async ({
  page,
  request,
}) => {
  const administrator = await createPerson(request, 'administrator', 'Alla Two-Factor');
  await signInWith(page, administrator, '/users');

  // The policy's button opens its switch, which has the focus: Space turns it on, and the server refuses.
  const policyButton = page.getByRole('button', { name: 'Security policy' });
  await policyButton.click();
  const policy = page.getByRole('dialog', { name: 'Security policy' });
  const requirement = policy.getByRole('switch', { name: 'Require two-factor sign-in for administrators' });
  await expect(requirement).toBeFocused();
  await expect(requirement).not.toBeChecked();
  await page.keyboard.press('Space');
  const refusal = policy.getByRole('alert');
  await expect(refusal).toContainText('The security policy was not changed');
  await expect(refusal).toContainText('Turn on two-factor sign-in for your own account first.');
  await expect(requirement).not.toBeChecked();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  expect(
    await policyRequiresTwoFactor(request, await tokenOf(request, administrator.email, administrator.password)),
  ).toBe(false);

  // Escape closes it and gives the focus back; opened again, the refusal is gone.
  await page.keyboard.press('Escape');
  await expect(policy).toBeHidden();
  await expect(policyButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(policy.getByRole('switch')).toBeVisible();
  await expect(policy.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Space');

  // The link in the refusal opens the profile on its Security tab.
  await policy.getByRole('link', { name: 'Open Profile → Security' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=security/);
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
});

test('an administrator resets the two-factor sign-in of a worker who lost their phone', async ({ page, request }) => {
  test.slow();
  const worker = await createPerson(request, 'worker', 'Lidia Two-Factor');
  await turnOnTwoFactor(request, worker);
  // Without a code, the password alone is not enough now.
  const refused = await request.post('/api/auth/login', { data: { email: worker.email, password: worker.password } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string }).code).toBe('SECOND_FACTOR_REQUIRED');

  await signInAs(page, 'administrator', '/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(worker.email);
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const sign = rows.first().getByRole('img', { name: 'Two-factor sign-in on' });
  await expect(sign).toBeVisible();
  await sign.hover();
  await expect(page.getByRole('tooltip', { name: 'Two-factor sign-in on' })).toBeVisible();

  // The row opens the user's dialog from the keyboard; its two-factor section offers the reset.
  await rows.first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  const section = dialog.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText('On');
  await section.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(confirmation).toContainText(
    `${worker.name} (${worker.email}) loses the authenticator app's codes and the recovery codes. They will sign in with their password alone, or be asked to set it up again if the security policy requires it.`,
  );
  // Cancel has the focus, so a stray Enter resets nothing; Escape closes the confirmation alone.
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(confirmation).toBeHidden();
  await expect(dialog).toBeVisible();

  await section.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await confirmation.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByText(`Two-factor sign-in of ${worker.name} is reset`)).toBeVisible();
  await expect(section).toContainText('Off');
  await expect(section.getByRole('button', { name: 'Reset two-factor sign-in' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The list, read again, has lost the sign; the worker signs in with the password alone.
  await expect(rows.first().getByRole('img', { name: 'Two-factor sign-in on' })).toHaveCount(0);
  await expect(rows.first()).toContainText(worker.name);
  await tokenOf(request, worker.email, worker.password);
});

test('requiring two-factor sign-in stops an administrator without it until it is required no more', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const boris = await createPerson(request, 'administrator', 'Boris Two-Factor');
  const klara = await createPerson(request, 'administrator', 'Klara Two-Factor');
  // Boris signs in before turning two-factor sign-in on, so that the browser needs no code; the session stays.
  await signInWith(page, boris, '/users');
  const borisToken = await turnOnTwoFactor(request, boris);
  const klaraToken = await tokenOf(request, klara.email, klara.password);
  try {
    // His own dialog shows his two-factor sign-in without a reset: that is done on his profile.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill(boris.email);
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('img', { name: 'Two-factor sign-in on' })).toBeVisible();
    await rows
      .first()
      .getByRole('button', { name: `Edit ${boris.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    const section = dialog.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(section).toContainText('Turn yours on or off on your profile.');
    await expect(section.getByRole('button', { name: 'Reset two-factor sign-in' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const ownReset = await request.delete(`/api/users/${boris.id}/two-factor`, { headers: bearer(borisToken) });
    expect(ownReset.status()).toBe(409);
    expect(((await ownReset.json()) as { code: string }).code).toBe('CANNOT_RESET_OWN_TWO_FACTOR');

    // With two-factor sign-in of his own, Boris requires it, from the keyboard.
    await page.getByRole('button', { name: 'Security policy' }).click();
    const requirement = page
      .getByRole('dialog', { name: 'Security policy' })
      .getByRole('switch', { name: 'Require two-factor sign-in for administrators' });
    await expect(requirement).toBeFocused();
    await page.keyboard.press('Space');
    await expect(
      page.getByText('Administrators now need two-factor sign-in; those without it set it up at their next step.'),
    ).toBeVisible();
    await expect(requirement).toBeChecked();
    expect(await policyRequiresTwoFactor(request, borisToken)).toBe(true);

    // Klara, an administrator without it, is held at its setup: her next request is refused, the setup is not.
    const held = await request.get('/api/users', { headers: bearer(klaraToken) });
    expect(held.status()).toBe(403);
    expect(((await held.json()) as { code: string }).code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const status = await request.get('/api/profile/two-factor', { headers: bearer(klaraToken) });
    expect(status.status()).toBe(200);
    expect(await status.json()).toMatchObject({ enabled: false, required: true });

    // In her browser, sign-in leads to the setup. She turns it on in another tab meanwhile: the setup then goes on
    // where she was going, as after its recovery codes, instead of offering to try again.
    const klaraPage = await (await browser.newContext()).newPage();
    await klaraPage.goto('/users');
    await klaraPage.getByRole('textbox', { name: 'Email', exact: true }).fill(klara.email);
    await klaraPage.getByRole('textbox', { name: 'Password', exact: true }).fill(klara.password);
    await klaraPage.keyboard.press('Enter');
    await expect(klaraPage).toHaveURL(/\/auth\/two-factor-setup/);
    await expect(klaraPage.getByRole('textbox', { name: 'Key', exact: true })).not.toHaveValue('');
    await turnOnTwoFactor(request, klara);
    await klaraPage.getByRole('textbox', { name: 'Code from the app' }).fill('123456');
    await klaraPage.getByRole('textbox', { name: 'Your password' }).fill(klara.password);
    await klaraPage.getByRole('button', { name: 'Turn on' }).click();
    await expect(klaraPage).toHaveURL(/\/users$/);
    await expect(klaraPage.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await klaraPage.context().close();

    // Turned off again, she carries on.
    await page.keyboard.press('Space');
    await expect(page.getByText('Two-factor sign-in is no longer required of administrators.')).toBeVisible();
    await expect(requirement).not.toBeChecked();
    expect((await request.get('/api/users', { headers: bearer(klaraToken) })).status()).toBe(200);
  } finally {
    // Every other spec signs in as the demo administrator, who has no two-factor sign-in.
    const off = await request.put('/api/security-policy', {
      headers: bearer(borisToken),
      data: { requireTwoFactorForAdministrators: false },
    });
    expect(off.status()).toBe(200);
  }
});
