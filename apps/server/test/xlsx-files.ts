import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { xlsxChunks } from '../src/lib/export/xlsx.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export type WorkbookParts = {
  /** The `<sheetData>` content. */
  sheetData: string;
  /** `<si>` elements of the shared strings part, when the workbook has one. */
  sharedStrings?: string;
  /** `<cellXfs>` content of the styles part, when the workbook has one. */
  cellFormats?: string;
  /** `<numFmts>` content of the styles part. */
  numberFormats?: string;
  date1904?: boolean;
};

/** The parts of a one-sheet workbook, in the order a spreadsheet program writes them: the sheet first. */
export function workbookParts(parts: WorkbookParts): Record<string, string> {
  const related = [`<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (parts.sharedStrings !== undefined) {
    related.push(`<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>`);
  }
  if (parts.cellFormats !== undefined) {
    related.push(`<Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>`);
  }
  const files: Record<string, string> = {
    '_rels/.rels': `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">${parts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${related.join('')}</Relationships>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData>${parts.sheetData}</sheetData></worksheet>`,
  };
  if (parts.sharedStrings !== undefined) {
    files['xl/sharedStrings.xml'] = `<sst xmlns="${MAIN}">${parts.sharedStrings}</sst>`;
  }
  if (parts.cellFormats !== undefined) {
    files['xl/styles.xml'] =
      `<styleSheet xmlns="${MAIN}">${parts.numberFormats ? `<numFmts>${parts.numberFormats}</numFmts>` : ''}` +
      `<cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs>${parts.cellFormats}</cellXfs></styleSheet>`;
  }
  return files;
}

/** A zip archive of text files. */
export function zipTexts(files: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** A one-sheet XLSX file from its parts. */
export function workbook(parts: WorkbookParts): Buffer {
  return zipTexts(workbookParts(parts));
}

/**
 * The review's "one small XLSX stalls the server": a few hundred KiB that unpack to one inline-string cell
 * of `cellMiB` MiB. Written as a stream, so building it costs little memory.
 */
export function oneHugeCellWorkbook(cellMiB: number): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const { 'xl/worksheets/sheet1.xml': _, ...others } = workbookParts({ sheetData: '' });
  for (const [name, text] of Object.entries(others)) {
    const file = new ZipDeflate(name, { level: 9 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 });
  zip.add(sheet);
  sheet.push(strToU8(`<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`));
  const mebibyte = strToU8('A'.repeat(1024 * 1024));
  for (let index = 0; index < cellMiB; index++) sheet.push(mebibyte);
  sheet.push(strToU8('</t></is></c></row></sheetData></worksheet>'), true);
  zip.end();
  return Buffer.concat(chunks);
}

/** An XLSX of these rows as the product's own writer makes it, the first row as its header. */
export async function writtenWorkbook(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const [first = [], ...rest] = rows;
  const parts: Uint8Array[] = [];
  for await (const chunk of xlsxChunks(
    [...first],
    (async function* () {
      yield* rest.map((row) => [...row]);
    })(),
  )) {
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}
