import type { Role } from '@cm/contract';
import { type MovementKind, movementKindsFor } from '../../components/movements/permissions';
import { ApiError } from '../../lib/api-client';
import { mayAdministerComponents, mayEditComponents } from './permissions';

/** What the detail page offers on one component to someone of one role. */
export type DetailActions = {
  edit: boolean;
  /** Administrators archive an active component and restore an archived one. */
  archiveOrRestore: 'archive' | 'restore' | null;
  delete: boolean;
  /** Receive, Issue, Transfer, Adjust: none on an archived component, which cannot move. */
  movementKinds: readonly MovementKind[];
};

/** The actions of the detail page for a role on an active or archived component. */
export function detailActions(role: Role | undefined, archived: boolean): DetailActions {
  const administers = mayAdministerComponents(role);
  return {
    edit: mayEditComponents(role),
    archiveOrRestore: administers ? (archived ? 'restore' : 'archive') : null,
    delete: administers,
    movementKinds: archived ? [] : movementKindsFor(role),
  };
}

/**
 * What the delete dialog asks: to delete a component that never moved; to archive instead one that has
 * movements (the ledger keeps them); or, for one with movements that is archived already, nothing but to
 * close.
 */
export type DeleteQuestion = 'delete' | 'archiveInstead' | 'nothingToDo';

/**
 * The dialog knows from the start that a component with movements cannot be deleted, rather than offering
 * a deletion the server then refuses; the server's refusal (movements arrived meanwhile) turns it the same way.
 */
export function deleteQuestion(hasMovements: boolean, archived: boolean, deleteError: unknown): DeleteQuestion {
  const inUse = hasMovements || (deleteError instanceof ApiError && deleteError.code === 'COMPONENT_IN_USE');
  if (!inUse) return 'delete';
  return archived ? 'nothingToDo' : 'archiveInstead';
}
