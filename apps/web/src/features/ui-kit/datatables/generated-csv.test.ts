import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvOf } from './generated-csv';

type Row = { code: string; name: string; quantity: number; note: string | null };

const columns: CsvColumn<Row>[] = [
  { header: 'Code', value: (row) => row.code },
  { header: 'Name', value: (row) => row.name },
  { header: 'Quantity', value: (row) => row.quantity },
  { header: 'Note', value: (row) => row.note },
];

const rows: Row[] = [
  { code: 'CAP-0402', name: 'Capacitor, 100 nF', quantity: 2.5, note: null },
  { code: '=HYPERLINK("x")', name: 'Провод "красный"', quantity: 10, note: 'a;b' },
];

describe('a CSV of rows', () => {
  it('is comma-separated with decimal points in English, after a byte-order mark', async () => {
    // Blob.text() decodes UTF-8 and drops the mark: the bytes show it.
    const blob = csvOf(columns, rows, 'en');
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toBe(
      'Code,Name,Quantity,Note\r\n' +
        'CAP-0402,"Capacitor, 100 nF",2.5,\r\n' +
        `"'=HYPERLINK(""x"")","Провод ""красный""",10,"a;b"\r\n`,
    );
  });

  it('is semicolon-separated with decimal commas in Russian', async () => {
    const text = await csvOf(columns, rows, 'ru').text();
    expect(text.split('\r\n')[1]).toBe('CAP-0402;"Capacitor, 100 nF";2,5;');
  });

  it('has its header line alone when there are no rows', async () => {
    expect(await csvOf(columns, [], 'en').text()).toBe('Code,Name,Quantity,Note\r\n');
  });
});
