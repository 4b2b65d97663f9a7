import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

export type PdfChart =
  | { kind: 'bar'; categories: string[]; series: { name: string; values: number[] }[]; stacked?: boolean }
  | { kind: 'line'; categories: string[]; series: { name: string; values: number[] }[] };
export type PdfColumn = { header: string; align: 'left' | 'right' /** relative width */; weight: number };
export type PdfReport = {
  title: string;
  /** Already in the document's language, e.g. { label: 'Period', value: '01.10.2026 – 31.10.2026' }. */
  parameters: { label: string; value: string }[];
  /** e.g. 'Generated 27.11.2026 14:05 (Europe/Moscow)' — already formatted by the caller. */
  generatedAt: string;
  chart: PdfChart | null;
  /** Formats the chart's value axis labels in the caller's number format; plain numbers without it. */
  chartValueFormat?: (value: number) => string;
  columns: PdfColumn[];
  /** Number of rows `rows` will yield: lets the writer print "Page 3 of 250" while streaming. */
  rowCount: number;
  rows: AsyncIterable<string[]>; // cells already formatted as text
  totals: string[][]; // zero or more totals rows printed bold after the last row
  /** Localised page label and empty-table text */
  words: { page: (page: number, pages: number) => string; noRows: string };
};

// Bundled rather than the host's, so every server draws the same glyphs (Cyrillic included). The assets folder
// sits beside src/ and dist/, so the same relative path holds from either.
const FONTS = {
  regular: fileURLToPath(new URL('../../../assets/fonts/DejaVuSansCondensed.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('../../../assets/fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url)),
};

/** A4 landscape in points. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BODY_BOTTOM = PAGE.height - MARGIN;
const TITLE = { size: 16, height: 26 };
const PARAMETER = { size: 9, height: 13 };
const FOOTER_SIZE = 7.5;
const CHART_HEIGHT = 200;
const GAP = 14;
const TABLE = { size: 8.5, rowHeight: 14, headerHeight: 18, padding: 4 };

const COLOURS = {
  text: '#1f2328',
  muted: '#5f6b7a',
  rule: '#9aa4af',
  grid: '#dde1e6',
  header: '#e8ecf0',
  zebra: '#f4f6f8',
};
// Okabe–Ito hues (without its yellow): distinct for colour-blind readers and in greyscale print.
const SERIES_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#d55e00', '#cc79a7', '#56b4e9', '#666666', '#000000'];

// Control characters would show as missing glyphs, and line breaks cannot be kept in a one-line cell.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_ON_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const ELLIPSIS = '…';

type Document = PDFKit.PDFDocument;

/** Where the chart and table start and how many lines each page holds, known before the first row is read. */
type Plan = { chartTop: number; tableTop: number; firstPageLines: number; laterPageLines: number; pages: number };

function plan(report: PdfReport): Plan {
  const chartTop = MARGIN + TITLE.height + report.parameters.length * PARAMETER.height + GAP;
  const tableTop = report.chart ? chartTop + CHART_HEIGHT + GAP : chartTop;
  const linesBelow = (top: number) =>
    Math.max(0, Math.floor((BODY_BOTTOM - top - TABLE.headerHeight) / TABLE.rowHeight));
  const firstPageLines = linesBelow(tableTop);
  const laterPageLines = linesBelow(MARGIN);
  // An empty table still takes one line for its "no rows" text.
  const lines = Math.max(report.rowCount, 1) + report.totals.length;
  const pages = lines <= firstPageLines ? 1 : 1 + Math.ceil((lines - firstPageLines) / laterPageLines);
  return { chartTop, tableTop, firstPageLines, laterPageLines, pages };
}

/**
 * The report as a PDF, produced page by page while `rows` is read: each finished page is handed on before the
 * next rows are pulled, so a slow consumer pauses the reading and memory stays flat whatever the row count.
 * Page totals come from `rowCount`; should `rows` yield more, the extra pages count themselves as the last.
 */
export async function* reportPdf(report: PdfReport): AsyncGenerator<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    font: FONTS.regular,
    info: { Title: report.title },
    displayTitle: true,
  });
  layOutPlainly(doc);
  const layout = plan(report);
  const columns = columnBounds(report.columns);
  let page = 0;
  let capacity = layout.firstPageLines;
  let line = 0;
  let y = layout.tableTop + TABLE.headerHeight;

  const startPage = () => {
    page++;
    doc.addPage();
    drawFooter(doc, report, page, Math.max(layout.pages, page));
  };
  /** Starts a page when the current one is full; true when it did, so the finished page can be handed on. */
  const makeRoom = (): boolean => {
    if (line < capacity) return false;
    forgetWordLayouts(doc);
    startPage();
    drawHeaderRow(doc, report.columns, columns, MARGIN);
    capacity = layout.laterPageLines;
    line = 0;
    y = MARGIN + TABLE.headerHeight;
    return true;
  };

  startPage();
  drawHeading(doc, report);
  if (report.chart) drawChart(doc, report.chart, report.chartValueFormat ?? plainNumber, layout.chartTop);
  if (capacity > 0) drawHeaderRow(doc, report.columns, columns, layout.tableTop);

  let rowsRead = 0;
  for await (const row of report.rows) {
    if (makeRoom()) yield* drain(doc);
    drawRow(doc, report.columns, columns, row, y, { bold: false, shaded: line % 2 === 1, ruled: false });
    y += TABLE.rowHeight;
    line++;
    rowsRead++;
  }
  if (rowsRead === 0) {
    if (makeRoom()) yield* drain(doc);
    doc.font(FONTS.regular, TABLE.size).fillColor(COLOURS.muted);
    const text = fit(doc, clean(report.words.noRows), CONTENT_WIDTH - 2 * TABLE.padding);
    doc.text(text, MARGIN + (CONTENT_WIDTH - doc.widthOfString(text)) / 2, baseline(y, TABLE.rowHeight), LINE);
    y += TABLE.rowHeight;
    line++;
  }
  for (const [index, totals] of report.totals.entries()) {
    if (makeRoom()) yield* drain(doc);
    drawRow(doc, report.columns, columns, totals, y, { bold: true, shaded: false, ruled: index === 0 });
    y += TABLE.rowHeight;
    line++;
  }
  doc.end();
  yield* drain(doc);
}

/**
 * pdfkit emits everything it writes through its Readable side and never waits for a reader; it writes a page
 * when the next one starts, and the rest (fonts, cross-reference table) at end(). Reading here moves what is
 * buffered to the consumer.
 */
function* drain(doc: Document): Generator<Uint8Array> {
  for (let chunk: Uint8Array | null = doc.read(); chunk !== null; chunk = doc.read()) yield chunk;
}

/** The parts of pdfkit's embedded font (and of the fontkit font inside it) that the two functions below use. */
type LoadedFont = {
  font?: { glyphsForString?: (text: string) => { advanceWidth: number }[] };
  scale?: number;
  layoutCache?: object;
  layoutRun?: (text: string) => unknown;
};

function loadedFonts(doc: Document): LoadedFont[] {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, LoadedFont> })._fontFamilies;
  return [...new Set(Object.values(fonts ?? {}))];
}

/**
 * Lays text out glyph by glyph from the font's character map and advance widths. pdfkit shapes every distinct
 * word with fontkit's full OpenType engine, which took well over half of the time of a 10 000-row table; Latin,
 * Cyrillic and digits need no contextual shaping (text is composed to NFC), so only kerning is given up.
 */
function layOutPlainly(doc: Document): void {
  doc.font(FONTS.bold).font(FONTS.regular);
  for (const loaded of loadedFonts(doc)) {
    const { font, scale } = loaded;
    if (typeof font?.glyphsForString !== 'function' || typeof scale !== 'number') continue;
    const glyphsOf = font.glyphsForString.bind(font);
    loaded.layoutRun = (text) => {
      const glyphs = glyphsOf(text);
      let advanceWidth = 0;
      const positions = glyphs.map((glyph) => {
        const advance = glyph.advanceWidth * scale;
        advanceWidth += advance;
        return { xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: advance };
      });
      return { glyphs, positions, advanceWidth };
    };
  }
}

/**
 * pdfkit keeps the layout of every distinct word it has measured or drawn for the document's whole life; with a
 * name and numbers per row that grows with the row count. Emptying it per page bounds it to one page's words.
 * (`fontLayoutCache: false` bounds it too, but lays each word out three times.)
 */
function forgetWordLayouts(doc: Document): void {
  for (const font of loadedFonts(doc)) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

const LINE = { lineBreak: false, baseline: 'alphabetic' } as const;

function clean(text: string): string {
  return text.replace(NOT_ON_ONE_LINE, ' ').normalize('NFC');
}

/** Baseline that centres table text in a band: capitals and digits are 0.73 em high in DejaVu Sans. */
function baseline(top: number, height: number): number {
  return top + (height + TABLE.size * 0.73) / 2;
}

/** The text, cut with an ellipsis where it would pass `width` in the current font. */
function fit(doc: Document, text: string, width: number): string {
  // No more characters than the narrowest glyphs allow can show, so a huge value is measured no longer than that.
  const visible = Math.ceil(width / (doc.widthOfString('i') * 0.7));
  const characters = Array.from(text.length > visible * 2 ? text.slice(0, visible * 2) : text);
  if (characters.length <= visible && text.length <= visible * 2 && doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = Math.min(characters.length, visible);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(characters.slice(0, middle).join('').trimEnd() + ELLIPSIS) <= width) low = middle;
    else high = middle - 1;
  }
  if (low > 0) return characters.slice(0, low).join('').trimEnd() + ELLIPSIS;
  return doc.widthOfString(ELLIPSIS) <= width ? ELLIPSIS : '';
}

function plainNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

function drawHeading(doc: Document, report: PdfReport): void {
  doc.font(FONTS.bold, TITLE.size).fillColor(COLOURS.text);
  doc.text(fit(doc, clean(report.title), CONTENT_WIDTH), MARGIN, MARGIN + TITLE.size, LINE);
  if (report.parameters.length === 0) return;
  doc.font(FONTS.regular, PARAMETER.size);
  const labels = report.parameters.map(({ label }) => clean(label));
  const labelWidth = Math.min(Math.max(...labels.map((label) => doc.widthOfString(label))) + 12, CONTENT_WIDTH * 0.3);
  for (const [index, { value }] of report.parameters.entries()) {
    const top = MARGIN + TITLE.height + index * PARAMETER.height;
    doc.fillColor(COLOURS.muted).text(fit(doc, labels[index] ?? '', labelWidth - 12), MARGIN, top + 9, LINE);
    doc
      .fillColor(COLOURS.text)
      .text(fit(doc, clean(value), CONTENT_WIDTH - labelWidth), MARGIN + labelWidth, top + 9, LINE);
  }
}

function drawFooter(doc: Document, report: PdfReport, page: number, pages: number): void {
  doc.font(FONTS.regular, FOOTER_SIZE).fillColor(COLOURS.muted);
  const label = clean(report.words.page(page, pages));
  const labelWidth = doc.widthOfString(label);
  const top = BODY_BOTTOM + 10;
  doc.text(label, MARGIN + CONTENT_WIDTH - labelWidth, top + FOOTER_SIZE, LINE);
  const source = fit(doc, clean(`${report.title} · ${report.generatedAt}`), CONTENT_WIDTH - labelWidth - 24);
  doc.text(source, MARGIN, top + FOOTER_SIZE, LINE);
}

type ColumnBounds = { x: number; width: number }[];

function columnBounds(columns: PdfColumn[]): ColumnBounds {
  const weights = columns.map((column) => (Number.isFinite(column.weight) && column.weight > 0 ? column.weight : 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let x = MARGIN;
  return weights.map((weight) => {
    const width = total > 0 ? (CONTENT_WIDTH * weight) / total : CONTENT_WIDTH / columns.length;
    const bounds = { x, width };
    x += width;
    return bounds;
  });
}

function drawCells(
  doc: Document,
  columns: PdfColumn[],
  bounds: ColumnBounds,
  cells: string[],
  top: number,
  height: number,
) {
  for (const [index, column] of columns.entries()) {
    const { x, width } = bounds[index] ?? { x: 0, width: 0 };
    const text = fit(doc, clean(cells[index] ?? ''), width - 2 * TABLE.padding);
    if (!text) continue;
    const left = column.align === 'right' ? x + width - TABLE.padding - doc.widthOfString(text) : x + TABLE.padding;
    doc.text(text, left, baseline(top, height), LINE);
  }
}

function drawHeaderRow(doc: Document, columns: PdfColumn[], bounds: ColumnBounds, top: number): void {
  doc.rect(MARGIN, top, CONTENT_WIDTH, TABLE.headerHeight).fill(COLOURS.header);
  rule(doc, top + TABLE.headerHeight, 0.75);
  doc.font(FONTS.bold, TABLE.size).fillColor(COLOURS.text);
  drawCells(
    doc,
    columns,
    bounds,
    columns.map((column) => column.header),
    top,
    TABLE.headerHeight,
  );
}

function drawRow(
  doc: Document,
  columns: PdfColumn[],
  bounds: ColumnBounds,
  cells: string[],
  top: number,
  style: { bold: boolean; shaded: boolean; ruled: boolean },
): void {
  if (style.shaded) doc.rect(MARGIN, top, CONTENT_WIDTH, TABLE.rowHeight).fill(COLOURS.zebra);
  if (style.ruled) rule(doc, top, 0.75);
  doc.font(style.bold ? FONTS.bold : FONTS.regular, TABLE.size).fillColor(COLOURS.text);
  drawCells(doc, columns, bounds, cells, top, TABLE.rowHeight);
}

function rule(doc: Document, y: number, width: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(width)
    .stroke(COLOURS.rule);
}

/** A value axis with round steps covering zero and every value. */
function valueScale(low: number, high: number): { min: number; max: number; ticks: number[] } {
  const from = Math.min(0, low);
  const to = Math.max(0, high) > from ? Math.max(0, high) : from + 1;
  const rough = (to - from) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = power * ([1, 2, 2.5, 5, 10].find((nice) => nice * power >= rough) ?? 10);
  const min = Math.floor(from / step) * step;
  const max = Math.ceil(to / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { min, max, ticks };
}

/** The lowest and highest value the chart must show: sums of each sign for stacked bars. */
function extent(chart: PdfChart): [number, number] {
  let low = 0;
  let high = 0;
  if (chart.kind === 'bar' && chart.stacked) {
    chart.categories.forEach((_, index) => {
      let below = 0;
      let above = 0;
      for (const { values } of chart.series) {
        const value = values[index] ?? Number.NaN;
        if (!Number.isFinite(value)) continue;
        if (value > 0) above += value;
        else below += value;
      }
      low = Math.min(low, below);
      high = Math.max(high, above);
    });
  } else {
    for (const { values } of chart.series) {
      for (const value of values.slice(0, chart.categories.length)) {
        if (!Number.isFinite(value)) continue;
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
    }
  }
  return [low, high];
}

const CHART_TEXT = 7;
const LEGEND = { size: 8, line: 12, swatch: 8, maxLines: 4, nameWidth: 180 };

function drawChart(doc: Document, chart: PdfChart, format: (value: number) => string, top: number): void {
  doc.save();
  const legendBottom = drawLegend(doc, chart, top);
  const scale = valueScale(...extent(chart));
  doc.font(FONTS.regular, CHART_TEXT);
  const tickLabels = scale.ticks.map((tick) => clean(format(tick)));
  const gutter = Math.min(Math.max(...tickLabels.map((label) => doc.widthOfString(label))), 120) + 6;
  const plot = {
    left: MARGIN + gutter,
    right: MARGIN + CONTENT_WIDTH,
    top: legendBottom + 6,
    bottom: top + CHART_HEIGHT - 14,
  };
  const yOf = (value: number) =>
    plot.bottom - ((value - scale.min) / (scale.max - scale.min)) * (plot.bottom - plot.top);

  for (const [index, tick] of scale.ticks.entries()) {
    const y = yOf(tick);
    doc.moveTo(plot.left, y).lineTo(plot.right, y).lineWidth(0.5).stroke(COLOURS.grid);
    const label = fit(doc, tickLabels[index] ?? '', gutter - 6);
    doc.fillColor(COLOURS.muted).text(label, plot.left - 6 - doc.widthOfString(label), y + 2.5, LINE);
  }

  const slot = (plot.right - plot.left) / Math.max(chart.categories.length, 1);
  if (chart.kind === 'bar') drawBars(doc, chart, plot.left, slot, yOf);
  else drawLines(doc, chart, plot.left, slot, yOf);

  // Axes last, so bars do not cover them.
  doc.moveTo(plot.left, plot.top).lineTo(plot.left, plot.bottom).lineWidth(0.75).stroke(COLOURS.rule);
  doc.moveTo(plot.left, yOf(0)).lineTo(plot.right, yOf(0)).lineWidth(0.75).stroke(COLOURS.rule);
  drawCategoryLabels(doc, chart.categories, plot, slot);
  doc.restore();
}

/**
 * Series names with their colours, wrapped over up to four lines; what does not fit then is counted ("+3").
 * Returns where the legend ends.
 */
function drawLegend(doc: Document, chart: PdfChart, top: number): number {
  doc.font(FONTS.regular, LEGEND.size).fillColor(COLOURS.text);
  const right = MARGIN + CONTENT_WIDTH;
  let x = MARGIN;
  let line = 0;
  for (const [index, series] of chart.series.entries()) {
    const name = fit(doc, clean(series.name), LEGEND.nameWidth);
    const width = LEGEND.swatch + 4 + doc.widthOfString(name) + 16;
    const lastLine = line === LEGEND.maxLines - 1;
    const later = chart.series.length - index - 1;
    const reserve = lastLine && later > 0 ? doc.widthOfString(`+${later}`) : 0;
    if (x > MARGIN && x + width + reserve > right) {
      if (lastLine) {
        doc.fillColor(COLOURS.muted).text(`+${later + 1}`, x, top + line * LEGEND.line + LEGEND.swatch, LINE);
        break;
      }
      x = MARGIN;
      line++;
    }
    const lineTop = top + line * LEGEND.line;
    doc.rect(x, lineTop + 1, LEGEND.swatch, LEGEND.swatch).fill(seriesColour(index));
    doc.fillColor(COLOURS.text).text(name, x + LEGEND.swatch + 4, lineTop + LEGEND.swatch, LINE);
    x += width;
  }
  return top + (line + 1) * LEGEND.line;
}

function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length] ?? COLOURS.text;
}

function drawBars(
  doc: Document,
  chart: Extract<PdfChart, { kind: 'bar' }>,
  left: number,
  slot: number,
  yOf: (value: number) => number,
): void {
  const bar = (x: number, width: number, from: number, to: number, colour: string) => {
    const top = Math.min(yOf(from), yOf(to));
    const height = Math.abs(yOf(to) - yOf(from));
    if (height > 0 && width > 0) doc.rect(x, top, width, height).fill(colour);
  };
  chart.categories.forEach((_, index) => {
    const slotLeft = left + index * slot;
    if (chart.stacked) {
      const width = slot * 0.6;
      let above = 0;
      let below = 0;
      for (const [seriesIndex, { values }] of chart.series.entries()) {
        const value = values[index] ?? Number.NaN;
        if (!Number.isFinite(value) || value === 0) continue;
        const base = value > 0 ? above : below;
        bar(slotLeft + (slot - width) / 2, width, base, base + value, seriesColour(seriesIndex));
        if (value > 0) above += value;
        else below += value;
      }
      return;
    }
    const group = slot * 0.72;
    const width = group / Math.max(chart.series.length, 1);
    for (const [seriesIndex, { values }] of chart.series.entries()) {
      const value = values[index] ?? Number.NaN;
      if (!Number.isFinite(value)) continue;
      // A hair of white between neighbouring bars keeps equal colours apart in greyscale print.
      const gap = chart.series.length > 1 && width > 4 ? 0.75 : 0;
      bar(slotLeft + (slot - group) / 2 + seriesIndex * width, width - gap, 0, value, seriesColour(seriesIndex));
    }
  });
}

function drawLines(
  doc: Document,
  chart: Extract<PdfChart, { kind: 'line' }>,
  left: number,
  slot: number,
  yOf: (value: number) => number,
): void {
  const markers = chart.categories.length <= 60;
  for (const [seriesIndex, { values }] of chart.series.entries()) {
    const colour = seriesColour(seriesIndex);
    const points = chart.categories.map((_, index) => {
      const value = values[index] ?? Number.NaN;
      return Number.isFinite(value) ? { x: left + (index + 0.5) * slot, y: yOf(value) } : null;
    });
    // A missing value breaks the line rather than being drawn as zero.
    let drawing = false;
    for (const point of points) {
      if (!point) drawing = false;
      else if (drawing) doc.lineTo(point.x, point.y);
      else {
        doc.moveTo(point.x, point.y);
        drawing = true;
      }
    }
    doc.lineWidth(1.5).lineJoin('round').lineCap('round').stroke(colour);
    if (markers) for (const point of points) if (point) doc.circle(point.x, point.y, 1.8).fill(colour);
  }
}

/**
 * Category names under the plot. Every n-th one when they would not fit side by side: a name may be shortened to
 * about seven characters before names are left out.
 */
function drawCategoryLabels(
  doc: Document,
  categories: string[],
  plot: { left: number; right: number; bottom: number },
  slot: number,
): void {
  doc.font(FONTS.regular, CHART_TEXT).fillColor(COLOURS.muted);
  const labels = categories.map(clean);
  const widest = Math.max(0, ...labels.map((label) => doc.widthOfString(label)));
  const step = Math.max(1, Math.ceil((Math.min(widest, 40) + 8) / slot));
  let free = MARGIN;
  for (let index = 0; index < labels.length; index += step) {
    const label = fit(doc, labels[index] ?? '', slot * step - 8);
    const width = doc.widthOfString(label);
    const centre = plot.left + (index + 0.5) * slot;
    const x = Math.min(Math.max(centre - width / 2, MARGIN), plot.right - width);
    if (x < free) continue;
    doc.text(label, x, plot.bottom + 10, LINE);
    free = x + width + 4;
  }
}
