/**
 * The demo's texts in the language it is seeded in. The generators write English only and every text
 * passes through here on its way into the database, so the numbers, dates and quantities are the same in
 * every language.
 */
export type DemoLanguage = {
  /** A fixed text: a category or location name, a department, a pipeline stage, a note, a description… */
  text(english: string): string;
  /** A component name or package, made of phrases, numbers and units. */
  part(english: string): string;
  /** A parameter value: a number, a range, a code or a word. */
  value(english: string): string;
  /** A parameter unit. */
  unit(english: string): string;
  /** A person's "First Last". */
  person(english: string): string;
  /** A document number such as INV-2026-0147. */
  reference(english: string): string;
};

const unchanged = (english: string) => english;

export const ENGLISH: DemoLanguage = {
  text: unchanged,
  part: unchanged,
  value: unchanged,
  unit: unchanged,
  person: unchanged,
  reference: unchanged,
};
