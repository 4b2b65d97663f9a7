// `npm run cluster`: three instances of the built server on one PostgreSQL database behind HAProxy, with the demo
// data, to try several instances on this machine (README "Several instances"). Ctrl-C stops them all.
//
// Environment (all optional):
//   CLUSTER_DATABASE_URL  the database, created when missing   (postgres://postgres@127.0.0.1:5432/components_master_cluster)
//   CLUSTER_INSTANCES     how many instances                    (3)
//   CLUSTER_PORT          the balancer's port; the instances take free ones       (8080)
import pg from 'pg';
import { startCluster } from './cluster.js';

const DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/components_master_cluster';
const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 3);
const PORT = Number(process.env.CLUSTER_PORT ?? 8080);

/** Creates the database unless it exists, through the server's maintenance database. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

await ensureDatabase(DATABASE_URL);
const cluster = await startCluster({
  databaseUrl: DATABASE_URL,
  instances: INSTANCES,
  port: PORT,
  env: { SEED_DEMO: 'true' },
  log: (line) => console.log(line),
});
console.log(`\n${INSTANCES} instances behind HAProxy at ${cluster.origin}`);
for (const instance of cluster.instances) console.log(`  ${instance.name} ${instance.origin}`);
console.log('Sign in with a demo account (admin@example.com / demo-password). Ctrl-C stops them all.');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
