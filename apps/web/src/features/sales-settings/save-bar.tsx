import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a settings tab: whether anything is unsaved, Discard and Save. Save and Discard are
 * disabled once there is nothing to save, which takes the focus from them; the focus then goes to the
 * status line (or back to Save after a refused save), so keyboard and screen-reader users are not
 * dropped at the top of the page.
 */
export function SaveBar({
  dirty,
  saving,
  status,
  saveLabel,
  onDiscard,
  onSave,
}: {
  dirty: boolean;
  saving: boolean;
  /** The status line: what is unsaved, or that all is saved. */
  status: string;
  saveLabel: string;
  onDiscard: () => void;
  /** Without it, Save submits the form the bar is in. */
  onSave?: () => void;
}) {
  const { t } = useTranslation('sales-settings');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // Only after a save or a discard: the bar never takes the focus when the tab opens.
  const busyBefore = useRef({ dirty, saving });
  useEffect(() => {
    const before = busyBefore.current;
    busyBefore.current = { dirty, saving };
    if (saving || !(before.saving || before.dirty)) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    const onDisabledButton =
      active instanceof HTMLButtonElement && active.disabled && rootRef.current?.contains(active);
    if (lost || onDisabledButton) (dirty ? saveRef.current : statusRef.current)?.focus();
  }, [dirty, saving]);

  return (
    <Group ref={rootRef} justify="space-between" gap="sm">
      <Text
        ref={statusRef}
        tabIndex={-1}
        size="sm"
        c={dirty ? 'var(--mantine-color-orange-text)' : 'dimmed'}
        fw={dirty ? 600 : undefined}
        aria-live="polite"
        style={{ outline: 'none' }}
      >
        {status}
      </Text>
      <Group gap="sm">
        <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
          {t('form.discard')}
        </Button>
        <Button ref={saveRef} type={onSave ? 'button' : 'submit'} onClick={onSave} loading={saving} disabled={!dirty}>
          {saveLabel}
        </Button>
      </Group>
    </Group>
  );
}
