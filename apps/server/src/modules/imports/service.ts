import { randomUUID } from 'node:crypto';
import {
  type ColumnMapping,
  findHeaderRow,
  headersKey,
  IMPORT_HEADER_ROWS,
  type ImportColumn,
  type ImportCommitResponse,
  type ImportFileReading,
  type ImportMapping,
  type ImportPreview,
  proposeMapping,
  recognisePreset,
} from '@cm/contract';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { lockDepartmentForStock } from '../departments/repository.js';
import { categoryTree, PATH_SEPARATOR } from '../trees/tree-store.js';
import { checkRows } from './check-rows.js';
import { importHasErrors, rowErrors } from './checked-table.js';
import type { CheckedRow } from './columns.js';
import { type MappedFile, mapFile } from './mapped-file.js';
import { keepPendingImport, readPendingImport, takePendingImport } from './pending.js';
import { readTable } from './read-table.js';
import {
  type Importer,
  insertComponents,
  listCategoryPaths,
  postOpeningBalances,
  rememberColumns,
  rememberedColumns,
  updateComponents,
} from './repository.js';

/** What a checked components import keeps for its commit: the rows as mapped, and the columns to remember. */
type CheckedImport = { file: MappedFile; remember: { key: string; columns: ColumnMapping } | null };

/** Whether a row has any cell that is not empty: only such a row is a header a mapping is remembered by. */
function filled(cells: readonly string[]): boolean {
  return cells.some((cell) => cell.trim() !== '');
}

/** Characters of a cell the header-row choice shows: enough to recognise a header or a title. */
const SHOWN_CELL = 200;

/** Creates the categories the rows name that do not exist yet, every level of each path; returns path → id. */
async function ensureCategories(
  tx: Transaction,
  rows: CheckedRow[],
): Promise<{ ids: Map<string, string>; created: number }> {
  const existing = await listCategoryPaths(tx);
  const ids = new Map(existing.map((row) => [row.path.toLowerCase(), row.id]));
  let created = 0;
  for (const path of new Set(rows.map((row) => row.categoryPath).filter((path): path is string => path !== null))) {
    const parts = path.split(PATH_SEPARATOR);
    const key = (depth: number) => parts.slice(0, depth).join(PATH_SEPARATOR).toLowerCase();
    for (let depth = 1; depth <= parts.length; depth++) {
      if (ids.has(key(depth))) continue;
      const parentId = depth === 1 ? null : (ids.get(key(depth - 1)) ?? null);
      const node = await categoryTree.create(tx, null, { name: parts[depth - 1] ?? '', parentId });
      ids.set(key(depth), node.id);
      created++;
    }
  }
  return { ids, created };
}

/**
 * The mapping to propose for a table: the header row and columns last imported with a file of the same
 * headers, where one of its first rows has them (the row found first, then the others from the top); else
 * the header row found under any title block and the columns its headers suggest. Empty cells keep stored
 * values until the user says otherwise.
 */
async function proposalFor(db: Executor, table: string[][]) {
  const found = findHeaderRow(table);
  const rows = table
    .slice(0, IMPORT_HEADER_ROWS)
    .flatMap((cells, index) => (filled(cells) ? [{ row: index + 1, key: headersKey(cells) }] : []));
  const remembered = await rememberedColumns(
    db,
    rows.map(({ key }) => key),
  );
  const candidates = [...rows.filter(({ row }) => row === found), ...rows.filter(({ row }) => row !== found)];
  const known = candidates.find(({ key }) => remembered.has(key));
  const headerRow = known?.row ?? found;
  const headers = table[headerRow - 1] ?? [];
  const mapping: ImportMapping = {
    headerRow,
    columns: (known && remembered.get(known.key)) ?? proposeMapping(headers),
    emptyCells: 'keep',
  };
  return { mapping, proposedBy: known ? ('remembered' as const) : ('headers' as const), headers };
}

/**
 * Components and opening balances from CSV/XLSX: a file is read and kept, mapped to the product's fields,
 * checked in a preview, then committed all or nothing.
 */
export function importService(db: Database) {
  /** Checks a table through a mapping; when it has no errors its rows are kept for an hour to be committed. */
  async function previewOf(importer: Importer, table: string[][], mapping: ImportMapping): Promise<ImportPreview> {
    const { errors, fail } = rowErrors<ImportColumn>();
    const file = mapFile(table, mapping, fail);
    if (errors.length > 0) {
      return {
        importId: null,
        totalRows: 0,
        errors: errors.map((error) => ({ ...error, header: null, value: null })),
        errorCount: errors.length,
        summary: { newComponents: 0, updatedComponents: 0, newCategories: 0, openingBalances: 0 },
        sample: [],
        changes: [],
        changedComponents: 0,
      };
    }
    const checked = await checkRows(db, importer.departmentId, file);
    const headers = table[mapping.headerRow - 1] ?? [];
    const kept: CheckedImport = {
      file,
      remember: filled(headers) ? { key: headersKey(headers), columns: mapping.columns } : null,
    };
    const importId = checked.errorCount === 0 ? await keepPendingImport(db, 'components', importer, kept) : null;
    return {
      importId,
      totalRows: checked.totalRows,
      errors: checked.errors,
      errorCount: checked.errorCount,
      summary: checked.summary,
      sample: checked.sample,
      changes: checked.changes,
      changedComponents: checked.changedComponents,
    };
  }

  return {
    /** Reads a file and keeps it for an hour, to be mapped and checked; proposes a mapping for it. */
    async read(importer: Importer, content: Buffer): Promise<ImportFileReading> {
      const table = await readTable(content);
      const fileId = await keepPendingImport(db, 'component-file', importer, table);
      const { mapping, proposedBy, headers } = await proposalFor(db, table);
      return {
        fileId,
        fileRows: table.length,
        topRows: table.slice(0, IMPORT_HEADER_ROWS).map((cells) => cells.map((cell) => cell.slice(0, SHOWN_CELL))),
        mapping,
        proposedBy,
        preset: recognisePreset(headers),
      };
    },

    /** Checks a file read before through the mapping the user chose. */
    async previewFile(importer: Importer, fileId: string, mapping: ImportMapping): Promise<ImportPreview> {
      const table = await readPendingImport<string[][]>(db, 'component-file', importer, fileId);
      return previewOf(importer, table, mapping);
    },

    /** Reads and checks a file in one step, through the mapping the product proposes for it. */
    async preview(importer: Importer, content: Buffer): Promise<ImportPreview> {
      const table = await readTable(content);
      const { mapping } = await proposalFor(db, table);
      return previewOf(importer, table, mapping);
    },

    /**
     * Commits a previewed import in one transaction. The rows are checked again inside it, so whatever
     * changed since the preview (a SKU created, stock received) is caught rather than written twice. The
     * columns are then remembered for the next file with the same headers.
     */
    async commit(importer: Importer, importId: string): Promise<ImportCommitResponse> {
      // Updated components rewrite their balances' list keys, which can meet a posting in a deadlock (ADR 0013).
      return retryOnConflict(() =>
        db.transaction(async (tx) => {
          const { content } = await takePendingImport<'components', CheckedImport>(
            tx,
            ['components'],
            importer,
            importId,
          );
          const { file, remember } = content;
          if ((await lockDepartmentForStock(tx, importer.departmentId)).archived) {
            throw new AppError('DEPARTMENT_ARCHIVED');
          }
          const checked = await checkRows(tx, importer.departmentId, file, { lockComponents: true });
          if (checked.errorCount > 0) throw importHasErrors(checked.errors);
          const categories = await ensureCategories(tx, checked.rows);
          const rows = checked.rows.map((row) => ({ ...row, componentId: row.existingId ?? randomUUID() }));
          const created = rows.filter((row) => !row.existingId);
          const updated = rows.filter((row) => row.existingId);
          await insertComponents(tx, created, categories.ids);
          if (updated.length > 0) await updateComponents(tx, updated, file.present, file.emptyCells, categories.ids);
          const opening = rows.filter((row) => row.openingQuantity !== null && row.locationId !== null);
          await postOpeningBalances(tx, importer, opening);
          if (remember) await rememberColumns(tx, remember.key, remember.columns);
          return {
            createdComponents: created.length,
            updatedComponents: updated.length,
            createdCategories: categories.created,
            openingBalances: opening.length,
          };
        }),
      );
    },
  };
}
