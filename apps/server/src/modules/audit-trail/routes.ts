import {
  type AuditEntry,
  AuditExportQuery,
  AuditList,
  AuditListQuery,
  AuditPeople,
  auditActionWord,
  auditChangeText,
  auditDetailText,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { withListTimeout } from '../../lib/list-timeout.js';
import { requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisation } from '../organisation/repository.js';
import { allAuditEntries, auditPeople, listAuditEntries } from './trail.js';

const tags = ['audit'];
const ADMINISTRATORS = requireRole('administrator');

/** Export columns; times are local to the organisation, as people read them ("2026-03-01 09:30:00"). */
function exportColumns(timeZone: string): ExportColumn<AuditEntry>[] {
  const localTime = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  return [
    { header: { en: 'Time', ru: 'Время' }, value: (row) => localTime.format(new Date(row.at)) },
    { header: { en: 'Actor', ru: 'Кто' }, value: (row) => row.actor?.name ?? null },
    { header: { en: 'Action', ru: 'Действие' }, value: (row, lang) => auditActionWord(row.action, lang) },
    { header: { en: 'User', ru: 'Пользователь' }, value: (row) => row.target?.name ?? null },
    { header: { en: 'Department', ru: 'Отдел' }, value: (row) => row.department?.name ?? null },
    { header: { en: 'Address', ru: 'Адрес' }, value: (row) => row.ip },
    {
      header: { en: 'Changes', ru: 'Изменения' },
      value: (row, lang) => row.changes.map((change) => auditChangeText(change, lang, row.action)).join('; '),
    },
    {
      header: { en: 'Details', ru: 'Подробности' },
      value: (row, lang) =>
        Object.entries(row.details)
          .map(([key, value]) => auditDetailText(key, value, lang))
          .join('; '),
    },
  ];
}

/** The audit trail (issue #26): administrators read it, nobody edits it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = async () => (await organisation(app.db, app.config.timeZone)).timeZone;

  app.get('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: "The company's audit trail, newest first, filtered and paginated",
      querystring: AuditListQuery,
      response: { 200: AuditList, ...problems(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const zone = await timeZone();
      const result = await withListTimeout(app.listDb, (db) =>
        listAuditEntries(db, filters, { offset: (page - 1) * pageSize, limit: pageSize }, zone),
      );
      return { ...result, page, pageSize };
    },
  });

  app.get('/export', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'The filtered audit trail as CSV or XLSX (streamed)',
      querystring: AuditExportQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...filters } = request.query;
      const zone = await timeZone();
      sendTable(reply, {
        name: 'audit-trail',
        format,
        lang,
        columns: exportColumns(zone),
        rows: allAuditEntries(app.db, filters, zone),
      });
      return reply;
    },
  });

  app.get('/people', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Every user, deactivated ones too, for choosing whose trail to read',
      response: { 200: AuditPeople, ...problems(401, 403) },
    },
    handler: async () => ({ items: await auditPeople(app.db) }),
  });
};
