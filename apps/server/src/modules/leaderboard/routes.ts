import { Leaderboard, LeaderboardExportQuery, LeaderboardQuery, type LeaderboardRow, majorUnits } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisationCurrencyExponent } from '../organisation/repository.js';
import { liveBoards } from './live.js';
import { leaderboardService } from './service.js';

const tags = ['leaderboard'];
const SALES_STAFF = inDepartment(requireRole('manager', 'administrator'));

/** Export columns, money in the organisation currency's major units. */
function exportColumns(exponent: number): ExportColumn<LeaderboardRow>[] {
  const money = (minor: number | null) => (minor === null ? null : majorUnits(minor, exponent));
  return [
    { header: { en: 'Rank', ru: 'Место' }, value: (row) => row.rank },
    { header: { en: 'Manager', ru: 'Менеджер' }, value: (row) => row.name },
    { header: { en: 'AMO ID', ru: 'AMO ID' }, value: (row) => row.amoId },
    { header: { en: 'Revenue', ru: 'Выручка' }, value: (row) => money(row.revenueMinor) },
    { header: { en: 'Plan', ru: 'План' }, value: (row) => money(row.planMinor) },
    {
      header: { en: 'Fact/plan, %', ru: 'Факт/план, %' },
      value: (row) => (row.factPlanPercent === null ? null : Number(row.factPlanPercent)),
    },
    { header: { en: 'Bonus', ru: 'Бонус' }, value: (row) => money(row.bonusMinor) },
    { header: { en: 'Successful leads', ru: 'Успешные сделки' }, value: (row) => row.wonLeads },
    { header: { en: 'Unsuccessful leads', ru: 'Неуспешные сделки' }, value: (row) => row.lostLeads },
    { header: { en: 'Call minutes', ru: 'Минуты звонков' }, value: (row) => row.callMinutes },
    { header: { en: 'Messages', ru: 'Сообщения' }, value: (row) => row.messages },
  ];
}

/** The leaderboard of the current department (PRODUCT.md §5): managers and administrators. */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const leaderboard = leaderboardService(app.db, app.config.timeZone);
  const boards = liveBoards(app.listenToDatabase);
  app.addHook('preClose', async () => boards.close());

  app.get('', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: "The current department's sales people over a period (default this month), ranked",
      querystring: LeaderboardQuery,
      response: { 200: Leaderboard, ...problems(400, 401, 403, 422) },
    },
    handler: async (request, reply) => {
      const body = await leaderboard.leaderboardJson(currentDepartment(request), request.query);
      // Already Leaderboard's JSON, encoded with the schema when it was computed: Fastify sends a JSON text as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as Leaderboard);
    },
  });

  app.get('/events', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: "Server-sent events: `results` each time the current department's figures change (for live boards)",
      response: { 200: z.string().describe('text/event-stream'), ...problems(401, 403) },
    },
    handler: (request, reply) => boards.open(currentDepartment(request), reply),
  });

  app.get('/export', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: 'The leaderboard of a period as CSV or XLSX, in the order of its ranks',
      querystring: LeaderboardExportQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403, 422) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...query } = request.query;
      const { rows } = await leaderboard.leaderboard(currentDepartment(request), query);
      sendTable(reply, {
        name: 'leaderboard',
        format,
        lang,
        columns: exportColumns(await organisationCurrencyExponent(app.db)),
        rows: (async function* () {
          yield* rows;
        })(),
      });
      return reply;
    },
  });
};
