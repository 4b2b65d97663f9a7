import { type Category, CategoryInput, type Location, LocationInput } from '@cm/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconBinaryTree, IconBox, IconBuildingWarehouse, IconFolder, IconLayoutRows } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesQuery } from '../../../components/categories/api';
import { locationsQuery } from '../../../components/locations/api';
import type { TreeItem } from '../../../components/tree-editor/tree';
import { TreeEditor, type TreeSource } from '../../../components/tree-editor/tree-editor';
import { KitExample, KitPage } from '../kit-page';
import {
  type TreeSandbox,
  TreeSandboxProvider,
  useSandboxCreate,
  useSandboxDelete,
  useSandboxItems,
  useSandboxUpdate,
  withPaths,
} from './tree-sandbox';

type TreeItems<T extends TreeItem> = ReturnType<TreeSource<T>['useItems']>;

// The trees as components/categories and components/locations give them to the editor there (their sources are theirs
// alone): the same words, name rule, pictures, counts and delete warnings; their items and changes are a sandbox's.

const CATEGORY_TREE: TreeSource<Category> = {
  namespace: 'categories',
  nameSchema: CategoryInput.shape.name,
  icon: () => IconFolder,
  badge: (category, t) =>
    (category.componentCount > 0 || category.children.length === 0) && (
      <Badge variant="light" color="gray" size="sm" style={{ flex: 'none' }}>
        {t('componentCount', { count: category.componentCount })}
      </Badge>
    ),
  deleteWarning: (category, t) => {
    if (category.componentCount > 0) return t('deleteHasComponents', { count: category.componentCount });
    if (category.children.length > 0) return t('deleteHasSubcategories');
    return t('deleteMessage', { path: category.path });
  },
  useItems: useSandboxItems<Category>,
  useCreate: useSandboxCreate,
  useUpdate: useSandboxUpdate,
  useDelete: useSandboxDelete,
};

const LOCATION_LEVEL_ICONS = [IconBuildingWarehouse, IconLayoutRows];

const LOCATION_TREE: TreeSource<Location> = {
  namespace: 'locations',
  nameSchema: LocationInput.shape.name,
  icon: (depth) => LOCATION_LEVEL_ICONS[depth] ?? IconBox,
  deleteWarning: (_location, t) => t('deleteConfirm'),
  useItems: useSandboxItems<Location>,
  useCreate: useSandboxCreate,
  useUpdate: useSandboxUpdate,
  useDelete: useSandboxDelete,
};

const newCategory = (fields: TreeItem): Category => ({ ...fields, componentCount: 0 });
const newLocation = (fields: TreeItem): Location => fields;

function useServerCategories(): TreeItems<TreeItem> {
  return useQuery(categoriesQuery);
}

function useServerLocations(): TreeItems<TreeItem> {
  return useQuery({ ...locationsQuery, select: (list) => list.items });
}

/** A made-up warehouse in the interface language, deep enough to fold and with names long enough to wrap. */
function useSampleLocations(): Location[] {
  const { t } = useTranslation('kit-elements');
  return useMemo(
    () =>
      withPaths([
        { id: 'main', name: t('treeview.sample.main'), parentId: null, path: '' },
        { id: 'shelf-a', name: t('treeview.sample.shelfA'), parentId: 'main', path: '' },
        { id: 'bin-1', name: t('treeview.sample.bin1'), parentId: 'shelf-a', path: '' },
        { id: 'bin-2', name: t('treeview.sample.bin2'), parentId: 'shelf-a', path: '' },
        { id: 'shelf-b', name: t('treeview.sample.shelfLong'), parentId: 'main', path: '' },
        { id: 'annex', name: t('treeview.sample.annexLong'), parentId: null, path: '' },
        { id: 'cabinet', name: t('treeview.sample.cabinet'), parentId: 'annex', path: '' },
      ]),
    [t],
  );
}

function useSampleItems(): TreeItems<TreeItem> {
  return { data: useSampleLocations(), isPending: false, error: null, refetch: () => undefined };
}

function useNoItems(): TreeItems<TreeItem> {
  return { data: [], isPending: false, error: null, refetch: () => undefined };
}

/** Items on their way for good: the editor's loading state. */
function useItemsOnTheirWay(): TreeItems<TreeItem> {
  return { data: undefined, isPending: true, error: null, refetch: () => undefined };
}

/** An example's tree: the button that opens it, as the Components and Stock screens have one, and the editor. */
function TreeExample<T extends TreeItem>({ tree, sandbox }: { tree: TreeSource<T>; sandbox: TreeSandbox }) {
  const { t } = useTranslation(tree.namespace);
  const [opened, setOpened] = useState(false);
  return (
    <Group gap="sm">
      <Button variant="default" leftSection={<IconBinaryTree size={16} />} onClick={() => setOpened(true)}>
        {t('title')}
      </Button>
      <TreeSandboxProvider sandbox={sandbox}>
        <TreeEditor source={tree} opened={opened} onClose={() => setOpened(false)} />
      </TreeSandboxProvider>
    </Group>
  );
}

/** The kit's tree view: the category and location trees in their editor, whose changes here stay in the page. */
export default function TreeviewPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="treeview"
      sources={['components/tree-editor', 'components/categories/api', 'components/locations/api']}
    >
      <KitExample title={t('treeview.examples.categories')}>
        <TreeExample tree={CATEGORY_TREE} sandbox={{ useSourceItems: useServerCategories, newItem: newCategory }} />
      </KitExample>
      <KitExample title={t('treeview.examples.locations')}>
        <TreeExample tree={LOCATION_TREE} sandbox={{ useSourceItems: useServerLocations, newItem: newLocation }} />
      </KitExample>
      <KitExample title={t('states.loading')}>
        <TreeExample tree={LOCATION_TREE} sandbox={{ useSourceItems: useItemsOnTheirWay, newItem: newLocation }} />
      </KitExample>
      <KitExample title={t('states.error')}>
        <TreeExample
          tree={LOCATION_TREE}
          sandbox={{ useSourceItems: useSampleItems, newItem: newLocation, failFirst: true }}
        />
      </KitExample>
      <KitExample title={t('states.empty')}>
        <TreeExample tree={LOCATION_TREE} sandbox={{ useSourceItems: useNoItems, newItem: newLocation }} />
      </KitExample>
      <KitExample title={t('treeview.examples.long')}>
        <TreeExample tree={LOCATION_TREE} sandbox={{ useSourceItems: useSampleItems, newItem: newLocation }} />
      </KitExample>
      <KitExample title={t('treeview.examples.refused')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('treeview.refusedNote')}
        </Text>
        <TreeExample
          tree={LOCATION_TREE}
          sandbox={{
            useSourceItems: useSampleItems,
            newItem: newLocation,
            refuse: { change: 'NAME_TAKEN', delete: 'LOCATION_NOT_EMPTY' },
          }}
        />
      </KitExample>
    </KitPage>
  );
}
