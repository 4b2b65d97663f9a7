/**
 * Writes the next migration from the database functions declared in `src/db/functions/` (ADR 0025): one
 * `CREATE OR REPLACE FUNCTION` for each declared function whose statement no migration has applied yet.
 *
 *   npm run db:functions --workspace @cm/server -- <migration name>
 *
 * A changed signature or return type cannot be replaced in place: add the DROP (and the trigger's
 * re-creation) to the written migration by hand, before the new statement.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/client.js';
import { functionsToMigrate } from '../db/functions.js';

const changed = functionsToMigrate();
if (changed.length === 0) {
  console.log('Every declared function is migrated already.');
  process.exit(0);
}
const name = process.argv[2] ?? 'functions';
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', name], {
  cwd: path.resolve(MIGRATIONS_FOLDER, '..'),
  stdio: 'inherit',
});
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const written = journal.entries.at(-1)?.tag;
if (!written) throw new Error('drizzle-kit wrote no migration');
const header = `-- Produced by npm run db:functions from src/db/functions/: ${changed.map((f) => f.name).join(', ')}.\n`;
writeFileSync(
  path.join(MIGRATIONS_FOLDER, `${written}.sql`),
  `${header}${changed.map(({ statement }) => statement).join('--> statement-breakpoint\n')}\n`,
);
console.log(`drizzle/${written}.sql holds ${changed.length} function(s).`);
