import { isStorableText } from '../../lib/storable-text.js';

/** A form body with bracketed keys (`leads[add][0][id]=1`) as nested objects; indexes stay object keys. */
export type FormTree = { [key: string]: FormTree | string };

export class MalformedFormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedFormError';
  }
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const MAX_DEPTH = 8;
const MAX_FIELDS = 10_000;

function node(): FormTree {
  // No prototype: a key such as `__proto__` or `constructor` is only ever a plain key.
  return Object.create(null) as FormTree;
}

/**
 * Parses `application/x-www-form-urlencoded` with PHP-style bracketed keys, as amoCRM sends webhooks.
 * Anything ambiguous is refused rather than guessed: an unbalanced bracket (a body cut short), a key that
 * is both a value and a group, the same key twice, or an empty body.
 */
export function parseBracketedForm(body: string): FormTree {
  if (body.trim() === '') throw new MalformedFormError('the body is empty');
  const root = node();
  let fields = 0;
  for (const [key, value] of new URLSearchParams(body)) {
    if (++fields > MAX_FIELDS) throw new MalformedFormError('the body has too many fields');
    if (!isStorableText(key) || !isStorableText(value)) {
      throw new MalformedFormError('a field holds a NUL character or half a surrogate pair');
    }
    const match = KEY.exec(key);
    if (!match?.[1]) throw new MalformedFormError(`the field name "${key.slice(0, 80)}" is not well formed`);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(SEGMENT)].map((segment) => segment[1] ?? '')];
    if (path.length > MAX_DEPTH) throw new MalformedFormError('a field name is nested too deeply');
    let parent = root;
    for (const [index, segment] of path.entries()) {
      const last = index === path.length - 1;
      // `a[]` appends, as PHP reads it.
      const name = segment === '' ? String(Object.keys(parent).length) : segment;
      const existing = parent[name];
      if (last) {
        if (existing !== undefined) throw new MalformedFormError(`the field "${key.slice(0, 80)}" is given twice`);
        parent[name] = value;
      } else if (existing === undefined) {
        const child = node();
        parent[name] = child;
        parent = child;
      } else if (typeof existing === 'string') {
        throw new MalformedFormError(`the field "${key.slice(0, 80)}" is both a value and a group`);
      } else {
        parent = existing;
      }
    }
  }
  return root;
}
