import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from './client.js';

/**
 * The database's functions are declared once, one file each in `src/db/functions/`, as the statement that
 * creates them now (ADR 0025). Migrations are produced from those files by `npm run db:functions`; a test
 * holds the files, the migrations and the migrated database to the same text.
 */
export const FUNCTIONS_FOLDER = path.resolve(import.meta.dirname, '../../src/db/functions');

const CREATE_FUNCTION = /^CREATE (?:OR REPLACE )?FUNCTION (\w+)\(/m;

/** The statement from its CREATE on, as one that replaces: comments before it are for readers only. */
function statementOf(text: string): { name: string; statement: string } | null {
  const match = CREATE_FUNCTION.exec(text);
  if (!match?.[1]) return null;
  const statement = text
    .slice(match.index)
    .replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION')
    .trim();
  return { name: match[1], statement };
}

/** Each declared function's name and statement, from `src/db/functions/<name>.sql`. */
export function declaredFunctions(): Map<string, string> {
  const declared = new Map<string, string>();
  for (const file of readdirSync(FUNCTIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const found = statementOf(readFileSync(path.join(FUNCTIONS_FOLDER, file), 'utf8'));
    if (!found || `${found.name}.sql` !== file) {
      throw new Error(`${file} must hold one CREATE FUNCTION statement for the function it is named after`);
    }
    declared.set(found.name, found.statement);
  }
  return declared;
}

/** Each function's latest statement in the migrations, read in the journal's order. */
export function migratedFunctions(): Map<string, string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const migrated = new Map<string, string>();
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
    for (const part of text.split('--> statement-breakpoint')) {
      const found = statementOf(part);
      if (found) migrated.set(found.name, found.statement);
    }
  }
  return migrated;
}

/** The declared functions whose statement no migration has applied yet: what the next migration must hold. */
export function functionsToMigrate(): { name: string; statement: string }[] {
  const migrated = migratedFunctions();
  return [...declaredFunctions()]
    .filter(([name, statement]) => migrated.get(name) !== statement)
    .map(([name, statement]) => ({ name, statement }));
}

/** The body between the dollar quotes, as PostgreSQL keeps it in `pg_proc.prosrc`. */
export function functionBody(statement: string): string {
  const match = /AS \$\$([\s\S]*)\$\$;?$/.exec(statement);
  if (match?.[1] === undefined) throw new Error('a function statement must end with its body in $$ quotes');
  return match[1];
}
