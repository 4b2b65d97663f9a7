import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The system Chromium: tools that download their own browser cannot run on these machines. */
function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian: `apt-get install -y chromium`) ' +
        'or point CHROME_PATH at a Chromium or Chrome executable.',
    );
  }
  return found;
}

// A port of this run's own (workers inherit it through the environment), so two runs on one machine do not
// collide; E2E_PORT pins it.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));
const PORT = Number(process.env.E2E_PORT);
// A fresh embedded database per run, seeded with the demo accounts. Workers re-read this file, so the
// directory is created only where the web server starts (the main process), keyed by its pid.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cm-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// A second server, on the next port with a database of its own, runs in developer mode for the UI kit's pages
// (e2e/ui-kit.spec.ts): the server decides whether they exist, so the main one keeps it off.
const devDataDir = process.env.E2E_DEV_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cm-e2e-dev-'));
process.env.E2E_DEV_DATA_DIR = devDataDir;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  // Screens that load several lists at once can take longer than the default on a busy CI machine.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node apps/server/dist/server.js',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
    {
      command: 'node apps/server/dist/server.js',
      url: `http://127.0.0.1:${PORT + 1}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(PORT + 1), HOST: '127.0.0.1', DATA_DIR: devDataDir, LOG_LEVEL: 'warn', DEV_MODE: 'true' },
    },
  ],
});
