import type { ImportFileReading, ImportMapping, ImportPreview } from '@cm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { writtenWorkbook } from '../../../test/xlsx-files.js';

// Files as people have them, through the mapping step: another tool's headers, a title block above the header
// row, part numbers as SKUs, placeholders, and updates that show what they change.

const app = await buildTestApp();

let token: string;

beforeAll(async () => {
  const admin = await signIn(app, await createUser(app, { role: 'administrator', departments: ['Files Dept'] }));
  token = admin.accessToken;
});

async function readFile(content: Buffer | string, as = token) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/imports/components/files',
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/octet-stream' },
    payload: content,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportFileReading;
}

async function previewFile(fileId: string, mapping: ImportMapping, as = token) {
  return call(app, 'POST', `/api/imports/components/files/${fileId}/preview`, { token: as, body: mapping });
}

async function commit(preview: ImportPreview) {
  const response = await call(app, 'POST', `/api/imports/${preview.importId}/commit`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function componentOf(sku: string) {
  const items = (await call(app, 'GET', `/api/components?q=${encodeURIComponent(sku)}&pageSize=50`, { token })).json()
    .items as { id: string; sku: string }[];
  const found = items.find((item) => item.sku === sku);
  if (!found) throw new Error(`no component ${sku}`);
  return (await call(app, 'GET', `/api/components/${found.id}`, { token })).json().component;
}

/** A CSV as KiCad's `sch export bom` writes it, with fields for the manufacturer and the part number. */
const KICAD_BOM = [
  '"Reference","Value","Footprint","Datasheet","Qty","DNP","Manufacturer","MPN"',
  '"R1,R2,R5","10k","Resistor_SMD:R_0603_1608Metric","~","3","","Vishay","CRCW0603 10K0 FKEA"',
  '"C1","100n","Capacitor_SMD:C_0603_1608Metric","https://example.com/grm.pdf","1","","Murata","GRM188R71H104KA93D="',
  '"U1","LM317","Package_TO_SOT_THT:TO-220-3_Vertical","~","1","","TI","LM317 (TO-220)"',
].join('\n');

describe('a components file through the mapping step', () => {
  it('reads a KiCad BOM: part numbers with spaces, = and parentheses become SKUs, ~ reads as empty', async () => {
    const reading = await readFile(KICAD_BOM);
    expect(reading).toMatchObject({ preset: 'kicad', proposedBy: 'headers', fileRows: 4 });
    // Columns: Reference 0, Value 1, Footprint 2, Datasheet 3, Qty 4, DNP 5, Manufacturer 6, MPN 7.
    expect(reading.mapping).toEqual({
      headerRow: 1,
      columns: {
        sku: 7,
        manufacturerPartNumber: 7,
        name: 1,
        package: 2,
        datasheetUrl: 3,
        manufacturer: 6,
      },
      emptyCells: 'keep',
    });
    const preview: ImportPreview = (await previewFile(reading.fileId, reading.mapping)).json();
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toMatchObject({ newComponents: 3, updatedComponents: 0 });
    await commit(preview);
    expect(await componentOf('CRCW0603 10K0 FKEA')).toMatchObject({
      name: '10k',
      manufacturer: 'Vishay',
      manufacturerPartNumber: 'CRCW0603 10K0 FKEA',
      package: 'Resistor_SMD:R_0603_1608Metric',
      datasheetUrl: '',
    });
    expect(await componentOf('GRM188R71H104KA93D=')).toMatchObject({ datasheetUrl: 'https://example.com/grm.pdf' });
    expect(await componentOf('LM317 (TO-220)')).toMatchObject({ name: 'LM317' });
  });

  it('finds the header row of an XLSX under its title block, and names header and value in every error', async () => {
    const file = await writtenWorkbook([
      ['Bill of materials: control board rev. B'],
      ['Exported 2026-11-20 by KiCad'],
      [],
      ['Refs', 'Value', 'Footprint', 'Qty', 'Manufacturer', 'MPN', 'Unit price'],
      ['R7', '4k7', 'R_0805', '1', 'Yageo', 'RC0805FR-074K7L', '0.02'],
      ['R8', '', 'R_0805', '1', 'Yageo', 'RC0805FR-071KL', 'cheap'],
      ['R9', '1k', 'R_0805', '1', 'Yageo', 'RC0805FR-07 1KL\tX', ''],
    ]);
    const reading = await readFile(file);
    expect(reading.mapping.headerRow).toBe(4);
    expect(reading.topRows[3]).toEqual(['Refs', 'Value', 'Footprint', 'Qty', 'Manufacturer', 'MPN', 'Unit price']);
    // The product's own price column is not in a KiCad BOM: the user maps it.
    const mapping = { ...reading.mapping, columns: { ...reading.mapping.columns, unitCost: 6 } };
    const preview: ImportPreview = (await previewFile(reading.fileId, mapping)).json();
    expect(preview.importId).toBeNull();
    expect(
      preview.errors.map(({ row, column, header, value, code }) => ({ row, column, header, value, code })),
    ).toEqual([
      { row: 6, column: 'name', header: 'Value', value: '', code: 'required' },
      { row: 6, column: 'unitCost', header: 'Unit price', value: 'cheap', code: 'invalidNumber' },
      { row: 7, column: 'sku', header: 'MPN', value: 'RC0805FR-07 1KL\tX', code: 'invalidSku' },
    ]);
  });

  it('shows, per component, what an update changes, and keeps a stored value under an empty cell unless told to clear it', async () => {
    const first = await readFile(
      [
        'SKU,Name,Manufacturer,Package,Minimum stock',
        'KEEP-1,Regulator,TI,TO-220,5',
        'KEEP-2,Diode,Vishay,SOD-123,0',
      ].join('\n'),
    );
    await commit((await previewFile(first.fileId, first.mapping)).json());

    const update = await readFile(
      [
        'SKU,Name,Manufacturer,Package,Minimum stock',
        'KEEP-1,Regulator 1.5 A,,TO-220,n/a',
        'KEEP-2,Diode,-,SOD-123,0',
      ].join('\n'),
    );
    const kept: ImportPreview = (await previewFile(update.fileId, update.mapping)).json();
    expect(kept.errors).toEqual([]);
    expect(kept.changedComponents).toBe(1);
    expect(kept.changes).toEqual([
      { row: 2, sku: 'KEEP-1', fields: [{ column: 'name', from: 'Regulator', to: 'Regulator 1.5 A' }] },
    ]);
    const cleared: ImportPreview = (
      await previewFile(update.fileId, { ...update.mapping, emptyCells: 'clear' })
    ).json();
    expect(cleared.changes).toEqual([
      {
        row: 2,
        sku: 'KEEP-1',
        fields: [
          { column: 'name', from: 'Regulator', to: 'Regulator 1.5 A' },
          { column: 'manufacturer', from: 'TI', to: '' },
          { column: 'minimumStock', from: '5', to: '0' },
        ],
      },
      { row: 3, sku: 'KEEP-2', fields: [{ column: 'manufacturer', from: 'Vishay', to: '' }] },
    ]);

    await commit(kept);
    expect(await componentOf('KEEP-1')).toMatchObject({
      name: 'Regulator 1.5 A',
      manufacturer: 'TI',
      minimumStock: '5',
    });
    expect(await componentOf('KEEP-2')).toMatchObject({ manufacturer: 'Vishay' });
    await commit((await previewFile(update.fileId, { ...update.mapping, emptyCells: 'clear' })).json());
    expect(await componentOf('KEEP-1')).toMatchObject({ manufacturer: '', minimumStock: '0' });
  });

  it('proposes the mapping last imported with a file of the same headers', async () => {
    const content = ['Part,Title,Notes', 'MEM-1,EEPROM 24C02,I2C'].join('\n');
    const first = await readFile(content);
    expect(first.proposedBy).toBe('headers');
    expect(first.mapping.columns).toEqual({});
    const mapping: ImportMapping = { headerRow: 1, columns: { sku: 0, name: 1, description: 2 }, emptyCells: 'keep' };
    await commit((await previewFile(first.fileId, mapping)).json());

    const again = await readFile(['PART , title,NOTES', 'MEM-2,EEPROM 24C04,I2C'].join('\n'));
    expect(again).toMatchObject({ proposedBy: 'remembered', mapping });

    // A header row the user chose under a title line is found again; clearing empty cells is never proposed.
    const titled = await readFile(['Stock take,,', 'Part,Title,Notes', 'MEM-3,EEPROM 24C08,I2C'].join('\n'));
    await commit((await previewFile(titled.fileId, { ...mapping, headerRow: 2, emptyCells: 'clear' })).json());
    const titledAgain = await readFile(['Stock take,,', 'Part,Title,Notes', 'MEM-4,EEPROM 24C16,I2C'].join('\n'));
    expect(titledAgain).toMatchObject({ proposedBy: 'remembered', mapping: { ...mapping, headerRow: 2 } });
  });

  it("keeps a read file to its reader, and refuses a mapping outside the file's first rows", async () => {
    const reading = await readFile(KICAD_BOM);
    const worker = await signIn(app, await createUser(app, { role: 'worker', departments: ['Files Dept'] }));
    const foreign = await previewFile(reading.fileId, reading.mapping, worker.accessToken);
    expect(foreign.statusCode).toBe(404);
    const deep = await previewFile(reading.fileId, { ...reading.mapping, headerRow: 21 });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('VALIDATION_FAILED');
    const manager = await signIn(app, await createUser(app, { role: 'manager', departments: ['Files Dept'] }));
    expect((await previewFile(reading.fileId, reading.mapping, manager.accessToken)).statusCode).toBe(403);
  });
});
