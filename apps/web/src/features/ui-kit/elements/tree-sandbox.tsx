import type { ErrorCode } from '@cm/contract';
import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import type { TreeItem } from '../../../components/tree-editor/tree';
import type { TreeSource } from '../../../components/tree-editor/tree-editor';
import { ApiError } from '../../../lib/api-client';

/** Names from the root joined as the server joins them ("Main / Shelf A"), for every item of a flat list. */
export function withPaths<T extends TreeItem>(items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const pathOf = (item: T, seen: Set<string>): string => {
    const parent = item.parentId ? byId.get(item.parentId) : undefined;
    // A parent that is missing, or a loop, ends the path: the tree shows such a node at the top.
    if (!parent || seen.has(parent.id)) return item.name;
    return `${pathOf(parent, seen.add(item.id))} / ${item.name}`;
  };
  return items.map((item) => ({ ...item, path: pathOf(item, new Set()) }));
}

/** The list with one item renamed and/or moved: only the fields given change. */
export function changeItem<T extends TreeItem>(
  items: readonly T[],
  id: string,
  change: { name?: string; parentId?: string | null },
): T[] {
  return withPaths(items.map((item) => (item.id === id ? { ...item, ...change } : item)));
}

/** The list without one item; its children, as the server never leaves any, go with it. */
export function removeItem<T extends TreeItem>(items: readonly T[], id: string): T[] {
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      if (item.parentId && gone.has(item.parentId) && !gone.has(item.id)) {
        gone.add(item.id);
        grew = true;
      }
    }
  }
  return items.filter((item) => !gone.has(item.id));
}

type TreeItems<T extends TreeItem> = ReturnType<TreeSource<T>['useItems']>;

/** How long a change takes in the sandbox: long enough to see the form wait, as it waits for the server. */
const WRITE_MS = 500;

/**
 * A tree's items for the UI kit and every change made to them, kept in the page and never sent. It reads its items
 * with `useSourceItems` (the server's, or a sample); `failFirst` makes that reading fail until Retry; with `refuse`,
 * every change is refused with that problem's code, as the server refuses a taken name or a node still in use.
 */
export type TreeSandbox = {
  useSourceItems: () => TreeItems<TreeItem>;
  /** An item as the server would answer its creation (its path is filled in here). */
  newItem: (fields: TreeItem) => TreeItem;
  refuse?: { change: ErrorCode; delete: ErrorCode };
  failFirst?: boolean;
};

type SandboxState = TreeSandbox & {
  changed: readonly TreeItem[] | null;
  failing: boolean;
  created: number;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
  update: (change: Partial<Pick<SandboxState, 'changed' | 'failing'>>) => void;
};

function sandboxState(sandbox: TreeSandbox): SandboxState {
  const state: SandboxState = {
    ...sandbox,
    changed: null,
    failing: sandbox.failFirst ?? false,
    created: 0,
    listeners: new Set(),
    subscribe: (listener) => {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    update: (change) => {
      Object.assign(state, change);
      for (const listener of state.listeners) listener();
    },
  };
  return state;
}

const SandboxContext = createContext<SandboxState | null>(null);

/** Gives the tree editor inside it a sandbox of its own, made once, whose changes last as long as the example. */
export function TreeSandboxProvider({ sandbox, children }: { sandbox: TreeSandbox; children: ReactNode }) {
  const [state] = useState(() => sandboxState(sandbox));
  return <SandboxContext.Provider value={state}>{children}</SandboxContext.Provider>;
}

function useSandbox(): SandboxState {
  const sandbox = useContext(SandboxContext);
  if (!sandbox) throw new Error('A sandboxed tree is rendered inside TreeSandboxProvider.');
  return sandbox;
}

/** The tree's items: the source's until the first change, then the sandbox's own copy. */
export function useSandboxItems<T extends TreeItem>(): TreeItems<T> {
  const sandbox = useSandbox();
  const source = sandbox.useSourceItems();
  const changed = useSyncExternalStore(sandbox.subscribe, () => sandbox.changed);
  const failing = useSyncExternalStore(sandbox.subscribe, () => sandbox.failing);
  if (failing) {
    return {
      data: undefined,
      isPending: false,
      error: new ApiError(0, 'NETWORK_ERROR'),
      refetch: () => sandbox.update({ failing: false }),
    };
  }
  return (changed ? { ...source, data: changed } : source) as TreeItems<T>;
}

function useSandboxWrite<Variables>(
  refusal: (sandbox: SandboxState) => ErrorCode | undefined,
  apply: (items: readonly TreeItem[], variables: Variables, sandbox: SandboxState) => readonly TreeItem[],
) {
  const sandbox = useSandbox();
  const items = useSandboxItems();
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null });
  const mutate = (variables: Variables, options?: { onSuccess?: () => void }) => {
    setState({ isPending: true, error: null });
    setTimeout(() => {
      const refused = refusal(sandbox);
      if (refused) {
        setState({ isPending: false, error: new ApiError(409, refused) });
        return;
      }
      sandbox.update({ changed: apply(sandbox.changed ?? items.data ?? [], variables, sandbox) });
      setState({ isPending: false, error: null });
      options?.onSuccess?.();
    }, WRITE_MS);
  };
  return { mutate, ...state };
}

/** Adds a node to the sandbox's tree. */
export function useSandboxCreate() {
  return useSandboxWrite(
    (sandbox) => sandbox.refuse?.change,
    (items, { name, parentId }: { name: string; parentId: string | null }, sandbox) => {
      sandbox.created += 1;
      return withPaths([...items, sandbox.newItem({ id: `sandbox-${sandbox.created}`, name, parentId, path: name })]);
    },
  );
}

/** Renames or moves a node of the sandbox's tree. */
export function useSandboxUpdate() {
  return useSandboxWrite(
    (sandbox) => sandbox.refuse?.change,
    (items, { id, change }: { id: string; change: { name?: string; parentId?: string | null } }) =>
      changeItem(items, id, change),
  );
}

/** Deletes a node of the sandbox's tree, with what is under it. */
export function useSandboxDelete() {
  return useSandboxWrite(
    (sandbox) => sandbox.refuse?.delete,
    (items, id: string) => removeItem(items, id),
  );
}
