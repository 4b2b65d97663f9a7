// The sales benchmark's data: 10 departments, 200 managers, 3 years of leads, daily activity and monthly plans, a
// bonus scheme per management type. People, plans and schemes go through the server's own services; the bulk
// (leads, contacts, activity) is generated in SQL, with the manager and the department of each lead chosen by the
// sync's own rule (the user with the responsible user's AMO ID, and that user's first department).
import type { ManagementType } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/client.js';
import { DEMO_BONUS_SCHEMES } from '../../apps/server/src/demo/sales/bonus-schemes.js';
import { bonusSchemesService } from '../../apps/server/src/modules/bonus-schemes/service.js';
import { savePlans } from '../../apps/server/src/modules/sales-settings/plans.js';
import { salesSettings } from '../../apps/server/src/modules/sales-sync/settings.js';
import { upsertUser } from '../../apps/server/src/modules/users/service.js';
import { salesResultMismatches } from '../../apps/server/test/sales-results-checks.js';
import { dialect, withClient } from '../stock-load/database.js';

/** The organisation's clock: days, months and the read model's days are on it. */
export const TIME_ZONE = 'Europe/Moscow';
/** The connected amoCRM account; leads, pipelines and activity are stored under it, as a sync stores them. */
export const ACCOUNT_ID = 31_000_001;
/** Every bench account's password (administrators sign in with it). */
export const PASSWORD = 'bench-sales-password-long-enough';
const MANAGER_AMO_ID_BASE = 9_100_000;
const LEAD_ID_BASE = 20_000_000;
const CONTACT_ID_BASE = 40_000_000;
/** Responsible users no user has as AMO ID (people who left): their leads have no manager and count nowhere. */
const FORMER_AMO_ID_BASE = 9_900_000;

export type SalesDataOptions = {
  departments: number;
  managers: number;
  leads: number;
  /** Full months of history before the current one. */
  months: number;
  log: (message: string) => void;
};

/** What the scenarios need of the data. */
export type SalesData = {
  departments: { id: string; name: string; adminEmail: string; managers: { id: string; amoId: number }[] }[];
  /** The full months of the history (`YYYY-MM`), oldest first; the current month comes after them. */
  months: string[];
  webhookSecret: string;
  leads: number;
};

const DEPARTMENT_NAMES = [
  'Moscow',
  'Saint Petersburg',
  'Novosibirsk',
  'Yekaterinburg',
  'Kazan',
  'Nizhny Novgorod',
  'Samara',
  'Rostov',
  'Krasnoyarsk',
  'Online',
];
const FIRST_NAMES = ['Anna', 'Boris', 'Daria', 'Egor', 'Irina', 'Kirill', 'Maria', 'Oleg', 'Polina', 'Sergei'];
const LAST_NAMES = [
  'Ivanova',
  'Petrov',
  'Smirnova',
  'Kuznetsov',
  'Popova',
  'Sokolov',
  'Lebedeva',
  'Kozlov',
  'Novikova',
  'Morozov',
  'Volkova',
  'Orlov',
  'Fedorova',
  'Zaitsev',
  'Pavlova',
  'Semenov',
  'Golubeva',
  'Vinogradov',
  'Bogdanova',
  'Titov',
];
const MANAGEMENT_TYPES: ManagementType[] = ['offline', 'online', 'hybrid'];
const PRODUCTS = [
  'Resistor kit',
  'Capacitor reels',
  'Power modules',
  'Connectors',
  'Relays',
  'MCU boards',
  'Sensors',
  'Cable assemblies',
  'Enclosures',
  'LED drivers',
];
const COMPANIES = [
  'Initech',
  'Umbrella',
  'Globex',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Vandelay',
  'Acme',
  'Massive Dynamic',
  'Aperture',
  'Wonka',
  'Oscorp',
  'Gringotts',
];

/** Pipelines: share of the leads, budget factor, open stages (won 142 and lost 143 are in every pipeline). */
const PIPELINES = [
  { amoId: 8_100_001, name: 'Sales', share: 0.5, factor: 1, stages: ['Incoming', 'Contacted', 'Proposal', 'Invoice'] },
  { amoId: 8_100_002, name: 'Repeat customers', share: 0.25, factor: 0.7, stages: ['Request', 'Quote', 'Payment'] },
  { amoId: 8_100_003, name: 'Tenders', share: 0.15, factor: 3, stages: ['Announced', 'Bid', 'Review', 'Contract'] },
  { amoId: 8_100_004, name: 'Online shop', share: 0.1, factor: 0.25, stages: ['Cart', 'Checkout'] },
];
/** Loss reasons with weights; 5 % of the lost leads have none. */
const LOSS_REASONS: [number, string, number][] = [
  [5_200_001, 'Too expensive', 28],
  [5_200_002, 'Chose a competitor', 20],
  [5_200_003, 'No response', 22],
  [5_200_004, 'No budget', 10],
  [5_200_005, 'Postponed the purchase', 10],
  [5_200_006, 'Delivery time too long', 6],
  [5_200_007, 'Not what the customer needed', 4],
];

function textArray(values: string[]): string {
  return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`;
}

/** A small seeded generator (mulberry32): the same people and plans in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const adminEmail = (department: number) => `bench-sales-admin-${pad(department + 1)}@example.com`;

/** Runs `work` and logs how long it took; returns its result. */
async function step<T>(log: (message: string) => void, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${name.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Departments, their administrators and managers, through the users service (hashing, memberships, audit). */
async function createPeople(db: Database, options: SalesDataOptions): Promise<void> {
  const names = DEPARTMENT_NAMES.slice(0, options.departments).map((name) => `${name} Sales`);
  // One administrator per department: the leaderboard and analytics are scoped to the caller's current department.
  for (const [index, name] of names.entries()) {
    await upsertUser(db, {
      email: adminEmail(index),
      password: PASSWORD,
      role: 'administrator',
      name: `${name} Administrator`,
      departments: [name],
    });
  }
  // Opened one after another, a month apart, so that "the first department" of a manager in two is plain.
  await queryRows(
    db,
    sql`update departments d set created_at = now() - interval '5 years' + o.position * interval '30 days'
        from unnest(${sql.raw(textArray(names))}) with ordinality as o(name, position) where d.name = o.name`,
  );
  const random = seeded(25);
  const managers = Array.from({ length: options.managers }, (_, index) => {
    const home = index % names.length;
    // One manager in twenty also belongs to the next department (a team lead covering two offices): the leads
    // count in the older of the two, as the sync decides.
    const departments = index % 20 === 19 ? [names[home], names[(home + 1) % names.length]] : [names[home]];
    const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
    const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)];
    return {
      email: `bench-sales-manager-${pad(index + 1, 3)}@example.com`,
      password: PASSWORD,
      role: 'manager' as const,
      name: `${first} ${last} ${pad(index + 1, 3)}`,
      departments: departments.filter((name): name is string => name !== undefined),
      amoId: MANAGER_AMO_ID_BASE + index + 1,
      managementType: MANAGEMENT_TYPES[index % 3],
    };
  });
  // Four at a time: argon2 hashing runs on libuv's threads, and each user is its own few statements.
  for (let start = 0; start < managers.length; start += 4) {
    await Promise.all(managers.slice(start, start + 4).map((manager) => upsertUser(db, manager)));
  }
}

/** The settings row (time zone, account), pipelines, stages and loss reasons, as a sync would leave them. */
async function createSettingsAndPipelines(client: pg.Client, db: Database): Promise<void> {
  await salesSettings(db, TIME_ZONE);
  await client.query(
    `update sales_settings set amo_account_id = $1, sync_interval_minutes = 0, currency = 'RUB' where id = 1`,
    [ACCOUNT_ID],
  );
  for (const [index, pipeline] of PIPELINES.entries()) {
    await client.query(
      `insert into sales_pipelines (account_id, amo_id, name, sort, is_main, is_archive) values ($1, $2, $3, $4, $5, false)`,
      [ACCOUNT_ID, pipeline.amoId, pipeline.name, (index + 1) * 10, index === 0],
    );
    const stages: [number, string, number, number][] = [
      ...pipeline.stages.map((name, stage): [number, string, number, number] => [
        openStageId(pipeline.amoId, stage),
        name,
        (stage + 1) * 10,
        stage === 0 ? 1 : 0,
      ]),
      [142, 'Closed - won', 10_000, 0],
      [143, 'Closed - lost', 11_000, 0],
    ];
    for (const [amoId, name, sort, type] of stages) {
      await client.query(
        `insert into sales_pipeline_statuses (account_id, pipeline_amo_id, amo_id, name, sort, color, type)
         values ($1, $2, $3, $4, $5, '#99ccff', $6)`,
        [ACCOUNT_ID, pipeline.amoId, amoId, name, sort, type],
      );
    }
  }
  for (const [index, [amoId, name]] of LOSS_REASONS.entries()) {
    await client.query(`insert into sales_loss_reasons (account_id, amo_id, name, sort) values ($1, $2, $3, $4)`, [
      ACCOUNT_ID,
      amoId,
      name,
      index + 1,
    ]);
  }
}

function openStageId(pipelineAmoId: number, stage: number): number {
  return (pipelineAmoId % 1000) * 100 + 81_000_000 + stage + 1;
}

/**
 * The managers as the sync matches them (sales-sync/leads.ts MANAGERS: the user with the AMO ID, and that user's
 * first department, oldest first), numbered, with a skill that sets their share of won leads; and the pipelines
 * with their cumulative shares of the leads.
 */
async function createHelperTables(client: pg.Client): Promise<void> {
  await client.query(`select setseed(0.25)`);
  await client.query(`drop table if exists bench_managers, bench_pipelines, bench_reasons`);
  await client.query(
    `create temporary table bench_managers as
     select (row_number() over (order by u.amo_id) - 1)::int as idx, u.id as user_id, u.amo_id,
            (select ud.department_id from user_departments ud join departments d on d.id = ud.department_id
              where ud.user_id = u.id order by d.created_at, d.id limit 1) as department_id,
            0.75 + 0.5 * random() as skill
     from users u where u.amo_id is not null`,
  );
  await client.query(
    `create temporary table bench_pipelines (amo_id bigint, share_from float8, share_to float8, factor float8, open_stages bigint[])`,
  );
  let from = 0;
  for (const pipeline of PIPELINES) {
    const stages = pipeline.stages.map((_, stage) => openStageId(pipeline.amoId, stage));
    await client.query(`insert into bench_pipelines values ($1, $2, $3, $4, $5)`, [
      pipeline.amoId,
      from,
      // The last pipeline takes whatever rounding leaves.
      pipeline === PIPELINES.at(-1) ? 2 : from + pipeline.share,
      pipeline.factor,
      stages,
    ]);
    from += pipeline.share;
  }
  const total = LOSS_REASONS.reduce((sum, [, , weight]) => sum + weight, 0);
  await client.query(`create temporary table bench_reasons (amo_id bigint, share_from float8, share_to float8)`);
  let reasonFrom = 0.05;
  for (const [amoId, , weight] of LOSS_REASONS) {
    const share = (0.95 * weight) / total;
    await client.query(`insert into bench_reasons values ($1, $2, $3)`, [
      amoId,
      reasonFrom,
      amoId === LOSS_REASONS.at(-1)?.[0] ? 2 : reasonFrom + share,
    ]);
    reasonFrom += share;
  }
}

/**
 * The leads in one statement, numbered by creation time as amoCRM numbers them (so the table's physical order
 * follows time, as a real account's does):
 * - responsible user: one of the managers, the first ones busier (share ∝ rank^-0.2); 1 % former employees;
 * - status: won with probability 0.35 × the manager's skill (0.75–1.25), lost up to 70 % in all, else an open
 *   stage of the pipeline; lost leads have a weighted loss reason (5 % none);
 * - closing time spread over the history and up to now, a little denser lately (a growing business); created
 *   an exponential 18 days (mean) before; open leads created an exponential 45 days before now;
 * - budget log-normal, median 30 000 ₽ × the pipeline's factor, whole roubles;
 * - 4 % untitled, 10 % without a contact, 20 % without a payment method, 0.2 % deleted.
 */
function leadsStatement(leads: number, managers: number): string {
  return `
    with params as (
      select (date_trunc('month', now() at time zone $1) - $2::int * interval '1 month') at time zone $1 as start_at,
             now() - interval '1 minute' as end_at
    ),
    draws as (
      select i, random() as u_manager, random() as u_former, random() as u_status, random() as u_pipeline,
             random() as u_stage, random() as u_close, random() as u_open, random() as u_b1, random() as u_b2,
             random() as u_reason, random() as u_title, random() as u_company, random() as u_contact,
             random() as u_payment, random() as u_deleted, random() as u_updated
      from generate_series(1, ${leads}) i
    ),
    shaped as (
      select d.*, p.amo_id as pipeline_amo_id, p.factor, p.open_stages,
             m.user_id, m.department_id, coalesce(m.skill, 1) as skill,
             case when d.u_former < 0.01 then ${FORMER_AMO_ID_BASE} + 1 + floor(d.u_manager * 5)::int else m.amo_id end
               as responsible
      from draws d
      join bench_pipelines p on d.u_pipeline >= p.share_from and d.u_pipeline < p.share_to
      left join bench_managers m on m.idx = least(${managers - 1}, floor(${managers} * power(d.u_manager, 1.25)))::int
    ),
    statused as (
      select s.*,
             case when s.u_status < 0.35 * s.skill then 142
                  when s.u_status < 0.70 then 143
                  else s.open_stages[1 + floor(s.u_stage * cardinality(s.open_stages))::int] end as status
      from shaped s
    ),
    timed as (
      select t.*,
             case when t.status in (142, 143)
                  then params.start_at + (params.end_at - params.start_at) * power(t.u_close, 0.8) end as closed_at,
             params.end_at as end_at
      from statused t cross join params
    ),
    dated as (
      select t.*,
             case when t.closed_at is not null
                  then t.closed_at - make_interval(secs => -ln(1 - t.u_open) * 18 * 86400 + 3600)
                  else t.end_at - make_interval(secs => -ln(1 - t.u_open) * 45 * 86400 + 3600) end as created_at
      from timed t
    )
    insert into sales_leads (account_id, amo_id, title, main_contact_amo_id, payment_method, budget_minor,
                             amo_created_at, closed_at, pipeline_amo_id, status_amo_id, loss_reason_amo_id,
                             responsible_amo_user_id, manager_user_id, department_id, amo_updated_at, deleted, deleted_at)
    select ${ACCOUNT_ID}, ${LEAD_ID_BASE} + row_number() over (order by d.created_at, d.i),
           case when d.u_title < 0.04 then ''
                else (${textArray(PRODUCTS)})[1 + floor(d.u_title * ${PRODUCTS.length})::int] || ' for ' ||
                     (${textArray(COMPANIES)})[1 + floor(d.u_company * ${COMPANIES.length})::int] end,
           case when d.u_contact < 0.9 then ${CONTACT_ID_BASE} + 1 + floor(d.u_contact / 0.9 * $3::int)::int end,
           case when d.u_payment < 0.8 then (array['Card', 'Bank transfer', 'Invoice', 'Cash'])[1 + floor(d.u_payment / 0.2)::int] end,
           greatest(100, round(exp(ln(30000) + 0.9 * sqrt(-2 * ln(1 - d.u_b1)) * cos(2 * pi() * d.u_b2)) * d.factor))::bigint * 100,
           d.created_at, d.closed_at, d.pipeline_amo_id, d.status,
           case when d.status = 143 then (select r.amo_id from bench_reasons r
                                          where d.u_reason >= r.share_from and d.u_reason < r.share_to) end,
           d.responsible,
           case when d.u_former >= 0.01 then d.user_id end,
           case when d.u_former >= 0.01 then d.department_id end,
           least(d.end_at, coalesce(d.closed_at, d.created_at) + d.u_updated * interval '3 hours'),
           d.u_deleted < 0.002,
           case when d.u_deleted < 0.002 then least(d.end_at, coalesce(d.closed_at, d.created_at) + interval '1 day') end
    from dated d`;
}

/** Calls and messages per manager and day: weekdays busy, weekends quiet; offline calls more, online writes more. */
function activityStatement(): string {
  return `
    insert into sales_manager_activity (account_id, manager_amo_id, day, calls, call_seconds, messages)
    select ${ACCOUNT_ID}, a.amo_id, a.day, a.calls, (a.calls * (40 + 160 * a.u_length))::bigint, a.messages
    from (
      select m.amo_id, d.day,
             round(case u.management_type when 'offline' then 36 when 'online' then 10 else 22 end
                   * case when extract(isodow from d.day) >= 6 then 0.1 else 1 end * (0.4 + 1.2 * random()))::int as calls,
             round(case u.management_type when 'offline' then 8 when 'online' then 60 else 30 end
                   * case when extract(isodow from d.day) >= 6 then 0.2 else 1 end * (0.4 + 1.2 * random()))::int as messages,
             random() as u_length
      from bench_managers m join users u on u.id = m.user_id
      cross join (select day::date from generate_series(
        date_trunc('month', now() at time zone $1) - $2::int * interval '1 month',
        (now() at time zone $1)::date::timestamp, interval '1 day') day) d
    ) a`;
}

/**
 * Plans of every manager for every month of the history, this month and the next, through the plans service (as
 * the Plans screen saves them), per department: the manager's revenue that month (the last full month's for this
 * and the next) × 0.75–1.25, in whole thousands of roubles, so fact/plan spreads around 100 %.
 */
async function savePlansOfEveryone(db: Database, history: string[], current: string): Promise<number> {
  const revenue = await queryRows<{ user_id: string; month: string; revenue_minor: string }>(
    db,
    sql`select user_id, to_char(day, 'YYYY-MM') as month, sum(revenue_minor)::text as revenue_minor
        from sales_daily_results group by 1, 2`,
  );
  const revenueOf = new Map(revenue.map((row) => [`${row.user_id} ${row.month}`, Number(row.revenue_minor)]));
  const members = await queryRows<{ user_id: string; department_id: string; admin_id: string }>(
    db,
    sql`select u.id as user_id, ud.department_id,
               (select a.id from users a join user_departments ad on ad.user_id = a.id
                where a.role = 'administrator' and ad.department_id = ud.department_id order by a.email limit 1) as admin_id
        from users u join user_departments ud on ud.user_id = u.id
        where u.role = 'manager' and ud.department_id = (
          select d.id from user_departments x join departments d on d.id = x.department_id
          where x.user_id = u.id order by d.created_at, d.id limit 1)`,
  );
  const lastFull = history.at(-1) ?? current;
  const months = [...history, current, nextMonth(current)];
  const random = seeded(2025);
  const byDepartment = new Map<string, typeof members>();
  for (const member of members) {
    byDepartment.set(member.department_id, [...(byDepartment.get(member.department_id) ?? []), member]);
  }
  let saved = 0;
  for (const [departmentId, people] of byDepartment) {
    const items = people.flatMap((person) =>
      months.map((month) => {
        const basis = revenueOf.get(`${person.user_id} ${history.includes(month) ? month : lastFull}`) ?? 0;
        const amount = Math.max(100_000_00, Math.round((basis * (0.75 + 0.5 * random())) / 100_000_00) * 100_000_00);
        return { userId: person.user_id, month, amountMinor: amount };
      }),
    );
    const adminId = people[0]?.admin_id;
    if (!adminId) throw new Error(`department ${departmentId} has no administrator`);
    saved += (await savePlans(db, departmentId, { items }, adminId)).saved;
  }
  return saved;
}

function nextMonth(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return index === 12 ? `${year + 1}-01` : `${year}-${pad(index + 1)}`;
}

/** The full months of the history, oldest first, on the organisation's clock. */
async function historyMonths(client: pg.Client, months: number): Promise<string[]> {
  const rows = await client.query<{ month: string }>(
    `select to_char(date_trunc('month', now() at time zone $1) - k * interval '1 month', 'YYYY-MM') as month
     from generate_series($2::int, 1, -1) k`,
    [TIME_ZONE, months],
  );
  return rows.rows.map((row) => row.month);
}

/** Fills a fresh, migrated database; logs each step's time and the total. */
export async function generateSalesData(url: string, options: SalesDataOptions): Promise<void> {
  const { log } = options;
  const started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    await withClient(url, async (client) => {
      await client.query(`set synchronous_commit = off`);
      await client.query(`set work_mem = '256MB'`);
      await client.query(`set maintenance_work_mem = '512MB'`);
      const months = await historyMonths(client, options.months);
      await step(log, `${options.departments} departments, their administrators, ${options.managers} managers`, () =>
        createPeople(database.db, options),
      );
      await step(log, 'sales settings, pipelines, stages, loss reasons', () =>
        createSettingsAndPipelines(client, database.db),
      );
      await createHelperTables(client);
      const contacts = Math.round(options.leads * 0.3);
      await step(log, `${contacts} contacts`, () =>
        client.query(
          `insert into sales_contacts (account_id, amo_id, name, amo_updated_at)
           select ${ACCOUNT_ID}, ${CONTACT_ID_BASE} + i,
                  (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || ' ' ||
                  (${textArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || i,
                  now() - (i % 1000) * interval '1 day'
           from generate_series(1, ${contacts}) i`,
        ),
      );
      await loadLeads(client, {
        leads: options.leads,
        managers: options.managers,
        contacts,
        months: options.months,
        log,
      });
      const days = await step(log, `daily activity of ${options.managers} managers`, () =>
        client.query(activityStatement(), [TIME_ZONE, options.months]),
      );
      const current = await client.query<{ month: string }>(
        `select to_char(now() at time zone $1, 'YYYY-MM') as month`,
        [TIME_ZONE],
      );
      const plans = await step(log, 'monthly plans (plans service, per department)', () =>
        savePlansOfEveryone(database.db, months, current.rows[0]?.month ?? ''),
      );
      await step(log, 'bonus scheme per management type (bonus schemes service)', async () => {
        const schemes = bonusSchemesService(database.db, TIME_ZONE);
        const [admin] = await queryRows<{ id: string }>(
          database.db,
          sql`select id from users where email = ${adminEmail(0)}`,
        );
        for (const type of MANAGEMENT_TYPES) {
          await schemes.save(type, months[0] ?? '', DEMO_BONUS_SCHEMES[type], { userId: admin?.id ?? '', ip: null });
        }
      });
      await step(log, 'vacuum (analyze)', () => client.query('vacuum (analyze)'));
      const summary = await client.query<Record<string, string>>(
        `select (select count(*) from sales_leads) as leads,
                (select count(*) from sales_leads where status_amo_id = 142) as won,
                (select count(*) from sales_leads where status_amo_id = 143) as lost,
                (select count(*) from sales_leads where manager_user_id is null) as unmatched,
                (select count(*) from sales_daily_results) as result_rows,
                (select pg_size_pretty(pg_total_relation_size('sales_leads'))) as leads_size`,
      );
      const row = summary.rows[0] ?? {};
      log(
        `  ${row.leads} leads (${row.won} won, ${row.lost} lost, ${row.unmatched} without a manager), ${days.rowCount} activity days, ${plans} plans; sales_daily_results ${row.result_rows} rows; sales_leads ${row.leads_size} with indexes`,
      );
    });
  } finally {
    await database.close();
  }
  log(`  generation took ${((performance.now() - started) / 1000).toFixed(1)} s in all\n`);
}

/**
 * Loads the leads. The read model's row trigger (one plpgsql call and one insert per lead) is switched off for the
 * load, inside the loading transaction only, and the model is then built by the database's own rebuild in the
 * same transaction: the same rows a lead-by-lead load would leave, folded, in a fraction of the time (measured
 * with LEAD_TRIGGERS=1, which loads through the trigger and folds with sales_daily_results_compact()).
 */
async function loadLeads(
  client: pg.Client,
  options: { leads: number; managers: number; contacts: number; months: number; log: (message: string) => void },
): Promise<void> {
  const { leads, managers, contacts, months, log } = options;
  const throughTriggers = process.env.LEAD_TRIGGERS === '1';
  const trigger = 'sales_daily_results_lead_added_or_removed';
  await client.query('begin');
  try {
    if (!throughTriggers) await client.query(`alter table sales_leads disable trigger ${trigger}`);
    await step(log, `${leads} leads (${throughTriggers ? 'through the read model trigger' : 'trigger off'})`, () =>
      client.query(leadsStatement(leads, managers), [TIME_ZONE, months, contacts]),
    );
    if (throughTriggers) {
      await step(log, 'sales_daily_results_compact()', () => client.query('select sales_daily_results_compact()'));
    } else {
      await client.query(`alter table sales_leads enable trigger ${trigger}`);
      await step(log, 'sales_daily_results_rebuild()', () => client.query('select sales_daily_results_rebuild()'));
    }
    await step(log, 'commit', () => client.query('commit'));
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Checks of the generated data: the sync's matching rule and the read model against the leads. */
export async function dataChecks(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const rematch = await client.query<{ count: string }>(
      `with managers as (
         select u.id as user_id, u.amo_id,
                (select ud.department_id from user_departments ud join departments d on d.id = ud.department_id
                  where ud.user_id = u.id order by d.created_at, d.id limit 1) as department_id
         from users u where u.amo_id is not null)
       select count(*) from sales_leads l left join managers m on m.amo_id = l.responsible_amo_user_id
       where (l.manager_user_id, l.department_id) is distinct from (m.user_id, m.department_id)`,
    );
    const started = performance.now();
    const { sql: text, params } = dialect.sqlToQuery(salesResultMismatches());
    const mismatches = (await client.query(text, params)).rowCount;
    return [
      `leads whose manager or department differ from the sync's rule: ${rematch.rows[0]?.count}`,
      `read model keys ≠ recomputation from the leads (salesResultMismatches): ${mismatches} (${(
        (performance.now() - started) / 1000
      ).toFixed(1)} s)`,
    ];
  });
}

/** What the scenarios need, read from a generated (or kept) database. */
export async function describeSalesData(url: string, months: number): Promise<SalesData> {
  return withClient(url, async (client) => {
    const departments = await client.query<{ id: string; name: string; admin_email: string }>(
      `select d.id, d.name, a.email as admin_email from departments d
       join user_departments ad on ad.department_id = d.id join users a on a.id = ad.user_id
       where a.role = 'administrator' and a.email like 'bench-sales-admin-%' order by d.created_at, d.id`,
    );
    // Each manager under the department their leads count in (their first), as the sync assigns them.
    const managers = await client.query<{ id: string; amo_id: string; department_id: string }>(
      `select u.id, u.amo_id,
              (select ud.department_id from user_departments ud join departments d on d.id = ud.department_id
                where ud.user_id = u.id order by d.created_at, d.id limit 1) as department_id
       from users u where u.role = 'manager' and u.amo_id is not null order by u.amo_id`,
    );
    const settings = await client.query<{ webhook_secret: string }>(
      `select webhook_secret from sales_settings where id = 1`,
    );
    const count = await client.query<{ count: string }>(`select count(*) from sales_leads`);
    return {
      departments: departments.rows.map((department) => ({
        id: department.id,
        name: department.name,
        adminEmail: department.admin_email,
        managers: managers.rows
          .filter((manager) => manager.department_id === department.id)
          .map((manager) => ({ id: manager.id, amoId: Number(manager.amo_id) })),
      })),
      months: await historyMonths(client, months),
      webhookSecret: settings.rows[0]?.webhook_secret ?? '',
      leads: Number(count.rows[0]?.count ?? 0),
    };
  });
}
