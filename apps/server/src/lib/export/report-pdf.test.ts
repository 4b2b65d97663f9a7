import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PdfReport, reportPdf } from './report-pdf.js';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'report-pdf-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes the report to a file and reads it back the way a person would see it: one text per page. */
async function printed(report: PdfReport, name: string): Promise<{ file: string; pages: string[] }> {
  const file = join(folder, `${name}.pdf`);
  await pipeline(Readable.from(reportPdf(report)), createWriteStream(file));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  // pdftotext ends every page with a form feed.
  return { file, pages: text.split('\f').slice(0, -1) };
}

async function* rowsOf(rows: string[][]): AsyncGenerator<string[]> {
  yield* rows;
}

const columns: PdfReport['columns'] = [
  { header: 'Код', align: 'left', weight: 1 },
  { header: 'Наименование', align: 'left', weight: 4 },
  { header: 'Приход', align: 'right', weight: 1 },
  { header: 'Остаток', align: 'right', weight: 1 },
];
const words: PdfReport['words'] = {
  page: (page, pages) => `Page ${page} of ${pages}`,
  noRows: 'Нет движений за период',
};

function stockMovements(rows: string[][], chart: PdfReport['chart']): PdfReport {
  return {
    title: 'Движение запасов',
    parameters: [
      { label: 'Период', value: '01.10.2026 – 31.10.2026' },
      { label: 'Склад', value: 'Основной' },
    ],
    generatedAt: 'Сформирован 27.11.2026 14:05 (Europe/Moscow)',
    chart,
    columns,
    rowCount: rows.length,
    rows: rowsOf(rows),
    totals: rows.length ? [['', 'Итого', '600', '1 800']] : [],
    words,
  };
}

describe('report PDF', () => {
  it('prints Cyrillic from the bundled font, numbers every page and repeats the table header', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => [
      `R-${String(index + 1).padStart(4, '0')}`,
      index === 0 ? 'Резистор 10 кОм' : `Конденсатор ${index + 1} пФ`,
      '1',
      String(index + 1),
    ]);
    const chart: PdfReport['chart'] = {
      kind: 'bar',
      categories: ['Резисторы', 'Конденсаторы'],
      series: [{ name: 'Приход', values: [120, 480] }],
    };
    const { file, pages } = await printed(stockMovements(rows, chart), 'movements');

    const count = pages.length;
    expect(count).toBeGreaterThan(2);
    expect(pages[0]).toContain('Движение запасов');
    expect(pages[0]).toContain('Резистор 10 кОм');
    expect(pages[0]).toContain(`Page 1 of ${count}`);
    expect(pages[count - 1]).toContain(`Page ${count} of ${count}`);
    for (const page of [pages[1], pages[count - 1]]) {
      expect(page).toMatch(/Код\s+Наименование\s+Приход\s+Остаток/);
    }
    // Every row once, in order, and the totals after the last one.
    const printedCodes = pages.join('').match(/R-\d{4}/g);
    expect(printedCodes).toEqual(rows.map(([code]) => code));
    expect(pages[count - 1]).toMatch(/R-0600[\s\S]*Итого\s+600\s+1 800/);

    // Both faces embedded as subsets: nothing is left to the reader's installed fonts.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font).toMatch(/\+DejaVuSans\S*\s.*\byes\s+yes\s+yes\b/);
  });

  it('says so when the table is empty', async () => {
    const chart: PdfReport['chart'] = { kind: 'line', categories: ['01.10', '02.10'], series: [] };
    const { pages } = await printed(stockMovements([], chart), 'empty');

    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Нет движений за период');
    expect(pages[0]).toContain('Page 1 of 1');
  });
});
