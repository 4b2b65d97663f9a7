import {
  ActionIcon,
  Alert,
  Box,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsMove,
  IconChevronDown,
  IconChevronRight,
  IconPencil,
  IconPlus,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { InlineLoadFailed } from '../load-failed';
import { buildTree, moveTargets, type TreeItem, type TreeNode } from './tree';
import classes from './tree-editor.module.css';

/** What the editor uses of a mutation hook's result; the hook itself does the invalidations. */
type TreeMutation<Variables> = {
  mutate: (variables: Variables, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  error: Error | null;
};

/**
 * One tree of the server's tree store, as its owner hands it to the editor. `namespace` holds the editor's
 * words under the same keys for every tree: title, intro, treeLabel, addTop, addInside, rename, move, delete,
 * expand, collapse, empty.{title,message}, createTop, createInside, renameTitle, moveTitle, deleteTitle,
 * name, parent, topLevel, noParentFound, validation.{nameRequired,nameTooLong}, cancel, submit.*, done.*.
 */
export type TreeSource<T extends TreeItem> = {
  namespace: string;
  useItems: () => { data: readonly T[] | undefined; isPending: boolean; error: Error | null; refetch: () => unknown };
  useCreate: () => TreeMutation<{ name: string; parentId: string | null }>;
  useUpdate: () => TreeMutation<{ id: string; change: { name?: string; parentId?: string | null } }>;
  useDelete: () => TreeMutation<string>;
  /** The contract's rule for a name, checked before anything is sent. */
  nameSchema: z.ZodString;
  /** The picture of a node at a depth (0 is the top level). */
  icon: (depth: number) => TablerIcon;
  /** What a row shows after the name, if anything. */
  badge?: (node: TreeNode<T>, t: TFunction) => ReactNode;
  /** What deleting the node will do, or why the server will refuse: each tree has its own rule. */
  deleteWarning: (node: TreeNode<T>, t: TFunction) => string;
};

type Editing<T extends TreeItem> =
  | { kind: 'create'; parent: TreeNode<T> | null }
  | { kind: 'rename' | 'move' | 'delete'; node: TreeNode<T> };

const TOP_LEVEL = '__top__';
const INDENT_PX = 20;
/** The fold toggle's width: leaves keep its place empty, so names line up across levels. */
const TOGGLE_PX = 22;

/**
 * A tree for administrators, in a dialog: add a node at the top or inside another, rename, move (never
 * under itself or below itself), delete (the server refuses a node still in use). Each form opens under the
 * row it acts on.
 */
export function TreeEditor<T extends TreeItem>({
  source,
  opened,
  onClose,
}: {
  source: TreeSource<T>;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation([source.namespace, 'common']);
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      // Escape inside an open form cancels that form first; the dialog closes on the next Escape.
      closeOnEscape={editing === null}
    >
      {opened && <TreeEditorBody source={source} editing={editing} onEdit={setEditing} />}
    </Modal>
  );
}

function TreeEditorBody<T extends TreeItem>({
  source,
  editing,
  onEdit,
}: {
  source: TreeSource<T>;
  editing: Editing<T> | null;
  onEdit: (editing: Editing<T> | null) => void;
}) {
  const { t } = useTranslation([source.namespace, 'common']);
  const items = source.useItems();
  const roots = useMemo(() => buildTree(items.data ?? []), [items.data]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const addTop = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  // A closed form takes the focus with it: it goes back to the button that opened the form.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const button = opener.current;
    if (editing !== null || button === null) return;
    opener.current = null;
    // A moved row is built anew under its new parent: its button is found again by what it does to which node.
    const action = button.dataset.treeAction;
    const rebuilt =
      action && container.current?.querySelector<HTMLElement>(`[data-tree-action="${CSS.escape(action)}"]`);
    ((button.isConnected ? button : rebuilt) || addTop.current)?.focus();
  }, [editing]);

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const edit = (next: Editing<T>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // What is created inside a folded node would otherwise not be seen.
    if (next.kind === 'create' && next.parent && collapsed.has(next.parent.id)) toggle(next.parent.id);
    onEdit(next);
  };

  const done = (deleted: boolean) => {
    // The deleted row's buttons are about to go: Add at the top is the one place sure to stay.
    if (deleted) opener.current = addTop.current;
    onEdit(null);
  };

  const form = (target: Editing<T>) => (
    <TreeForm
      key={target.kind === 'create' ? `create-${target.parent?.id ?? TOP_LEVEL}` : `${target.kind}-${target.node.id}`}
      source={source}
      roots={roots}
      editing={target}
      onDone={done}
    />
  );

  const formUnder = (node: TreeNode<T>) =>
    editing !== null && (editing.kind === 'create' ? editing.parent?.id === node.id : editing.node.id === node.id)
      ? editing
      : null;

  const branch = (nodes: readonly TreeNode<T>[], className: string | undefined, label?: string) => (
    <ul className={className} aria-label={label}>
      {nodes.map((node) => {
        const open = !collapsed.has(node.id);
        const Icon = source.icon(node.depth);
        const target = formUnder(node);
        return (
          <li key={node.id}>
            <Group gap={4} wrap="nowrap" className={classes.row} style={{ paddingInlineStart: node.depth * INDENT_PX }}>
              {node.children.length > 0 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={TOGGLE_PX}
                  aria-expanded={open}
                  aria-label={t(open ? 'collapse' : 'expand', { name: node.path })}
                  onClick={() => toggle(node.id)}
                >
                  {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
              ) : (
                <Box w={TOGGLE_PX} />
              )}
              <Icon size={18} stroke={1.6} className={classes.icon} aria-hidden />
              <Text size="sm" fw={500} className={classes.name}>
                {node.name}
              </Text>
              {source.badge?.(node, t)}
              <RowAction
                label={t('addInside', { name: node.path })}
                action={`create:${node.id}`}
                onClick={() => edit({ kind: 'create', parent: node })}
              >
                <IconPlus size={16} />
              </RowAction>
              <RowAction
                label={t('rename', { name: node.path })}
                action={`rename:${node.id}`}
                onClick={() => edit({ kind: 'rename', node })}
              >
                <IconPencil size={16} />
              </RowAction>
              <RowAction
                label={t('move', { name: node.path })}
                action={`move:${node.id}`}
                onClick={() => edit({ kind: 'move', node })}
              >
                <IconArrowsMove size={16} />
              </RowAction>
              <RowAction
                label={t('delete', { name: node.path })}
                action={`delete:${node.id}`}
                color="red"
                onClick={() => edit({ kind: 'delete', node })}
              >
                <IconTrash size={16} />
              </RowAction>
            </Group>
            {target && (
              <Box py={4} style={{ paddingInlineStart: node.depth * INDENT_PX + TOGGLE_PX + 4 }}>
                {form(target)}
              </Box>
            )}
            {open && node.children.length > 0 && branch(node.children, classes.branch)}
          </li>
        );
      })}
    </ul>
  );

  let body: ReactNode;
  if (items.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('common:loading')}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h={30} />
        ))}
      </Stack>
    );
  } else if (items.error) {
    body = <InlineLoadFailed error={items.error} onRetry={() => void items.refetch()} />;
  } else if (roots.length === 0) {
    const Icon = source.icon(0);
    body = (
      <EmptyState
        icon={<Icon size={28} />}
        title={t('empty.title')}
        description={t('empty.message')}
        withIndicatorBackground
        size="sm"
        py="md"
      />
    );
  } else {
    body = branch(roots, classes.tree, t('treeLabel'));
  }

  return (
    <Stack ref={container} gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('intro')}
        </Text>
        <Button
          ref={addTop}
          leftSection={<IconPlus size={16} />}
          onClick={() => edit({ kind: 'create', parent: null })}
        >
          {t('addTop')}
        </Button>
      </Group>
      {editing?.kind === 'create' && editing.parent === null && form(editing)}
      {body}
    </Stack>
  );
}

function RowAction({
  label,
  action,
  color = 'gray',
  onClick,
  children,
}: {
  label: string;
  /** What the button does to which node ("move:<id>"): the same for the button of a row built anew. */
  action: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal openDelay={400}>
      <ActionIcon variant="subtle" color={color} aria-label={label} data-tree-action={action} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function TreeForm<T extends TreeItem>({
  source,
  roots,
  editing,
  onDone,
}: {
  source: TreeSource<T>;
  roots: readonly TreeNode<T>[];
  editing: Editing<T>;
  onDone: (deleted: boolean) => void;
}) {
  const { t } = useTranslation([source.namespace, 'errors', 'common']);
  // Each form has its own mutations, so an error shown in one form never shows in the next.
  const create = source.useCreate();
  const update = source.useUpdate();
  const remove = source.useDelete();
  const mutation = editing.kind === 'create' ? create : editing.kind === 'delete' ? remove : update;
  const [name, setName] = useState(editing.kind === 'rename' ? editing.node.name : '');
  const [parentId, setParentId] = useState(editing.kind === 'move' ? (editing.node.parentId ?? TOP_LEVEL) : TOP_LEVEL);
  // The name is checked once the form is sent, then again with every correction.
  const [submitted, setSubmitted] = useState(false);

  const asksName = editing.kind === 'create' || editing.kind === 'rename';
  const nameError = asksName && submitted ? nameProblem(source.nameSchema, name, t) : null;

  const parentOptions = useMemo(
    () =>
      editing.kind === 'move'
        ? [
            { value: TOP_LEVEL, label: t('topLevel') },
            ...moveTargets(roots, editing.node.id).map((node) => ({ value: node.id, label: node.path })),
          ]
        : [],
    [editing, roots, t],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (mutation.isPending || (asksName && nameProblem(source.nameSchema, name, t))) return;
    const subject = editing.kind === 'create' ? name.trim() : editing.node.name;
    const finished = {
      onSuccess: () => {
        notify({ color: 'green', message: t(`done.${editing.kind}`, { name: subject }) });
        onDone(editing.kind === 'delete');
      },
    };
    if (editing.kind === 'create') create.mutate({ name: name.trim(), parentId: editing.parent?.id ?? null }, finished);
    else if (editing.kind === 'rename') update.mutate({ id: editing.node.id, change: { name: name.trim() } }, finished);
    else if (editing.kind === 'move') {
      update.mutate({ id: editing.node.id, change: { parentId: parentId === TOP_LEVEL ? null : parentId } }, finished);
    } else remove.mutate(editing.node.id, finished);
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    // Mantine marks a Select's input while its list is open: that Escape closes the list, not the form.
    const closesList = event.target instanceof HTMLElement && event.target.dataset.mantineStopPropagation === 'true';
    if (event.key === 'Escape' && !closesList && !mutation.isPending) onDone(false);
  };

  const title =
    editing.kind === 'create'
      ? editing.parent
        ? t('createInside', { parent: editing.parent.path })
        : t('createTop')
      : t(`${editing.kind}Title`, { name: editing.node.path });

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="form"
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      noValidate
      className={classes.form}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {asksName && (
          <TextInput
            label={t('name')}
            required
            autoFocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
          />
        )}
        {editing.kind === 'move' && (
          <Select
            label={t('parent')}
            data={parentOptions}
            value={parentId}
            onChange={(value) => setParentId(value ?? TOP_LEVEL)}
            allowDeselect={false}
            searchable
            selectFirstOptionOnChange
            nothingFoundMessage={t('noParentFound')}
            comboboxProps={{ withinPortal: true }}
            autoFocus
          />
        )}
        {editing.kind === 'delete' && <Text size="sm">{source.deleteWarning(editing.node, t)}</Text>}
        {mutation.error && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} p="xs">
            {errorMessage(t, mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => onDone(false)} disabled={mutation.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            color={editing.kind === 'delete' ? 'red' : undefined}
            loading={mutation.isPending}
            autoFocus={editing.kind === 'delete'}
          >
            {t(`submit.${editing.kind}`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Why a name cannot be sent, by the contract's rule for it, or null when it can. */
function nameProblem(schema: z.ZodString, name: string, t: TFunction): string | null {
  if (schema.safeParse(name).success) return null;
  if (name.trim() === '') return t('validation.nameRequired');
  return t('validation.nameTooLong', { count: schema.maxLength ?? 0 });
}
