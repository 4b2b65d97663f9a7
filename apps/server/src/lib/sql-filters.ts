import { type SQL, sql } from 'drizzle-orm';

/** `%term%` for LIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Words a search matches at most; a longer search is cut there (each word is one more index scan). */
const MAX_SEARCH_WORDS = 8;

/**
 * Search over a component's SKU, name, manufacturer and part number: every word of the term must occur in
 * its stored search text, in any order ("resistor 0805" finds "Resistor 4.7 kΩ 1 % 0805"). The trigram
 * index components_search_idx serves each word, and PostgreSQL combines their bitmaps.
 */
function componentMatches(alias: string, term: string): SQL {
  const words = term.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  return allOf(words.map((word) => sql`${sql.raw(alias)}.search_text like ${containsPattern(word)}`));
}

/** Rows whose tree node (category or location column) is `id` or below it. */
export function inSubtree(column: SQL, table: 'categories' | 'locations', id: string): SQL {
  return sql`${column} in (select id from ${sql.identifier(table)} where ancestor_ids @> array[${id}::uuid])`;
}

/**
 * A component's search and category filters (alias: the components table). With both, the category's
 * subtree is one array of ids computed first, so that PostgreSQL ANDs the category index's bitmap with the
 * search's; as `in (select …)` it runs the trigram search once per category of the subtree instead. Alone,
 * the category stays that semi-join, whose size PostgreSQL estimates from the subtree: an array's it cannot,
 * and it then plans a small category as a large one.
 */
export function componentFilters(alias: string, filters: { q?: string; categoryId?: string }): SQL[] {
  const categoryId = sql.raw(`${alias}.category_id`);
  const { q, categoryId: category } = filters;
  const searched = q !== undefined && q.trim() !== '';
  return [
    searched ? componentMatches(alias, q) : undefined,
    category && searched
      ? sql`${categoryId} = any(array(select id from categories where ancestor_ids @> array[${category}::uuid]))`
      : undefined,
    category && !searched ? inSubtree(categoryId, 'categories', category) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * LIMIT and OFFSET of a list page. The page size (one of a few) and the first page's offset are written
 * into the text, so that the plan PostgreSQL keeps for the prepared statement (ADR 0012) knows how few rows
 * are wanted; a later page's offset stays a parameter, so that paging does not make a statement per page.
 */
export function pageOf(page: { offset: number; limit: number }): SQL {
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new Error(`invalid page size ${page.limit}`);
  const limit = sql.raw(`limit ${page.limit}`);
  return page.offset === 0 ? limit : sql`${limit} offset ${page.offset}`;
}

/**
 * Whether a list's query sets any filter besides the keys named (its sort, its order and the like). Written
 * as "all but", so that a filter added to the contract later counts as one: such a list can never be
 * answered with the whole list's kept totals by mistake (ADR 0011, 0016).
 */
export function filtersBeyond<Filters extends object>(filters: Filters, ignored: readonly (keyof Filters)[]): boolean {
  return Object.entries(filters).some(
    ([key, value]) => !ignored.includes(key as keyof Filters) && value !== undefined && value !== false && value !== '',
  );
}

/** Joins conditions with AND; no conditions is `true`. */
export function allOf(conditions: (SQL | false | undefined)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined && condition !== false);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/** ISO 8601 text of a timestamp as the driver returns it (Date for pg and PGlite, text otherwise). */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A uuid[] built from parameters (`= any(…)`); pg and PGlite then agree on the type. */
export function arrayOfUuids(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}::uuid`),
        sql`, `,
      )}]`;
}

/** A bigint[] built from parameters (`= any(…)`, array columns); pg and PGlite then agree on the type. */
export function arrayOfBigints(values: readonly number[]): SQL {
  return values.length === 0
    ? sql`'{}'::bigint[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}::bigint`),
        sql`, `,
      )}]`;
}
