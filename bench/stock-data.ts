// Bulk data for the stock benchmark, written straight in SQL (INSERT … SELECT over generate_series): a
// category tree, one department's location tree, N components and 10 movements per component whose running
// balances never go below zero, then stock_balances, department_stock and stock_summary summed from that very ledger.
// With `history` (the reports benchmark) the movements spread over the past two years instead of one, and the
// components differ in ways the reports look for: see HISTORY.
import type pg from 'pg';

export type StockDataOptions = {
  departmentId: string;
  userId: string;
  components: number;
  /** Two years of history shaped for the reports (HISTORY); off, the data is the stock benchmark's. */
  history?: boolean;
  /** With history: the people the movements are spread over (by component and movement); else all are userId's. */
  postedBy?: string[];
  log?: (message: string) => void;
};

/**
 * The shape of the `history` data, by component number i (1…N, the SKU's digits). Each component's ten movements
 * run from its first receipt to its last issue, evenly, in the same order as without history but for the second
 * receipt, which lands anywhere in between (no balance is ever below zero). The first receipt is between `days` and
 * ~13 months ago; the last movement:
 * - i % 10 = 0, dead: 366–665 days ago (the dead stock report at `days` = 365 lists exactly these);
 * - i % 10 = 1, idle: 181–364 days ago, so a day passes before any reaches 365 (dead at 180 days, with the dead ones);
 * - otherwise within the last 90 days.
 * Minimum stock: 2 000–4 000 for i % 10 = 2, above anything on hand (≤ 1 993), so the low stock report lists
 * exactly these; 0–450 for the others, below anything on hand (≥ 860). The second receipt costs 8 % more than the
 * first.
 */
export const HISTORY = { days: 730, deadShare: 0.1, idleShare: 0.1, lowShare: 0.1 } as const;

/** What the load scenarios need to know about the generated data. */
export type StockData = {
  components: number;
  movements: number;
  balances: number;
  /** Components with 1 000 000 units each at one location: issues of 1 never run out. */
  hot: { componentId: string; locationId: string }[];
  /** Components with 100 units each: concurrent issues run them dry and get 409s after that. */
  scarce: { componentId: string; locationId: string }[];
  /** Category and search term of the "filtered" stock list scenario: a broad filter (2 000 balances). */
  filter: { categoryId: string; categoryPath: string; q: string };
  /** The "search" scenario's term: the start of a SKU, as someone looking for a part types it (10 components). */
  search: string;
  seconds: Record<string, number>;
};

/** Per component: two receipts, six issues from the first bin, one transfer, one issue from the second bin. */
export const MOVEMENTS_PER_COMPONENT = 10;

const ROOT_CATEGORIES = [
  'Resistors',
  'Capacitors',
  'Inductors',
  'Diodes',
  'Transistors',
  'Microcontrollers',
  'Power management',
  'Interface',
  'Connectors',
  'Relays',
];
export const MANUFACTURERS = [
  'Yageo',
  'Murata',
  'Texas Instruments',
  'STMicroelectronics',
  'Vishay',
  'TE Connectivity',
  'Würth Elektronik',
  'Nexperia',
  'Infineon',
  'Microchip',
  'onsemi',
  'Analog Devices',
];
export const PACKAGES = ['0402', '0603', '0805', 'SOT-23', 'SOIC-8', 'QFN-32', 'TO-220', 'LQFP-48'];

function textArray(values: string[]): string {
  return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;
}

/** Fills an empty, migrated database (one department and user already created) with the benchmark data. */
export async function generateStockData(client: pg.Client, options: StockDataOptions): Promise<StockData> {
  const log = options.log ?? (() => {});
  const seconds: Record<string, number> = {};
  const step = async (name: string, statements: string | string[], values: unknown[] = []) => {
    const started = performance.now();
    for (const statement of Array.isArray(statements) ? statements : [statements]) {
      await client.query(statement, statement.includes('$') ? values : []);
    }
    seconds[name] = (performance.now() - started) / 1000;
    log(`  ${name.padEnd(34)} ${seconds[name].toFixed(1)} s`);
  };
  const department = options.departmentId;
  const n = options.components;

  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);
  // Foreign keys hold by construction; skipping their per-row triggers during the load (superusers only) saves
  // most of the load time. The benchmark checks balances against the ledger afterwards anyway.
  const replica = await client
    .query(`set session_replication_role = replica`)
    .then(() => true)
    .catch(() => false);
  if (!replica) log('  (not a superuser: foreign keys are checked row by row, the load is slower)');

  await step(
    'categories and locations',
    [
      `with roots as (select gen_random_uuid() as id, name from unnest(${textArray(ROOT_CATEGORIES)}) as name)
     insert into categories (id, name, parent_id, path, ancestor_ids) select id, name, null, name, array[id] from roots`,
      `insert into categories (id, name, parent_id, path, ancestor_ids)
       select id, 'Series ' || lpad(k::text, 2, '0'), parent_id, path || ' / Series ' || lpad(k::text, 2, '0'), ancestors || id
       from (select gen_random_uuid() as id, k, root.id as parent_id, root.path, root.ancestor_ids as ancestors
             from categories root cross join generate_series(1, 10) k where root.parent_id is null) child`,
      // A node's ancestors include itself, as the application writes them (trees/tree-store.ts).
      `insert into locations (id, department_id, name, parent_id, path, ancestor_ids)
       select id, $1, 'Warehouse', null, 'Warehouse', array[id] from (select gen_random_uuid() as id) warehouse`,
      `insert into locations (id, department_id, name, parent_id, path, ancestor_ids)
       select id, $1, 'Shelf ' || lpad(k::text, 2, '0'), parent_id, 'Warehouse / Shelf ' || lpad(k::text, 2, '0'),
              array[parent_id, id]
       from (select gen_random_uuid() as id, k, w.id as parent_id from locations w cross join generate_series(1, 20) k
             where w.parent_id is null and w.department_id = $1) shelf`,
      `insert into locations (id, department_id, name, parent_id, path, ancestor_ids)
       select id, $1, 'Bin ' || lpad(k::text, 2, '0'), parent_id, path || ' / Bin ' || lpad(k::text, 2, '0'), ancestors || id
       from (select gen_random_uuid() as id, k, s.id as parent_id, s.path, s.ancestor_ids as ancestors
             from locations s cross join generate_series(1, 10) k
             where s.department_id = $1 and cardinality(s.ancestor_ids) = 2) bin`,
    ],
    [department],
  );

  // Component i: leaf category i % 100, manufacturer i % 12, package (i / 10) % 8; minimum stock 0..1900 so
  // that a good share ends below it (with history: as HISTORY says).
  const history = options.history === true;
  const minimumStock = history
    ? `case when g.i % 10 = 2 then 2000 + (g.i % 5) * 500 else (g.i % 10) * 50 end`
    : '(g.i % 20) * 100';
  const created = history ? `interval '${HISTORY.days + 10} days'` : `interval '500 days'`;
  await step(`${n} components (+2 parameters each)`, [
    `insert into components (sku, name, category_id, manufacturer, manufacturer_part_number, package, unit,
                             minimum_stock, default_unit_cost_minor, created_at, updated_at)
     select 'BX-' || lpad(g.i::text, 6, '0'),
            split_part(leaf.path, ' / ', 1) || ' ' || (${textArray(PACKAGES)})[1 + (g.i / 10) % 8] || ' type ' || (g.i % 997),
            leaf.id,
            (${textArray(MANUFACTURERS)})[1 + g.i % 12],
            upper(substr(md5(g.i::text), 1, 10)),
            (${textArray(PACKAGES)})[1 + (g.i / 10) % 8],
            'pcs', ${minimumStock}, 5 + (g.i * 37) % 50000,
            now() - ${created}, now() - ${created} + (g.i % 1000) * interval '1 minute'
     from generate_series(1, ${n}) g(i)
     join (select id, path, (row_number() over (order by path) - 1)::int as n from categories where parent_id is not null) leaf
       on leaf.n = g.i % 100`,
    `insert into component_parameters (component_id, position, name, value, unit)
     select id, p.position, p.name, p.value, p.unit from components
     cross join lateral (values (0, 'Voltage', (5 + length(sku))::text, 'V'), (1, 'Tolerance', '1', '%'))
       as p(position, name, value, unit)`,
  ]);

  // The ledger is the heavy part: drop the movements table's secondary indexes, load, build them again.
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.tablename = 'movements' and i.indexname not in (select conname from pg_constraint)`,
  );
  await step(
    'drop movements indexes',
    indexes.rows.map((index) => `drop index ${index.indexname}`),
  );
  // Bins: the department's 200 leaf locations. Component c keeps its stock in bins a and b (always distinct).
  // With history, movement k of component i is posted at first + (last − first) × (k − 1) / 9, first and last as
  // HISTORY says, a component's own second of the day added to both so that components do not share instants;
  // the second receipt goes between two of the others, wherever i puts it: its bin (b) issues only after the
  // transfer has filled it, so the receipts reach into the last year without any balance going below zero.
  const jitter = `(i % 86400) * interval '1 second'`;
  const first = `now() - interval '${HISTORY.days} days' + ((i::bigint * 7919) % (case i % 10 when 0 then 60 when 1 then 180 else 330 end)) * interval '1 day' + ${jitter}`;
  const last = `now() - (case i % 10 when 0 then 366 + (i::bigint * 31) % 300 when 1 then 181 + (i::bigint * 31) % 183 else (i::bigint * 104729) % 90 end) * interval '1 day' - ${jitter}`;
  const people = history ? (options.postedBy ?? []) : [];
  // $2 stays in the statement either way: pg refuses a parameter it cannot type.
  const postedBy =
    people.length > 0 ? `coalesce((${textArray(people)}::uuid[])[1 + (i * k) % ${people.length}], $2)` : '$2';
  const postedAt = history
    ? `(${first}) + ((${last}) - (${first})) * (case when k = 2 then ((i * 13) % 9 + 0.5) / 9.0 else (k - 1) / 9.0 end)`
    : `now() - interval '400 days' + k * interval '36 days' + ${jitter}`;
  await step(
    `${n * MOVEMENTS_PER_COMPONENT} movements`,
    `
    with bins as (
      select array_agg(id order by path) as ids from locations
      where department_id = $1 and cardinality(ancestor_ids) = 3
    ),
    parts as (
      select c.id, c.default_unit_cost_minor as cost, row_number() over (order by c.sku)::int as i from components c
    ),
    plan as (
      select p.id as component_id, p.cost, p.i, k,
             bins.ids[1 + p.i % 200] as bin_a, bins.ids[1 + (p.i % 200 + 1 + (p.i / 200) % 199) % 200] as bin_b
      from parts p cross join bins cross join generate_series(1, ${MOVEMENTS_PER_COMPONENT}) k
    )
    insert into movements (type, department_id, component_id, quantity, from_location_id, to_location_id,
                           unit_cost_minor, reference, note, user_id, created_at)
    select case when k <= 2 then 'receipt' when k = 9 then 'transfer' else 'issue' end,
           $1, component_id,
           case when k = 1 then 1000 + (i % 7) * 100
                when k = 2 then 200 + (i % 5) * 50
                when k = 9 then 100
                when k = 10 then 1 + i % 40
                else 1 + (i * k) % 50 end,
           case when k in (1, 2) then null when k = 10 then bin_b else bin_a end,
           case when k = 1 then bin_a when k in (2, 9) then bin_b else null end,
           case when k = 1 then cost when k = 2 then ${history ? 'round(cost * 1.08)' : 'cost'} else null end,
           case when k <= 2 then 'INV-' || (2024 + k) || '-' || lpad((i % 9999)::text, 4, '0')
                when k = 9 then '' else 'WO-' || lpad(((i * k) % 99999)::text, 5, '0') end,
           '', ${postedBy}, created_at
    from (select *, ${postedAt} as created_at from plan) timed
    order by created_at`,
    [department, options.userId],
  );
  await step(
    'rebuild movements indexes',
    indexes.rows.map((index) => index.indexdef),
  );

  // Hot and scarce components: ten each, with one big (or small) receipt in a bin of their own.
  await step(
    'hot and scarce components',
    [
      `insert into components (sku, name, category_id, manufacturer, unit, minimum_stock, default_unit_cost_minor)
     select prefix || '-' || lpad(k::text, 2, '0'), initcap(prefix) || ' bench part ' || k,
            (select id from categories where parent_id is not null order by path limit 1), 'Bench', 'pcs', 10, 100
     from unnest(array['HOT', 'SCARCE']) prefix cross join generate_series(1, 10) k`,
      `insert into movements (type, department_id, component_id, quantity, to_location_id, unit_cost_minor, reference, user_id)
     select 'receipt', $1, c.id, case when c.sku like 'HOT-%' then 1000000 else 100 end,
            (select array_agg(id order by path) from locations
             where department_id = $1 and cardinality(ancestor_ids) = 3)[1 + (right(c.sku, 2)::int * 7) % 200],
            100, 'INV-BENCH', $2
     from components c where c.sku like 'HOT-%' or c.sku like 'SCARCE-%'`,
    ],
    [department, options.userId],
  );

  await step(
    'stock_balances, department_stock, stock_summary, stock_summary_quantities',
    [
      // With the triggers off (replica), the list's keys (ADR 0013) are copied here, as migration 0006 does.
      `insert into stock_balances (component_id, location_id, department_id, quantity, updated_at,
                                  sku_key, name_key, category_key, location_key, unit_cost_minor, unit)
     select ledger.component_id, ledger.location_id, $1, ledger.quantity, ledger.updated_at,
            lower(c.sku), lower(c.name), lower(cat.path), lower(l.path), c.default_unit_cost_minor, c.unit
     from (select component_id, location_id, sum(delta) as quantity, max(created_at) as updated_at from (
             select component_id, to_location_id as location_id, quantity as delta, created_at from movements
             where department_id = $1 and to_location_id is not null
             union all
             select component_id, from_location_id, -quantity, created_at from movements
             where department_id = $1 and from_location_id is not null
           ) d group by component_id, location_id) ledger
     join components c on c.id = ledger.component_id
     join locations l on l.id = ledger.location_id
     left join categories cat on cat.id = c.category_id`,
      `insert into department_stock (department_id, component_id, quantity)
     select $1, component_id, sum(quantity) from stock_balances where department_id = $1 group by component_id`,
      // As migrations 0003 and 0010 fill it; replaces whatever its triggers wrote if they ran (not a superuser).
      `delete from stock_summary_quantities where department_id = $1`,
      `delete from stock_summary where department_id = $1`,
      `insert into stock_summary (department_id, slot, balances, value_minor)
     select b.department_id, stock_summary_slot(b.component_id), count(*), sum(round(b.quantity * c.default_unit_cost_minor))
     from stock_balances b join components c on c.id = b.component_id
     where b.department_id = $1 and b.quantity > 0 group by 1, 2`,
      `insert into stock_summary_quantities (department_id, slot, unit, quantity)
     select department_id, stock_summary_slot(component_id), unit, sum(quantity)
     from stock_balances where department_id = $1 and quantity > 0 group by 1, 2, 3`,
      // And the ledger's count, as migration 0008 fills it.
      `insert into stock_summary as s (department_id, slot, movements)
     select department_id, stock_summary_slot(component_id), count(*) from movements where department_id = $1
     group by 1, 2
     on conflict (department_id, slot) do update set movements = excluded.movements`,
    ],
    [department],
  );
  await client.query(`set session_replication_role = origin`);
  await step('vacuum analyze', 'vacuum (analyze)');

  return describeStockData(client, seconds);
}

/** The facts a benchmark needs about generated data: sizes, hot components, a filter that matches. */
export async function describeStockData(client: pg.Client, seconds: StockData['seconds'] = {}): Promise<StockData> {
  const hotRows = await client.query<{ component_id: string; location_id: string; sku: string }>(
    `select b.component_id, b.location_id, c.sku from stock_balances b join components c on c.id = b.component_id
     where c.sku like 'HOT-%' or c.sku like 'SCARCE-%' order by c.sku`,
  );
  const pick = (prefix: string) =>
    hotRows.rows
      .filter((row) => row.sku.startsWith(prefix))
      .map((row) => ({ componentId: row.component_id, locationId: row.location_id }));
  const [category] = (
    await client.query<{ id: string; path: string }>(`select id, path from categories where path = 'Capacitors'`)
  ).rows;
  if (!category) throw new Error('the Capacitors category is missing');
  const counts = (
    await client.query<{ movements: string; balances: string; components: string }>(
      `select (select count(*) from movements) as movements, (select count(*) from stock_balances) as balances,
              (select count(*) from components) as components`,
    )
  ).rows[0];
  return {
    components: Number(counts?.components),
    movements: Number(counts?.movements),
    balances: Number(counts?.balances),
    hot: pick('HOT-'),
    scarce: pick('SCARCE-'),
    filter: { categoryId: category.id, categoryPath: category.path, q: 'murata' },
    search: 'bx-09668',
    seconds,
  };
}
