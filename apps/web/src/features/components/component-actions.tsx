import type { Component } from '@cm/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconArchiveOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArchiveComponent, useDeleteComponent, useRestoreComponent } from '../../components/catalogue/api';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { type DetailActions, deleteQuestion } from './detail-actions';
import { COMPONENTS_PATH } from './paths';

/** The detail page's Edit, Archive or Restore, and Delete buttons, with the question Delete asks. */
export function ComponentActions({
  component,
  hasMovements,
  actions,
}: {
  component: Component;
  hasMovements: boolean;
  actions: DetailActions;
}) {
  const { t } = useTranslation(['components', 'errors', 'common']);
  const navigate = useNavigate();
  const router = useRouter();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const archive = useArchiveComponent();
  const restore = useRestoreComponent();
  const remove = useDeleteComponent();
  const question = deleteQuestion(hasMovements, component.archived, remove.error);

  const archiveButton = useRef<HTMLButtonElement>(null);
  const refocusArchiveButton = useRef(false);
  const changing = archive.isPending || restore.isPending;
  // The button is disabled while it works, which drops the keyboard focus: it gets the focus back, now as
  // Restore (or Archive), so that a keyboard user is not sent back to the top of the page.
  useEffect(() => {
    if (changing || !refocusArchiveButton.current) return;
    refocusArchiveButton.current = false;
    archiveButton.current?.focus();
  }, [changing]);

  const change = (mutation: typeof archive, onDone?: () => void) =>
    mutation.mutate(component.id, {
      onSuccess: (saved) => {
        notify({
          color: 'green',
          message: t(saved.archived ? 'detail.archived' : 'detail.restored', { sku: saved.sku }),
        });
        onDone?.();
      },
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });

  const closeDialog = () => setDeleteOpen(false);

  return (
    <>
      {actions.edit && (
        <Button
          renderRoot={(props) => (
            <Link to="/components/$componentId/edit" params={{ componentId: component.id }} {...props} />
          )}
          leftSection={<IconPencil size={16} />}
        >
          {t('detail.edit')}
        </Button>
      )}
      {actions.archiveOrRestore && (
        <Button
          variant="default"
          leftSection={
            actions.archiveOrRestore === 'restore' ? <IconArchiveOff size={16} /> : <IconArchive size={16} />
          }
          ref={archiveButton}
          loading={changing}
          onClick={() => {
            refocusArchiveButton.current = document.activeElement === archiveButton.current;
            change(actions.archiveOrRestore === 'restore' ? restore : archive);
          }}
        >
          {actions.archiveOrRestore === 'restore' ? t('detail.restore') : t('detail.archive')}
        </Button>
      )}
      {actions.delete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            remove.reset();
            setDeleteOpen(true);
            // A deletion leads to the list. Loaded while the question is asked, the list replaces this page at
            // once; loaded only then, the router shows this page again meanwhile, reading a component just
            // deleted ("not found").
            void router.preloadRoute({ to: COMPONENTS_PATH });
          }}
        >
          {t('detail.delete')}
        </Button>
      )}

      <Modal
        opened={deleteOpen}
        onClose={closeDialog}
        title={t(question === 'delete' ? 'detail.deleteTitle' : 'detail.inUseTitle', { sku: component.sku })}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          {question === 'delete' ? (
            <Text size="sm">{t('detail.deleteMessage', { sku: component.sku, name: component.name })}</Text>
          ) : (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
              {t(question === 'nothingToDo' ? 'detail.inUseArchived' : 'detail.inUse')}
            </Alert>
          )}
          {question === 'delete' && remove.error && (
            <Alert color="red" role="alert">
              {errorMessage(t, remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeDialog} data-autofocus>
              {t('form.cancel')}
            </Button>
            {question === 'archiveInstead' && (
              <Button
                leftSection={<IconArchive size={16} />}
                loading={archive.isPending}
                onClick={() => change(archive, closeDialog)}
              >
                {t('detail.archiveInstead')}
              </Button>
            )}
            {question === 'delete' && (
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(component.id, {
                    onSuccess: async () => {
                      closeDialog();
                      notify({ color: 'green', message: t('detail.deleted', { sku: component.sku }) });
                      await navigate({ to: COMPONENTS_PATH });
                    },
                  })
                }
              >
                {t('detail.deleteConfirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
