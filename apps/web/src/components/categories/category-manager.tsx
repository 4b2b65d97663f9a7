import { type Category, CategoryInput } from '@cm/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsMove,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { stockAreaChanged } from '../../lib/query-keys';
import { InlineLoadFailed } from '../load-failed';
import {
  type CategoryNode,
  categoriesQuery,
  categoryTree,
  createCategory,
  deleteCategory,
  subtreeIds,
  updateCategory,
} from './api';
import classes from './category-manager.module.css';

type Action =
  | { kind: 'create'; parentId: string | null }
  | { kind: 'rename'; category: Category }
  | { kind: 'move'; category: CategoryNode }
  | { kind: 'delete'; category: Category };

const TOP_LEVEL = '__top__';

/**
 * The company-wide category tree for administrators: add a category (at the top or under another), rename,
 * move under another parent, delete an empty one. Opened from the Components list.
 */
export function CategoryManager({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['categories', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {opened && <CategoryManagerBody />}
    </Modal>
  );
}

function CategoryManagerBody() {
  const { t } = useTranslation(['categories', 'errors', 'common']);
  const categories = useQuery(categoriesQuery);
  const tree = useMemo(() => categoryTree(categories.data ?? []), [categories.data]);
  const [action, setAction] = useState<Action | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderNodes = (nodes: CategoryNode[]) => (
    <ul className={classes.list}>
      {nodes.map((node) => {
        const open = !collapsed.has(node.id);
        return (
          <li key={node.id}>
            <Group gap={4} wrap="nowrap" className={classes.row} style={{ paddingLeft: node.depth * 20 }}>
              {node.children.length > 0 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-expanded={open}
                  aria-label={t(open ? 'collapse' : 'expand', { name: node.name })}
                  onClick={() => toggle(node.id)}
                >
                  {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
              ) : (
                <Box w={22} />
              )}
              <IconFolder size={16} className={classes.icon} aria-hidden />
              <Text size="sm" fw={500} className={classes.name}>
                {node.name}
              </Text>
              {/* Counts are of the category's own components; a parent holding only subcategories shows none. */}
              {(node.componentCount > 0 || node.children.length === 0) && (
                <Badge variant="light" color="gray" size="sm" className={classes.count}>
                  {t('componentCount', { count: node.componentCount })}
                </Badge>
              )}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('actionsFor', { name: node.name })}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconFolderPlus size={16} />}
                    onClick={() => setAction({ kind: 'create', parentId: node.id })}
                  >
                    {t('addChild')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setAction({ kind: 'rename', category: node })}
                  >
                    {t('rename')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconArrowsMove size={16} />}
                    onClick={() => setAction({ kind: 'move', category: node })}
                  >
                    {t('move')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setAction({ kind: 'delete', category: node })}
                  >
                    {t('delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
            {open && node.children.length > 0 && renderNodes(node.children)}
          </li>
        );
      })}
    </ul>
  );

  let body: React.ReactNode;
  if (categories.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('common:loading')}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h={30} />
        ))}
      </Stack>
    );
  } else if (categories.error) {
    body = <InlineLoadFailed error={categories.error} onRetry={() => void categories.refetch()} />;
  } else if (tree.length === 0) {
    body = (
      <EmptyState
        icon={<IconFolder size={28} />}
        title={t('empty.title')}
        description={t('empty.message')}
        withIndicatorBackground
        size="sm"
        py="md"
      />
    );
  } else {
    body = (
      <Box className={classes.tree} aria-label={t('treeLabel')} role="group">
        {renderNodes(tree)}
      </Box>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAction({ kind: 'create', parentId: null })}>
          {t('addTop')}
        </Button>
      </Group>
      {action && (
        <ActionPanel
          key={`${action.kind}-${'category' in action ? action.category.id : action.parentId}`}
          action={action}
          categories={categories.data ?? []}
          tree={tree}
          onDone={() => setAction(null)}
        />
      )}
      {body}
    </Stack>
  );
}

function ActionPanel({
  action,
  categories,
  tree,
  onDone,
}: {
  action: Action;
  categories: readonly Category[];
  tree: CategoryNode[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['categories', 'errors', 'common']);
  const queryClient = useQueryClient();
  const [name, setName] = useState(action.kind === 'rename' ? action.category.name : '');
  const [parent, setParent] = useState<string>(() => {
    if (action.kind === 'create') return action.parentId ?? TOP_LEVEL;
    if (action.kind === 'move') return action.category.parentId ?? TOP_LEVEL;
    return TOP_LEVEL;
  });
  const [nameError, setNameError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: async (): Promise<void> => {
      const parentId = parent === TOP_LEVEL ? null : parent;
      if (action.kind === 'create') await createCategory({ name, parentId });
      else if (action.kind === 'rename') await updateCategory(action.category.id, { name });
      else if (action.kind === 'move') await updateCategory(action.category.id, { parentId });
      else await deleteCategory(action.category.id);
    },
    onSuccess: async () => {
      // Category paths show on components and stock rows too.
      await stockAreaChanged(queryClient);
      onDone();
    },
  });

  // Where a category may move: anywhere but into itself or below itself.
  const parentOptions = useMemo(() => {
    const excluded =
      action.kind === 'move' ? subtreeIds(findNode(tree, action.category.id) ?? action.category) : new Set<string>();
    return [
      { value: TOP_LEVEL, label: t('topLevel') },
      ...categories
        .filter((category) => !excluded.has(category.id))
        .map((category) => ({ value: category.id, label: category.path })),
    ];
  }, [action, categories, tree, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.kind === 'create' || action.kind === 'rename') {
      const parsed = CategoryInput.shape.name.safeParse(name);
      if (!parsed.success) {
        setNameError(name.trim() === '' ? t('nameRequired') : t('nameTooLong', { count: 200 }));
        return;
      }
    }
    setNameError(null);
    mutation.mutate();
  };

  const parentPath = (id: string | null) => (id ? categories.find((category) => category.id === id)?.path : null);
  const title =
    action.kind === 'create'
      ? action.parentId
        ? t('createUnder', { parent: parentPath(action.parentId) })
        : t('createTop')
      : action.kind === 'rename'
        ? t('renameTitle', { name: action.category.name })
        : action.kind === 'move'
          ? t('moveTitle', { name: action.category.name })
          : t('deleteTitle', { name: action.category.name });

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate className={classes.panel}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {(action.kind === 'create' || action.kind === 'rename') && (
          <TextInput
            label={t('name')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            maxLength={200}
            withAsterisk
            data-autofocus
            autoFocus
          />
        )}
        {(action.kind === 'create' || action.kind === 'move') && (
          <Select
            label={t('parent')}
            data={parentOptions}
            value={parent}
            onChange={(value) => setParent(value ?? TOP_LEVEL)}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('noParentFound')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {action.kind === 'delete' && (
          <Text size="sm">
            {action.category.componentCount > 0
              ? t('deleteHasComponents', { count: action.category.componentCount })
              : t('deleteMessage', { path: action.category.path })}
          </Text>
        )}
        {mutation.error && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} p="xs">
            {errorMessage(t, mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" color={action.kind === 'delete' ? 'red' : undefined} loading={mutation.isPending}>
            {t(`submit.${action.kind}`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function findNode(nodes: CategoryNode[], id: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
