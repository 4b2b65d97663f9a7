import type { Category, CategoryChange, CategoryInput } from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

type CategoryList = { items: Category[] };

/**
 * The company-wide category list, flat, in tree order (parents first, siblings by name). The cache holds
 * the server's answer as it is (other screens read the same key); the ordering is a `select`.
 */
export const categoriesQuery = queryOptions({
  queryKey: queryKeys.categories.all,
  queryFn: ({ signal }) => api<CategoryList>('/categories', { signal }),
  select: (data: CategoryList): CategoryWithDepth[] =>
    flattenTree(categoryTree(data.items)).map(({ children: _children, ...category }) => category),
  staleTime: 60_000,
});

export function createCategory(input: CategoryInput): Promise<Category> {
  return api<Category>('/categories', { method: 'POST', body: input });
}

/** Renames ({ name }) or moves ({ parentId }) a category: only the fields sent change. */
export function updateCategory(id: string, change: CategoryChange): Promise<Category> {
  return api<Category>(`/categories/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

export function deleteCategory(id: string): Promise<void> {
  return api<void>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type CategoryWithDepth = Category & { depth: number };
export type CategoryNode = CategoryWithDepth & { children: CategoryNode[] };

/** Builds the tree from the flat list (children sorted by name); a category whose parent is missing becomes a root. */
export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(
    categories.map((category) => [category.id, { ...category, depth: 0, children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: CategoryNode[], depth: number) => {
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
export function flattenTree(roots: readonly CategoryNode[]): CategoryNode[] {
  return roots.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The ids of a category and everything below it. */
export function subtreeIds(node: CategoryNode): Set<string> {
  const ids = new Set<string>([node.id]);
  const visit = (children: CategoryNode[]) => {
    for (const child of children) {
      ids.add(child.id);
      visit(child.children);
    }
  };
  visit(node.children);
  return ids;
}

/** Options of a category Select: every category by its path, in tree order. */
export function categoryOptions(categories: readonly Category[]): { value: string; label: string }[] {
  return categories.map((category) => ({ value: category.id, label: category.path }));
}
