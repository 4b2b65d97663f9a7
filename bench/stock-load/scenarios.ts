// The scenario table: what each scenario asks the server, with what alongside, and what it checks afterwards.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import {
  departmentTotalMismatches,
  movementCountMismatches,
  summaryMismatches,
} from '../../apps/server/test/stock-summary-checks.js';
import type { StockData } from '../stock-data.js';
import { dialect, type PostingTarget, type Samples, withClient } from './database.js';
import { broadFilters, mixedFilters } from './varied-filters.js';

export type Scenario = {
  name: string;
  title: string;
  /** The requests of one run; `tag` tells a warm-up's postings (reference WO-BENCH-<tag>) from the measured ones. */
  requests: (tag: string) => autocannon.Request[];
  /**
   * Requests sent at a steady rate while the scenario's own run (open model, like RATE), reported in its notes:
   * load that the measured requests share the server and the database with. The CPU columns include theirs.
   */
  alongside?: { rate: number; requests: (tag: string) => autocannon.Request[] };
  /**
   * Checks run after the measured run; each returns a line for the report. `statusCounts` are those of the
   * requests alongside when there are some (the postings), else of the scenario's own.
   */
  after?: (tag: string, statusCounts: Record<string, number>) => Promise<string[]>;
  /** Warm up first (not for the scarce components: a warm-up would use their stock up). */
  warmUp: boolean;
};

/** Every scenario, in the order they run; SCENARIOS picks a subset. */
export function scenarios(
  context: Samples & { token: string; data: StockData; url: string },
  options: {
    /** POSTINGS_ALONGSIDE of the entry point's header. */
    postingsAlongside: number;
    /** CONNECTIONS: how many postings can be in flight when the load stops. */
    connections: number;
  },
): Scenario[] {
  const headers = { authorization: `Bearer ${context.token}` };
  const get = (pathAndQuery: string) => (): autocannon.Request[] => [{ method: 'GET', path: pathAndQuery, headers }];
  const filter = new URLSearchParams({
    q: context.data.filter.q,
    categoryId: context.data.filter.categoryId,
    sort: 'value',
    order: 'desc',
  });
  const issues =
    (targets: PostingTarget[]) =>
    (tag: string): autocannon.Request[] => [
      {
        method: 'POST',
        setupRequest: (request) => {
          const target = targets[Math.floor(Math.random() * targets.length)];
          return {
            ...request,
            method: 'POST',
            path: '/api/movements',
            headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              type: 'issue',
              componentId: target?.componentId,
              locationId: target?.locationId,
              quantity: '1',
              reference: `WO-BENCH-${tag}`,
            }),
          };
        },
      },
    ];
  const verify = (targets: PostingTarget[]) => async (tag: string, statusCounts: Record<string, number>) =>
    withClient(context.url, async (client) => {
      const ids = targets.map((target) => target.componentId);
      const checks = await client.query<{
        negative: string;
        ledger_mismatches: string;
        posted: string;
        remaining: string;
      }>(
        `with ledger as (
             select component_id, location_id, sum(delta) as quantity from (
               select component_id, to_location_id as location_id, quantity as delta from movements
               where component_id = any($1::uuid[]) and to_location_id is not null
               union all
               select component_id, from_location_id, -quantity from movements
               where component_id = any($1::uuid[]) and from_location_id is not null) d
             group by 1, 2)
           select (select count(*) from stock_balances where quantity < 0) as negative,
                  (select count(*) from ledger full join (select * from stock_balances where component_id = any($1::uuid[])) b
                     using (component_id, location_id) where ledger.quantity is distinct from b.quantity) as ledger_mismatches,
                  (select count(*) from movements where reference = $2) as posted,
                  (select sum(quantity) from stock_balances where component_id = any($1::uuid[])) as remaining`,
        [ids, `WO-BENCH-${tag}`],
      );
      const row = checks.rows[0];
      const mismatches = async (check: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(check);
        return (await client.query(text, params)).rowCount;
      };
      const created = statusCounts['201'] ?? 0;
      // Requests still in flight when the load stops are committed but not counted: at most one per connection.
      const inFlight = Number(row?.posted) - created;
      return [
        `negative balances (whole table): ${row?.negative}`,
        `balances ≠ ledger sum (these ${targets.length} components): ${row?.ledger_mismatches}`,
        `department_stock ≠ sum of balances: ${await mismatches(departmentTotalMismatches())}`,
        `stock_summary ≠ count and sums of balances (per department and slot): ${await mismatches(summaryMismatches())}`,
        `stock_summary ≠ count of movements (per department and slot): ${await mismatches(movementCountMismatches())}`,
        `movements posted ${row?.posted}, 201 responses counted ${created} (${inFlight} in flight at the stop; ` +
          `must be 0..${options.connections}: ${inFlight >= 0 && inFlight <= options.connections ? 'ok' : 'NOT OK'})`,
        `stock left on these components: ${Number(row?.remaining)}`,
      ];
    });
  // The stock list's answers are kept until the department's stock or catalogue changes (ADR 0020), and
  // "filtered" repeats one page: these ask each page once, which is what a page costs the first time.
  const broad = broadFilters(context.filterTargets);
  const mixed = mixedFilters(context.filterTargets, 5000);
  const eachOnce = (queries: string[]) => {
    let asked = 0;
    return {
      requests: (): autocannon.Request[] => [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => {
            const path = `/api/stock?${queries[asked % queries.length]}`;
            asked += 1;
            return { ...request, path };
          },
        },
      ],
      after: async () => [
        `pages asked ${asked} of ${queries.length}: ${asked <= queries.length ? 'none' : 'some'} asked twice`,
      ],
      // No warm-up: it would ask pages the run then finds kept.
      warmUp: false,
    };
  };
  let next = 0;
  return [
    {
      // The ceiling of the stack on this machine: token check with its one query, a tiny JSON answer.
      name: 'baseline',
      title: 'GET /api/auth/check (bearer token verified against the database; no stock query)',
      requests: get('/api/auth/check'),
      warmUp: true,
    },
    {
      name: 'stock-first-page',
      title: 'GET /api/stock?pageSize=25',
      requests: get('/api/stock?pageSize=25'),
      warmUp: true,
    },
    {
      name: 'stock-filtered',
      title: `GET /api/stock?q=${context.data.filter.q}&categoryId=<${context.data.filter.categoryPath}>&sort=value&order=desc`,
      requests: get(`/api/stock?${filter}`),
      warmUp: true,
    },
    {
      name: 'stock-filtered-varied',
      title: `GET /api/stock?q=<manufacturer>&categoryId=<root>&sort=…&order=…&page=1..3, each of ${broad.length} pages once`,
      ...eachOnce(broad),
    },
    {
      name: 'stock-varied-mix',
      title: `GET /api/stock with a search, category, location, below minimum, sort, order and page mixed, each of ${mixed.length} queries once`,
      ...eachOnce(mixed),
    },
    {
      name: 'stock-search',
      title: `GET /api/stock?q=${context.data.search}`,
      requests: get(`/api/stock?q=${context.data.search}`),
      warmUp: true,
    },
    {
      name: 'stock-sorted',
      title: 'GET /api/stock?sort=location',
      requests: get('/api/stock?sort=location'),
      warmUp: true,
    },
    {
      name: 'stock-sorted-name',
      title: 'GET /api/stock?sort=name&order=desc',
      requests: get('/api/stock?sort=name&order=desc'),
      warmUp: true,
    },
    {
      name: 'stock-deep-page',
      title: 'GET /api/stock?sort=quantity&order=desc&page=50',
      requests: get('/api/stock?sort=quantity&order=desc&page=50'),
      warmUp: true,
    },
    {
      // Every posting dates all the department's kept pages (ADR 0020): this is the list as people see it while
      // the store is busy, the pages asked again after each posting computed once for everyone waiting.
      name: 'stock-while-posting',
      title: `GET the first page, filtered, search, sorted and page 50 in turn, while issues of the hot components are posted at ${options.postingsAlongside}/s`,
      requests: () =>
        [
          `/api/stock?pageSize=25`,
          `/api/stock?${filter}`,
          `/api/stock?q=${context.data.search}`,
          '/api/stock?sort=location',
          '/api/stock?sort=quantity&order=desc&page=50',
        ].map((path) => ({ method: 'GET', path, headers })),
      alongside: { rate: options.postingsAlongside, requests: issues(context.data.hot) },
      after: verify(context.data.hot),
      warmUp: true,
    },
    {
      name: 'component-detail',
      title: 'GET /api/components/:id (random of 10 000 ids)',
      requests: () => [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => {
            next = (next + 7919) % context.componentIds.length;
            return { ...request, path: `/api/components/${context.componentIds[next]}` };
          },
        },
      ],
      warmUp: true,
    },
    {
      name: 'issue-hot',
      title: `POST /api/movements issue 1 of ${context.data.hot.length} hot components (1 000 000 each)`,
      requests: issues(context.data.hot),
      after: verify(context.data.hot),
      warmUp: true,
    },
    {
      name: 'issue-spread',
      title: `POST /api/movements issue 1 of ${context.spread.length} ordinary components (no two requests share a row)`,
      requests: issues(context.spread),
      after: verify(context.spread),
      warmUp: true,
    },
    {
      name: 'issue-scarce',
      title: `POST /api/movements issue 1 of ${context.data.scarce.length} scarce components (100 each → 409s)`,
      requests: issues(context.data.scarce),
      after: verify(context.data.scarce),
      warmUp: false,
    },
  ];
}
