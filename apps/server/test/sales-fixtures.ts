import { AMO_WON_STATUS_ID, type BonusSchemeRequest } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import { FILE_ACCOUNT_ID } from '../src/db/schema/index.js';
import { type LeadFacts, upsertLeads } from '../src/modules/sales-sync/leads.js';

/** A closed lead of the file account: won (142) unless `statusAmoId` says lost (143), closed at `closedAt`. */
export function closedLead(lead: {
  amoId: number;
  responsible: number;
  budgetMinor: number;
  closedAt: Date;
  statusAmoId?: number;
}): LeadFacts {
  const at = Math.floor(lead.closedAt.getTime() / 1000);
  return {
    accountId: FILE_ACCOUNT_ID,
    amoId: lead.amoId,
    title: `Lead ${lead.amoId}`,
    mainContactAmoId: null,
    paymentMethod: null,
    budgetMinor: lead.budgetMinor,
    createdAt: at - 86_400,
    closedAt: at,
    pipelineAmoId: 1,
    statusAmoId: lead.statusAmoId ?? AMO_WON_STATUS_ID,
    lossReasonAmoId: null,
    responsibleAmoUserId: lead.responsible,
    updatedAt: at,
  };
}

/** Stores leads as a file import does, matched to their managers by AMO ID. */
export async function storeLeads(app: FastifyInstance, leads: LeadFacts[]): Promise<void> {
  await upsertLeads(app.db, leads, 'file');
}

/** Noon UTC on the 15th of `month` (`YYYY-MM`): inside the month on any organisation's clock. */
export function midMonth(month: string): Date {
  return new Date(`${month}-15T12:00:00Z`);
}

/** A scheme version's terms for tests, with one level unless others are given. */
export function schemeTerms(overrides: Partial<BonusSchemeRequest> = {}): BonusSchemeRequest {
  return {
    fixedSalaryMinor: 5_000_000,
    tierMode: 'highest',
    levels: [{ thresholdPercent: '50', ratePercent: '10' }],
    fixedBonusAt120Minor: 0,
    abovePlanRatePercent: '0',
    ...overrides,
  };
}
