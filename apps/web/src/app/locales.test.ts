import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@cm/contract';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../locales');

/** Every key of a catalogue, plural forms counted once ("count_one", "count_few" → "count"). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const read = (language: string, file: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Record<string, unknown>;

describe('the translations', () => {
  it.each(readdirSync(path.join(LOCALES, 'en')))('%s says the same things in English and Russian', (file) => {
    expect([...new Set(keys(read('ru', file)))].sort()).toEqual([...new Set(keys(read('en', file)))].sort());
  });

  it('words every error code of the contract, on the first screen or with the signed-in screens', () => {
    const worded = new Set([...keys(read('en', 'errors.json')), ...keys(read('en', 'screen-errors.json'))]);
    expect(ErrorCode.options.filter((code) => !worded.has(code))).toEqual([]);
  });

  it('names every language in its own tongue in both catalogues: the language switch reads the next one from the current', () => {
    expect(read('ru', 'common.json').languages).toEqual(read('en', 'common.json').languages);
  });

  it('has the same namespaces in both languages', () => {
    expect(readdirSync(path.join(LOCALES, 'ru')).sort()).toEqual(readdirSync(path.join(LOCALES, 'en')).sort());
  });
});
