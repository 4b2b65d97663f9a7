import type { Location } from '@cm/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowsMove,
  IconBox,
  IconBuildingWarehouse,
  IconLayoutRows,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { queryKeys, stockAreaChanged } from '../../lib/query-keys';
import {
  createLocation,
  deleteLocation,
  flattenTree,
  type LocationNode,
  locationsQuery,
  locationTree,
  subtreeIds,
  updateLocation,
} from './api';

const NAME_MAX = 200;
const ROOT = '__root__';

type Editor =
  | { mode: 'create'; parent: LocationNode | null }
  | { mode: 'rename'; node: LocationNode }
  | { mode: 'move'; node: LocationNode }
  | { mode: 'delete'; node: LocationNode };

/** The location tree of the current department for administrators: create, rename, move and delete. */
export function LocationManager({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('locations');
  const [editor, setEditor] = useState<Editor | null>(null);
  const close = () => {
    setEditor(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
      // Escape inside an open form cancels that form first; the modal closes on the next Escape.
      closeOnEscape={editor === null}
    >
      <LocationTree editor={editor} setEditor={setEditor} />
    </Modal>
  );
}

function iconFor(depth: number) {
  if (depth === 0) return <IconBuildingWarehouse size={18} stroke={1.6} />;
  if (depth === 1) return <IconLayoutRows size={18} stroke={1.6} />;
  return <IconBox size={18} stroke={1.6} />;
}

function LocationTree({ editor, setEditor }: { editor: Editor | null; setEditor: (editor: Editor | null) => void }) {
  const { t } = useTranslation('locations');
  const query = useQuery(locationsQuery);
  const nodes = useMemo(() => flattenTree(locationTree(query.data?.items ?? [])), [query.data]);

  if (query.isPending) {
    return (
      <Stack gap="xs">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(t, query.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const isEditing = (node: LocationNode) =>
    editor !== null && (editor.mode === 'create' ? editor.parent?.id === node.id : editor.node.id === node.id);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditor({ mode: 'create', parent: null })}>
          {t('addTopLevel')}
        </Button>
      </Group>
      {editor?.mode === 'create' && editor.parent === null ? (
        <EditorForm editor={editor} nodes={nodes} onDone={() => setEditor(null)} />
      ) : null}
      {nodes.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed" ta="center">
            {t('empty')}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
          {nodes.map((node) => (
            <Box
              component="li"
              key={node.id}
              style={{ borderTop: node === nodes[0] ? undefined : '1px solid var(--mantine-color-default-border)' }}
            >
              <Group
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                py={6}
                pr="xs"
                pl={`calc(var(--mantine-spacing-sm) + ${node.depth} * 1.5rem)`}
              >
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Box c="dimmed" style={{ display: 'flex' }}>
                    {iconFor(node.depth)}
                  </Box>
                  <Text size="sm" truncate title={node.path}>
                    {node.name}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    label={t('addInside', { name: node.path })}
                    onClick={() => setEditor({ mode: 'create', parent: node })}
                  >
                    <IconPlus size={16} />
                  </RowAction>
                  <RowAction
                    label={t('rename', { name: node.path })}
                    onClick={() => setEditor({ mode: 'rename', node })}
                  >
                    <IconPencil size={16} />
                  </RowAction>
                  <RowAction label={t('move', { name: node.path })} onClick={() => setEditor({ mode: 'move', node })}>
                    <IconArrowsMove size={16} />
                  </RowAction>
                  <RowAction
                    label={t('delete', { name: node.path })}
                    color="red"
                    onClick={() => setEditor({ mode: 'delete', node })}
                  >
                    <IconTrash size={16} />
                  </RowAction>
                </Group>
              </Group>
              {isEditing(node) && editor ? (
                <Box px="sm" pb="sm" pl={`calc(var(--mantine-spacing-sm) + ${node.depth} * 1.5rem)`}>
                  <EditorForm editor={editor} nodes={nodes} onDone={() => setEditor(null)} />
                </Box>
              ) : null}
            </Box>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

function RowAction({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal openDelay={400}>
      <ActionIcon variant="subtle" color={color ?? 'gray'} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function EditorForm({ editor, nodes, onDone }: { editor: Editor; nodes: LocationNode[]; onDone: () => void }) {
  const { t } = useTranslation('locations');
  const queryClient = useQueryClient();
  const [name, setName] = useState(editor.mode === 'rename' ? editor.node.name : '');
  const [parentId, setParentId] = useState<string>(editor.mode === 'move' ? (editor.node.parentId ?? ROOT) : ROOT);
  const [submitted, setSubmitted] = useState(false);

  const mutation = useMutation({
    mutationFn: async (): Promise<Location | undefined> => {
      switch (editor.mode) {
        case 'create':
          return createLocation({ name: name.trim(), parentId: editor.parent?.id ?? null });
        case 'rename':
          return updateLocation(editor.node.id, { name: name.trim() });
        case 'move':
          return updateLocation(editor.node.id, { parentId: parentId === ROOT ? null : parentId });
        case 'delete':
          await deleteLocation(editor.node.id);
          return undefined;
      }
    },
    onSuccess: async () => {
      // Paths appear in stock rows, ledger rows and component details: all of them may have changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.locations.all }),
        stockAreaChanged(queryClient),
      ]);
      const subject = editor.mode === 'create' ? name.trim() : editor.node.name;
      notifications.show({ color: 'green', message: t(`done.${editor.mode}`, { name: subject }) });
      onDone();
    },
  });

  const nameError = (() => {
    if (!submitted || (editor.mode !== 'create' && editor.mode !== 'rename')) return undefined;
    if (name.trim() === '') return t('validation.nameRequired');
    if (name.trim().length > NAME_MAX) return t('validation.nameTooLong', { count: NAME_MAX });
    return undefined;
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (
      (editor.mode === 'create' || editor.mode === 'rename') &&
      (name.trim() === '' || name.trim().length > NAME_MAX)
    ) {
      return;
    }
    if (!mutation.isPending) mutation.mutate();
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onDone();
    }
  };

  const parentOptions = useMemo(() => {
    if (editor.mode !== 'move') return [];
    const excluded = subtreeIds(editor.node);
    return [
      { value: ROOT, label: t('topLevel') },
      ...nodes.filter((node) => !excluded.has(node.id)).map((node) => ({ value: node.id, label: node.path })),
    ];
  }, [editor, nodes, t]);

  const title =
    editor.mode === 'create'
      ? editor.parent
        ? t('createInside', { parent: editor.parent.path })
        : t('createTopLevel')
      : t(`${editor.mode}Title`, { name: editor.node.path });

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <form onSubmit={submit} onKeyDown={cancelOnEscape} noValidate>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {editor.mode === 'create' || editor.mode === 'rename' ? (
            <TextInput
              label={t('name')}
              required
              data-autofocus
              autoFocus
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              maxLength={NAME_MAX + 50}
            />
          ) : null}
          {editor.mode === 'move' ? (
            <Select
              label={t('newParent')}
              data={parentOptions}
              value={parentId}
              onChange={(value) => setParentId(value ?? ROOT)}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {editor.mode === 'delete' ? <Text size="sm">{t('deleteConfirm')}</Text> : null}
          {mutation.error ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorMessage(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onDone} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              size="xs"
              color={editor.mode === 'delete' ? 'red' : undefined}
              loading={mutation.isPending}
              autoFocus={editor.mode === 'delete' || editor.mode === 'move' ? true : undefined}
            >
              {t(`submit.${editor.mode}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
