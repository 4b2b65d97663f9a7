import { describe, expect, it } from 'vitest';
import {
  cellValue,
  columnLetters,
  findHeaderRow,
  headersKey,
  proposeMapping,
  recognisePreset,
} from './import-mapping.js';

describe('the header row of a file', () => {
  it('is the first row when it holds the headers', () => {
    expect(
      findHeaderRow([
        ['SKU', 'Name'],
        ['R-1', 'Resistor'],
      ]),
    ).toBe(1);
  });

  it('is found under a title block, by the headers it knows and then by the cells it fills', () => {
    const titled = [
      ['Bill of materials'],
      ['Board: control, rev. B', ''],
      [],
      ['Refs', 'Value', 'Footprint'],
      ['R1', '10k', 'R_0603'],
    ];
    expect(findHeaderRow(titled)).toBe(4);
    const unknown = [['Stock take 2026'], ['Part', 'Title', 'Notes'], ['A-1', 'Thing', '']];
    expect(findHeaderRow(unknown)).toBe(2);
  });
});

describe('the mapping proposed for headers', () => {
  it("takes the template's headers in either language and ignores the rest", () => {
    expect(proposeMapping(['Артикул', 'Наименование', 'Colour', 'unit cost'])).toEqual({
      sku: 0,
      name: 1,
      unitCost: 3,
    });
  });

  it('reads a KiCad BOM with its part number as SKU', () => {
    const headers = ['Reference', 'Value', 'Footprint', 'Datasheet', 'Qty', 'MPN', 'Manufacturer'];
    expect(recognisePreset(headers)).toBe('kicad');
    expect(proposeMapping(headers)).toEqual({
      sku: 5,
      manufacturerPartNumber: 5,
      name: 1,
      package: 2,
      datasheetUrl: 3,
      manufacturer: 6,
    });
  });

  it("reads a distributor's cart, an InvenTree and a Part-DB export", () => {
    const mouser = ['Mouser No', 'Mfr. No', 'Manufacturer', 'Description', 'Order Qty.', 'Unit Price'];
    expect(recognisePreset(mouser)).toBe('distributor');
    expect(proposeMapping(mouser)).toEqual({
      sku: 1,
      manufacturerPartNumber: 1,
      manufacturer: 2,
      name: 3,
      description: 3,
      unitCost: 5,
    });
    const inventree = ['ID', 'Name', 'IPN', 'Description', 'Category Name', 'Units', 'Minimum Stock', 'Link'];
    expect(recognisePreset(inventree)).toBe('inventree');
    expect(proposeMapping(inventree)).toMatchObject({
      sku: 2,
      name: 1,
      category: 4,
      unit: 5,
      minimumStock: 6,
      datasheetUrl: 7,
    });
    const partDb = [
      'name',
      'description',
      'category',
      'footprint',
      'manufacturer',
      'manufacturer_product_number',
      'ipn',
      'minamount',
    ];
    expect(recognisePreset(partDb)).toBe('partdb');
    expect(proposeMapping(partDb)).toMatchObject({ sku: 6, package: 3, manufacturerPartNumber: 5, minimumStock: 7 });
  });

  it('follows the preset the user picks over the one recognised', () => {
    expect(proposeMapping(['Name', 'IPN', 'Footprint'], 'partdb')).toEqual({ name: 0, sku: 1, package: 2 });
    expect(proposeMapping(['Name', 'IPN', 'Footprint'], null)).toEqual({ name: 0 });
  });
});

describe('a cell', () => {
  it('reads placeholders as empty and trims the rest', () => {
    for (const placeholder of ['~', '-', '—', 'N/A', 'н/д', ' ~ ']) expect(cellValue(placeholder)).toBe('');
    expect(cellValue(' 10k ')).toBe('10k');
    expect(cellValue('-5')).toBe('-5');
    expect(cellValue(undefined)).toBe('');
  });
});

describe('the key a mapping is remembered by', () => {
  it('does not depend on letter case, spacing or underscores', () => {
    expect(headersKey(['Part No', 'Title'])).toBe(headersKey([' part_no', 'TITLE ']));
    expect(headersKey(['Part No', 'Title'])).not.toBe(headersKey(['Title', 'Part No']));
  });
});

describe("a column's letters", () => {
  it('are those a spreadsheet shows', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe('a cell of an exported list', () => {
  it("loses the apostrophe an export put before a formula's first character, and only that one", () => {
    expect(cellValue("'-5V-REG $2")).toBe('-5V-REG $2');
    expect(cellValue("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cellValue("'quoted")).toBe("'quoted");
    expect(cellValue("''=x")).toBe("''=x");
  });
});
