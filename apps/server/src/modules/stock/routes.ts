import { majorUnits, StockExportQuery, StockList, StockListQuery, type StockRow } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unitWord, yesNo } from '../../lib/domain-words.js';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { withListTimeout } from '../../lib/list-timeout.js';
import { currentDepartment, inDepartment, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisationCurrencyExponent } from '../organisation/repository.js';
import { stockPageCache } from './page-cache.js';
import { allStock, listStock } from './repository.js';

const tags = ['stock'];

/** Export columns, money in the organisation currency's major units. */
function exportColumns(currencyExponent: number): ExportColumn<StockRow>[] {
  return [
    { header: { en: 'SKU', ru: 'Артикул' }, value: (row) => row.sku },
    { header: { en: 'Name', ru: 'Наименование' }, value: (row) => row.name },
    { header: { en: 'Category', ru: 'Категория' }, value: (row) => row.categoryPath },
    { header: { en: 'Location', ru: 'Место хранения' }, value: (row) => row.locationPath },
    { header: { en: 'Quantity', ru: 'Количество' }, value: (row) => Number(row.quantity) },
    { header: { en: 'Unit', ru: 'Ед. изм.' }, value: (row, lang) => unitWord(row.unit, lang) },
    { header: { en: 'Minimum stock', ru: 'Минимальный остаток' }, value: (row) => Number(row.minimumStock) },
    { header: { en: 'Below minimum', ru: 'Ниже минимума' }, value: (row, lang) => yesNo(row.belowMinimum, lang) },
    {
      header: { en: 'Unit cost', ru: 'Цена за единицу' },
      value: (row) => majorUnits(row.unitCostMinor, currencyExponent),
    },
    { header: { en: 'Value', ru: 'Стоимость' }, value: (row) => majorUnits(row.valueMinor, currencyExponent) },
  ];
}

/** Quantity on hand in the current department. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = stockPageCache();

  app.get('', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'Stock per component and location, filtered, sorted and paginated, with totals',
      querystring: StockListQuery,
      response: { 200: StockList, ...problems(400, 401, 403, 503) },
    },
    handler: async (request, reply) => {
      const { page, pageSize, ...filters } = request.query;
      const departmentId = currentDepartment(request);
      const body = await withListTimeout(app.listDb, (db) =>
        pages.read(db, departmentId, request.query, async () => {
          const result = await listStock(db, departmentId, filters, { offset: (page - 1) * pageSize, limit: pageSize });
          return { ...result, page, pageSize };
        }),
      );
      // Already StockList's JSON, encoded by the cache with the schema: Fastify sends a JSON text as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as StockList);
    },
  });

  app.get('/export', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'The filtered stock list as CSV or XLSX (streamed)',
      querystring: StockExportQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...filters } = request.query;
      sendTable(reply, {
        name: 'stock',
        format,
        lang,
        columns: exportColumns(await organisationCurrencyExponent(app.db)),
        rows: allStock(app.db, currentDepartment(request), filters),
      });
      return reply;
    },
  });
};
