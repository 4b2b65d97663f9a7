import {
  type BonusCalculation,
  type BonusSchemeVersion,
  bonusCalculationOf,
  bonusTermsOf,
  type CalculatorContext,
  type CalculatorRequest,
  computeBonus,
  type ManagementType,
} from '@cm/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { versionInEffect, versionsInEffect } from '../bonus-schemes/repository.js';
import { organisationMonth } from '../organisation/repository.js';
import { liveFigures } from '../sales-months/repository.js';
import { salesPeople } from '../sales-results/repository.js';

/** Who asks: a manager sees their own figures, an administrator those of any manager of the current department. */
type Viewer = { userId: string; role: string; departmentId: string };

/** The bonus calculator (PRODUCT.md §5): the engine of `@cm/contract` on the scheme in effect. */
export function calculatorService(db: Database, defaultTimeZone: string) {
  async function schemeFor(managementType: ManagementType, month: string): Promise<BonusSchemeVersion> {
    const scheme = await versionInEffect(db, managementType, month);
    if (!scheme) throw new AppError('NO_BONUS_SCHEME');
    return scheme;
  }

  return {
    /** What a plan and a revenue would pay in a month under the scheme in effect then. */
    calculate: async (request: CalculatorRequest): Promise<BonusCalculation> => {
      if (request.planMinor === 0) throw new AppError('PLAN_REQUIRED');
      const month = request.month ?? (await organisationMonth(db, defaultTimeZone));
      const scheme = await schemeFor(request.managementType, month);
      const result = computeBonus(bonusTermsOf(scheme), {
        planMinor: BigInt(request.planMinor),
        revenueMinor: BigInt(request.revenueMinor),
      });
      return bonusCalculationOf(scheme, result);
    },

    /** A manager's plan, revenue so far and bonus this month, with the managers the viewer may pick. */
    context: async (viewer: Viewer, managerId: string | undefined): Promise<CalculatorContext> => {
      const month = await organisationMonth(db, defaultTimeZone);
      const schemes = (await versionsInEffect(db, [month])).get(month) ?? [];
      const all = (await salesPeople(db, viewer.departmentId)).map(({ id, name, managementType }) => ({
        id,
        name,
        managementType,
      }));
      const managers =
        viewer.role === 'administrator' ? all : all.filter((candidate) => candidate.id === viewer.userId);
      const wanted = managerId ?? (viewer.role === 'administrator' ? managers[0]?.id : viewer.userId);
      const manager = managers.find((candidate) => candidate.id === wanted) ?? null;
      // Another department's manager, or another manager for a manager: nothing to say that it exists.
      if (managerId !== undefined && !manager) throw new AppError('NOT_FOUND');
      if (!manager) {
        return { month, managers, manager: null, planMinor: null, revenueMinor: 0, schemes, current: null };
      }
      const [figures] = await liveFigures(db, { departmentId: viewer.departmentId, month, userId: manager.id });
      const planMinor = figures?.planMinor ?? null;
      const revenueMinor = figures?.revenueMinor ?? 0;
      const scheme = schemes.find((candidate) => candidate.managementType === manager.managementType) ?? null;
      const current = scheme
        ? bonusCalculationOf(
            scheme,
            computeBonus(bonusTermsOf(scheme), {
              planMinor: planMinor === null ? null : BigInt(planMinor),
              revenueMinor: BigInt(revenueMinor),
            }),
          )
        : null;
      return { month, managers, manager, planMinor, revenueMinor, schemes, current };
    },
  };
}
