import { chromium } from '@playwright/test';

// Manual aid, not a test: `node --import tsx e2e/screenshots.ts` against a running server takes the shell
// and sales settings screenshots (light/dark, en/ru, 1280/800) into test-results/screenshots for a person to
// look at. The settings show more with a connection, a sync and some plans behind them.
const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
for (const width of [1280, 800]) {
  for (const theme of ['light', 'dark']) {
    for (const locale of ['en', 'ru']) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript(
        ([t, l]) => {
          localStorage.setItem('theme', t as string);
          localStorage.setItem('i18n_locale', l as string);
        },
        [theme, locale],
      );
      const page = await context.newPage();
      await page.goto(`${base}/auth/signin`);
      await page.waitForSelector('form');
      await page.screenshot({ path: `test-results/screenshots/signin-${width}-${theme}-${locale}.png` });
      await page.locator('input[type=email]').fill('admin@example.com');
      await page.locator('input[type=password]').fill('demo-password');
      await page.locator('button[type=submit]').click();
      await page.waitForSelector('nav a');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/screenshots/shell-${width}-${theme}-${locale}.png` });
      for (const tab of ['connection', 'plans', 'import']) {
        await page.goto(`${base}/settings?tab=${tab}`);
        await page.waitForSelector(tab === 'import' ? '[role=tabpanel] input[type=file]' : '[role=tabpanel] table', {
          state: 'attached',
        });
        await page.waitForTimeout(500);
        await page.screenshot({
          path: `test-results/screenshots/settings-${tab}-${width}-${theme}-${locale}.png`,
          fullPage: true,
        });
      }
      await context.close();
    }
  }
}
await browser.close();
