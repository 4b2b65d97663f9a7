import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether to throw away what was typed, asked where the form's buttons were; keeping on editing is the default. */
export function DiscardQuestion({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('movements');
  const id = useId();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <Paper withBorder p="md" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`}>
      <Text fw={600} id={`${id}-title`}>
        {t('discard.title')}
      </Text>
      <Text size="sm" id={`${id}-message`}>
        {t('discard.message')}
      </Text>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button ref={stay} variant="default" onClick={onKeepEditing}>
          {t('discard.stay')}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {t('discard.discard')}
        </Button>
      </Group>
    </Paper>
  );
}
