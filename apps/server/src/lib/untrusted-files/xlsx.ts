import { FileRefused, TABLE_LIMITS } from './limits.js';
import { attribute, parseXmlPart, StopReading } from './xml-part.js';
import { type ZipEntry, zipEntries } from './zip.js';

/** Built-in number formats that show a date or time (ECMA-376 §18.8.30 and the East Asian and Thai ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);
const DATE_TOKENS = new Set(['s', 'ss', 'm', 'mm', 'mmm', 'mmmm', 'mmmmm', 'h', 'hh', 'am', 'pm', 'a', 'p', 'd', 'dd']);
for (const token of ['ddd', 'dddd', 'aaa', 'aaaa', 'aaaaa', 'y', 'yy', 'yyyy', 'e', 'ee', 'eeee'])
  DATE_TOKENS.add(token);

/** Whether a custom number format shows a date: every token outside quotes and brackets is a date token. */
function isDateFormat(code: string): boolean {
  return code
    .toLowerCase()
    .replace(/;@$/, '')
    .replace(/\\./g, ' ')
    .split(';')
    .some((section) => {
      const tokens = section
        .replace(/"[^"]*"/g, ' ')
        .replace(/(\[?[smhd]{1,2}\]?)[.,]00?0?/g, '$1')
        .replace(/\[([smhd]{1,2})\]/g, '$1')
        .replace(/\[[^\]]*\]/g, '')
        .split(/[^a-z0#?%]+/)
        .filter(Boolean);
      return tokens.length > 0 && tokens.every((token) => DATE_TOKENS.has(token));
    });
}

/**
 * A date cell as `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM` when it has a time of day: the wall-clock time the
 * spreadsheet shows, rounded to the minute (a fraction of a day is inexact).
 */
function serialDateText(serial: number, epoch1904: boolean): string {
  const daysSince1970 = serial - (epoch1904 ? 24_107 : 25_569);
  const iso = new Date(Math.round((daysSince1970 * 86_400_000) / 60_000) * 60_000).toISOString();
  const time = iso.slice(11, 16);
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

/** OOXML writes characters XML cannot hold as `_xHHHH_` (and a literal `_x` as `_x005F_x`). */
function unescapeText(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}

/** Raw text a cell may gather before `_xHHHH_` escapes are undone (each stands for one character). */
const RAW_CELL_CHARACTERS = TABLE_LIMITS.cellCharacters * 7;

/** Collects the text of one cell or shared string, refusing it as soon as it outgrows any real cell. */
function textCollector() {
  const parts: string[] = [];
  let length = 0;
  return {
    add(text: string) {
      length += text.length;
      if (length > RAW_CELL_CHARACTERS) {
        throw new FileRefused('overLimits', `a cell holds more than ${TABLE_LIMITS.cellCharacters} characters`);
      }
      parts.push(text);
    },
    text: () => parts.join(''),
  };
}

function checkedCell(text: string): string {
  if (text.length > TABLE_LIMITS.cellCharacters) {
    throw new FileRefused('overLimits', `a cell holds more than ${TABLE_LIMITS.cellCharacters} characters`);
  }
  return text;
}

/** Zero-based column of a cell reference such as `BC12`, or null when there is none. */
function columnOf(reference: string | undefined): number | null {
  if (!reference) return null;
  let column = 0;
  for (const character of reference) {
    const code = character.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column > 0 ? column - 1 : null;
}

function partName(target: string, base: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

function relationships(
  archive: Uint8Array,
  entries: Map<string, ZipEntry>,
  name: string,
): Map<string, { type: string; target: string }> {
  const found = new Map<string, { type: string; target: string }>();
  const entry = entries.get(name);
  if (!entry) return found;
  parseXmlPart(archive, entry, {
    open(tag, local) {
      if (local !== 'Relationship') return;
      const id = attribute(tag, 'Id');
      const target = attribute(tag, 'Target');
      if (id && target) found.set(id, { type: attribute(tag, 'Type') ?? '', target });
    },
  });
  return found;
}

function required(entries: Map<string, ZipEntry>, name: string): ZipEntry {
  const entry = entries.get(name);
  if (!entry) throw new FileRefused('unreadable', `the workbook has no ${name}`);
  return entry;
}

/** The workbook's first sheet, its shared strings and styles, and its date system. */
function workbookParts(archive: Uint8Array, entries: Map<string, ZipEntry>) {
  const root = [...relationships(archive, entries, '_rels/.rels').values()].find((relation) =>
    relation.type.endsWith('/officeDocument'),
  );
  const workbookName = partName(root?.target ?? 'xl/workbook.xml', '');
  const workbookRelations = relationships(
    archive,
    entries,
    partName(`_rels/${workbookName.split('/').pop()}.rels`, workbookName),
  );
  let firstSheetId: string | undefined;
  let epoch1904 = false;
  parseXmlPart(archive, required(entries, workbookName), {
    open(tag, local) {
      if (local === 'workbookPr') epoch1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
      if (local === 'sheet' && firstSheetId === undefined) firstSheetId = attribute(tag, 'id');
    },
  });
  const byType = (type: string) =>
    [...workbookRelations.values()].find((relation) => relation.type.endsWith(`/${type}`))?.target;
  const sheetTarget = firstSheetId ? workbookRelations.get(firstSheetId)?.target : byType('worksheet');
  if (!sheetTarget) throw new FileRefused('unreadable', 'the workbook names no sheet');
  const optional = (target: string | undefined) => (target ? entries.get(partName(target, workbookName)) : undefined);
  return {
    sheet: required(entries, partName(sheetTarget, workbookName)),
    sharedStrings: optional(byType('sharedStrings')),
    styles: optional(byType('styles')),
    epoch1904,
  };
}

/** For each cell style (`s` of a cell), whether it shows a date. */
function dateStyles(archive: Uint8Array, styles: ZipEntry | undefined): boolean[] {
  if (!styles) return [];
  const customFormats = new Map<number, string>();
  const formatOfStyle: number[] = [];
  let inCellFormats = false;
  parseXmlPart(archive, styles, {
    open(tag, local) {
      if (local === 'numFmt') customFormats.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
      else if (local === 'cellXfs') inCellFormats = true;
      else if (local === 'xf' && inCellFormats) formatOfStyle.push(Number(attribute(tag, 'numFmtId') ?? 0));
    },
    close(local) {
      if (local === 'cellXfs') inCellFormats = false;
    },
  });
  return formatOfStyle.map((id) => {
    const custom = customFormats.get(id);
    return custom === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(custom);
  });
}

/** The shared strings table; rich text runs are joined, phonetic hints left out. */
function sharedStrings(archive: Uint8Array, entry: ZipEntry | undefined): string[] {
  if (!entry) return [];
  const strings: string[] = [];
  let current: ReturnType<typeof textCollector> | null = null;
  let inText = false;
  let inPhonetic = false;
  parseXmlPart(archive, entry, {
    open(_tag, local) {
      if (local === 'si') {
        if (strings.length >= TABLE_LIMITS.sharedStrings) {
          throw new FileRefused('overLimits', `more than ${TABLE_LIMITS.sharedStrings} shared strings`);
        }
        current = textCollector();
      } else if (local === 'rPh') inPhonetic = true;
      else if (local === 't' && !inPhonetic) inText = true;
    },
    close(local) {
      if (local === 'si' && current) {
        strings.push(checkedCell(unescapeText(current.text())));
        current = null;
      } else if (local === 'rPh') inPhonetic = false;
      else if (local === 't') inText = false;
    },
    text(text) {
      if (inText && current) current.add(text);
    },
  });
  return strings;
}

/**
 * Reads the first sheet of an XLSX workbook into rows of cell texts, row n of the sheet at index n − 1
 * (rows with nothing in them stay empty), reading at most `maxRows` rows that hold something. Numbers are
 * kept as the text the file stores, so decimals stay exact; date cells become `YYYY-MM-DD[ HH:MM]`.
 * Each part is inflated and parsed as a stream within TABLE_LIMITS.
 */
export function readXlsx(archive: Uint8Array, maxRows: number): string[][] {
  const entries = zipEntries(archive);
  const parts = workbookParts(archive, entries);
  const isDate = dateStyles(archive, parts.styles);
  const strings = sharedStrings(archive, parts.sharedStrings);

  const rows: string[][] = [];
  let filledRows = 0;
  let rowIndex = -1;
  let row: string[] = [];
  let cell: {
    column: number;
    type: string;
    style: number;
    value: ReturnType<typeof textCollector>;
    inline: ReturnType<typeof textCollector>;
  } | null = null;
  let text: 'value' | 'inline' | null = null;
  let inPhonetic = false;

  const finishCell = () => {
    if (!cell) return;
    const value = cell.value.text();
    let content: string;
    switch (cell.type) {
      case 's': {
        const shared = strings[Number(value)];
        if (value === '' || shared === undefined) throw new FileRefused('unreadable', `no shared string ${value}`);
        content = shared;
        break;
      }
      case 'inlineStr':
        content = unescapeText(cell.inline.text());
        break;
      case 'b':
        content = value === '1' ? 'true' : value === '0' ? 'false' : value;
        break;
      case 'n': {
        const serial = Number(value);
        content =
          value !== '' && isDate[cell.style] && Number.isFinite(serial)
            ? serialDateText(serial, parts.epoch1904)
            : value;
        break;
      }
      default:
        content = unescapeText(value);
    }
    content = checkedCell(content.trim());
    if (content !== '') {
      while (row.length < cell.column) row.push('');
      row[cell.column] = content;
    }
    cell = null;
  };

  try {
    parseXmlPart(archive, parts.sheet, {
      open(tag, local) {
        switch (local) {
          case 'row': {
            const number = Number(attribute(tag, 'r') ?? rowIndex + 2);
            if (!Number.isInteger(number) || number <= rowIndex || number > TABLE_LIMITS.rowNumber) {
              throw new FileRefused('unreadable', `row number ${attribute(tag, 'r')} out of order`);
            }
            rowIndex = number - 1;
            row = [];
            break;
          }
          case 'c': {
            const column = columnOf(attribute(tag, 'r')) ?? row.length;
            if (column >= TABLE_LIMITS.columns) {
              throw new FileRefused('overLimits', `a cell beyond column ${TABLE_LIMITS.columns}`);
            }
            cell = {
              column,
              type: attribute(tag, 't') ?? 'n',
              style: Number(attribute(tag, 's') ?? 0),
              value: textCollector(),
              inline: textCollector(),
            };
            break;
          }
          case 'v':
            text = 'value';
            break;
          case 'rPh':
            inPhonetic = true;
            break;
          case 't':
            if (cell?.type === 'inlineStr' && !inPhonetic) text = 'inline';
            break;
        }
      },
      close(local) {
        switch (local) {
          case 'c':
            finishCell();
            break;
          case 'v':
          case 't':
            text = null;
            break;
          case 'rPh':
            inPhonetic = false;
            break;
          case 'row':
            if (row.length > 0) {
              if (++filledRows > maxRows) throw new StopReading();
              while (rows.length < rowIndex) rows.push([]);
              rows[rowIndex] = row;
            }
            break;
        }
      },
      text(value) {
        if (text === 'value') cell?.value.add(value);
        else if (text === 'inline') cell?.inline.add(value);
      },
    });
  } catch (error) {
    if (!(error instanceof StopReading)) throw error;
  }
  return rows;
}
