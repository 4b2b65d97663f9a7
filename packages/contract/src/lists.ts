import { z } from 'zod';
import { Locale } from './languages.js';

/** Page sizes a list offers; the server refuses others so a client cannot ask for everything at once. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const Pagination = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      message: 'Page size must be 10, 25, 50 or 100',
    })
    .default(25),
});

export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** File formats every list can be exported to; exports are streamed, whatever their size. */
export const ExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** Query of an export: the list's own filters plus the file format and the language of its headers. */
export const ExportOptions = z.object({
  format: ExportFormat.default('csv'),
  lang: Locale.default('en').describe(
    "Language of the headers and words; a CSV is also written as that language's spreadsheets read it: " +
      'comma-separated with decimal points in English, semicolon-separated with decimal commas in Russian',
  ),
});

/** A query flag sent as `true`/`false` (anything else is refused rather than read as false). */
export const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** One page of a list with the size of the whole filtered list. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().describe('Rows in the whole filtered list'),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const IdParams = z.object({ id: z.uuid() });

/**
 * A calendar day, `YYYY-MM-DD`, of the years 0001–9999: PostgreSQL has no year 0, so `0000-01-01` is refused
 * here rather than by the database.
 */
export const CalendarDate = z.iso
  .date()
  .refine((value) => !value.startsWith('0000'), { message: 'Use a date from the year 0001 on' });
