import type { Movement } from '@cm/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useReverseMovement } from './api';
import { NOTE_MAX } from './movement-form-model';

/** Hosts the confirmation of a reversal: `open(movement)` asks for a note and posts the reversal. */
export function useReversalModal(): { open: (movement: Movement) => void; modal: React.ReactNode } {
  const { t } = useTranslation('movements');
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<{ movement: Movement; session: number } | null>(null);
  const open = useCallback((movement: Movement) => {
    setTarget((previous) => ({ movement, session: (previous?.session ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal = (
    <Modal
      opened={opened}
      onClose={close}
      title={target ? t('reversal.title', { number: target.movement.number }) : ''}
      size="md"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {target ? <ReversalForm key={target.session} movement={target.movement} onDone={close} /> : null}
    </Modal>
  );
  return { open, modal };
}

function ReversalForm({ movement, onDone }: { movement: Movement; onDone: () => void }) {
  const { t } = useTranslation('movements');
  const format = useFormatters();
  const [note, setNote] = useState('');
  const reversal = useReverseMovement();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reversal.isPending) return;
    reversal.mutate(
      { movementId: movement.id, note: note.trim() },
      {
        onSuccess: (response) => {
          notify({
            color: 'green',
            title: t('reversal.success'),
            message: t('reversal.successMessage', { number: movement.number, reversal: response.movement.number }),
          });
          onDone();
        },
      },
    );
  };
  const places = [movement.from?.path, movement.to?.path].filter(Boolean).join(' → ');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('reversal.summary', {
            type: t(`domain:movementTypes.${movement.type}`),
            quantity: format.quantity(movement.quantity, movement.unit),
            sku: movement.sku,
            name: movement.componentName,
            places,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('reversal.explanation')}
        </Text>
        <Textarea
          label={t('reversal.note')}
          description={t('reversal.noteHint')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        {reversal.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('failed')}>
            {errorMessage(t, reversal.error, (quantity) => format.quantity(quantity, movement.unit))}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={reversal.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={reversal.isPending}>
            {t('reversal.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
