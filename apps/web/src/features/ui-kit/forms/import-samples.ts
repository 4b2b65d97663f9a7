import { type ImportFileReading, type ImportPreview, proposeMapping, recognisePreset } from '@cm/contract';
import type { TFunction } from 'i18next';
import type { ImportStat } from '../../../components/imports/import-stats';

/** The sample file's name: a bill of materials exported from KiCad, a title block above its header row. */
export const SAMPLE_FILE_NAME = 'motor-driver-bom.xlsx';

/** The sample file's size in bytes, for the upload step's "of how much". */
const SAMPLE_FILE_BYTES = 48_213;

const HEADERS = ['Reference', 'Value', 'Footprint', 'Datasheet', 'Qty', 'MPN', 'Manufacturer', 'Description'];

/** The first rows of the sample file as the server reads them: the title block, a blank row, the headers, parts. */
const TOP_ROWS: string[][] = [
  ['Motor driver board', '', '', '', '', '', '', ''],
  ['Revision B', '2026-03-14', '', '', '', '', '', ''],
  [],
  HEADERS,
  ['R1,R2,R7', '10k', 'Resistor_SMD:R_0603', '~', '3', 'RC0603FR-0710KL', 'Yageo', 'Resistor 10 kΩ 1% 0603'],
  ['C4', '100n', 'Capacitor_SMD:C_0402', '~', '1', 'GRM155R71C104KA88D', 'Murata', 'Capacitor 100 nF X7R 16 V'],
  ['U1', 'DRV8871', 'Package_SO:HSOP-8', 'https://www.ti.com/lit/gpn/drv8871', '1', 'DRV8871DDAR', 'TI', ''],
  ['J1', 'Screw_Terminal', 'TerminalBlock:2P', '~', '1', '', '', 'Terminal block, 2 pins'],
];

/** The sample file as read by the server: the mapping is the one the product proposes for its headers. */
export const SAMPLE_READING: ImportFileReading = {
  fileId: '00000000-0000-4000-8000-000000000010',
  fileRows: 12,
  topRows: TOP_ROWS,
  mapping: { headerRow: 4, columns: proposeMapping(HEADERS), emptyCells: 'keep' },
  proposedBy: 'headers',
  preset: recognisePreset(HEADERS),
};

/** The sample file itself, for the steps that show its name and size. */
export function sampleFile(): File {
  return new File([new Uint8Array(SAMPLE_FILE_BYTES)], SAMPLE_FILE_NAME, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

const SAMPLE_ROWS: Record<string, string>[] = [
  {
    sku: 'RC0603FR-0710KL',
    name: '10k',
    package: 'Resistor_SMD:R_0603',
    manufacturer: 'Yageo',
    manufacturerPartNumber: 'RC0603FR-0710KL',
    description: 'Resistor 10 kΩ 1% 0603',
  },
  {
    sku: 'GRM155R71C104KA88D',
    name: '100n',
    package: 'Capacitor_SMD:C_0402',
    manufacturer: 'Murata',
    manufacturerPartNumber: 'GRM155R71C104KA88D',
    description: 'Capacitor 100 nF X7R 16 V',
  },
  {
    sku: 'DRV8871DDAR',
    name: 'DRV8871',
    package: 'Package_SO:HSOP-8',
    manufacturer: 'TI',
    manufacturerPartNumber: 'DRV8871DDAR',
    datasheetUrl: 'https://www.ti.com/lit/gpn/drv8871',
  },
];

/** The check of the sample file that passed: what it would create and change, nothing refused. */
export const SAMPLE_PREVIEW: ImportPreview = {
  importId: '00000000-0000-4000-8000-000000000011',
  totalRows: 3,
  errors: [],
  errorCount: 0,
  summary: { newComponents: 2, updatedComponents: 1, newCategories: 0, openingBalances: 0 },
  sample: SAMPLE_ROWS,
  changes: [
    {
      row: 6,
      sku: 'DRV8871DDAR',
      fields: [
        { column: 'package', from: 'HSOP-8', to: 'Package_SO:HSOP-8' },
        { column: 'datasheetUrl', from: '', to: 'https://www.ti.com/lit/gpn/drv8871' },
      ],
    },
  ],
  changedComponents: 1,
};

/** The check of the sample file with its last row in: a part without a part number, so without an SKU. */
export const SAMPLE_PREVIEW_WITH_ERRORS: ImportPreview = {
  ...SAMPLE_PREVIEW,
  importId: null,
  totalRows: 4,
  errors: [{ row: 8, column: 'sku', code: 'required', message: 'A value is required.', header: 'MPN', value: '' }],
  errorCount: 1,
};

/** A preview's numbers in the words of the components import. */
export function previewStats(t: TFunction, { summary }: ImportPreview): ImportStat[] {
  return (['newComponents', 'updatedComponents', 'newCategories', 'openingBalances'] as const).map((key) => ({
    value: summary[key],
    label: t(`imports:summary.${key}`, { count: summary[key] }),
  }));
}
