// Measures the components import of a large file from another tool, through the columns step: a KiCad-style
// BOM with a title block, read, checked through the proposed mapping and committed as new components; then a
// revision of it (the mapping remembered, a manufacturer changed on every tenth part, empty cells kept) read,
// checked with its changes and committed as updates. The whole app on an in-memory embedded database, as
// `npm start` runs it. Run: npm run bench:component-import  (optional: ROWS=50000)
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed.js';
import { demoApp } from './demo-app.js';

const ROWS = Number(process.env.ROWS ?? 50_000);
const app = await demoApp();

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'worker@example.com', password: DEMO_PASSWORD },
});
const headers = { authorization: `Bearer ${login.json().accessToken}` };

/** A KiCad BOM export of ROWS parts under a title block; `revision` changes every tenth manufacturer. */
function bom(revision: number): Buffer {
  const lines = [
    'Bill of materials,,,,,,,',
    `Board: benchmark rev. ${revision},,,,,,,`,
    ',,,,,,,',
    'Reference,Value,Footprint,Datasheet,Qty,DNP,Manufacturer,MPN',
  ];
  for (let part = 0; part < ROWS; part++) {
    const manufacturer = revision > 0 && part % 10 === 0 ? `Maker ${part % 7} Rev ${revision}` : `Maker ${part % 7}`;
    lines.push(`"R${part}",${part % 97}k,R_0603,~,1,,${manufacturer},BENCH ${part} (0603)=`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await step();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s`);
  return result;
}

async function request(method: 'POST', url: string, payload: unknown, type?: string) {
  const response = await app.inject({
    method,
    url,
    headers: type ? { ...headers, 'content-type': type } : headers,
    payload: payload as string,
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json();
}

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);

console.log(`${ROWS} rows, KiCad BOM with a title block, as the demo worker`);
for (const revision of [0, 1]) {
  const file = bom(revision);
  const reading = await timed(`read ${(file.length / 1024 / 1024).toFixed(1)} MiB (revision ${revision})`, () =>
    request('POST', '/api/imports/components/files', file, 'application/octet-stream'),
  );
  const preview = await timed(`check through the ${reading.proposedBy} mapping`, () =>
    request('POST', `/api/imports/components/files/${reading.fileId}/preview`, reading.mapping),
  );
  if (preview.errorCount > 0) throw new Error(`unexpected errors: ${JSON.stringify(preview.errors.slice(0, 3))}`);
  console.log(
    `  new ${preview.summary.newComponents}, updated ${preview.summary.updatedComponents}, changed ${preview.changedComponents}`,
  );
  await timed('commit', () => request('POST', `/api/imports/${preview.importId}/commit`, undefined));
}
clearInterval(sampler);
console.log(`peak resident memory of this process (server and database): ${(peak / 1024 / 1024).toFixed(0)} MiB`);
await app.close();
