import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createPglite, fromPglite } from '../db/client.js';
import { OPENAPI_FILE, renderOpenapi, writeCommittedOpenapi } from '../openapi-document.js';

// Describing the routes needs no data: an empty in-memory database is enough to build the app.
const config = loadConfig({ APP_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const app = await buildApp(config, fromPglite(await createPglite()));
writeCommittedOpenapi(await renderOpenapi(app));
await app.close();
console.log(`wrote ${OPENAPI_FILE}`);
