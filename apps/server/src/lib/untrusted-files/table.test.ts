import { describe, expect, it } from 'vitest';
import { oneHugeCellWorkbook, workbook, workbookParts, zipTexts } from '../../../test/xlsx-files.js';
import { FileRefused } from './limits.js';
import { readTableInWorker } from './run-in-worker.js';
import { readTableFile } from './table.js';

function refusal(read: () => unknown): { kind: string; reason: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof FileRefused) return { kind: error.kind, reason: error.reason };
    throw error;
  }
  throw new Error('the file was read');
}

const text = (reference: string, value: string) => `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`;

describe('an XLSX file', () => {
  it('is read with shared strings written after the sheet, rich text joined and phonetic hints left out', () => {
    const file = workbook({
      sheetData:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>0.10</v></c></row>',
      sharedStrings:
        '<si><t>SKU</t></si><si><t>Price</t></si>' +
        '<si><r><t>Res</t></r><r><rPr><b/></rPr><t xml:space="preserve">istor </t></r><rPh><t>ignored</t></rPh></si>',
    });
    expect(readTableFile(file, 10)).toEqual([
      ['SKU', 'Price'],
      ['Resistor', '0.10'],
    ]);
  });

  it('keeps rows at their sheet numbers and cells at their columns, whatever the prefix of the tags', () => {
    const sheetData = `<x:row r="1">${text('A1', 'a')}${text('C1', 'c')}</x:row><x:row r="4">${text('B4', 'b')}</x:row>`;
    const file = workbook({ sheetData: sheetData.replaceAll('<c ', '<x:c ').replaceAll('</c>', '</x:c>') });
    expect(readTableFile(file, 10)).toEqual([['a', '', 'c'], [], [], ['', 'b']]);
  });

  it('turns date cells into dates by their built-in or custom format, in both date systems', () => {
    const cells =
      '<c r="A1" s="1"><v>45717</v></c><c r="B1" s="2"><v>45717.5</v></c><c r="C1" s="3"><v>45717.75</v></c><c r="D1"><v>45717</v></c>';
    const parts = {
      sheetData: `<row r="1">${cells}</row>`,
      numberFormats: '<numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm;@"/>',
      cellFormats: '<xf/><xf numFmtId="14"/><xf numFmtId="22"/><xf numFmtId="164"/>',
    };
    expect(readTableFile(workbook(parts), 10)).toEqual([
      ['2025-03-01', '2025-03-01 12:00', '2025-03-01 18:00', '45717'],
    ]);
    expect(readTableFile(workbook({ ...parts, date1904: true }), 10)[0]?.[0]).toBe('2029-03-02');
  });

  it('reads booleans, formula results and escaped characters as their text', () => {
    const file = workbook({
      sheetData:
        '<row r="1"><c r="A1" t="b"><v>1</v></c><c r="B1" t="str"><f>A1</f><v>total</v></c>' +
        `${text('C1', 'line_x000D_break and _x005F_x000D_')}</row>`,
    });
    expect(readTableFile(file, 10)).toEqual([['true', 'total', 'line\rbreak and _x000D_']]);
  });

  it('stops after the rows asked for', () => {
    const sheetData = Array.from(
      { length: 20 },
      (_, index) => `<row r="${index + 1}">${text(`A${index + 1}`, `r${index}`)}</row>`,
    );
    expect(readTableFile(workbook({ sheetData: sheetData.join('') }), 3)).toEqual([['r0'], ['r1'], ['r2']]);
  });

  it('is refused when a cell outgrows what a spreadsheet holds, long before it is read whole', () => {
    const started = performance.now();
    expect(refusal(() => readTableFile(oneHugeCellWorkbook(64), 10)).kind).toBe('overLimits');
    // Refused after a few hundred KiB of the 64 MiB, not after inflating all of it.
    expect(performance.now() - started).toBeLessThan(10_000);
    const longShared = workbook({
      sheetData: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
      sharedStrings: `<si>${'<r><t>0123456789</t></r>'.repeat(4000)}</si>`,
    });
    expect(refusal(() => readTableFile(longShared, 10))).toEqual({
      kind: 'overLimits',
      reason: 'a cell holds more than 32767 characters',
    });
  });

  it('is refused with a cell past column 1 000, a DOCTYPE, a missing shared string or a NUL', () => {
    expect(
      refusal(() => readTableFile(workbook({ sheetData: `<row r="1">${text('ZZZ1', 'x')}</row>` }), 10)).kind,
    ).toBe('overLimits');
    const parts = workbookParts({ sheetData: `<row r="1">${text('A1', '&lol;')}</row>` });
    const sheet = 'xl/worksheets/sheet1.xml';
    parts[sheet] = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]>${parts[sheet]}`;
    expect(refusal(() => readTableFile(zipTexts(parts), 10)).kind).toBe('unreadable');
    expect(
      refusal(() => readTableFile(workbook({ sheetData: '<row r="1"><c r="A1" t="s"><v>7</v></c></row>' }), 10)).kind,
    ).toBe('unreadable');
    expect(
      refusal(() => readTableFile(workbook({ sheetData: `<row r="1">${text('A1', 'a_x0000_b')}</row>` }), 10)).kind,
    ).toBe('unreadable');
  });

  it('is refused when it is no zip or its parts are missing', () => {
    expect(refusal(() => readTableFile(Buffer.from('PK\u0003\u0004 and then nothing'), 10)).kind).toBe('unreadable');
    const truncated = workbook({ sheetData: `<row r="1">${text('A1', 'x')}</row>` });
    expect(refusal(() => readTableFile(truncated.subarray(0, truncated.length - 30), 10)).kind).toBe('unreadable');
  });
});

describe('a CSV file', () => {
  it('is read as UTF-8 or Windows-1251, comma or semicolon separated, empty lines skipped', () => {
    expect(readTableFile(Buffer.from('\uFEFFsku,name\n\nR1, Resistor \n'), 10)).toEqual([
      ['sku', 'name'],
      ['R1', 'Resistor'],
    ]);
    const russian = Buffer.from([0xc8, 0xec, 0xff, 0x3b, 0xd6, 0xe5, 0xed, 0xe0, 0x0a, 0xc0, 0x3b, 0x31, 0x2c, 0x35]);
    expect(readTableFile(russian, 10)).toEqual([
      ['Имя', 'Цена'],
      ['А', '1,5'],
    ]);
  });

  it('is refused with a cell longer than a spreadsheet holds or a NUL', () => {
    expect(refusal(() => readTableFile(Buffer.from(`a\n${'x'.repeat(40_000)}\n`), 10)).kind).toBe('overLimits');
    expect(refusal(() => readTableFile(Buffer.from('a\nb\u0000c\n'), 10)).kind).toBe('unreadable');
  });
});

describe('reading in a worker', () => {
  it('answers the table, and refuses a file that unpacks to 300 MiB in one cell as over the limits', async () => {
    const file = workbook({ sheetData: `<row r="1">${text('A1', 'SKU')}</row>` });
    expect(await readTableInWorker(file, 10)).toEqual([['SKU']]);
    await expect(readTableInWorker(oneHugeCellWorkbook(300), 10)).rejects.toMatchObject({ kind: 'overLimits' });
  });
});
