import {
  IdParams,
  ImportCommitResponse,
  ImportFileReading,
  ImportMapping,
  ImportPreview,
  ImportTemplateQuery,
} from '@cm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTable } from '../../lib/export/tabular-file.js';
import { authOf, currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisationCurrencyExponent } from '../organisation/repository.js';
import { TEMPLATE_COLUMNS } from './columns.js';
import type { Importer } from './repository.js';
import { importService } from './service.js';
import { acceptImportFiles, IMPORT_FILE_BODY } from './upload.js';

const tags = ['imports'];
const IMPORTERS = inDepartment(requireRole('worker', 'administrator'));

function importerOf(request: FastifyRequest): Importer {
  return { userId: authOf(request).userId, departmentId: currentDepartment(request) };
}

/**
 * Import of components and opening balances: upload → mapping of the file's columns → preview with row errors
 * and changes → commit all or nothing. A script may skip the mapping step (`/components/preview`).
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = importService(app.db);

  acceptImportFiles(app);

  app.post('/components/files', {
    config: { access: IMPORTERS },
    schema: {
      tags,
      summary:
        'Read a CSV or XLSX file of components, keep it for an hour and propose how its columns map to the fields',
      ...IMPORT_FILE_BODY,
      response: { 200: ImportFileReading, ...problems(400, 401, 403, 413, 422) },
    },
    handler: (request) => imports.read(importerOf(request), request.body),
  });

  app.post('/components/files/:id/preview', {
    config: { access: IMPORTERS },
    schema: {
      tags,
      summary: 'Check a read file through a mapping of its columns (nothing is written)',
      params: IdParams,
      body: ImportMapping,
      response: { 200: ImportPreview, ...problems(400, 401, 403, 404, 422) },
    },
    handler: (request) => imports.previewFile(importerOf(request), request.params.id, request.body),
  });

  app.post('/components/preview', {
    config: { access: IMPORTERS },
    schema: {
      tags,
      summary: 'Read and check a CSV or XLSX file of components through the proposed mapping (nothing is written)',
      ...IMPORT_FILE_BODY,
      response: { 200: ImportPreview, ...problems(400, 401, 403, 413, 422) },
    },
    handler: (request) => imports.preview(importerOf(request), request.body),
  });

  app.post('/:id/commit', {
    config: { access: IMPORTERS },
    schema: {
      tags,
      summary: 'Write a previewed import, all rows or none',
      params: IdParams,
      response: { 200: ImportCommitResponse, ...problems(401, 403, 404, 422) },
    },
    handler: (request) => imports.commit(importerOf(request), request.params.id),
  });

  app.get('/template', {
    config: { access: IMPORTERS },
    schema: {
      tags,
      summary: 'An import template with the column headers in the chosen language and one example row',
      querystring: ImportTemplateQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { format, lang } = request.query;
      const currencyExponent = await organisationCurrencyExponent(app.db);
      sendTable(reply, {
        name: lang === 'ru' ? 'шаблон-импорта-компонентов' : 'components-import-template',
        format,
        lang,
        columns: TEMPLATE_COLUMNS.map(({ header, example }) => ({
          header,
          value: () => (typeof example === 'function' ? example(currencyExponent) : example),
        })),
        rows: (async function* () {
          yield null;
        })(),
      });
      return reply;
    },
  });
};
