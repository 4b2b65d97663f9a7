import { randomUUID } from 'node:crypto';
import type { ImportCommitResponse, ImportPreview } from '@cm/contract';
import type { Database, Transaction } from '../../db/client.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { categoryTree, PATH_SEPARATOR } from '../trees/tree-store.js';
import { checkRows } from './check-rows.js';
import { importHasErrors } from './checked-table.js';
import type { CheckedRow } from './columns.js';
import { keepPendingImport, takePendingImport } from './pending.js';
import { readTable } from './read-table.js';
import {
  type Importer,
  insertComponents,
  listCategoryPaths,
  postOpeningBalances,
  updateComponents,
} from './repository.js';

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

/** Components and opening balances from CSV/XLSX: checked in a preview, then committed all or nothing. */
export function importService(db: Database) {
  return {
    /** Reads and checks a file; when it has no errors it is kept for an hour to be committed. */
    async preview(importer: Importer, content: Buffer): Promise<ImportPreview> {
      const table = await readTable(content);
      const checked = await checkRows(db, importer.departmentId, table);
      const importId = checked.errorCount === 0 ? await keepPendingImport(db, 'components', importer, table) : null;
      return {
        importId,
        totalRows: checked.totalRows,
        errors: checked.errors,
        errorCount: checked.errorCount,
        summary: checked.summary,
        sample: checked.sample,
      };
    },

    /**
     * Commits a previewed import in one transaction. The rows are checked again inside it, so whatever
     * changed since the preview (a SKU created, stock received) is caught rather than written twice.
     */
    async commit(importer: Importer, importId: string): Promise<ImportCommitResponse> {
      // Updated components rewrite their balances' list keys, which can meet a posting in a deadlock (ADR 0013).
      return retryOnConflict(() =>
        db.transaction(async (tx) => {
          const { table } = await takePendingImport(tx, ['components'], importer, importId);
          const checked = await checkRows(tx, importer.departmentId, table, { lockComponents: true });
          if (checked.errorCount > 0) throw importHasErrors(checked.errors);
          const categories = await ensureCategories(tx, checked.rows);
          const rows = checked.rows.map((row) => ({ ...row, componentId: row.existingId ?? randomUUID() }));
          const created = rows.filter((row) => !row.existingId);
          const updated = rows.filter((row) => row.existingId);
          await insertComponents(tx, created, categories.ids);
          if (updated.length > 0) await updateComponents(tx, updated, checked.present, categories.ids);
          const opening = rows.filter((row) => row.openingQuantity !== null && row.locationId !== null);
          await postOpeningBalances(tx, importer, opening);
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
