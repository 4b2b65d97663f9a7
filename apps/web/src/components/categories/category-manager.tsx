import { type Category, CategoryInput } from '@cm/contract';
import { Badge } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TreeEditor, type TreeSource } from '../tree-editor/tree-editor';
import { categoriesQuery, useCreateCategory, useDeleteCategory, useUpdateCategory } from './api';

function useCategories() {
  return useQuery(categoriesQuery);
}

const categoryTree: TreeSource<Category> = {
  namespace: 'categories',
  useItems: useCategories,
  useCreate: useCreateCategory,
  useUpdate: useUpdateCategory,
  useDelete: useDeleteCategory,
  nameSchema: CategoryInput.shape.name,
  icon: () => IconFolder,
  // Counts are of the category's own components; a parent holding only subcategories shows none.
  badge: (category, t) =>
    (category.componentCount > 0 || category.children.length === 0) && (
      <Badge variant="light" color="gray" size="sm" style={{ flex: 'none' }}>
        {t('componentCount', { count: category.componentCount })}
      </Badge>
    ),
  // The server refuses to delete a category holding components or subcategories.
  deleteWarning: (category, t) => {
    if (category.componentCount > 0) return t('deleteHasComponents', { count: category.componentCount });
    if (category.children.length > 0) return t('deleteHasSubcategories');
    return t('deleteMessage', { path: category.path });
  },
};

/** The company-wide category tree for administrators, opened from the Components list. */
export function CategoryManager(props: { opened: boolean; onClose: () => void }) {
  return <TreeEditor source={categoryTree} {...props} />;
}
