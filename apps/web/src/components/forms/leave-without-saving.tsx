import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export type LeaveTexts = { title: string; message: string; stay: string; discard: string };

/**
 * Asks before a screen with unsaved changes is left (a router blocker's `blocked` state). Staying is the
 * default, so Enter never throws work away; the texts are the screen's own, as what is lost differs.
 */
export function LeaveWithoutSavingModal(props: {
  opened: boolean;
  texts: LeaveTexts;
  onStay: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onStay}
      title={props.texts.title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        <Text size="sm">{props.texts.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onStay} data-autofocus>
            {props.texts.stay}
          </Button>
          <Button color="red" onClick={props.onDiscard}>
            {props.texts.discard}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Asks before a screen of tabs is left while `dirty()` says a tab holds unsaved changes. Another tab of the same
 * screen only changes the address's search, so it is not leaving.
 */
export function LeaveTabsWithoutSaving({ dirty, texts }: { dirty: () => boolean; texts: LeaveTexts }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && dirty(),
    enableBeforeUnload: dirty,
    withResolver: true,
  });
  return (
    <LeaveWithoutSavingModal
      opened={blocker.status === 'blocked'}
      texts={texts}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
