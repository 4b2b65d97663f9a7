import {
  ActivityImportPreview,
  IdParams,
  LeadsImportPreview,
  type Locale,
  SalesImportCommitResponse,
  type SalesImportKind,
  SalesImportTemplateQuery,
} from '@cm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { authOf, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { acceptImportFiles, IMPORT_FILE_BODY } from '../imports/upload.js';
import { ACTIVITY_COLUMNS, ACTIVITY_EXAMPLES, LEAD_COLUMNS, LEAD_EXAMPLES } from './columns.js';
import { type SalesImporter, salesImportService } from './service.js';

const tags = ['imports'];
// Sales data is the organisation's, like the rest of the sales settings: administrators only.
const ADMINISTRATORS = requireRole('administrator');

function importerOf(request: FastifyRequest): SalesImporter {
  return { userId: authOf(request).userId };
}

type TemplateRow = Record<string, string>;

/** Each template: its file name in each language, its columns and its example rows. */
const TEMPLATES: Record<
  SalesImportKind,
  { name: Record<Locale, string>; columns: ExportColumn<TemplateRow>[]; examples: Record<Locale, TemplateRow[]> }
> = {
  leads: {
    name: { en: 'leads-import-template', ru: 'шаблон-импорта-сделок' },
    columns: LEAD_COLUMNS.map((column) => ({ header: column.header, value: (row) => row[column.key] ?? '' })),
    examples: LEAD_EXAMPLES,
  },
  activity: {
    name: { en: 'activity-import-template', ru: 'шаблон-импорта-активности' },
    columns: ACTIVITY_COLUMNS.map((column) => ({ header: column.header, value: (row) => row[column.key] ?? '' })),
    examples: ACTIVITY_EXAMPLES,
  },
};

/**
 * Leads and daily activity from CSV/XLSX files, for companies without amoCRM: upload → preview with row
 * errors → commit all or nothing. The same steps and file rules as the components import.
 */
export const salesImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = salesImportService(app.db, app.config);

  acceptImportFiles(app);

  app.post('/leads/preview', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Check a CSV or XLSX file of leads (nothing is written)',
      ...IMPORT_FILE_BODY,
      response: { 200: LeadsImportPreview, ...problems(400, 401, 403, 413, 422) },
    },
    handler: (request) => imports.previewLeads(importerOf(request), request.body),
  });

  app.post('/activity/preview', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Check a CSV or XLSX file of calls and messages per manager per day (nothing is written)',
      ...IMPORT_FILE_BODY,
      response: { 200: ActivityImportPreview, ...problems(400, 401, 403, 413, 422) },
    },
    handler: (request) => imports.previewActivity(importerOf(request), request.body),
  });

  app.post('/:id/commit', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Write a previewed leads or activity file, all rows or none',
      params: IdParams,
      response: { 200: SalesImportCommitResponse, ...problems(401, 403, 404, 422) },
    },
    handler: (request) => imports.commit(importerOf(request), request.params.id),
  });

  app.get('/template', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'A leads or activity template with the headers in the chosen language and example rows',
      querystring: SalesImportTemplateQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403) },
    },
    handler: (request, reply) => {
      const { kind, format, lang } = request.query;
      const template = TEMPLATES[kind];
      sendTable(reply, {
        name: template.name[lang],
        format,
        lang,
        columns: template.columns,
        rows: (async function* () {
          yield* template.examples[lang];
        })(),
      });
    },
  });
};
