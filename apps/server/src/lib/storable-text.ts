/**
 * Characters PostgreSQL cannot store in text: NUL (U+0000), and half of a surrogate pair, which has no
 * UTF-8 form (drivers would silently write U+FFFD instead).
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The dotted path of the first string in a parsed body or query that cannot be stored, or null. */
export function unstorableTextPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = isStorableText(key) ? unstorableTextPath(item, `${path}.${key}`) : `${path}.${key}`;
    if (found) return found;
  }
  return null;
}
