import type { MaintenanceSettings, MaintenanceStatus } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/repository.js';
import { lockMaintenance, readMaintenance, type SavedMaintenance, saveMaintenance } from './repository.js';

type Actor = { userId: string; ip: string | null };

/** A change as the contract has checked it (the message trimmed, empty as null). */
type Change = { active: boolean; message: string | null; expectedEnd: string | null };

/** Seconds a refused client is asked to wait when no end is expected, or the expected one has passed. */
export const RETRY_AFTER_SECONDS = 30;

/** The seconds until the expected end while it is ahead, else RETRY_AFTER_SECONDS: what `Retry-After` says. */
function retryAfterSeconds(expectedEnd: Date | null, now = Date.now()): number {
  const ahead = expectedEnd ? Math.ceil((expectedEnd.getTime() - now) / 1000) : 0;
  return ahead > 0 ? ahead : RETRY_AFTER_SECONDS;
}

function sameSaved(first: SavedMaintenance, second: SavedMaintenance): boolean {
  return (
    first.active === second.active &&
    first.message === second.message &&
    first.expectedEnd?.getTime() === second.expectedEnd?.getTime()
  );
}

/** A saved state as the audit trail names its fields. */
function audited(saved: SavedMaintenance) {
  return {
    maintenance: saved.active,
    maintenanceMessage: saved.message,
    maintenanceExpectedEnd: saved.expectedEnd?.toISOString() ?? null,
  };
}

/**
 * What an embedded database holds, kept in memory per database. PGlite is opened by one process only (the
 * data-directory lock) and every change goes through `change` below, so memory cannot fall behind it; the sync's lock
 * is an in-process flag there for the same reason (ADR 0009). Its every query runs in this process, one at a time, and
 * a read per request cost a cheap request a quarter more CPU time (ADR 0046). PostgreSQL may be changed by any instance, so
 * it is read each time.
 */
const embeddedStates = new WeakMap<Database, Promise<SavedMaintenance>>();

/**
 * Maintenance mode (ADR 0046): on while administrators have saved it on, or while this server runs with
 * MAINTENANCE=true; the message and expected end are the saved ones either way.
 */
export function createMaintenanceService(app: FastifyInstance) {
  const { db } = app;
  const embedded = app.databaseKind === 'pglite';
  const heldOn = app.config.maintenance;

  const current = (): Promise<SavedMaintenance> => {
    if (!embedded) return readMaintenance(db);
    const known = embeddedStates.get(db);
    if (known) return known;
    const read = readMaintenance(db);
    embeddedStates.set(db, read);
    // A failed read is tried again by the next request rather than remembered.
    read.catch(() => {
      if (embeddedStates.get(db) === read) embeddedStates.delete(db);
    });
    return read;
  };

  const statusOf = (saved: SavedMaintenance): MaintenanceStatus =>
    heldOn || saved.active
      ? { active: true, message: saved.message, expectedEnd: saved.expectedEnd?.toISOString() ?? null }
      : { active: false, message: null, expectedEnd: null };

  const settingsOf = (saved: SavedMaintenance): MaintenanceSettings => ({
    active: saved.active,
    message: saved.message,
    expectedEnd: saved.expectedEnd?.toISOString() ?? null,
    heldOnByConfiguration: heldOn,
  });

  return {
    /** Whether maintenance is on now, with the message and expected end while it is. */
    status: async (): Promise<MaintenanceStatus> => statusOf(await current()),

    /** The answer for a request maintenance refuses, or null while it is off. */
    async refusal(): Promise<{ retryAfterSeconds: number } | null> {
      const saved = await current();
      return heldOn || saved.active ? { retryAfterSeconds: retryAfterSeconds(saved.expectedEnd) } : null;
    },

    settings: async (): Promise<MaintenanceSettings> => settingsOf(await current()),

    /** Saves a change, audited; an expected end must lie ahead of a switch that is on. */
    async change(actor: Actor, change: Change): Promise<MaintenanceSettings> {
      const expectedEnd = change.expectedEnd === null ? null : new Date(change.expectedEnd);
      if (change.active && expectedEnd && expectedEnd.getTime() <= Date.now()) {
        throw new AppError('VALIDATION_FAILED', {
          errors: [{ path: 'body.expectedEnd', message: 'The expected end must be later than now', code: 'not_ahead' }],
        });
      }
      const after: SavedMaintenance = { active: change.active, message: change.message, expectedEnd };
      const before = await db.transaction(async (tx) => {
        const saved = await lockMaintenance(tx);
        if (sameSaved(saved, after)) return saved;
        await saveMaintenance(tx, after);
        await recordAudit(tx, {
          action: 'maintenance.changed',
          actorUserId: actor.userId,
          ip: actor.ip,
          details: { before: audited(saved), after: audited(after) },
        });
        return saved;
      });
      // Committed: what the embedded database now holds.
      if (embedded) embeddedStates.set(db, Promise.resolve(after));
      if (before.active !== after.active) {
        app.log.info(
          { by: actor.userId },
          after.active ? 'maintenance mode switched on' : 'maintenance mode switched off',
        );
      }
      return settingsOf(after);
    },
  };
}
