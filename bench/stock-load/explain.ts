// EXPLAIN (ANALYZE, BUFFERS) of the stock list queries, exactly as the repository builds them: a summary of the
// top of each plan for the report, and the full plans in a file.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StockListQuery } from '@cm/contract';
import type { SQL } from 'drizzle-orm';
import { type Executor, LIST_STATEMENT_TIMEOUT_MS, postgresPool } from '../../apps/server/src/db/client.js';
import { listStock } from '../../apps/server/src/modules/stock/repository.js';
import type { StockData } from '../stock-data.js';
import { dialect } from './database.js';

type PlanNode = {
  'Node Type': string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Method'?: string;
  Plans?: PlanNode[];
};

/** Explains the stock list pages the scenarios ask for; returns the summary lines and the file of full plans. */
export async function explainStockList(url: string, departmentId: string, data: StockData) {
  const cases: [string, Record<string, string>][] = [
    ['first page (sort=sku)', { pageSize: '25' }],
    [
      'filtered (q, category, sort=value desc)',
      { q: data.filter.q, categoryId: data.filter.categoryId, sort: 'value', order: 'desc' },
    ],
    ['search (q=start of a SKU)', { q: data.search }],
    ['sorted (sort=location)', { sort: 'location' }],
    ['deep page (sort=quantity desc, page 50)', { sort: 'quantity', order: 'desc', page: '50' }],
  ];
  const lines: string[] = [];
  const plans: string[] = [];
  // A connection of the server's list pool, with its settings (ADR 0012, 0015), so the plans are the server's.
  const listPool = postgresPool(url, 1, console.warn, LIST_STATEMENT_TIMEOUT_MS);
  const client = await listPool.connect();
  try {
    for (const [label, query] of cases) {
      const { page, pageSize, ...filters } = StockListQuery.parse(query);
      const captured: SQL[] = [];
      const recorder = {
        execute: async (statement: SQL) => {
          captured.push(statement);
          return { rows: [] };
        },
      } as unknown as Executor;
      await listStock(recorder, departmentId, filters, { offset: (page - 1) * pageSize, limit: pageSize });
      // Every statement of the page (a location filter's check, then the page), but not the last: the recorder
      // answers no rows, after which listStock reads the totals of an empty page on their own, a statement the
      // scenarios never send.
      for (const statement of captured.slice(0, -1)) {
        const compiled = dialect.sqlToQuery(statement);
        // Twice: the first run warms the cache; the second is the one reported.
        await client.query(`explain (analyze, buffers, format json) ${compiled.sql}`, compiled.params);
        const [explained] = (
          await client.query<{ 'QUERY PLAN': unknown }>(
            `explain (analyze, buffers, format json) ${compiled.sql}`,
            compiled.params,
          )
        ).rows;
        const [result] = (explained?.['QUERY PLAN'] ?? []) as [
          {
            Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
            'Planning Time': number;
            'Execution Time': number;
            JIT?: { Timing?: { Total?: number } };
          },
        ];
        const jit = result.JIT?.Timing?.Total;
        lines.push(
          `${label.padEnd(42)} planning ${result['Planning Time'].toFixed(1).padStart(6)} ms  execution ${result['Execution Time'].toFixed(1).padStart(7)} ms${jit ? `  (JIT ${jit.toFixed(1)} ms)` : ''}  buffers hit ${result.Plan['Shared Hit Blocks'] ?? 0} read ${result.Plan['Shared Read Blocks'] ?? 0}`,
        );
        lines.push(...outline(result.Plan, 1, 3));
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${compiled.sql}`,
          compiled.params,
        );
        plans.push(`-- ${label}\n${compiled.sql}\n\n${text.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
      }
    }
  } finally {
    client.release();
    await listPool.end();
  }
  const file = path.join(tmpdir(), `stock-load-plans-${Date.now()}.txt`);
  writeFileSync(file, plans.join('\n'));
  return { lines, file };
}

/** The top levels of a plan: node, relation/index, actual time and rows. */
function outline(node: PlanNode, depth: number, maxDepth: number): string[] {
  const what = [
    node['Node Type'],
    node['Relation Name'] && `on ${node['Relation Name']}`,
    node['Index Name'] && `using ${node['Index Name']}`,
    node['Sort Method'],
  ]
    .filter(Boolean)
    .join(' ');
  const line = `${'  '.repeat(depth)}${what}  (${node['Actual Total Time']?.toFixed(1)} ms, ${node['Actual Rows']} rows)`;
  if (depth >= maxDepth) return [line];
  return [line, ...(node.Plans ?? []).flatMap((child) => outline(child, depth + 1, maxDepth))];
}
