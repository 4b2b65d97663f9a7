import {
  bonusCalculationOf,
  bonusTermsOf,
  computeBonus,
  type MonthFigures,
  type SalesMonth,
  type SalesMonthList,
} from '@cm/contract';
import type { Database, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/repository.js';
import { lockSchemes, versionInEffect } from '../bonus-schemes/repository.js';
import { organisationMonth } from '../organisation/repository.js';
import {
  type Closing,
  closingsOf,
  deleteClosing,
  type FrozenFigures,
  frozenFigures,
  liveFigures,
  lockClosing,
  type ManagerMonth,
  storeClosing,
} from './repository.js';

type Actor = { userId: string; ip: string | null };

/** Each manager's figures with the bonus the scheme in effect for the month pays on them. */
async function figuresWithBonus(db: Executor, managers: ManagerMonth[], month: string): Promise<FrozenFigures[]> {
  return Promise.all(
    managers.map(async (manager) => {
      const scheme = manager.managementType ? await versionInEffect(db, manager.managementType, month) : null;
      const calculation = scheme
        ? bonusCalculationOf(
            scheme,
            computeBonus(bonusTermsOf(scheme), {
              planMinor: manager.planMinor === null ? null : BigInt(manager.planMinor),
              revenueMinor: BigInt(manager.revenueMinor),
            }),
          )
        : null;
      return { ...manager, schemeEffectiveFrom: scheme?.effectiveFrom ?? null, calculation };
    }),
  );
}

function withoutKey({ userId: _userId, schemeEffectiveFrom: _scheme, ...figures }: FrozenFigures): MonthFigures {
  return figures;
}

/** Whether the figures a payroll reads differ: the counts, the plan, the revenue, the scheme and the bonus. */
function differ(frozen: FrozenFigures | undefined, live: FrozenFigures): boolean {
  if (!frozen) return live.revenueMinor !== 0 || live.wonCount !== 0 || live.lostCount !== 0;
  return (
    frozen.planMinor !== live.planMinor ||
    frozen.revenueMinor !== live.revenueMinor ||
    frozen.wonCount !== live.wonCount ||
    frozen.lostCount !== live.lostCount ||
    frozen.managementType !== live.managementType ||
    frozen.schemeEffectiveFrom !== live.schemeEffectiveFrom ||
    frozen.calculation?.totalMinor !== live.calculation?.totalMinor
  );
}

/** A manager frozen in a month who has no live figures now (they left the department, say): all zero. */
function nothingLive(frozen: FrozenFigures): FrozenFigures {
  return { ...frozen, planMinor: null, revenueMinor: 0, wonCount: 0, lostCount: 0, callMinutes: 0, calculation: null };
}

function closingOf(closing: Closing | undefined): SalesMonth['closed'] {
  return closing ? { at: closing.at.toISOString(), by: closing.by } : null;
}

/**
 * Month closing (PRODUCT.md §5, ADR 0031): a department's administrators freeze a month's figures and bonuses
 * for payroll; later changes show as pending differences until the month is reopened and closed again.
 */
export function salesMonthsService(db: Database, defaultTimeZone: string) {
  async function monthOf(departmentId: string, month: string, executor: Executor = db): Promise<SalesMonth> {
    const today = await organisationMonth(db, defaultTimeZone);
    const closing = (await closingsOf(executor, departmentId, [month])).get(month);
    const live = await figuresWithBonus(executor, await liveFigures(executor, { departmentId, month }), month);
    const frozen = closing ? await frozenFigures(executor, departmentId, month) : [];
    const frozenBy = new Map(frozen.map((figures) => [figures.userId, figures]));
    const liveBy = new Map(live.map((figures) => [figures.userId, figures]));
    const userIds = [
      ...new Set([...frozen.map((figures) => figures.userId), ...live.map((figures) => figures.userId)]),
    ];
    return {
      month,
      closed: closingOf(closing),
      ended: month < today,
      managers: userIds.map((userId) => {
        const was = frozenBy.get(userId);
        const now = liveBy.get(userId) ?? (was ? nothingLive(was) : undefined);
        if (!now) throw new Error('a manager of the month has neither frozen nor live figures');
        return {
          userId,
          frozen: was ? withoutKey(was) : null,
          live: withoutKey(now),
          pendingDifference: closing !== undefined && differ(was, now),
        };
      }),
    };
  }

  return {
    month: (departmentId: string, month: string) => monthOf(departmentId, month),

    /** The months of a year up to the current one, newest first, each open or closed with its differences. */
    list: async (departmentId: string, year: number): Promise<SalesMonthList> => {
      const today = await organisationMonth(db, defaultTimeZone);
      const months = Array.from({ length: 12 }, (_, index) => `${year}-${String(12 - index).padStart(2, '0')}`).filter(
        (month) => month <= today,
      );
      const closings = await closingsOf(db, departmentId, months);
      return {
        months: await Promise.all(
          months.map(async (month) => {
            const closing = closings.get(month);
            const pendingDifferences = closing
              ? (await monthOf(departmentId, month)).managers.filter((manager) => manager.pendingDifference).length
              : 0;
            return { month, ended: month < today, closed: closingOf(closing), pendingDifferences };
          }),
        ),
      };
    },

    /**
     * Freezes an ended month's figures and bonuses, per manager, with the scheme versions they were paid by.
     * MONTH_NOT_ENDED, MONTH_CLOSED, or MONTH_HAS_NO_MANAGERS for a department with no sales manager that month.
     */
    close: async (departmentId: string, month: string, actor: Actor): Promise<SalesMonth> => {
      const today = await organisationMonth(db, defaultTimeZone);
      if (month >= today) throw new AppError('MONTH_NOT_ENDED');
      await db.transaction(async (tx) => {
        await lockSchemes(tx);
        if (await lockClosing(tx, departmentId, month)) throw new AppError('MONTH_CLOSED');
        const figures = await figuresWithBonus(tx, await liveFigures(tx, { departmentId, month }), month);
        // A closing with no one in it would mark the month as paid while nothing was frozen for payroll.
        if (figures.length === 0) throw new AppError('MONTH_HAS_NO_MANAGERS');
        await storeClosing(tx, { departmentId, month, closedBy: actor.userId }, figures);
        await recordAudit(tx, {
          action: 'sales_month.closed',
          actorUserId: actor.userId,
          departmentId,
          ip: actor.ip,
          details: {
            month,
            managers: figures.length,
            bonusMinor: figures.reduce((sum, figure) => sum + (figure.calculation?.bonusMinor ?? 0), 0),
          },
        });
      });
      return monthOf(departmentId, month);
    },

    /** Opens a closed month again: its frozen figures are dropped; the audit entry keeps them whole. */
    reopen: async (departmentId: string, month: string, actor: Actor): Promise<SalesMonth> => {
      await db.transaction(async (tx) => {
        await lockSchemes(tx);
        if (!(await lockClosing(tx, departmentId, month))) throw new AppError('NOT_FOUND');
        const frozen = await frozenFigures(tx, departmentId, month);
        await deleteClosing(tx, departmentId, month);
        await recordAudit(tx, {
          action: 'sales_month.reopened',
          actorUserId: actor.userId,
          departmentId,
          ip: actor.ip,
          details: {
            month,
            // The frozen rows whole, with each bonus's explanation and scheme version: what payroll was paid
            // from stays readable after they are dropped.
            frozen,
          },
        });
      });
      return monthOf(departmentId, month);
    },
  };
}
