import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/sales.js';
import { storeDays } from '../../modules/sales-import/repository.js';
import { type ContactFacts, type LeadFacts, upsertContacts, upsertLeads } from '../../modules/sales-sync/leads.js';
import { salesSettings } from '../../modules/sales-sync/settings.js';
import type { DemoLanguage } from '../language.js';
import { playActivity } from './activity.js';
import { seedDemoBonusSchemes } from './bonus-schemes.js';
import { calendarIn, DAY, monthAt } from './calendar.js';
import { planOf, playLeads } from './leads.js';
import { CLOSED_STAGES, LOSS_REASONS, PIPELINES } from './pipelines.js';
import { OUTSIDERS, SALES_DEPARTMENTS, SALES_TEAM } from './team.js';

/**
 * The demo sales area: a sales team in the two sales departments, two pipelines, twelve months of leads
 * up to today, daily calls and messages, monthly plans up to next month, and a bonus scheme per management
 * type in effect from the first month. The demo reads no amoCRM account, so all of it is file data
 * (FILE_ACCOUNT_ID). Leads are stored as file leads through upsertLeads, the sync's own write path, so each
 * one gets its manager and department exactly as a synced lead does.
 *
 * Every manager's months come from a random stream of their own with a fixed number of draws per month:
 * what a manager achieved N months ago is the same in every seed whatever the date, so the facts the
 * sales screens are shown with (a streak, a 120 % month, some managers above and some below plan last
 * month) always hold. Times are local working hours in the organisation's time zone, so every lead is
 * closed inside the month it counts for. Texts stay English until the rows are written in the seed's
 * language, so the leads and their numbers are the same in every language.
 */

/** Who sets the plans, and the organisation time zone the sales settings start with (`TIME_ZONE`). */
export type DemoSalesPeople = { adminId: string; timeZone: string };

export type DemoSalesSummary = { leads: number; contacts: number; activityDays: number; plans: number };

/** Eleven full months and the current month up to now. */
const MONTHS = 12;
/** Minor units per ruble: the seeded settings keep the default currency, RUB. */
const KOPECKS = 100;
/** amoCRM ids grow with time: leads and contacts are numbered in the order they were created. */
const LEAD_ID_BASE = 30_000_000;
const CONTACT_ID_BASE = 40_000_000;

const seconds = (at: number) => Math.floor(at / 1000);

/**
 * Fills the sales area of a freshly seeded database: the demo managers must exist, the sales tables must
 * be empty. Runs inside the seed's transaction.
 */
export async function seedDemoSales(
  db: Executor,
  people: DemoSalesPeople,
  language: DemoLanguage,
  now: Date = new Date(),
): Promise<DemoSalesSummary> {
  // A settings row that exists already keeps its own time zone.
  const { timeZone } = await salesSettings(db, people.timeZone);
  const calendar = calendarIn(timeZone, now.getTime());
  const months = Array.from({ length: MONTHS }, (_, index) => monthAt(calendar.today, index - MONTHS + 1));
  const nextMonth = monthAt(calendar.today, 1);

  const userRows = await queryRows<{ id: string; amo_id: string | number }>(
    db,
    sql`select id, amo_id from users where amo_id is not null`,
  );
  const userOf = new Map(userRows.map((row) => [Number(row.amo_id), row.id]));
  for (const profile of SALES_TEAM) {
    if (!userOf.has(profile.amoId)) throw new Error(`demo manager with AMO ID ${profile.amoId} is missing`);
  }

  // A manager's leads count in their oldest department. The seed creates the departments in one statement,
  // so they would tie on created_at and the random ids would decide; the demo opened them one after another
  // before its history starts, Moscow first, so Maxim Petrov's leads count in Moscow Sales.
  const historyStart = calendar.at(months[0]?.first ?? calendar.today, 0);
  for (const [index, name] of SALES_DEPARTMENTS.entries()) {
    const openedAt = new Date(historyStart - (SALES_DEPARTMENTS.length - index) * 30 * DAY).toISOString();
    await queryRows(
      db,
      sql`update departments set created_at = ${openedAt}::timestamptz where name = ${language.text(name)}`,
    );
  }

  await queryRows(
    db,
    sql`insert into sales_pipelines (account_id, amo_id, name, sort, is_main, is_archive) values ${sql.join(
      PIPELINES.map(
        (pipeline, index) =>
          sql`(${FILE_ACCOUNT_ID}, ${pipeline.amoId}, ${language.text(pipeline.name)}, ${(index + 1) * 10}, ${pipeline.isMain}, false)`,
      ),
      sql`, `,
    )}`,
  );
  await queryRows(
    db,
    sql`insert into sales_pipeline_statuses (account_id, pipeline_amo_id, amo_id, name, sort, color, type) values ${sql.join(
      PIPELINES.flatMap((pipeline) => [
        ...pipeline.stages.map(
          (stage, index) =>
            sql`(${FILE_ACCOUNT_ID}, ${pipeline.amoId}, ${stage.amoId}, ${language.text(stage.name)}, ${(index + 1) * 10}, ${stage.color}, ${index === 0 ? 1 : 0})`,
        ),
        ...CLOSED_STAGES.map(
          (stage) =>
            sql`(${FILE_ACCOUNT_ID}, ${pipeline.amoId}, ${stage.amoId}, ${language.text(stage.name)}, ${stage.sort}, ${stage.color}, 0)`,
        ),
      ]),
      sql`, `,
    )}`,
  );
  await queryRows(
    db,
    sql`insert into sales_loss_reasons (account_id, amo_id, name, sort) values ${sql.join(
      LOSS_REASONS.map(
        ([reason], index) => sql`(${FILE_ACCOUNT_ID}, ${reason.amoId}, ${language.text(reason.name)}, ${index + 1})`,
      ),
      sql`, `,
    )}`,
  );

  const profiles = [...SALES_TEAM, ...OUTSIDERS];
  const leads = profiles.flatMap((profile) => playLeads(profile, months, calendar));
  leads.sort((a, b) => a.createdAt - b.createdAt);
  const contacts = [...new Set(leads.flatMap((lead) => (lead.contact ? [lead.contact] : [])))];
  contacts.sort((a, b) => a.firstSeen - b.firstSeen);
  contacts.forEach((contact, index) => {
    contact.amoId = CONTACT_ID_BASE + index + 1;
  });
  const contactFacts: ContactFacts[] = contacts.map((contact) => ({
    accountId: FILE_ACCOUNT_ID,
    amoId: contact.amoId,
    name: language.person(contact.name),
    updatedAt: seconds(contact.lastSeen),
  }));
  for (let start = 0; start < contactFacts.length; start += 1000) {
    await upsertContacts(db, contactFacts.slice(start, start + 1000));
  }
  const leadFacts: LeadFacts[] = leads.map((lead, index) => ({
    accountId: FILE_ACCOUNT_ID,
    amoId: LEAD_ID_BASE + index + 1,
    title: language.text(lead.title),
    mainContactAmoId: lead.contact?.amoId ?? null,
    paymentMethod: lead.paymentMethod === null ? null : language.text(lead.paymentMethod),
    budgetMinor: lead.budget * KOPECKS,
    createdAt: seconds(lead.createdAt),
    closedAt: lead.closedAt === null ? null : seconds(lead.closedAt),
    pipelineAmoId: lead.pipeline.amoId,
    statusAmoId: lead.statusAmoId,
    lossReasonAmoId: lead.lossReasonAmoId,
    responsibleAmoUserId: lead.responsible,
    updatedAt: seconds(lead.updatedAt),
  }));
  await upsertLeads(db, leadFacts, 'file');

  // Files give activity as daily totals, so the demo stores the totals as an activity import does:
  // recomputing them from call notes and chat messages is for the amoCRM account only.
  const activity = profiles.flatMap((profile) => playActivity(profile, months, calendar));
  await storeDays(db, activity);

  const plans = SALES_TEAM.flatMap((profile) =>
    [...months, nextMonth].map((month) => ({
      user_id: userOf.get(profile.amoId),
      month: month.key,
      amount_minor: planOf(profile, month) * KOPECKS,
    })),
  );
  await queryRows(
    db,
    sql`insert into sales_plans (user_id, month, amount_minor, updated_by)
        select r.user_id, r.month, r.amount_minor, ${people.adminId}::uuid
        from jsonb_to_recordset(${JSON.stringify(plans)}::jsonb) as r(user_id uuid, month text, amount_minor bigint)`,
  );

  const [firstMonth] = months;
  if (firstMonth) await seedDemoBonusSchemes(db, firstMonth.key);

  return { leads: leads.length, contacts: contacts.length, activityDays: activity.length, plans: plans.length };
}
