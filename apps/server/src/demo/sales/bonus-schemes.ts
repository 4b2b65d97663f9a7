import type { BonusSchemeRequest, ManagementType } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { storeVersion } from '../../modules/bonus-schemes/repository.js';

/**
 * Demo bonus schemes, one per management type, in rubles' kopecks: plausible figures for trying the calculator and
 * the leaderboard's bonuses, stored without an author so that Sales settings marks them as seeded values to edit.
 * Offline and hybrid pay the highest level reached on the whole revenue; online pays each band marginally.
 */
export const DEMO_BONUS_SCHEMES: Record<ManagementType, BonusSchemeRequest> = {
  offline: {
    fixedSalaryMinor: 6_000_000,
    tierMode: 'highest',
    levels: [
      { thresholdPercent: '70.00', ratePercent: '3.00' },
      { thresholdPercent: '90.00', ratePercent: '5.00' },
      { thresholdPercent: '100.00', ratePercent: '7.00' },
    ],
    fixedBonusAt120Minor: 5_000_000,
    abovePlanRatePercent: '2.00',
  },
  online: {
    fixedSalaryMinor: 5_000_000,
    tierMode: 'marginal',
    levels: [
      { thresholdPercent: '50.00', ratePercent: '2.00' },
      { thresholdPercent: '80.00', ratePercent: '4.00' },
      { thresholdPercent: '100.00', ratePercent: '6.00' },
    ],
    fixedBonusAt120Minor: 4_000_000,
    abovePlanRatePercent: '1.50',
  },
  hybrid: {
    fixedSalaryMinor: 5_500_000,
    tierMode: 'highest',
    levels: [
      { thresholdPercent: '60.00', fixedMinor: 1_000_000 },
      { thresholdPercent: '80.00', ratePercent: '4.00' },
      { thresholdPercent: '100.00', ratePercent: '6.50' },
    ],
    fixedBonusAt120Minor: 4_500_000,
    abovePlanRatePercent: '2.00',
  },
};

/** Stores the demo schemes in effect from `firstMonth`, the oldest month the demo has leads for. */
export async function seedDemoBonusSchemes(db: Executor, firstMonth: string): Promise<void> {
  for (const [managementType, terms] of Object.entries(DEMO_BONUS_SCHEMES) as [ManagementType, BonusSchemeRequest][]) {
    await storeVersion(db, { managementType, effectiveFrom: firstMonth }, terms, null);
  }
}
