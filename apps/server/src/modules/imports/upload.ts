import { IMPORT_CONTENT_TYPES, IMPORT_MAX_BYTES } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import { FileBody } from '../../plugins/openapi.js';

/**
 * Lets the routes of the calling plugin take an import file as the request body, whatever type the
 * browser declares: CSV or XLSX is told by content (read-table.ts).
 */
export function acceptImportFiles(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}

/** The request body of a preview route, as OpenAPI describes it. */
export const IMPORT_FILE_BODY = {
  description: 'The request body is the file itself; CSV or XLSX is recognised by content.',
  body: FileBody.meta({ description: 'The CSV or XLSX file itself' }),
  consumes: [IMPORT_CONTENT_TYPES.csv, IMPORT_CONTENT_TYPES.xlsx, 'application/octet-stream'],
};
