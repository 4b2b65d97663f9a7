import {
  Analytics,
  AnalyticsQuery,
  majorUnits,
  UNTITLED_LEAD_WORDS,
  type WonLead,
  WonLeadExportQuery,
  WonLeadList,
  WonLeadListQuery,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { authOf, currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisation, organisationCurrencyExponent } from '../organisation/repository.js';
import { analyticsService } from './service.js';

const tags = ['analytics'];
/** Managers see their own analytics, administrators any manager's of the current department. */
const SALES_STAFF = inDepartment(requireRole('manager', 'administrator'));

/**
 * Export columns of the won leads: times local to the organisation, as people read them ("2026-03-01 09:30:00"),
 * money in the organisation currency's major units.
 */
function wonLeadColumns(timeZone: string, exponent: number): ExportColumn<WonLead>[] {
  const localTime = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  return [
    {
      header: { en: 'Title', ru: 'Название' },
      value: (lead, lang) => lead.title || UNTITLED_LEAD_WORDS[lang],
    },
    { header: { en: 'Contact', ru: 'Контакт' }, value: (lead) => lead.contactName },
    { header: { en: 'Payment method', ru: 'Способ оплаты' }, value: (lead) => lead.paymentMethod },
    { header: { en: 'Budget', ru: 'Бюджет' }, value: (lead) => majorUnits(lead.budgetMinor, exponent) },
    { header: { en: 'Created', ru: 'Создана' }, value: (lead) => localTime.format(new Date(lead.createdAt)) },
    { header: { en: 'Won', ru: 'Выиграна' }, value: (lead) => localTime.format(new Date(lead.closedAt)) },
    { header: { en: 'Pipeline ID', ru: 'ID воронки' }, value: (lead) => lead.pipelineId },
    { header: { en: 'Days to acquisition', ru: 'Дней до продажи' }, value: (lead) => Number(lead.daysToAcquisition) },
  ];
}

/** Analytics of a manager (PRODUCT.md §5): figures, trend, won leads and why leads were lost. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = analyticsService(app.db, app.config.timeZone);
  const viewerOf = (request: Parameters<typeof authOf>[0]) => {
    const { userId, role } = authOf(request);
    return { userId, role, departmentId: currentDepartment(request) };
  };

  app.get('', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: "A manager's key figures over a period with the period before, trend, lost leads and pipelines",
      querystring: AnalyticsQuery,
      response: { 200: Analytics, ...problems(400, 401, 403, 404, 422) },
    },
    handler: (request) => analytics.analytics(viewerOf(request), request.query),
  });

  app.get('/won-leads', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: "A page of a manager's successful leads of the period",
      querystring: WonLeadListQuery,
      response: { 200: WonLeadList, ...problems(400, 401, 403, 404, 422) },
    },
    handler: (request) => analytics.wonLeads(viewerOf(request), request.query),
  });

  app.get('/won-leads/export', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: "A manager's successful leads of the period as CSV or XLSX",
      querystring: WonLeadExportQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403, 404, 422) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...query } = request.query;
      const rows = await analytics.allWonLeads(viewerOf(request), query);
      sendTable(reply, {
        name: 'won-leads',
        format,
        lang,
        columns: wonLeadColumns(
          (await organisation(app.db, app.config.timeZone)).timeZone,
          await organisationCurrencyExponent(app.db),
        ),
        rows,
      });
      return reply;
    },
  });
};
