import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirectoryInUseError } from './db/data-dir-lock.js';
import { seedDemoData } from './demo/seed.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database, (message) => console.log(message));
  if (config.seedDemo) {
    const seeded = await seedDemoData(database.db, config.timeZone, config.demoLocale);
    if (seeded) printDemoAccounts(seeded);
  }
  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // First fail the health check and keep serving, so that a balancer stops sending requests here; then stop
    // listening, finish the requests under way and end the event streams, whose boards reconnect elsewhere.
    app.lifecycle.draining = true;
    const drainMs = config.shutdownDrainSeconds * 1000;
    app.log.info(`${signal} received, shutting down${drainMs > 0 ? ` after ${config.shutdownDrainSeconds} s` : ''}`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    delay(drainMs)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`${config.appName} is running at ${address}`);
}

function printDemoAccounts(seeded: { password: string; users: { email: string; role: string }[] }): void {
  console.log('\nDemo data created. Sign in with one of these accounts (shown once):');
  for (const user of seeded.users) console.log(`  ${user.role.padEnd(14)} ${user.email}`);
  console.log(`  password       ${seeded.password}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryInUseError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
