import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { maintenanceMode } from '../../db/schema/index.js';

/** Maintenance mode as administrators saved it. */
export type SavedMaintenance = { active: boolean; message: string | null; expectedEnd: Date | null };

/** What no one has saved yet reads as. */
const NEVER_SAVED: SavedMaintenance = { active: false, message: null, expectedEnd: null };

const COLUMNS = {
  active: maintenanceMode.active,
  message: maintenanceMode.message,
  expectedEnd: maintenanceMode.expectedEnd,
};

/** Built once per database: requests that maintenance refuses read it on every call (ADR 0046). */
function buildReadQuery(db: Database) {
  return db.select(COLUMNS).from(maintenanceMode).where(eq(maintenanceMode.id, 1)).prepare('read_maintenance');
}

const readQueries = new WeakMap<Database, ReturnType<typeof buildReadQuery>>();

/** What is saved now: one primary-key read of a prepared statement. */
export async function readMaintenance(db: Database): Promise<SavedMaintenance> {
  let query = readQueries.get(db);
  if (!query) {
    query = buildReadQuery(db);
    readQueries.set(db, query);
  }
  const [row] = await query.execute();
  return row ?? NEVER_SAVED;
}

/** What is saved, its row locked for a change (made first if no one has saved it yet). */
export async function lockMaintenance(db: Executor): Promise<SavedMaintenance> {
  await db.insert(maintenanceMode).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select(COLUMNS).from(maintenanceMode).where(eq(maintenanceMode.id, 1)).for('update');
  return row ?? NEVER_SAVED;
}

export async function saveMaintenance(db: Executor, saved: SavedMaintenance): Promise<void> {
  await db.update(maintenanceMode).set(saved).where(eq(maintenanceMode.id, 1));
}
