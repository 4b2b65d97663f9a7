/**
 * Why an untrusted file was refused: it cannot be read as what it claims to be (`unreadable`), it is
 * readable but bigger than the server reads (`overLimits`), or an image's content is none of the accepted
 * types (`notAnImage`). Callers turn the kind into their own problem code.
 */
export type RefusalKind = 'unreadable' | 'overLimits' | 'notAnImage';

export class FileRefused extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** For the log only: what exactly was wrong, never shown to the uploader. */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'FileRefused';
  }
}

/** What a table file may unpack to. Generous for real spreadsheets, and each bounds memory and time. */
export const TABLE_LIMITS = {
  /** Unpacked bytes of one part of an XLSX (the sheet, the shared strings, the styles). */
  partBytes: 128 * 1024 * 1024,
  /** Excel's own limit on the text of a cell. */
  cellCharacters: 32_767,
  /** Distinct shared strings of a workbook. */
  sharedStrings: 1_000_000,
  /** Columns a row may reach: far beyond any import's columns. */
  columns: 1_000,
  /** The highest row number an XLSX sheet has (Excel's own limit). */
  rowNumber: 1_048_576,
} as const;

/** What an image may be: a side and a pixel count beyond any component photo, bounding decoders downstream. */
export const IMAGE_LIMITS = {
  side: 10_000,
  pixels: 40_000_000,
  /** Frames of an animated GIF. */
  frames: 1_000,
} as const;
