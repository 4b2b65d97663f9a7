// The whole app on an in-memory embedded database with the demo data, as `npm start` runs it, for the
// benchmarks that measure it from inside the process.
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPglite, fromPglite, MIGRATIONS_FOLDER } from '../apps/server/src/db/client.js';
import { seedDemoData } from '../apps/server/src/demo/seed.js';

export async function demoApp() {
  const client = await createPglite();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const handle = fromPglite(client);
  await seedDemoData(handle.db, 'Europe/Moscow');
  return buildApp(
    loadConfig({ APP_SECRET: 'b'.repeat(40), LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    handle,
  );
}
