import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withListTimeout } from '../../lib/list-timeout.js';
import { currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisation, organisationCurrencyExponent } from '../organisation/repository.js';
import { abcAnalysis } from './abc-analysis.js';
import { activityByUser } from './activity-by-user.js';
import { bringClosingsUpToDate } from './closings.js';
import { consumption } from './consumption.js';
import { deadStock } from './dead-stock.js';
import { localDay } from './file-words.js';
import { lowStock } from './low-stock.js';
import { movementSummary } from './movement-summary.js';
import type { ReportDefinition, ReportScope } from './report-definition.js';
import { sendReportFile } from './report-file.js';
import { allRowsOf, reportPage } from './report-page.js';
import { stockValuation } from './stock-valuation.js';

const tags = ['reports'];
const ADMINISTRATORS = inDepartment(requireRole('administrator'));

/** The page route and the file route of one report. */
function registerReport<
  Query extends z.ZodType,
  ExportQuery extends z.ZodType,
  Response extends z.ZodType,
  DatabaseRow,
  Row,
  DatabaseSummary,
  Rest,
>(
  app: FastifyInstance,
  report: ReportDefinition<Query, ExportQuery, Response, DatabaseRow, Row, DatabaseSummary, Rest>,
) {
  const scopeOf = async (departmentId: string): Promise<ReportScope> => {
    const { timeZone } = await organisation(app.db, app.config.timeZone);
    if (report.readsClosings) await bringClosingsUpToDate(app.db, departmentId, timeZone);
    return { departmentId, timeZone };
  };

  app.get(`/${report.name}`, {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: report.summary,
      querystring: report.schemas.query,
      response: { 200: report.schemas.response, ...problems(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const { page, pageSize, ...parameters } = request.query as z.output<ExportQuery> & {
        page: number;
        pageSize: number;
      };
      const scope = await scopeOf(currentDepartment(request));
      const query = report.query(scope, parameters as z.output<ExportQuery>);
      const result = await withListTimeout(app.listDb, (db) =>
        reportPage<DatabaseRow, DatabaseSummary>(db, query, { page, pageSize }),
      );
      return {
        items: result.rows.map(report.toRow),
        total: result.total,
        page,
        pageSize,
        ...report.toRest(result.summary),
      };
    },
  });

  app.get(`/${report.name}/export`, {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: `${report.summary}: every row as CSV, XLSX or PDF (streamed)`,
      querystring: report.schemas.exportQuery,
      response: { 200: z.string().describe('CSV, XLSX or PDF file'), ...problems(400, 401, 403, 503) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...parameters } = request.query as z.output<ExportQuery> & {
        format: 'csv' | 'xlsx' | 'pdf';
        lang: 'en' | 'ru';
      };
      const scope = await scopeOf(currentDepartment(request));
      const query = report.query(scope, parameters as z.output<ExportQuery>);
      const currencyExponent = await organisationCurrencyExponent(app.db);
      const all = await allRowsOf<DatabaseRow, DatabaseSummary>(app.db, app.databaseKind, query);
      // A download closed early ends the cursor's transaction, whether or not the file had begun to read the rows.
      reply.raw.once('close', () => void all.rows.return?.());
      const rest = report.toRest(all.summary);
      const exported = parameters as z.output<ExportQuery>;
      sendReportFile(reply, {
        name: report.name,
        day: report.file.day?.(exported) ?? localDay(new Date().toISOString(), scope.timeZone),
        format,
        lang,
        timeZone: scope.timeZone,
        currencyExponent,
        head: {
          title: report.title[lang],
          parameters: report.file.parameters(exported, lang),
          chart: report.file.chart(rest, lang, currencyExponent),
          totals: report.file.totals(rest, lang),
        },
        columns: report.file.columns(exported),
        rowCount: all.total,
        rows: (async function* () {
          for await (const row of all.rows) yield report.toRow(row);
        })(),
      });
      return reply;
    },
  });
}

/** The stock reports of the current department, for administrators (PRODUCT.md §4). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReport(app, stockValuation);
  registerReport(app, movementSummary);
  registerReport(app, lowStock);
  registerReport(app, consumption);
  registerReport(app, activityByUser);
  registerReport(app, deadStock);
  registerReport(app, abcAnalysis);
};
