import type { PipelineList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import { arrayOfBigints } from '../../lib/sql-filters.js';
import type { AmoLossReason, AmoPipeline } from '../amocrm/types.js';

/**
 * Replaces the stored pipelines, their statuses and the loss reasons of an account with amoCRM's current
 * lists, in one short transaction; rows that did not change are not rewritten.
 */
export async function refreshReferenceData(
  db: Database,
  accountId: number,
  pipelines: readonly AmoPipeline[],
  lossReasons: readonly AmoLossReason[],
): Promise<void> {
  const statuses = pipelines.flatMap((pipeline) =>
    pipeline._embedded.statuses.map((status) => ({ ...status, pipeline })),
  );
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`delete from sales_pipelines where account_id = ${accountId} and not (amo_id = any(${arrayOfBigints(pipelines.map((p) => p.id))}))`,
    );
    const kept =
      statuses.length === 0
        ? sql``
        : sql` and (pipeline_amo_id, amo_id) not in (${sql.join(
            statuses.map((status) => sql`(${status.pipeline.id}::bigint, ${status.id}::bigint)`),
            sql`, `,
          )})`;
    await queryRows(tx, sql`delete from sales_pipeline_statuses where account_id = ${accountId}${kept}`);
    await queryRows(
      tx,
      sql`delete from sales_loss_reasons where account_id = ${accountId} and not (amo_id = any(${arrayOfBigints(lossReasons.map((r) => r.id))}))`,
    );
    if (pipelines.length > 0) {
      await queryRows(
        tx,
        sql`insert into sales_pipelines (account_id, amo_id, name, sort, is_main, is_archive)
            values ${sql.join(
              pipelines.map(
                (pipeline) =>
                  sql`(${accountId}::bigint, ${pipeline.id}::bigint, ${pipeline.name}::text, ${Math.round(pipeline.sort)}::integer,
                       ${pipeline.is_main}::boolean, ${pipeline.is_archive}::boolean)`,
              ),
              sql`, `,
            )}
            on conflict (account_id, amo_id) do update set name = excluded.name, sort = excluded.sort,
              is_main = excluded.is_main, is_archive = excluded.is_archive
            where (sales_pipelines.name, sales_pipelines.sort, sales_pipelines.is_main, sales_pipelines.is_archive)
                  is distinct from (excluded.name, excluded.sort, excluded.is_main, excluded.is_archive)`,
      );
    }
    if (statuses.length > 0) {
      await queryRows(
        tx,
        sql`insert into sales_pipeline_statuses (account_id, pipeline_amo_id, amo_id, name, sort, color, type)
            values ${sql.join(
              statuses.map(
                (status) =>
                  sql`(${accountId}::bigint, ${status.pipeline.id}::bigint, ${status.id}::bigint, ${status.name}::text,
                       ${Math.round(status.sort)}::integer, ${status.color ?? null}::text, ${status.type}::smallint)`,
              ),
              sql`, `,
            )}
            on conflict (account_id, pipeline_amo_id, amo_id) do update set name = excluded.name, sort = excluded.sort,
              color = excluded.color, type = excluded.type
            where (sales_pipeline_statuses.name, sales_pipeline_statuses.sort, sales_pipeline_statuses.color, sales_pipeline_statuses.type)
                  is distinct from (excluded.name, excluded.sort, excluded.color, excluded.type)`,
      );
    }
    if (lossReasons.length > 0) {
      await queryRows(
        tx,
        sql`insert into sales_loss_reasons (account_id, amo_id, name, sort)
            values ${sql.join(
              lossReasons.map(
                (reason) =>
                  sql`(${accountId}::bigint, ${reason.id}::bigint, ${reason.name}::text, ${Math.round(reason.sort ?? 0)}::integer)`,
              ),
              sql`, `,
            )}
            on conflict (account_id, amo_id) do update set name = excluded.name, sort = excluded.sort
            where (sales_loss_reasons.name, sales_loss_reasons.sort) is distinct from (excluded.name, excluded.sort)`,
      );
    }
  });
}

/** The stored pipelines of an account with their statuses, in amoCRM's order. */
export async function storedPipelines(db: Executor, accountId: number): Promise<PipelineList['items']> {
  const pipelines = await queryRows<{
    amo_id: string | number;
    name: string;
    sort: number;
    is_main: boolean;
    is_archive: boolean;
  }>(
    db,
    sql`select amo_id, name, sort, is_main, is_archive from sales_pipelines where account_id = ${accountId} order by sort, amo_id`,
  );
  const statuses = await queryRows<{
    pipeline_amo_id: string | number;
    amo_id: string | number;
    name: string;
    sort: number;
    color: string | null;
    type: number;
  }>(
    db,
    sql`select pipeline_amo_id, amo_id, name, sort, color, type from sales_pipeline_statuses
        where account_id = ${accountId} order by sort, amo_id`,
  );
  return pipelines.map((pipeline) => ({
    id: Number(pipeline.amo_id),
    name: pipeline.name,
    sort: pipeline.sort,
    isMain: pipeline.is_main,
    isArchive: pipeline.is_archive,
    statuses: statuses
      .filter((status) => Number(status.pipeline_amo_id) === Number(pipeline.amo_id))
      .map((status) => ({
        id: Number(status.amo_id),
        name: status.name,
        sort: status.sort,
        color: status.color,
        type: status.type,
      })),
  }));
}

/** Pipelines as amoCRM describes them, in the API's shape. */
export function pipelinesFromApi(pipelines: readonly AmoPipeline[]): PipelineList['items'] {
  return [...pipelines]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((pipeline) => ({
      id: pipeline.id,
      name: pipeline.name,
      sort: Math.round(pipeline.sort),
      isMain: pipeline.is_main,
      isArchive: pipeline.is_archive,
      statuses: [...pipeline._embedded.statuses]
        .sort((a, b) => a.sort - b.sort || a.id - b.id)
        .map((status) => ({
          id: status.id,
          name: status.name,
          sort: Math.round(status.sort),
          color: status.color ?? null,
          type: status.type,
        })),
    }));
}
