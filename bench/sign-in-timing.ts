// Measures whether sign-in time reveals if an account exists: wrong password for a real account versus an
// unknown e-mail, interleaved, through the whole app on an in-memory embedded database.
// Run: npm run bench:sign-in  (optional: ROUNDS=200)
import { demoApp } from './demo-app.js';

const ROUNDS = Number(process.env.ROUNDS ?? 100);
const app = await demoApp();

async function timeLogin(email: string, round: number): Promise<number> {
  const started = process.hrtime.bigint();
  // A new address per attempt keeps the throttle out of the measurement.
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong password' },
    remoteAddress: `10.${(round >> 8) & 255}.${round & 255}.${email.length}`,
  });
  if (response.statusCode !== 401) throw new Error(`expected 401, got ${response.statusCode}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const known: number[] = [];
const unknown: number[] = [];
await timeLogin('warm-up@example.com', 0);
for (let round = 1; round <= ROUNDS; round++) {
  known.push(await timeLogin('admin@example.com', round));
  unknown.push(await timeLogin(`nobody-${round}@example.com`, round));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const row = (label: string, values: number[]) =>
  `${label.padEnd(28)} p50 ${percentile(values, 50).toFixed(1)} ms   p95 ${percentile(values, 95).toFixed(1)} ms`;
console.log(`${ROUNDS} rounds, interleaved`);
console.log(row('wrong password, real user', known));
console.log(row('unknown e-mail', unknown));
console.log(`difference of medians: ${(percentile(known, 50) - percentile(unknown, 50)).toFixed(2)} ms`);
await app.close();
