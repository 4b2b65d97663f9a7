// Response shapes of amoCRM API v4: hal+json collections with `_page`, `_links` and `_embedded`, a 204 with an
// empty body once a page is past the end, and errors as problem+json.

export type Reply = { status: number; body?: unknown; contentType?: string; headers?: Record<string, string> };

const HAL_JSON = 'application/hal+json';
const PROBLEM_JSON = 'application/problem+json';
const DEFAULT_LIMIT = 50;

export function hal(body: unknown): Reply {
  return { status: 200, body, contentType: HAL_JSON };
}

/** An error in amoCRM's problem+json form, e.g. `{"title":"Unauthorized","type":"https://httpstatus.es/401",…}`. */
export function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}): Reply {
  return {
    status,
    body: { title, type: `https://httpstatus.es/${status}`, status, detail, ...extra },
    contentType: PROBLEM_JSON,
  };
}

export function link(href: string) {
  return { self: { href } };
}

function pageHref(url: URL, page: number): string {
  const copy = new URL(url);
  copy.searchParams.set('page', String(page));
  return copy.toString();
}

/**
 * One page of a collection. `next` is only offered when the page is full, so a collection whose size is a
 * multiple of the limit is finished by a request that answers 204, as the real service does.
 */
export function page<T>(
  url: URL,
  key: string,
  records: readonly T[],
  maxLimit: number,
  serialize: (record: T) => unknown,
) {
  const limit = Math.min(Math.max(integerParam(url, 'limit') ?? DEFAULT_LIMIT, 1), maxLimit);
  const number = Math.max(integerParam(url, 'page') ?? 1, 1);
  const slice = records.slice((number - 1) * limit, number * limit);
  if (slice.length === 0) return { status: 204 };
  const links: Record<string, { href: string }> = { self: { href: pageHref(url, number) } };
  if (slice.length === limit) links.next = { href: pageHref(url, number + 1) };
  if (number > 1) {
    links.first = { href: pageHref(url, 1) };
    links.prev = { href: pageHref(url, number - 1) };
  }
  return hal({ _page: number, _links: links, _embedded: { [key]: slice.map(serialize) } });
}

function integerParam(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name);
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** `filter[name][]=a&filter[name][]=b`, `filter[name]=a,b` and `filter[name][0]=a` all mean the same list. */
export function listFilter(url: URL, name: string): string[] | undefined {
  const values: string[] = [];
  for (const [key, value] of url.searchParams) {
    if (
      key === `filter[${name}]` ||
      key === `filter[${name}][]` ||
      new RegExp(`^filter\\[${name}\\]\\[\\d+\\]$`).test(key)
    ) {
      values.push(...value.split(',').filter(Boolean));
    }
  }
  return values.length > 0 ? values : undefined;
}

/** `filter[name][from]` / `[to]`, or a single `filter[name]` timestamp meaning "from". Bounds are inclusive. */
export function rangeFilter(url: URL, name: string): (value: number) => boolean {
  const single = integerParam(url, `filter[${name}]`);
  const from = integerParam(url, `filter[${name}][from]`) ?? single ?? Number.NEGATIVE_INFINITY;
  const to = integerParam(url, `filter[${name}][to]`) ?? Number.POSITIVE_INFINITY;
  return (value) => value >= from && value <= to;
}

/** Sorting by `order[field]=asc|desc`, then by id so that pages never overlap. */
export function ordering<T extends { id: number | string; [field: string]: unknown }>(
  url: URL,
  allowed: readonly string[],
  fallback: { field: string; direction: 'asc' | 'desc' },
): (a: T, b: T) => number {
  let { field, direction } = fallback;
  for (const candidate of allowed) {
    const value = url.searchParams.get(`order[${candidate}]`);
    if (value === 'asc' || value === 'desc') {
      field = candidate;
      direction = value;
      break;
    }
  }
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const left = a[field] as number;
    const right = b[field] as number;
    if (left !== right) return left < right ? -sign : sign;
    return a.id < b.id ? -sign : a.id > b.id ? sign : 0;
  };
}
