import { Modal } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Closing, MovementForm } from './movement-form';
import type { MovementPrefill } from './movement-form-model';
import type { MovementKind } from './permissions';

type Target = { kind: MovementKind; prefill: MovementPrefill; session: number };

/**
 * Hosts the quick-action modals of a screen: `open(kind, prefill)` shows the Receive, Issue, Transfer or
 * Adjust form; `modal` is the element to render once.
 */
export function useMovementModal(): {
  open: (kind: MovementKind, prefill?: MovementPrefill) => void;
  modal: React.ReactNode;
} {
  const [opened, setOpened] = useState(false);
  // The last target outlives closing, so the form stays on screen while the modal fades out.
  const [target, setTarget] = useState<Target | null>(null);
  const open = useCallback((kind: MovementKind, prefill: MovementPrefill = {}) => {
    setTarget((previous) => ({ kind, prefill, session: (previous?.session ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal = <MovementModal opened={opened} onClose={close} target={target} />;
  return { open, modal };
}

function MovementModal({ opened, onClose, target }: { opened: boolean; onClose: () => void; target: Target | null }) {
  const { t } = useTranslation('movements');
  // Escape, the close button, a click outside or Cancel would throw away what was typed: the form asks first,
  // in place of its buttons (a second modal on top would take the same Escape as its answer). Asked again
  // while asking, e.g. a second Escape, the answer is to keep editing. While the movement is being posted
  // nothing closes, as Cancel is disabled then: it is no longer the user's to discard.
  const closing = useRef<Closing>('close');
  const [asking, setAsking] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const trackClosing = useCallback((value: Closing) => {
    closing.current = value;
  }, []);
  const keepEditing = () => {
    setAsking(false);
    requestAnimationFrame(() => returnTo.current?.focus());
  };
  const close = () => {
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    if (closing.current === 'wait') return;
    if (closing.current === 'close') close();
    else if (asking) keepEditing();
    else {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking(true);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={target ? t(`${target.kind}.title`) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {target ? (
        // A new session per opening: fresh fields and a fresh Idempotency-Key.
        <MovementForm
          key={target.session}
          kind={target.kind}
          prefill={target.prefill}
          onClosingChange={trackClosing}
          onCancel={requestClose}
          asking={asking}
          onKeepEditing={keepEditing}
          onDone={close}
        />
      ) : null}
    </Modal>
  );
}
