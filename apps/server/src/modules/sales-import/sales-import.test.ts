import type { ActivityImportPreview, ImportPreview, LeadsImportPreview, SalesImportKind, SyncRun } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AmoCrmFake, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { workbook } from '../../../test/xlsx-files.js';
import { queryRows } from '../../db/client.js';

const TIME_ZONE = 'Asia/Yekaterinburg'; // UTC+5 all year: local times convert without daylight saving
const app = await buildTestApp({ AMOCRM_REQUESTS_PER_SECOND: '1000' });

let token: string;
let managerId: string;
let eastId: string;

function upload(kind: SalesImportKind, content: Buffer | string, bearer = token, type = 'text/csv') {
  return app.inject({
    method: 'POST',
    url: `/api/sales/imports/${kind}/preview`,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': type },
    payload: content,
  });
}

async function previewLeads(content: Buffer | string, type?: string): Promise<LeadsImportPreview> {
  const response = await upload('leads', content, token, type);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function previewActivity(content: Buffer | string): Promise<ActivityImportPreview> {
  const response = await upload('activity', content);
  expect(response.statusCode).toBe(200);
  return response.json();
}

function commit(importId: string | null, bearer = token) {
  return call(app, 'POST', `/api/sales/imports/${importId}/commit`, { token: bearer });
}

const csv = (rows: string[][], delimiter = ',') => rows.map((row) => row.join(delimiter)).join('\r\n');

/** Text as Russian Excel saves CSV: Windows-1251 (ASCII, Cyrillic letters, Ё and ё only). */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((character) => {
      const code = character.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x350;
      if (character === 'Ё') return 0xa8;
      if (character === 'ё') return 0xb8;
      throw new Error(`no Windows-1251 byte for ${character}`);
    }),
  );
}

/** A spreadsheet date cell: days since 1899-12-30, with a time of day as the fraction. */
type DateCell = { serial: number; withTime: boolean };

/** A one-sheet XLSX as a spreadsheet program saves it: text, numbers, and date cells with a date format. */
function xlsx(rows: (string | number | DateCell)[][]): Buffer {
  const cell = (value: string | number | DateCell, reference: string) => {
    if (typeof value === 'string') return `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`;
    if (typeof value === 'number') return `<c r="${reference}"><v>${value}</v></c>`;
    return `<c r="${reference}" s="${value.withTime ? 2 : 1}"><v>${value.serial}</v></c>`;
  };
  const sheetData = rows
    .map(
      (row, index) =>
        `<row r="${index + 1}">${row.map((value, column) => cell(value, `${String.fromCharCode(65 + column)}${index + 1}`)).join('')}</row>`,
    )
    .join('');
  // Style 1 is a date (format 14), style 2 a date with a time (format 22).
  return workbook({
    sheetData,
    cellFormats: '<xf/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="22" applyNumberFormat="1"/>',
  });
}

const UTC = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

type StoredLead = {
  id: number;
  title: string;
  contact: string | null;
  contact_id: number | null;
  payment_method: string | null;
  budget_minor: string;
  created_at: string;
  closed_at: string | null;
  pipeline: string;
  status_id: number;
  loss_reason: string | null;
  manager_amo_id: number;
  manager_user_id: string | null;
  department_id: string | null;
};

/** The leads of the file account, with the names of their contact, pipeline and loss reason. */
async function fileLeads(): Promise<Map<number, StoredLead>> {
  const rows = await queryRows<StoredLead>(
    app.db,
    sql`select l.amo_id::integer as id, l.title, c.name as contact, l.main_contact_amo_id::integer as contact_id,
               l.payment_method, l.budget_minor::text as budget_minor,
               to_char(l.amo_created_at at time zone 'UTC', ${sql.raw(UTC)}) as created_at,
               to_char(l.closed_at at time zone 'UTC', ${sql.raw(UTC)}) as closed_at,
               p.name as pipeline, l.status_amo_id::integer as status_id, r.name as loss_reason,
               l.responsible_amo_user_id::integer as manager_amo_id, l.manager_user_id, l.department_id
        from sales_leads l
        join sales_pipelines p on p.account_id = l.account_id and p.amo_id = l.pipeline_amo_id
        left join sales_contacts c on c.account_id = l.account_id and c.amo_id = l.main_contact_amo_id
        left join sales_loss_reasons r on r.account_id = l.account_id and r.amo_id = l.loss_reason_amo_id
        where l.account_id = 0 order by l.amo_id`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many rows the file account has in each sales table. */
async function fileAccountSize() {
  const [row] = await queryRows<Record<string, number>>(
    app.db,
    sql`select (select count(*)::integer from sales_leads where account_id = 0) as leads,
               (select count(*)::integer from sales_contacts where account_id = 0) as contacts,
               (select count(*)::integer from sales_pipelines where account_id = 0) as pipelines,
               (select count(*)::integer from sales_pipeline_statuses where account_id = 0) as statuses,
               (select count(*)::integer from sales_loss_reasons where account_id = 0) as reasons,
               (select count(*)::integer from sales_manager_activity where account_id = 0) as days`,
  );
  return row;
}

/** Everything the file account holds, as text: equal snapshots mean nothing was touched. */
async function fileAccountSnapshot(): Promise<string> {
  const tables = [
    'sales_leads',
    'sales_contacts',
    'sales_pipelines',
    'sales_pipeline_statuses',
    'sales_loss_reasons',
    'sales_manager_activity',
  ];
  const parts: unknown[] = [];
  for (const table of tables) {
    parts.push(
      await queryRows(
        app.db,
        sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t where account_id = 0 order by 1`,
      ),
    );
  }
  return JSON.stringify(parts);
}

async function fileActivity() {
  const rows = await queryRows<{
    manager: number;
    day: string;
    calls: number;
    call_seconds: number;
    call_minutes: string;
    messages: number;
  }>(
    app.db,
    sql`select manager_amo_id::integer as manager, to_char(day, 'YYYY-MM-DD') as day, calls, call_seconds::integer as call_seconds,
               call_minutes::text as call_minutes, messages
        from sales_manager_activity where account_id = 0 order by manager_amo_id, day`,
  );
  return rows;
}

beforeAll(async () => {
  token = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Sales Admin'] })))
    .accessToken;
  // A preview writes nothing, not even the settings row of defaults it reads the currency from.
  await previewLeads(csv([LEAD_HEADER, ['1', '', '', '', '', '2025-03-01', '', 'Sales', 'open', '', '7001']]));
  expect(await queryRows(app.db, sql`select 1 from sales_settings`)).toEqual([]);
  const settings = await call(app, 'PUT', '/api/sales/settings', {
    token,
    body: { subdomain: null, syncIntervalMinutes: 0, timeZone: TIME_ZONE, currency: 'RUB' },
  });
  expect(settings.statusCode).toBe(200);
  // Manager 7001 is a user in Sales East; nobody has AMO ID 7002.
  managerId = (await createUser(app, { role: 'manager', departments: ['Sales East'] })).id;
  await queryRows(app.db, sql`update users set amo_id = 7001 where id = ${managerId}`);
  const [east] = await queryRows<{ id: string }>(app.db, sql`select id from departments where name = 'Sales East'`);
  eastId = east?.id ?? '';
});

const LEAD_HEADER = [
  'Lead ID',
  'Title',
  'Contact',
  'Payment method',
  'Budget',
  'Created at',
  'Closed at',
  'Pipeline',
  'Status',
  'Loss reason',
  'Manager AMO ID',
];
const RUSSIAN_LEAD_HEADER = [
  'ID сделки',
  'Название',
  'Контакт',
  'Способ оплаты',
  'Бюджет',
  'Дата создания',
  'Дата закрытия',
  'Воронка',
  'Статус',
  'Причина отказа',
  'AMO ID менеджера',
];
const RUSSIAN_LEADS = cp1251(
  csv(
    [
      RUSSIAN_LEAD_HEADER,
      [
        '10',
        'Кресла',
        'Анна Петрова',
        'Счёт',
        '1 250 000,55',
        '03.03.2025 10:15',
        '14.03.2025 16:40',
        'Продажи',
        'успешно',
        '',
        '7001',
      ],
      [
        '11',
        '',
        'анна  петрова',
        '',
        '48000',
        '05.03.2025',
        '11.03.2025',
        'продажи',
        'не реализовано',
        'Дорого',
        '7002',
      ],
      ['12', 'Стол', '', '', '', '20.03.2025', '', 'Опт', 'Открыта', '', '7001'],
    ],
    ';',
  ),
);

describe('leads import', () => {
  it('lists every bad row with its column and writes nothing', async () => {
    const before = await fileAccountSize();
    const lead = (changes: Partial<Record<number, string>>) => {
      const row = ['1', 'Fine', '', '', '100', '2025-03-01', '2025-03-02 18:00', 'Sales', 'won', '', '7001'];
      for (const [index, value] of Object.entries(changes)) row[Number(index)] = value ?? '';
      return row;
    };
    const preview = await previewLeads(
      csv([
        LEAD_HEADER,
        lead({}),
        lead({ 0: 'A-7' }),
        lead({ 0: '1' }),
        lead({ 0: '2', 4: '12.345', 5: '2025-02-30' }),
        lead({ 0: '3', 8: 'maybe' }),
        lead({ 0: '4', 6: '' }),
        lead({ 0: '5', 8: 'open' }),
        lead({ 0: '6', 5: '2025-03-05 10:00', 6: '2025-03-05 09:59' }),
        lead({ 0: '7', 9: 'Too expensive' }),
        lead({ 0: '8', 7: '', 10: '0' }),
        lead({ 0: '9', 4: '-5', 6: '31.12.1969' }),
      ]),
    );
    expect(preview.importId).toBeNull();
    expect(preview.totalRows).toBe(11);
    expect(preview.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
      { row: 3, column: 'leadId', code: 'invalidId' },
      { row: 4, column: 'leadId', code: 'duplicateLead' },
      { row: 5, column: 'budget', code: 'tooManyDecimals' },
      { row: 5, column: 'createdAt', code: 'invalidDate' },
      { row: 6, column: 'status', code: 'invalidStatus' },
      { row: 7, column: 'closedAt', code: 'closedAtRequired' },
      { row: 8, column: 'closedAt', code: 'closedAtOnOpenLead' },
      { row: 9, column: 'closedAt', code: 'closedBeforeCreated' },
      { row: 10, column: 'lossReason', code: 'lossReasonNotLost' },
      { row: 11, column: 'pipeline', code: 'required' },
      { row: 11, column: 'managerAmoId', code: 'invalidId' },
      { row: 12, column: 'budget', code: 'invalidNumber' },
      { row: 12, column: 'closedAt', code: 'invalidDate' },
    ]);
    expect(preview.errorCount).toBe(13);
    expect(await fileAccountSize()).toEqual(before);
  });

  it('refuses unknown and missing columns, and an unreadable file', async () => {
    const columns = await previewLeads(
      csv([
        ['Lead ID', 'Colour'],
        ['1', 'red'],
      ]),
    );
    expect(columns.errors.map(({ column, code }) => `${code}:${column}`).sort()).toEqual([
      'missingColumn:createdAt',
      'missingColumn:managerAmoId',
      'missingColumn:pipeline',
      'missingColumn:status',
      'unknownColumn:null',
    ]);
    const binary = await upload('leads', Buffer.from([0, 1, 2, 3, 0, 0, 255]), token, 'application/octet-stream');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().code).toBe('IMPORT_FILE_UNREADABLE');
    // XLSX escapes characters XML cannot hold as _xHHHH_: a NUL or half a surrogate pair is text the database
    // cannot store.
    for (const title of ['a_x0000_b', 'a_xD800_b']) {
      const escaped = await upload(
        'leads',
        xlsx([LEAD_HEADER, [1, title, '', '', '', '2025-03-01', '', 'Sales', 'open', '', 7001]]),
        token,
        'application/octet-stream',
      );
      expect(escaped.statusCode).toBe(422);
      expect(escaped.json().code).toBe('IMPORT_FILE_UNREADABLE');
    }
  });

  it('imports a Windows-1251 CSV with Russian headers: organisation time zone, exact budgets, managers', async () => {
    const preview = await previewLeads(RUSSIAN_LEADS);
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toEqual({
      newLeads: 3,
      updatedLeads: 0,
      newPipelines: 2,
      newLossReasons: 1,
      unmatchedManagerAmoIds: [7002],
    });
    expect(preview.sample[0]).toMatchObject({ leadId: '10', title: 'Кресла', budget: '1 250 000,55' });
    const response = await commit(preview.importId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'leads',
      createdLeads: 3,
      updatedLeads: 0,
      createdPipelines: 2,
      createdLossReasons: 1,
    });

    const leads = await fileLeads();
    expect(leads.get(10)).toMatchObject({
      title: 'Кресла',
      contact: 'Анна Петрова',
      payment_method: 'Счёт',
      budget_minor: '125000055',
      created_at: '2025-03-03T05:15:00Z',
      closed_at: '2025-03-14T11:40:00Z',
      pipeline: 'Продажи',
      status_id: 142,
      loss_reason: null,
      manager_user_id: managerId,
      department_id: eastId,
    });
    // The same person in another letter case and spacing is the same contact; an unknown manager leaves the lead
    // unassigned.
    expect(leads.get(11)).toMatchObject({
      title: '',
      contact: 'Анна Петрова',
      contact_id: leads.get(10)?.contact_id,
      payment_method: null,
      budget_minor: '4800000',
      created_at: '2025-03-04T19:00:00Z',
      pipeline: 'Продажи',
      status_id: 143,
      loss_reason: 'Дорого',
      manager_amo_id: 7002,
      manager_user_id: null,
      department_id: null,
    });
    expect(leads.get(12)).toMatchObject({ contact: null, budget_minor: '0', closed_at: null, pipeline: 'Опт' });
    // A pipeline a file creates has an open stage (where open leads go), won and lost.
    const statuses = await queryRows<{ pipeline: string; ids: string }>(
      app.db,
      sql`select p.name as pipeline, string_agg(s.amo_id::text, ',' order by s.sort) as ids
          from sales_pipelines p join sales_pipeline_statuses s on s.account_id = p.account_id and s.pipeline_amo_id = p.amo_id
          where p.account_id = 0 group by p.name order by p.name`,
    );
    expect(statuses).toEqual([
      { pipeline: 'Опт', ids: '1,142,143' },
      { pipeline: 'Продажи', ids: '1,142,143' },
    ]);
    expect(leads.get(12)?.status_id).toBe(1);
  });

  it('re-imports the same file without changing anything, and a changed row updates its lead', async () => {
    const before = { leads: await fileLeads(), size: await fileAccountSize() };
    const again = await previewLeads(RUSSIAN_LEADS);
    expect(again.summary).toMatchObject({ newLeads: 0, updatedLeads: 3, newPipelines: 0, newLossReasons: 0 });
    expect((await commit(again.importId)).json()).toMatchObject({ createdLeads: 0, updatedLeads: 0 });
    expect(await fileLeads()).toEqual(before.leads);
    expect(await fileAccountSize()).toEqual(before.size);

    const won = await previewLeads(
      csv([
        LEAD_HEADER,
        ['12', 'Стол', 'Ivan Sidorov', 'Card', '99.9', '2025-03-20', '2025-03-28 12:00', 'ОПТ', 'won', '', '7001'],
      ]),
    );
    expect(won.summary).toMatchObject({ newLeads: 0, updatedLeads: 1, newPipelines: 0 });
    expect((await commit(won.importId)).json()).toMatchObject({ createdLeads: 0, updatedLeads: 1 });
    expect((await fileLeads()).get(12)).toMatchObject({
      contact: 'Ivan Sidorov',
      budget_minor: '9990',
      closed_at: '2025-03-28T07:00:00Z',
      pipeline: 'Опт',
      status_id: 142,
    });
  });

  it('reads XLSX date cells and numbers as the file stores them', async () => {
    const preview = await previewLeads(
      xlsx([
        LEAD_HEADER,
        [
          20,
          'Chairs',
          'Anna Petrova',
          'Invoice',
          125000.5,
          { serial: 45719.427083333336, withTime: true },
          { serial: 45730, withTime: false },
          'Продажи',
          'Won',
          '',
          7001,
        ],
      ]),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(preview.errors).toEqual([]);
    expect(preview.sample[0]).toMatchObject({ createdAt: '2025-03-03 10:15', closedAt: '2025-03-14' });
    expect((await commit(preview.importId)).statusCode).toBe(200);
    expect((await fileLeads()).get(20)).toMatchObject({
      budget_minor: '12500050',
      created_at: '2025-03-03T05:15:00Z',
      closed_at: '2025-03-13T19:00:00Z',
      pipeline: 'Продажи',
    });
  });

  it('imports 10 000 leads in one commit', async () => {
    const rows = [LEAD_HEADER];
    const statuses = ['won', 'lost', 'open'] as const;
    for (let index = 0; index < 10_000; index++) {
      const status = statuses[index % 3] ?? 'open';
      rows.push([
        String(100_000 + index),
        `Bulk lead ${index}`,
        `Customer ${index % 700}`,
        index % 2 === 0 ? 'Card' : '',
        `${index}.${String(index % 100).padStart(2, '0')}`,
        '2025-02-01 09:00',
        status === 'open' ? '' : '2025-02-10 18:30',
        index % 4 === 0 ? 'Bulk / wholesale' : 'Bulk',
        status,
        status === 'lost' ? `Reason ${index % 5}` : '',
        String(7001 + (index % 3)),
      ]);
    }
    const preview = await previewLeads(csv(rows));
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toEqual({
      newLeads: 10_000,
      updatedLeads: 0,
      newPipelines: 2,
      newLossReasons: 5,
      unmatchedManagerAmoIds: [7002, 7003],
    });
    const response = await commit(preview.importId);
    expect(response.json()).toEqual({
      kind: 'leads',
      createdLeads: 10_000,
      updatedLeads: 0,
      createdPipelines: 2,
      createdLossReasons: 5,
    });
    const [totals] = await queryRows<{ leads: number; budget: string; contacts: number; managed: number }>(
      app.db,
      sql`select count(*)::integer as leads, sum(budget_minor)::text as budget,
                 count(distinct main_contact_amo_id)::integer as contacts,
                 count(manager_user_id)::integer as managed
          from sales_leads where account_id = 0 and amo_id >= 100000`,
    );
    // Budgets i.(i mod 100) in kopecks: 100 i + i mod 100, summed exactly.
    let budget = 0;
    for (let index = 0; index < 10_000; index++) budget += index * 100 + (index % 100);
    expect(totals).toEqual({ leads: 10_000, budget: String(budget), contacts: 700, managed: 3334 });
  });
});

describe('activity import', () => {
  const HEADER = ['Date', 'Manager AMO ID', 'Call minutes', 'Calls', 'Messages'];

  it('lists every bad row with its column and writes nothing', async () => {
    const before = await fileAccountSize();
    const preview = await previewActivity(
      csv([
        HEADER,
        ['2025-03-01', '7001', '10', '2', '3'],
        ['2025-13-01', '7001', '10', '2', '3'],
        ['2025-03-02 10:00', '7001', '10', '2', '3'],
        ['2025-03-03', 'abc', '1.234', 'x', '-1'],
        ['2025-03-04', '7001', '5', '', ''],
        ['01.03.2025', '7001', '1', '1', '1'],
        ['2025-03-05', '7001', '10000000000', '1', '99999999999'],
        // 12.01 minutes are 720.6 s: not a whole number of seconds.
        ['2025-03-06', '7001', '12.01', '1', '1'],
      ]),
    );
    expect(preview.importId).toBeNull();
    expect(preview.errors.map(({ row, column, code }) => ({ row, column, code }))).toEqual([
      { row: 3, column: 'date', code: 'invalidDate' },
      { row: 4, column: 'date', code: 'invalidDate' },
      { row: 5, column: 'managerAmoId', code: 'invalidId' },
      { row: 5, column: 'callMinutes', code: 'invalidMinutes' },
      { row: 5, column: 'calls', code: 'invalidCount' },
      { row: 5, column: 'messages', code: 'invalidCount' },
      { row: 6, column: 'messages', code: 'required' },
      { row: 7, column: 'date', code: 'duplicateDay' },
      { row: 8, column: 'callMinutes', code: 'tooLarge' },
      { row: 8, column: 'messages', code: 'tooLarge' },
      { row: 9, column: 'callMinutes', code: 'invalidMinutes' },
    ]);
    expect(await fileAccountSize()).toEqual(before);
  });

  it('stores calls, call seconds and messages per manager and day; a re-import replaces its days', async () => {
    const first = await previewActivity(
      csv([
        HEADER,
        ['2025-03-14', '7001', '"95,5"', '23', '41'],
        ['2025-03-14', '7002', '12.05', '', '0'],
        ['15.03.2025', '7001', '0.05', '1', '2'],
      ]),
    );
    expect(first.errors).toEqual([]);
    expect(first.summary).toEqual({ newDays: 3, replacedDays: 0, unmatchedManagerAmoIds: [7002] });
    expect((await commit(first.importId)).json()).toEqual({ kind: 'activity', createdDays: 3, replacedDays: 0 });
    expect(await fileActivity()).toEqual([
      { manager: 7001, day: '2025-03-14', calls: 23, call_seconds: 5730, call_minutes: '95.50', messages: 41 },
      { manager: 7001, day: '2025-03-15', calls: 1, call_seconds: 3, call_minutes: '0.05', messages: 2 },
      { manager: 7002, day: '2025-03-14', calls: 0, call_seconds: 723, call_minutes: '12.05', messages: 0 },
    ]);

    const second = await previewActivity(
      cp1251(
        csv(
          [
            ['Дата', 'AMO ID менеджера', 'Минуты звонков', 'Сообщения'],
            // A Russian spreadsheet groups the thousands with a space.
            ['14.03.2025', '7001', '10', '1 003'],
          ],
          ';',
        ),
      ),
    );
    expect(second.summary).toEqual({ newDays: 0, replacedDays: 1, unmatchedManagerAmoIds: [] });
    expect((await commit(second.importId)).json()).toEqual({ kind: 'activity', createdDays: 0, replacedDays: 1 });
    expect(await fileActivity()).toEqual([
      { manager: 7001, day: '2025-03-14', calls: 0, call_seconds: 600, call_minutes: '10.00', messages: 1003 },
      { manager: 7001, day: '2025-03-15', calls: 1, call_seconds: 3, call_minutes: '0.05', messages: 2 },
      { manager: 7002, day: '2025-03-14', calls: 0, call_seconds: 723, call_minutes: '12.05', messages: 0 },
    ]);
  });
});

describe('templates', () => {
  it('come in both languages with example rows that import as they are', async () => {
    const ru = await call(app, 'GET', '/api/sales/imports/template?kind=leads&format=csv&lang=ru', { token });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('ID сделки;Название;Контакт');
    expect(ru.body).toContain('не реализовано');
    for (const kind of ['leads', 'activity'] as const) {
      for (const [format, lang] of [
        ['xlsx', 'en'],
        ['csv', 'ru'],
      ] as const) {
        const template = await call(
          app,
          'GET',
          `/api/sales/imports/template?kind=${kind}&format=${format}&lang=${lang}`,
          {
            token,
          },
        );
        if (format === 'xlsx') expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
        const preview = await upload(kind, template.rawPayload, token, 'application/octet-stream');
        expect(preview.json(), `${kind} ${format} ${lang}`).toMatchObject({
          errors: [],
          totalRows: kind === 'leads' ? 3 : 2,
        });
      }
    }
  });
});

describe('access', () => {
  it('is for administrators only', async () => {
    const file = csv([LEAD_HEADER, ['1', '', '', '', '', '2025-03-01', '', 'Sales', 'open', '', '7001']]);
    const preview = await previewLeads(file);
    for (const role of ['manager', 'worker'] as const) {
      const other = (await signIn(app, await createUser(app, { role, departments: ['Sales East'] }))).accessToken;
      expect((await upload('leads', file, other)).statusCode).toBe(403);
      expect((await upload('activity', file, other)).statusCode).toBe(403);
      expect((await commit(preview.importId, other)).statusCode).toBe(403);
      const template = await call(app, 'GET', '/api/sales/imports/template?kind=leads', { token: other });
      expect(template.statusCode).toBe(403);
    }
    // Another administrator cannot commit this one's file.
    const colleague = (await signIn(app, await createUser(app, { role: 'administrator' }))).accessToken;
    expect((await commit(preview.importId, colleague)).statusCode).toBe(404);
  });

  it('commits only its own kind of import', async () => {
    const components: ImportPreview = (
      await app.inject({
        method: 'POST',
        url: '/api/imports/components/preview',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: csv([
          ['sku', 'name'],
          ['SALES-KIND-1', 'Not a lead'],
        ]),
      })
    ).json();
    expect(components.importId).toEqual(expect.any(String));
    expect((await commit(components.importId)).statusCode).toBe(404);
    const leads = await previewLeads(
      csv([LEAD_HEADER, ['2', '', '', '', '', '2025-03-01', '', 'Sales', 'open', '', '7001']]),
    );
    expect((await call(app, 'POST', `/api/imports/${leads.importId}/commit`, { token })).statusCode).toBe(404);
    // Both are still there for the right commit.
    expect((await call(app, 'POST', `/api/imports/${components.importId}/commit`, { token })).statusCode).toBe(200);
    expect((await commit(leads.importId)).statusCode).toBe(200);
  });
});

describe('commit', () => {
  const lead = (id: number, pipeline: string) =>
    csv([LEAD_HEADER, [String(id), '', '', '', '', '2025-03-01', '', pipeline, 'open', '', '7001']]);

  it('writes an import once however many commits of it race', async () => {
    const preview = await previewLeads(lead(500, 'Raced'));
    const answers = await Promise.all([1, 2, 3].map(() => commit(preview.importId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404]);
    expect(answers.find((answer) => answer.statusCode === 404)?.json().code).toBe('NOT_FOUND');
  });

  it('gives a new name one id when concurrent commits of different files name it', async () => {
    const previews = await Promise.all([501, 502, 503, 504].map((id) => previewLeads(lead(id, 'Fresh pipeline'))));
    const answers = await Promise.all(previews.map((preview) => commit(preview.importId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().createdPipelines).sort()).toEqual([0, 0, 0, 1]);
    const pipelines = await queryRows(
      app.db,
      sql`select amo_id from sales_pipelines where account_id = 0 and name = 'Fresh pipeline'`,
    );
    expect(pipelines).toHaveLength(1);
  });

  it('refuses an import previewed more than an hour ago, and a later preview removes it', async () => {
    const preview = await previewLeads(lead(505, 'Sales'));
    await queryRows(
      app.db,
      sql`update pending_imports set created_at = now() - interval '61 minutes' where id = ${preview.importId}`,
    );
    expect((await commit(preview.importId)).statusCode).toBe(404);
    await previewActivity(
      csv([
        ['Date', 'Manager AMO ID', 'Call minutes', 'Messages'],
        ['2025-03-01', '7001', '1', '1'],
      ]),
    );
    expect(await queryRows(app.db, sql`select 1 from pending_imports where id = ${preview.importId}`)).toEqual([]);
    expect((await fileLeads()).has(505)).toBe(false);
  });
});

describe('the file account belongs to files', () => {
  let fake: AmoCrmFake;

  afterAll(async () => {
    await app.salesSync.whenIdle();
    await fake?.close();
  });

  async function sync(): Promise<SyncRun> {
    const started = await call(app, 'POST', '/api/sales/sync', { token });
    expect(started.statusCode).toBe(202);
    for (;;) {
      const run: SyncRun = (await call(app, 'GET', `/api/sales/sync/runs/${started.json().runId}`, { token })).json();
      if (run.status !== 'running') {
        await app.salesSync.whenIdle();
        return run;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('a webhook naming account 0 writes nothing there, even before any sync', async () => {
    const before = await fileAccountSnapshot();
    const { webhookPath } = (await call(app, 'GET', '/api/sales/settings', { token })).json();
    const later = Math.floor(Date.now() / 1000) + 3600;
    const form = new URLSearchParams({
      'leads[update][0][id]': '10',
      'leads[update][0][name]': 'Overwritten by a webhook',
      'leads[update][0][status_id]': '142',
      'leads[update][0][pipeline_id]': '1',
      'leads[update][0][price]': '1',
      'leads[update][0][responsible_user_id]': '7001',
      'leads[update][0][date_create]': String(later - 7200),
      'leads[update][0][last_modified]': String(later),
      'leads[delete][0][id]': '11',
      'account[id]': '0',
    });
    const response = await app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect([response.statusCode, response.json().code]).toEqual([422, 'WEBHOOK_OTHER_ACCOUNT']);
    expect(await fileAccountSnapshot()).toBe(before);
  });

  it('a sync and a time-zone change leave account 0 alone, and an amoCRM account numbered 0 is refused', async () => {
    fake = await startAmoCrmFake({
      token: 'file-account-token',
      users: 2,
      leads: 30,
      seed: 5,
      rateLimitPerSecond: 1000,
    });
    const connected = await call(app, 'PUT', '/api/sales/settings', {
      token,
      body: { subdomain: fake.url, token: fake.token, syncIntervalMinutes: 0, timeZone: TIME_ZONE, currency: 'RUB' },
    });
    expect(connected.statusCode).toBe(200);
    const before = await fileAccountSnapshot();
    expect(await fileActivity()).not.toEqual([]);

    expect((await sync()).status).toBe('succeeded');
    expect(await fileAccountSnapshot()).toBe(before);
    // A new time zone recomputes the synced account's days from its calls; the file's days are as typed.
    const moved = await call(app, 'PUT', '/api/sales/settings', {
      token,
      body: { subdomain: fake.url, syncIntervalMinutes: 0, timeZone: 'America/New_York', currency: 'RUB' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await fileAccountSnapshot()).toBe(before);

    fake.control.data.account.id = 0;
    const refused = await sync();
    expect(refused.status).toBe('failed');
    expect(refused.error).toContain('unexpected payload');
    expect(await fileAccountSnapshot()).toBe(before);
  });
});
