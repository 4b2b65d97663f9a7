import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { seededRandom } from '../../lib/seeded-random.js';
import type { DemoLanguage } from '../language.js';
import { CATEGORY_PATHS, DEPARTMENT_NAMES, type DepartmentKey, LOCATION_PATHS } from './categories-and-locations.js';
import { demoComponents } from './components.js';
import {
  DAY,
  type DemoPeople,
  formatThousandths,
  HISTORY_DAYS,
  type Locations,
  ledgerBalances,
  simulateLedger,
} from './ledger-simulation.js';

/**
 * The demo stock area: a category tree, a few hundred components, location trees in the three demo
 * departments and ~90 days of ledger history with the balances it adds up to. Everything comes from a
 * seeded generator, so every seed has the same content; only the ids and the dates (relative to `now`)
 * differ. The ledger is simulated in memory in time order (ledger-simulation.ts: no issue ever takes more
 * than is on hand), then written with multi-row inserts: movements with their own `created_at`, and the
 * balances and department totals as the sums of exactly those movements. Texts are written in English here
 * and put into the seed's language only as the rows are written, so both languages share every number, date
 * and id.
 */

export type DemoCatalogueSummary = {
  categories: number;
  components: number;
  locations: number;
  movements: number;
  balances: number;
};

const PRNG_SEED = 20_260_401;

/** Multi-row INSERTs of at most `size` rows each. */
async function insertRows(db: Executor, head: SQL, rows: SQL[], size = 500): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db.execute(sql`${head} values ${sql.join(rows.slice(start, start + size), sql`, `)}`);
  }
}

function uuidArray(ids: string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * Inserts a tree given as English paths ("A", "A / B"…), its names in the seed's language, and returns the
 * id of each English path.
 */
function treeRows(paths: readonly string[], createdAt: string, department: string | null, language: DemoLanguage) {
  const ids = new Map<string, string>();
  const rows: SQL[] = [];
  for (const path of paths) {
    const names = path.split(' / ');
    const id = randomUUID();
    ids.set(path, id);
    const parentPath = names.slice(0, -1).join(' / ');
    const parentId = parentPath ? (ids.get(parentPath) ?? null) : null;
    const ancestors = names.map((_, depth) => ids.get(names.slice(0, depth + 1).join(' / ')) ?? id);
    const shown = names.map((name) => language.text(name));
    const name = shown[shown.length - 1] ?? path;
    const shownPath = shown.join(' / ');
    rows.push(
      department === null
        ? sql`(${id}, ${name}, ${parentId}, ${shownPath}, ${uuidArray(ancestors)}, ${createdAt})`
        : sql`(${id}, ${name}, ${parentId}, ${shownPath}, ${uuidArray(ancestors)}, ${createdAt}, ${department})`,
    );
  }
  return { ids, rows };
}

/**
 * Fills the stock area of a freshly seeded database: the demo departments and people must exist, the
 * catalogue must be empty. Runs inside the seed's transaction.
 */
export async function seedDemoCatalogue(
  db: Executor,
  people: DemoPeople,
  language: DemoLanguage,
  now: Date = new Date(),
): Promise<DemoCatalogueSummary> {
  const random = seededRandom(PRNG_SEED);
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const catalogueCreated = iso(nowMs - (HISTORY_DAYS + 5) * DAY);

  const departmentRows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from departments where name in (${sql.join(
      Object.values(DEPARTMENT_NAMES).map((name) => sql`${language.text(name)}`),
      sql`, `,
    )})`,
  );
  const departmentIds = {} as Record<DepartmentKey, string>;
  for (const [key, name] of Object.entries(DEPARTMENT_NAMES) as [DepartmentKey, string][]) {
    const row = departmentRows.find((department) => department.name === language.text(name));
    if (!row) throw new Error(`demo department ${name} is missing`);
    departmentIds[key] = row.id;
  }

  const categories = treeRows(CATEGORY_PATHS, catalogueCreated, null, language);
  await insertRows(
    db,
    sql`insert into categories (id, name, parent_id, path, ancestor_ids, created_at)`,
    categories.rows,
  );

  const locations = {} as Locations;
  const locationRows: SQL[] = [];
  for (const key of Object.keys(LOCATION_PATHS) as DepartmentKey[]) {
    const tree = treeRows(LOCATION_PATHS[key], catalogueCreated, departmentIds[key], language);
    locations[key] = tree.ids;
    locationRows.push(...tree.rows);
  }
  await insertRows(
    db,
    sql`insert into locations (id, name, parent_id, path, ancestor_ids, created_at, department_id)`,
    locationRows,
  );

  const specs = demoComponents();
  const components = specs.map((spec) => ({ id: randomUUID(), spec }));
  const ledger = simulateLedger(random, components, locations, people, nowMs);

  const lastMovementOf = new Map<string, number>();
  for (const movement of ledger) lastMovementOf.set(movement.componentId, movement.at);
  const componentRows = components.map(({ id, spec }, index) => {
    const categoryId = categories.ids.get(spec.category) ?? null;
    // Created before the history starts (the not-yet-stocked ones a few days ago); archived a day after
    // their last movement.
    const createdAt =
      spec.stocking === null && spec.archived === undefined
        ? iso(nowMs - random.int(2, 10) * DAY)
        : iso(nowMs - (HISTORY_DAYS + 5) * DAY + index * 60_000);
    const archivedAt =
      spec.archived === undefined
        ? null
        : iso(Math.min(nowMs - DAY, (lastMovementOf.get(id) ?? nowMs - 60 * DAY) + DAY));
    const description = spec.description === undefined ? '' : language.text(spec.description);
    return sql`(${id}, ${spec.sku}, ${language.part(spec.name)}, ${categoryId}, ${spec.manufacturer}, ${spec.mpn},
                ${language.part(spec.package)}, ${spec.unit}, ${description}, ${spec.datasheet ?? ''}, ${String(spec.minimum)},
                ${spec.costMinor}, ${archivedAt}, ${createdAt}, ${archivedAt ?? createdAt})`;
  });
  await insertRows(
    db,
    sql`insert into components (id, sku, name, category_id, manufacturer, manufacturer_part_number, package, unit,
                                description, datasheet_url, minimum_stock, default_unit_cost_minor, archived_at,
                                created_at, updated_at)`,
    componentRows,
  );
  const parameterRows = components.flatMap(({ id, spec }) =>
    spec.parameters.map(
      ([name, value, unit], position) =>
        sql`(${id}, ${position}, ${language.text(name)}, ${language.value(value)}, ${language.unit(unit)})`,
    ),
  );
  await insertRows(
    db,
    sql`insert into component_parameters (component_id, position, name, value, unit)`,
    parameterRows,
  );

  // Ledger rows in time order, so their numbers follow time as they do for real postings.
  ledger.sort((a, b) => a.at - b.at);
  await insertRows(
    db,
    sql`insert into movements (id, type, department_id, component_id, quantity, from_location_id, to_location_id,
                               unit_cost_minor, reference, note, user_id, reversal_of_id, created_at)`,
    ledger.map(
      (movement) =>
        sql`(${movement.id}, ${movement.type}, ${departmentIds[movement.department]}, ${movement.componentId},
             ${formatThousandths(movement.quantity)}, ${movement.from}, ${movement.to}, ${movement.unitCostMinor},
             ${language.reference(movement.reference)}, ${language.text(movement.note)}, ${movement.userId}, ${movement.reversalOfId}, ${iso(movement.at)})`,
    ),
  );

  const { balances, totals } = ledgerBalances(ledger);
  await insertRows(
    db,
    sql`insert into stock_balances (component_id, location_id, department_id, quantity, updated_at)`,
    [...balances.values()].map(
      (row) =>
        sql`(${row.componentId}, ${row.locationId}, ${departmentIds[row.department]}, ${formatThousandths(row.quantity)}, ${iso(row.at)})`,
    ),
  );
  await insertRows(
    db,
    sql`insert into department_stock (department_id, component_id, quantity)`,
    [...totals.values()].map(
      (row) => sql`(${departmentIds[row.department]}, ${row.componentId}, ${formatThousandths(row.quantity)})`,
    ),
  );

  return {
    categories: CATEGORY_PATHS.length,
    components: components.length,
    locations: locationRows.length,
    movements: ledger.length,
    balances: balances.size,
  };
}
