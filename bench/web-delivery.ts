/**
 * What a browser downloads for the first screen (sign-in) and for the stock page of a signed-in worker, from
 * the built server on the embedded database with demo data: bytes on the wire by type, and Lighthouse's
 * performance, accessibility and best-practices scores with its mobile and desktop settings.
 *
 *   npm run bench:web                 # builds first
 *   SKIP_BUILD=1 npm run bench:web    # measures the current build
 *
 * The browser is CHROME_PATH, else /usr/bin/chromium. Figures go to stdout; nothing is asserted here (the
 * budget that CI holds is e2e/web-delivery.spec.ts).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { startBuiltServer } from './server-process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WORKER = { email: 'worker@example.com', password: 'demo-password' };

async function tokensOf(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(WORKER),
  });
  const session = (await response.json()) as { accessToken: string; refreshToken: string; user: unknown };
  return { accessToken: session.accessToken, refreshToken: session.refreshToken, user: JSON.stringify(session.user) };
}

type Transfer = { bytes: Record<string, number>; requests: number };

/** Bytes on the wire (compressed bodies) of a cold load of `url`, by resource type. */
async function transfer(origin: string, url: string, session?: Record<string, string>): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  const context = await browser.newContext();
  if (session) {
    await context.addInitScript((stored) => {
      for (const [key, value] of Object.entries(stored))
        (globalThis as unknown as PageGlobals).sessionStorage.setItem(key, value);
    }, session);
  }
  const page = await context.newPage();
  const sizes: Promise<[string, number]>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(request.sizes().then((size) => [request.resourceType(), size.responseBodySize]));
  });
  await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
  const bytes: Record<string, number> = {};
  for (const [type, size] of await Promise.all(sizes)) bytes[type] = (bytes[type] ?? 0) + size;
  await browser.close();
  return { bytes, requests: sizes.length };
}

type Scores = Record<string, number>;

/** What the scripts run in the page use of its globals: this file is compiled for Node, without the browser's types. */
type PageGlobals = { sessionStorage: { setItem(key: string, value: string): void } };

async function audit(origin: string, url: string, form: 'mobile' | 'desktop', session?: Record<string, string>) {
  const browser = await puppeteer.launch({ executablePath: CHROME, args: ['--no-sandbox', '--headless=new'] });
  try {
    const page = await browser.newPage();
    if (session) {
      await page.evaluateOnNewDocument((stored: Record<string, string>) => {
        for (const [key, value] of Object.entries(stored))
          (globalThis as unknown as PageGlobals).sessionStorage.setItem(key, value);
      }, session);
    }
    const result = await lighthouse(
      `${origin}${url}`,
      {
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: Boolean(session),
        logLevel: 'error',
      },
      form === 'desktop' ? desktopConfig : undefined,
      page,
    );
    const categories = result?.lhr.categories ?? {};
    const scores: Scores = {};
    for (const [name, category] of Object.entries(categories)) scores[name] = Math.round((category.score ?? 0) * 100);
    const audits = result?.lhr.audits ?? {};
    return {
      scores,
      firstContentfulPaint: audits['first-contentful-paint']?.displayValue ?? '',
      largestContentfulPaint: audits['largest-contentful-paint']?.displayValue ?? '',
      totalBlockingTime: audits['total-blocking-time']?.displayValue ?? '',
    };
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!process.env.SKIP_BUILD) execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-bench-web-'));
const server = await startBuiltServer({ env: { DATA_DIR: dataDir } });
try {
  const session = await tokensOf(server.origin);
  const routes = [
    { name: 'sign-in', url: '/auth/signin', session: undefined },
    { name: 'stock (signed in)', url: '/', session },
  ];
  for (const route of routes) {
    const measured = await transfer(server.origin, route.url, route.session);
    const total = Object.values(measured.bytes).reduce((sum, bytes) => sum + bytes, 0);
    console.log(`\n${route.name}: ${measured.requests} requests, ${kib(total)} on the wire`);
    for (const [type, bytes] of Object.entries(measured.bytes).sort((a, b) => b[1] - a[1])) {
      console.log(`  ${type.padEnd(12)} ${kib(bytes)}`);
    }
    for (const form of ['mobile', 'desktop'] as const) {
      const result = await audit(server.origin, route.url, form, route.session);
      console.log(
        `  Lighthouse ${form.padEnd(7)} ${JSON.stringify(result.scores)}  FCP ${result.firstContentfulPaint}, ` +
          `LCP ${result.largestContentfulPaint}, TBT ${result.totalBlockingTime}`,
      );
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
