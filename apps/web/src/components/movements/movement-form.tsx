import type { Unit } from '@cm/contract';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useCurrency, useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { componentQuery } from '../catalogue/api';
import { locationsQuery } from '../locations/api';
import { usePostMovement } from './api';
import { ComponentPicker } from './component-picker';
import { DiscardQuestion } from './discard-question';
import { type FieldErrors, LocationFields, QuantityFields } from './movement-fields';
import {
  checkMovement,
  hasTypedText,
  initialFields,
  type MovementFields,
  type MovementPrefill,
  type MovementProblems,
  NOTE_MAX,
  REFERENCE_MAX,
} from './movement-form-model';
import { MovementPreview } from './movement-preview';
import type { MovementKind } from './permissions';

/** What closing the dialog does now: close at once, ask before losing what was typed, or wait for the posting. */
export type Closing = 'close' | 'ask' | 'wait';

/** The problems of the fields in the reader's language. */
function problemMessages(
  problems: MovementProblems,
  t: TFunction<'movements'>,
  unit: Unit | undefined,
  digits: number,
): FieldErrors {
  const { componentId, locationId, toLocationId, quantity, unitCost, reference, note } = problems;
  return {
    componentId: componentId && t('validation.componentRequired'),
    locationId: locationId && t('validation.locationRequired'),
    toLocationId:
      toLocationId && t(toLocationId === 'sameLocation' ? 'validation.sameLocation' : 'validation.locationRequired'),
    quantity:
      quantity && t(`validation.quantity.${quantity}`, { unit: unit ? t(`domain:units.${unit}`, { count: 2 }) : '' }),
    unitCost: unitCost && t('validation.unitCost', { count: digits }),
    reference: reference && t('validation.tooLong', { count: REFERENCE_MAX }),
    note: note && t('validation.tooLong', { count: NOTE_MAX }),
  };
}

/** One receipt, issue, transfer or adjustment: its fields, what posting it would leave, and its buttons. */
export function MovementForm({
  kind,
  prefill,
  onClosingChange,
  onCancel,
  asking,
  onKeepEditing,
  onDone,
}: {
  kind: MovementKind;
  prefill: MovementPrefill;
  onClosingChange: (closing: Closing) => void;
  /** Cancel: closes, or asks first when something was typed. */
  onCancel: () => void;
  /** Whether to discard what was typed is being asked, in place of the buttons. */
  asking: boolean;
  onKeepEditing: () => void;
  /** The movement was posted, or what was typed discarded. */
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('movements');
  const format = useFormatters();
  const { digits } = useCurrency();
  const [fields, setFields] = useState<MovementFields>(() => initialFields(prefill));
  const [submitted, setSubmitted] = useState(false);
  const posting = usePostMovement();
  const closing: Closing = posting.isPending ? 'wait' : hasTypedText(fields) ? 'ask' : 'close';
  useEffect(() => onClosingChange(closing), [closing, onClosingChange]);

  const detailQuery = useQuery({
    ...componentQuery(fields.componentId ?? ''),
    enabled: Boolean(fields.componentId),
  });
  const detail = detailQuery.data;
  const unit = detail?.component.unit;
  // The server refuses every movement of an archived component: the form says so and does not offer to post.
  const archived = detail?.component.archived === true;
  const locations = useQuery(locationsQuery).data?.items ?? [];

  const set = <Key extends keyof MovementFields>(key: Key, value: MovementFields[Key]) =>
    setFields((previous) => ({ ...previous, [key]: value }));

  const check = checkMovement(kind, fields, {
    component: detail && { unit: detail.component.unit, stock: detail.stock },
    digits,
    language: i18n.language,
  });
  const errors = submitted ? problemMessages(check.problems, t, unit, digits) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.request || posting.isPending || archived) {
      // The stock the preview refused against was read when the form opened: read it again, so that a
      // posting made meanwhile elsewhere (a receipt into this location) is seen before the next attempt.
      if (check.problems.quantity === 'notEnough' || check.problems.quantity === 'unchanged') {
        void detailQuery.refetch();
      }
      return;
    }
    posting.mutate(check.request, {
      onSuccess: ({ movement }) => {
        notify({
          color: 'green',
          title: t(`${kind}.success`),
          message: t('successMessage', {
            number: movement.number,
            quantity: format.quantity(movement.quantity, movement.unit),
            sku: movement.sku,
            location: movement.to?.path ?? movement.from?.path ?? '',
          }),
        });
        onDone();
      },
    });
  };

  const fieldsProps = { kind, fields, onChange: set, errors, detail };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ComponentPicker
          label={t('component')}
          required
          value={fields.componentId}
          onChange={(value) => set('componentId', value)}
          error={errors.componentId}
          data-autofocus={fields.componentId ? undefined : true}
        />
        {archived ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('archived')}
          </Alert>
        ) : null}
        <LocationFields {...fieldsProps} locations={locations} />
        <QuantityFields {...fieldsProps} />
        <MovementPreview simulation={check.simulation} unit={unit} locations={locations} />
        <TextInput
          label={t('reference')}
          description={t('referenceHint')}
          maxLength={REFERENCE_MAX}
          value={fields.reference}
          onChange={(event) => set('reference', event.currentTarget.value)}
          error={errors.reference}
        />
        <Textarea
          label={t('note')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={NOTE_MAX}
          value={fields.note}
          onChange={(event) => set('note', event.currentTarget.value)}
          error={errors.note}
        />
        {posting.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('failed')}>
            {errorMessage(t, posting.error, (quantity) => format.quantity(quantity, unit))}
          </Alert>
        ) : null}
        {asking ? (
          <DiscardQuestion onKeepEditing={onKeepEditing} onDiscard={onDone} />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={posting.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={posting.isPending} disabled={archived}>
              {t(`${kind}.submit`)}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
