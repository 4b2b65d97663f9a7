import { Zip, ZipDeflate } from 'fflate';

const encoder = new TextEncoder();

const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
  [
    // Style 1 is the bold header row.
    'xl/styles.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf fontId="1" applyFont="1"/></cellXfs></styleSheet>',
  ],
];

// Control characters other than tab and newlines are not allowed in XML 1.0 at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function escapeXml(text: string): string {
  return text.replace(NOT_IN_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Column letters of a zero-based index: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function cellXml(reference: string, value: string | number | null, style = ''): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return `<c r="${reference}"${style}><v>${value}</v></c>`;
  return `<c r="${reference}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

// Readers locate cells by their references, so every row and cell carries one, as Excel writes them.
function rowXml(number: number, values: (string | number | null)[], style = ''): string {
  const cells = values.map((value, index) => cellXml(`${columnName(index)}${number}`, value, style)).join('');
  return `<row r="${number}">${cells}</row>`;
}

/** Pulls what the zip has produced so far. */
function drain(pending: Uint8Array[]): Uint8Array[] {
  return pending.splice(0, pending.length);
}

/**
 * A one-sheet XLSX workbook written while rows arrive: the worksheet is deflated into the zip stream
 * chunk by chunk, so memory stays flat whatever the number of rows.
 */
export async function* xlsxChunks(
  headers: string[],
  rows: AsyncIterable<(string | number | null)[]>,
): AsyncGenerator<Uint8Array> {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  for (const [name, content] of STATIC_PARTS) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(encoder.encode(content), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  let buffer =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>' +
    rowXml(1, headers, ' s="1"');
  let number = 1;
  for await (const row of rows) {
    number++;
    buffer += rowXml(number, row);
    if (buffer.length >= 64 * 1024) {
      sheet.push(encoder.encode(buffer));
      buffer = '';
      if (failure) throw failure;
      yield* drain(pending);
    }
  }
  sheet.push(encoder.encode(`${buffer}</sheetData></worksheet>`), true);
  zip.end();
  if (failure) throw failure;
  yield* drain(pending);
}
