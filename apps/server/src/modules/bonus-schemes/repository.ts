import { type BonusSchemeRequest, type BonusSchemeVersion, ManagementType } from '@cm/contract';
import { and, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { bonusSchemeVersions, users } from '../../db/schema/index.js';

type VersionRow = typeof bonusSchemeVersions.$inferSelect;

/** A stored version as the API gives it; percentages with their two decimals ("5.00"). */
function toVersion(row: VersionRow, updatedBy: string | null, locked: boolean): BonusSchemeVersion {
  return {
    managementType: row.managementType as ManagementType,
    effectiveFrom: row.effectiveFrom,
    fixedSalaryMinor: row.fixedSalaryMinor,
    tierMode: row.tierMode as BonusSchemeVersion['tierMode'],
    levels: row.levels,
    fixedBonusAt120Minor: row.fixedBonusAt120Minor,
    abovePlanRatePercent: row.abovePlanRatePercent,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
    locked,
  };
}

const withUpdater = {
  version: bonusSchemeVersions,
  updatedBy: users.name,
  locked: sql<boolean>`${paysClosedMonth(sql`${bonusSchemeVersions.managementType}`, sql`${bonusSchemeVersions.effectiveFrom}`)}`,
};

/** Every version of every management type: by type, the newest month first. */
export async function listVersions(db: Executor): Promise<BonusSchemeVersion[]> {
  const rows = await db
    .select(withUpdater)
    .from(bonusSchemeVersions)
    .leftJoin(users, eq(users.id, bonusSchemeVersions.updatedBy))
    .orderBy(bonusSchemeVersions.managementType, desc(bonusSchemeVersions.effectiveFrom));
  return rows.map((row) => toVersion(row.version, row.updatedBy, row.locked));
}

/** The version that pays `month` for a management type: the newest whose month is not after it. */
export async function versionInEffect(
  db: Executor,
  managementType: ManagementType,
  month: string,
): Promise<BonusSchemeVersion | null> {
  const [row] = await db
    .select(withUpdater)
    .from(bonusSchemeVersions)
    .leftJoin(users, eq(users.id, bonusSchemeVersions.updatedBy))
    .where(and(eq(bonusSchemeVersions.managementType, managementType), lte(bonusSchemeVersions.effectiveFrom, month)))
    .orderBy(desc(bonusSchemeVersions.effectiveFrom))
    .limit(1);
  return row ? toVersion(row.version, row.updatedBy, row.locked) : null;
}

/**
 * The versions that pay each of `months`, one per management type that has one, by month. One statement for any
 * number of months: the versions are a few dozen rows, and a leaderboard of a quarter asks for three months.
 */
export async function versionsInEffect(
  db: Executor,
  months: readonly string[],
): Promise<Map<string, BonusSchemeVersion[]>> {
  const last = [...months].sort().at(-1) ?? '';
  // Newest first within each type: the first not after a month is the one that pays it.
  const rows = await db
    .select(withUpdater)
    .from(bonusSchemeVersions)
    .leftJoin(users, eq(users.id, bonusSchemeVersions.updatedBy))
    .where(lte(bonusSchemeVersions.effectiveFrom, last))
    .orderBy(bonusSchemeVersions.managementType, desc(bonusSchemeVersions.effectiveFrom));
  const versions = rows.map((row) => toVersion(row.version, row.updatedBy, row.locked));
  return new Map(
    months.map((month) => [
      month,
      ManagementType.options.flatMap((type) => {
        const version = versions.find(
          (candidate) => candidate.managementType === type && candidate.effectiveFrom <= month,
        );
        return version ? [version] : [];
      }),
    ]),
  );
}

/**
 * Serialises what changes which version pays which month: saving or deleting a version, and closing or reopening
 * a month (which freezes the version it was paid by). They are rare, so one lock for all of them is enough.
 */
export async function lockSchemes(tx: Executor): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('bonus-schemes'))`);
}

/** The version of exactly this type and month, under lockSchemes (which the caller takes first). */
export async function findVersion(
  tx: Executor,
  managementType: ManagementType,
  effectiveFrom: string,
): Promise<BonusSchemeVersion | null> {
  const [row] = await tx
    .select(withUpdater)
    .from(bonusSchemeVersions)
    .leftJoin(users, eq(users.id, bonusSchemeVersions.updatedBy))
    .where(
      and(eq(bonusSchemeVersions.managementType, managementType), eq(bonusSchemeVersions.effectiveFrom, effectiveFrom)),
    );
  return row ? toVersion(row.version, row.updatedBy, row.locked) : null;
}

/** Stores a version's terms (a new one, or over the one of the same type and month). */
export async function storeVersion(
  tx: Executor,
  key: { managementType: ManagementType; effectiveFrom: string },
  terms: BonusSchemeRequest,
  updatedBy: string | null,
): Promise<void> {
  const values = {
    fixedSalaryMinor: terms.fixedSalaryMinor,
    tierMode: terms.tierMode,
    levels: terms.levels,
    fixedBonusAt120Minor: terms.fixedBonusAt120Minor,
    abovePlanRatePercent: terms.abovePlanRatePercent,
    updatedBy,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(bonusSchemeVersions)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [bonusSchemeVersions.managementType, bonusSchemeVersions.effectiveFrom],
      set: values,
    });
}

export async function deleteVersion(
  tx: Executor,
  managementType: ManagementType,
  effectiveFrom: string,
): Promise<void> {
  await tx
    .delete(bonusSchemeVersions)
    .where(
      and(eq(bonusSchemeVersions.managementType, managementType), eq(bonusSchemeVersions.effectiveFrom, effectiveFrom)),
    );
}

/**
 * Whether a version of `managementType` taking effect in `effectiveFrom` pays a closed month (of any
 * department): a closed month from it on that no later version of the type takes over first. Its frozen
 * figures were computed with that version, so the version stays as it was.
 */
function paysClosedMonth(managementType: SQL, effectiveFrom: SQL): SQL {
  return sql`exists (select 1 from sales_month_closings c
                     where c.month >= ${effectiveFrom}
                       and not exists (select 1 from bonus_scheme_versions later
                                       where later.management_type = ${managementType}
                                         and later.effective_from > ${effectiveFrom}
                                         and later.effective_from <= c.month))`;
}

/** Whether saving the version of this type and month would change what a closed month was paid by. */
export async function versionPaysClosedMonth(
  db: Executor,
  managementType: ManagementType,
  effectiveFrom: string,
): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`select ${paysClosedMonth(sql`${managementType}`, sql`${effectiveFrom}`)} as locked`,
  );
  return row?.locked ?? false;
}
