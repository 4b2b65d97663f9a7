import {
  IdempotencyKey,
  IdParams,
  type Movement,
  MovementExportQuery,
  MovementList,
  MovementListQuery,
  MovementRequest,
  Movement as MovementSchema,
  MovementUsers,
  majorUnits,
  PostingResponse,
  ReversalRequest,
} from '@cm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { movementOriginWord, movementTypeWord, unitWord } from '../../lib/domain-words.js';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { withListTimeout } from '../../lib/list-timeout.js';
import { authOf, currentDepartment, inDepartment, requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisation, organisationCurrencyExponent } from '../organisation/repository.js';
import { allMovements, findMovement, listMovements, movementUsers, type Poster } from './repository.js';
import { movementService } from './service.js';

const tags = ['movements'];
const POSTERS = inDepartment(requireRole('worker', 'administrator'));
const ADMINISTRATORS = inDepartment(requireRole('administrator'));
const IdempotencyHeaders = z.object({
  'idempotency-key': IdempotencyKey.optional().describe(
    'Makes the posting safe to retry: a repeat with the same key and body returns the first response',
  ),
});

/**
 * Export columns; times are local to the organisation, as people read them ("2026-03-01 09:30:00"), and money
 * in its currency's major units.
 */
function exportColumns(timeZone: string, currencyExponent: number): ExportColumn<Movement>[] {
  const localTime = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  return [
    { header: { en: 'Number', ru: 'Номер' }, value: (row) => row.number },
    { header: { en: 'Time', ru: 'Время' }, value: (row) => localTime.format(new Date(row.createdAt)) },
    { header: { en: 'Type', ru: 'Тип' }, value: (row, lang) => movementTypeWord(row.type, lang) },
    { header: { en: 'SKU', ru: 'Артикул' }, value: (row) => row.sku },
    { header: { en: 'Component', ru: 'Компонент' }, value: (row) => row.componentName },
    { header: { en: 'Quantity', ru: 'Количество' }, value: (row) => Number(row.quantity) },
    { header: { en: 'Unit', ru: 'Ед. изм.' }, value: (row, lang) => unitWord(row.unit, lang) },
    { header: { en: 'From', ru: 'Откуда' }, value: (row) => row.from?.path ?? null },
    { header: { en: 'To', ru: 'Куда' }, value: (row) => row.to?.path ?? null },
    {
      header: { en: 'Unit cost', ru: 'Цена за единицу' },
      value: (row) => (row.unitCostMinor === null ? null : majorUnits(row.unitCostMinor, currencyExponent)),
    },
    {
      header: { en: 'Reference', ru: 'Документ' },
      value: (row, lang) => row.reference || (row.origin ? movementOriginWord(row.origin, lang) : ''),
    },
    { header: { en: 'Note', ru: 'Примечание' }, value: (row) => row.note },
    { header: { en: 'User', ru: 'Пользователь' }, value: (row) => row.user.name },
    { header: { en: 'Reverses', ru: 'Сторнирует' }, value: (row) => row.reversalOfNumber },
  ];
}

function posterOf(request: FastifyRequest): Poster {
  return { userId: authOf(request).userId, departmentId: currentDepartment(request) };
}

/** The current department's movement ledger: read by everyone in it, posted to by workers and administrators. */
export const movementRoutes: FastifyPluginAsyncZod = async (app) => {
  const ledger = movementService(app.db);

  app.post('', {
    config: { access: POSTERS },
    schema: {
      tags,
      summary: 'Post a receipt, issue, transfer or adjustment (adjustments: administrators)',
      headers: IdempotencyHeaders,
      body: MovementRequest,
      response: { 201: PostingResponse, ...problems(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      if (request.body.type === 'adjustment' && authOf(request).role !== 'administrator') {
        throw new AppError('FORBIDDEN', { detail: 'Only administrators adjust stock.' });
      }
      const posted = await ledger.post(posterOf(request), request.body, request.headers['idempotency-key'] ?? null);
      return reply.status(201).send(posted);
    },
  });

  app.post('/:id/reversal', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Reverse a movement: post its exact opposite, linked to it (once)',
      headers: IdempotencyHeaders,
      params: IdParams,
      body: ReversalRequest,
      response: { 201: PostingResponse, ...problems(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const posted = await ledger.reverse(
        posterOf(request),
        request.params.id,
        request.body.note,
        request.headers['idempotency-key'] ?? null,
      );
      return reply.status(201).send(posted);
    },
  });

  app.get('', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: "The current department's ledger, filtered and paginated",
      querystring: MovementListQuery,
      response: { 200: MovementList, ...problems(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const { timeZone } = await organisation(app.db, app.config.timeZone);
      const result = await withListTimeout(app.listDb, (db) =>
        listMovements(
          db,
          currentDepartment(request),
          filters,
          { offset: (page - 1) * pageSize, limit: pageSize },
          timeZone,
        ),
      );
      return { ...result, page, pageSize };
    },
  });

  app.get('/export', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'The filtered ledger as CSV or XLSX (streamed)',
      querystring: MovementExportQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...filters } = request.query;
      const { timeZone } = await organisation(app.db, app.config.timeZone);
      sendTable(reply, {
        name: 'movements',
        format,
        lang,
        columns: exportColumns(timeZone, await organisationCurrencyExponent(app.db)),
        rows: allMovements(app.db, currentDepartment(request), filters, timeZone),
      });
      return reply;
    },
  });

  app.get('/users', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'People who posted movements in the current department',
      response: { 200: MovementUsers, ...problems(401, 403) },
    },
    handler: async (request) => ({ items: await movementUsers(app.db, currentDepartment(request)) }),
  });

  app.get('/:id', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'One movement of the current department',
      params: IdParams,
      response: { 200: MovementSchema, ...problems(401, 403, 404) },
    },
    handler: async (request) => {
      const movement = await findMovement(app.db, currentDepartment(request), request.params.id);
      if (!movement) throw new AppError('NOT_FOUND');
      return movement;
    },
  });
};
