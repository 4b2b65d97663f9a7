import {
  type BonusSchemeRequest,
  type BonusSchemeVersion,
  type ManagementType,
  percentHundredths,
  percentText,
} from '@cm/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/repository.js';
import { organisationMonth } from '../organisation/repository.js';
import {
  deleteVersion,
  findVersion,
  listVersions,
  lockSchemes,
  storeVersion,
  versionPaysClosedMonth,
} from './repository.js';

type Actor = { userId: string; ip: string | null };

/** A percentage as stored and shown: always its two decimals ("5" → "5.00"). */
function canonicalPercent(text: string): string {
  return percentText(percentHundredths(text) ?? 0n);
}

function canonicalTerms(terms: BonusSchemeRequest): BonusSchemeRequest {
  return {
    ...terms,
    levels: terms.levels.map((level) =>
      'ratePercent' in level
        ? {
            thresholdPercent: canonicalPercent(level.thresholdPercent),
            ratePercent: canonicalPercent(level.ratePercent),
          }
        : { thresholdPercent: canonicalPercent(level.thresholdPercent), fixedMinor: level.fixedMinor },
    ),
    abovePlanRatePercent: canonicalPercent(terms.abovePlanRatePercent),
  };
}

/** The terms of a version, without who saved it when: what the audit trail compares. */
function termsOf(version: BonusSchemeVersion | null) {
  if (!version) return null;
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, locked: _locked, ...terms } = version;
  return terms;
}

/** Bonus schemes: one per management type, versioned by the month each version takes effect (ADR 0031). */
export function bonusSchemesService(db: Database, defaultTimeZone: string) {
  return {
    list: async () => ({ items: await listVersions(db) }),

    /** Creates or replaces the version of a type taking effect in `effectiveFrom`, audited with before and after. */
    save: (managementType: ManagementType, effectiveFrom: string, request: BonusSchemeRequest, actor: Actor) =>
      db.transaction(async (tx) => {
        await lockSchemes(tx);
        // A closed month keeps the version it was paid by, so neither that version nor a new one taking over
        // a closed month may be saved.
        if (await versionPaysClosedMonth(tx, managementType, effectiveFrom)) throw new AppError('MONTH_CLOSED');
        const before = await findVersion(tx, managementType, effectiveFrom);
        await storeVersion(tx, { managementType, effectiveFrom }, canonicalTerms(request), actor.userId);
        const after = await findVersion(tx, managementType, effectiveFrom);
        if (!after) throw new Error('the stored bonus scheme version was not found again');
        await recordAudit(tx, {
          action: 'bonus_scheme.saved',
          actorUserId: actor.userId,
          ip: actor.ip,
          details: { managementType, effectiveFrom, before: termsOf(before), after: termsOf(after) },
        });
        return after;
      }),

    /**
     * Deletes a version that has not taken effect yet (its month is after the current one); a version in
     * effect or past has paid months and stays, so that they can be explained later.
     */
    remove: async (managementType: ManagementType, effectiveFrom: string, actor: Actor) => {
      const month = await organisationMonth(db, defaultTimeZone);
      await db.transaction(async (tx) => {
        await lockSchemes(tx);
        const before = await findVersion(tx, managementType, effectiveFrom);
        if (!before) throw new AppError('NOT_FOUND');
        if (effectiveFrom <= month) throw new AppError('BONUS_SCHEME_IN_EFFECT');
        await deleteVersion(tx, managementType, effectiveFrom);
        await recordAudit(tx, {
          action: 'bonus_scheme.deleted',
          actorUserId: actor.userId,
          ip: actor.ip,
          details: { managementType, effectiveFrom, before: termsOf(before), after: null },
        });
      });
    },
  };
}
