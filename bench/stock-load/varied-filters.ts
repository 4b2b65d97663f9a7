// Stock list queries as people ask them, each one once: what a page costs when no answer is kept (ADR 0020) and
// no plan fits it alone.
import { seededRandom } from '../../apps/server/src/lib/seeded-random.js';
import { MANUFACTURERS, PACKAGES } from '../stock-data.js';

const SORTS = ['sku', 'name', 'category', 'location', 'quantity', 'value'];
const ORDERS = ['asc', 'desc'];

/** The trees a filter picks from, as `samples` reads them from the generated data. */
export type FilterTargets = { roots: string[]; series: string[]; shelves: string[]; bins: string[] };

/**
 * Every page of the broadest kind the benchmark knows ("filtered": a manufacturer in a root category, about 800
 * components), in each sort and order, pages 1 to 3.
 */
export function broadFilters(targets: FilterTargets): string[] {
  return targets.roots.flatMap((categoryId) =>
    MANUFACTURERS.flatMap((manufacturer) =>
      SORTS.flatMap((sort) =>
        ORDERS.flatMap((order) =>
          [1, 2, 3].map((page) =>
            new URLSearchParams({
              q: manufacturer.toLowerCase(),
              categoryId,
              sort,
              order,
              page: String(page),
            }).toString(),
          ),
        ),
      ),
    ),
  );
}

/**
 * `count` distinct queries mixing what the stock screen offers, in proportions guessed from how a store uses it:
 * a search (often none; the start of a SKU, as a scanner or a typist gives it; a part's type number; a package; a
 * manufacturer), a category (none, a root, a series), a location (none, a shelf, a bin), sometimes below minimum,
 * any sort and order, mostly the first page. The same seed gives the same list, so runs compare.
 */
export function mixedFilters(targets: FilterTargets, count: number): string[] {
  const random = seededRandom(31);
  const searches: (() => string | undefined)[] = [
    () => undefined,
    () => undefined,
    () => `bx-0${String(random.int(0, 999)).padStart(3, '0')}`,
    () => `type ${random.int(100, 996)}`,
    () => random.pick(PACKAGES).toLowerCase(),
    () => random.pick(MANUFACTURERS).toLowerCase(),
  ];
  const categories: (() => string | undefined)[] = [
    () => undefined,
    () => undefined,
    () => random.pick(targets.roots),
    () => random.pick(targets.series),
  ];
  const locations: (() => string | undefined)[] = [
    () => undefined,
    () => undefined,
    () => undefined,
    () => random.pick(targets.shelves),
    () => random.pick(targets.bins),
  ];
  const seen = new Set<string>();
  for (let attempts = 0; seen.size < count && attempts < count * 20; attempts += 1) {
    const query = new URLSearchParams();
    const set = (name: string, value: string | undefined) => value !== undefined && query.set(name, value);
    set('q', random.pick(searches)());
    set('categoryId', random.pick(categories)());
    set('locationId', random.pick(locations)());
    set('belowMinimum', random.chance(0.15) ? 'true' : undefined);
    set('sort', random.pick(SORTS));
    set('order', random.pick(ORDERS));
    set('page', random.pick(['1', '1', '1', '2', '3']));
    seen.add(query.toString());
  }
  return [...seen];
}
