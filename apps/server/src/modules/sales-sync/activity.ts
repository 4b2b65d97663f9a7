import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import type { AmoCallNote, AmoChatMessageEvent } from '../amocrm/types.js';

/** One call note on a lead or a contact, attributed to its responsible user (else its author). */
export type CallFacts = {
  accountId: number;
  entityType: 'leads' | 'contacts';
  noteAmoId: number;
  entityAmoId: number;
  managerAmoId: number;
  direction: 'in' | 'out';
  durationSeconds: number;
  createdAt: number;
  updatedAt: number;
};

export type MessageFacts = {
  accountId: number;
  eventAmoId: string;
  managerAmoId: number;
  leadAmoId: number | null;
  createdAt: number;
};

/** A call note as facts; null when nobody is named on it (a telephony integration may leave both empty). */
export function callFactsFromNote(
  note: AmoCallNote,
  entityType: 'leads' | 'contacts',
  accountId: number,
): CallFacts | null {
  const managerAmoId = note.responsible_user_id || note.created_by;
  if (!managerAmoId) return null;
  return {
    accountId,
    entityType,
    noteAmoId: note.id,
    entityAmoId: note.entity_id,
    managerAmoId,
    direction: note.note_type === 'call_in' ? 'in' : 'out',
    durationSeconds: Math.round(note.params.duration),
    createdAt: note.created_at,
    updatedAt: note.updated_at,
  };
}

/** An outgoing message as facts; null for messages sent by a bot or an automation (author 0). */
export function messageFactsFromEvent(event: AmoChatMessageEvent, accountId: number): MessageFacts | null {
  if (!event.created_by) return null;
  return {
    accountId,
    eventAmoId: event.id,
    managerAmoId: event.created_by,
    leadAmoId: event.entity_type === 'lead' ? event.entity_id : null,
    createdAt: event.created_at,
  };
}

/** Stores call notes; returns the days (in `timeZone`) of the calls that were new or changed. */
export async function upsertCalls(db: Executor, calls: readonly CallFacts[], timeZone: string): Promise<string[]> {
  const unique = [...new Map(calls.map((call) => [`${call.entityType}:${call.noteAmoId}`, call])).values()];
  if (unique.length === 0) return [];
  const rows = await queryRows<{ day: string }>(
    db,
    sql`insert into sales_calls (account_id, entity_type, note_amo_id, entity_amo_id, manager_amo_id, direction,
                                 duration_seconds, created_at, amo_updated_at)
        select r."accountId", r."entityType", r."noteAmoId", r."entityAmoId", r."managerAmoId", r.direction,
               r."durationSeconds", to_timestamp(r."createdAt"), to_timestamp(r."updatedAt")
        from jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) as r("accountId" bigint, "entityType" text,
          "noteAmoId" bigint, "entityAmoId" bigint, "managerAmoId" bigint, direction text, "durationSeconds" integer,
          "createdAt" double precision, "updatedAt" double precision)
        on conflict (account_id, entity_type, note_amo_id) do update set
          entity_amo_id = excluded.entity_amo_id, manager_amo_id = excluded.manager_amo_id, direction = excluded.direction,
          duration_seconds = excluded.duration_seconds, created_at = excluded.created_at, amo_updated_at = excluded.amo_updated_at
        where sales_calls.amo_updated_at <= excluded.amo_updated_at
          and (sales_calls.entity_amo_id, sales_calls.manager_amo_id, sales_calls.direction, sales_calls.duration_seconds,
               sales_calls.created_at, sales_calls.amo_updated_at)
              is distinct from (excluded.entity_amo_id, excluded.manager_amo_id, excluded.direction, excluded.duration_seconds,
               excluded.created_at, excluded.amo_updated_at)
        returning to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day`,
  );
  return rows.map((row) => row.day);
}

/** Stores outgoing messages (events never change); returns the days of the new ones. */
export async function insertMessages(
  db: Executor,
  messages: readonly MessageFacts[],
  timeZone: string,
): Promise<string[]> {
  const unique = [...new Map(messages.map((message) => [message.eventAmoId, message])).values()];
  if (unique.length === 0) return [];
  const rows = await queryRows<{ day: string }>(
    db,
    sql`insert into sales_chat_messages (account_id, event_amo_id, manager_amo_id, lead_amo_id, created_at)
        select r."accountId", r."eventAmoId", r."managerAmoId", r."leadAmoId", to_timestamp(r."createdAt")
        from jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) as r("accountId" bigint, "eventAmoId" text,
          "managerAmoId" bigint, "leadAmoId" bigint, "createdAt" double precision)
        on conflict (account_id, event_amo_id) do nothing
        returning to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day`,
  );
  return rows.map((row) => row.day);
}

/**
 * Recomputes calls, call seconds and messages per manager per day from the stored notes and events, for
 * the given days (`'all'` after a time-zone change). Rows that do not change are not written.
 */
export async function recomputeActivity(
  db: Executor,
  accountId: number,
  timeZone: string,
  days: readonly string[] | 'all',
): Promise<void> {
  if (days !== 'all' && days.length === 0) return;
  const dayOf = (column: SQL) => sql`(${column} at time zone ${timeZone})::date`;
  let within = (_column: SQL) => sql`true`;
  let onDays = sql`true`;
  if (days !== 'all') {
    const sorted = [...new Set(days)].sort();
    const list = sql.join(
      sorted.map((day) => sql`${day}::date`),
      sql`, `,
    );
    // The range lets the index on created_at narrow the scan; the day list picks the exact days.
    within = (column: SQL) =>
      sql`${column} >= (${sorted[0]}::date::timestamp at time zone ${timeZone})
          and ${column} < ((${sorted.at(-1)}::date + 1)::timestamp at time zone ${timeZone})
          and ${dayOf(column)} in (${list})`;
    onDays = sql`a.day in (${list})`;
  }
  await queryRows(
    db,
    sql`with fresh as (
          select manager_amo_id, day, sum(calls)::integer as calls, sum(call_seconds)::bigint as call_seconds,
                 sum(messages)::integer as messages
          from (
            select c.manager_amo_id, ${dayOf(sql`c.created_at`)} as day, 1 as calls, c.duration_seconds::bigint as call_seconds,
                   0 as messages
            from sales_calls c where c.account_id = ${accountId} and ${within(sql`c.created_at`)}
            union all
            select m.manager_amo_id, ${dayOf(sql`m.created_at`)}, 0, 0::bigint, 1
            from sales_chat_messages m where m.account_id = ${accountId} and ${within(sql`m.created_at`)}
          ) facts
          group by manager_amo_id, day
        ),
        removed as (
          delete from sales_manager_activity a
          where a.account_id = ${accountId} and ${onDays}
            and not exists (select 1 from fresh f where f.manager_amo_id = a.manager_amo_id and f.day = a.day)
        )
        insert into sales_manager_activity (account_id, manager_amo_id, day, calls, call_seconds, messages)
        select ${accountId}::bigint, manager_amo_id, day, calls, call_seconds, messages from fresh
        on conflict (account_id, manager_amo_id, day) do update set
          calls = excluded.calls, call_seconds = excluded.call_seconds, messages = excluded.messages, updated_at = now()
        where (sales_manager_activity.calls, sales_manager_activity.call_seconds, sales_manager_activity.messages)
              is distinct from (excluded.calls, excluded.call_seconds, excluded.messages)`,
  );
}
