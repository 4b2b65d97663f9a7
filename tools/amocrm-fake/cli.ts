// Runs the amoCRM stand-in until interrupted.
// Run: npx tsx tools/amocrm-fake/cli.ts [--port 8787] [--token …] [--users 8] [--leads 1000] [--seed 1] [--rate-limit 7]
// Every option can also come from the environment: AMOCRM_FAKE_PORT, AMOCRM_FAKE_TOKEN, AMOCRM_FAKE_USERS, …
import { parseArgs } from 'node:util';
import { startAmoCrmFake } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    token: { type: 'string' },
    users: { type: 'string' },
    leads: { type: 'string' },
    seed: { type: 'string' },
    'rate-limit': { type: 'string' },
  },
});

function setting(name: keyof typeof values, fallback: string): string {
  const variable = `AMOCRM_FAKE_${name.replace('-', '_').toUpperCase()}`;
  return values[name] ?? process.env[variable] ?? fallback;
}

function count(name: keyof typeof values, fallback: number): number {
  const text = setting(name, String(fallback));
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${text}"`);
    process.exit(2);
  }
  return value;
}

const fake = await startAmoCrmFake({
  port: count('port', 8787),
  host: setting('host', '127.0.0.1'),
  token: setting('token', 'amocrm-fake-long-lived-token'),
  users: count('users', 8),
  leads: count('leads', 1000),
  seed: count('seed', 1),
  rateLimitPerSecond: count('rate-limit', 7),
});

const { data } = fake.control;
console.log(`amoCRM stand-in listening on ${fake.url}`);
console.log(`token: ${fake.token}`);
console.log(
  `${data.users.length} users, ${data.leads.length} leads, ${data.contacts.length} contacts, ` +
    `${data.notes.length} notes, ${data.events.length} events`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
