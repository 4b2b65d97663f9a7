/** What the server's tree store answers for each node: categories and locations alike. */
export type TreeItem = { id: string; name: string; parentId: string | null; path: string };

export type TreeNode<T extends TreeItem> = T & { depth: number; children: TreeNode<T>[] };

/** Builds the tree from the flat list (siblings by name); a node whose parent is missing becomes a root. */
export function buildTree<T extends TreeItem>(items: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>(items.map((item) => [item.id, { ...item, depth: 0, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: TreeNode<T>[], depth: number) => {
    list.sort((a, b) => a.name.localeCompare(b.name));
    for (const node of list) {
      node.depth = depth;
      order(node.children, depth + 1);
    }
  };
  order(roots, 0);
  return roots;
}

/** The nodes of a tree, each followed by its descendants. */
export function flattenTree<T extends TreeItem>(roots: readonly TreeNode<T>[]): TreeNode<T>[] {
  return roots.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The flat list in tree order (parents first, siblings by name), as the server sent each item. */
export function inTreeOrder<T extends TreeItem>(items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return flattenTree(buildTree(items)).flatMap((node) => byId.get(node.id) ?? []);
}

/** Where a node may move: every node of the tree but itself and its descendants, in tree order. */
export function moveTargets<T extends TreeItem>(roots: readonly TreeNode<T>[], id: string): TreeNode<T>[] {
  const all = flattenTree(roots);
  const moved = all.find((node) => node.id === id);
  const below = new Set(moved ? flattenTree([moved]).map((node) => node.id) : []);
  return all.filter((node) => !below.has(node.id));
}
