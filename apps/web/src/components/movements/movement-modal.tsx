import { type ComponentDetail, fromThousandths, type MovementRequest, toThousandths, type Unit } from '@cm/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { moneyInputText, normaliseQuantity, parseMoney } from '../../lib/decimal';
import { errorMessage } from '../../lib/error-message';
import { stockAreaChanged } from '../../lib/query-keys';
import { componentQuery } from '../catalogue/api';
import { type Formatters, useCurrency, useFormatters } from '../data-table';
import { locationsQuery } from '../locations/api';
import { postMovement } from './api';
import { ComponentPicker } from './component-picker';
import { type MovementKind, newIdempotencyKey } from './permissions';
import { quantityProblem } from './quantity';

/** What a quick action starts with, e.g. the component and location of a stock row. */
export type MovementPrefill = { componentId?: string; locationId?: string };

const REFERENCE_MAX = 100;
const NOTE_MAX = 1000;

type Fields = {
  componentId: string | null;
  locationId: string | null;
  toLocationId: string | null;
  quantity: string;
  unitCost: string;
  reference: string;
  note: string;
};

type FieldErrors = Partial<Record<keyof Fields, string>>;

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
  const [target, setTarget] = useState<{ kind: MovementKind; prefill: MovementPrefill; session: number } | null>(null);
  const open = useCallback((kind: MovementKind, prefill: MovementPrefill = {}) => {
    setTarget((previous) => ({ kind, prefill, session: (previous?.session ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal = <MovementModal opened={opened} onClose={close} target={target} />;
  return { open, modal };
}

function MovementModal({
  opened,
  onClose,
  target,
}: {
  opened: boolean;
  onClose: () => void;
  target: { kind: MovementKind; prefill: MovementPrefill; session: number } | null;
}) {
  const { t } = useTranslation('movements');
  // Escape, the close button, a click outside or Cancel would throw away what was typed: the form asks first,
  // in place of its buttons (a second modal on top would take the same Escape as its answer). Asked again
  // while asking, e.g. a second Escape, the answer is to keep editing.
  const typed = useRef(false);
  const [asking, setAsking] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const trackTyped = useCallback((value: boolean) => {
    typed.current = value;
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
    if (!typed.current) close();
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
          onTypedChange={trackTyped}
          onCancel={requestClose}
          asking={asking}
          onKeepEditing={keepEditing}
          onDone={close}
        />
      ) : null}
    </Modal>
  );
}

/** Whether to throw away what was typed, asked where the form's buttons were; keeping on editing is the default. */
function DiscardQuestion({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
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

function quantityAt(detail: ComponentDetail | undefined, locationId: string | null): string {
  if (!detail || !locationId) return '0';
  return detail.stock.find((row) => row.locationId === locationId)?.quantity ?? '0';
}

function MovementForm({
  kind,
  prefill,
  onTypedChange,
  onCancel,
  asking,
  onKeepEditing,
  onDone,
}: {
  kind: MovementKind;
  prefill: MovementPrefill;
  /** Whether anything was typed that closing would lose. */
  onTypedChange: (typed: boolean) => void;
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
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>({
    componentId: prefill.componentId ?? null,
    locationId: prefill.locationId ?? null,
    toLocationId: null,
    quantity: '',
    unitCost: '',
    reference: '',
    note: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const typed = [fields.quantity, fields.unitCost, fields.reference, fields.note].some((text) => text.trim() !== '');
  useEffect(() => onTypedChange(typed), [typed, onTypedChange]);
  // One key per opened form, kept while the same posting is retried; replaced only after the server
  // answered that it refused the posting (nothing was applied, so the next attempt is a new action).
  const idempotencyKey = useRef(newIdempotencyKey());

  const detailQuery = useQuery({
    ...componentQuery(fields.componentId ?? ''),
    enabled: Boolean(fields.componentId),
  });
  const detail = detailQuery.data;
  const unit = detail?.component.unit;
  // The server refuses every movement of an archived component: the form says so and does not offer to post.
  const archived = detail?.component.archived === true;
  const locations = useQuery(locationsQuery);

  const set = <Key extends keyof Fields>(key: Key, value: Fields[Key]) =>
    setFields((previous) => ({ ...previous, [key]: value }));

  const outcome = outcomeOf(kind, fields, detail);
  const errors = validate(fields, kind, unit, digits, i18n.language, outcome, t);
  const shownErrors: FieldErrors = submitted ? errors : {};

  const mutation = useMutation({
    mutationFn: (request: MovementRequest) => postMovement(request, idempotencyKey.current),
    onSuccess: async (response) => {
      await stockAreaChanged(queryClient);
      const movement = response.movement;
      const location = movement.to?.path ?? movement.from?.path ?? '';
      notifications.show({
        color: 'green',
        title: t(`${kind}.success`),
        message: t('successMessage', {
          number: movement.number,
          quantity: format.quantity(movement.quantity, movement.unit),
          sku: movement.sku,
          location,
        }),
      });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        idempotencyKey.current = newIdempotencyKey();
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || mutation.isPending || archived) {
      // The stock the preview refused against was read when the form opened: read it again, so that a
      // posting made meanwhile elsewhere (a receipt into this location) is seen before the next attempt.
      if (errors.quantity && outcome) void detailQuery.refetch();
      return;
    }
    const request = toRequest(kind, fields, digits, i18n.language);
    if (request) mutation.mutate(request);
  };

  const allLocations = locations.data?.items ?? [];
  const locationOptions = useMemo(
    () =>
      allLocations.map((location) => ({
        value: location.id,
        label: location.path,
        quantity: quantityAt(detail, location.id),
      })),
    [allLocations, detail],
  );
  // Stock can only leave a location that holds some; the prefilled one is kept even when it is empty.
  const sourceOptions = useMemo(
    () =>
      detail
        ? locationOptions.filter((option) => option.quantity !== '0' || option.value === fields.locationId)
        : locationOptions,
    [detail, locationOptions, fields.locationId],
  );

  const renderLocation: SelectProps['renderOption'] = ({ option }) => {
    const quantity = locationOptions.find((candidate) => candidate.value === option.value)?.quantity;
    return (
      <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
        <Text size="sm">{option.label}</Text>
        {detail && quantity !== undefined && quantity !== '0' ? (
          // Dimmed by opacity, not a grey colour: the highlighted option's text turns white on the primary colour.
          <Text size="xs" style={{ whiteSpace: 'nowrap', opacity: 0.75 }}>
            {format.quantity(quantity, unit)}
          </Text>
        ) : null}
      </Group>
    );
  };

  const locationSelect = (
    key: 'locationId' | 'toLocationId',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <Select
      label={label}
      required
      searchable
      data={options.map(({ value, label: text }) => ({ value, label: text }))}
      value={fields[key]}
      onChange={(value) => set(key, value)}
      error={shownErrors[key]}
      placeholder={t('locationPlaceholder')}
      nothingFoundMessage={
        detail && options.length === 0 && key === 'locationId' && kind !== 'receipt' && kind !== 'adjustment'
          ? t('noStockAnywhere')
          : t('picker.nothingFound')
      }
      renderOption={renderLocation}
      comboboxProps={{ withinPortal: true }}
    />
  );

  const unitLabel = unit ? format.unit(unit) : '';
  // What the chosen location holds, before any quantity is typed: what an issue can take, what a count is against.
  const onHand = detail && fields.locationId ? format.quantity(quantityAt(detail, fields.locationId), unit) : undefined;
  const quantityHint =
    kind === 'adjustment'
      ? // The recorded quantity last and without a full stop of its own: "шт." already ends with one.
        [t('countedQuantityHint'), onHand && t('recordedHere', { quantity: onHand })].filter(Boolean).join(' ')
      : onHand && t(kind === 'transfer' ? 'onHandAtSource' : 'onHand', { quantity: onHand });
  const fromLabel = kind === 'transfer' ? t('fromLocation') : t('location');
  const takesStock = kind === 'issue' || kind === 'transfer';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ComponentPicker
          label={t('component')}
          required
          value={fields.componentId}
          onChange={(value) => set('componentId', value)}
          error={shownErrors.componentId}
          data-autofocus={fields.componentId ? undefined : true}
        />
        {archived ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('archived')}
          </Alert>
        ) : null}
        {kind === 'transfer' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {locationSelect('locationId', fromLabel, sourceOptions)}
            {locationSelect('toLocationId', t('toLocation'), locationOptions)}
          </SimpleGrid>
        ) : (
          locationSelect('locationId', fromLabel, takesStock ? sourceOptions : locationOptions)
        )}
        <SimpleGrid cols={{ base: 1, xs: kind === 'receipt' ? 2 : 1 }} spacing="md">
          <TextInput
            label={kind === 'adjustment' ? t('countedQuantity') : t('quantity')}
            description={quantityHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            inputMode="decimal"
            autoComplete="off"
            value={fields.quantity}
            onChange={(event) => set('quantity', event.currentTarget.value)}
            error={shownErrors.quantity}
            rightSection={unitLabel ? <Text size="sm">{unitLabel}</Text> : null}
            rightSectionWidth={unitLabel ? 64 : undefined}
            data-autofocus={fields.componentId ? true : undefined}
          />
          {kind === 'receipt' ? (
            <TextInput
              label={t('unitCost')}
              description={
                detail
                  ? t('unitCostDefault', { cost: format.money(detail.component.defaultUnitCostMinor) })
                  : t('unitCostHint')
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="decimal"
              autoComplete="off"
              value={fields.unitCost}
              onChange={(event) => set('unitCost', event.currentTarget.value)}
              error={shownErrors.unitCost}
              placeholder={
                detail ? moneyInputText(detail.component.defaultUnitCostMinor, digits, i18n.language) : undefined
              }
            />
          ) : null}
        </SimpleGrid>
        <Preview outcome={outcome} unit={unit} locations={allLocations} format={format} />
        <TextInput
          label={t('reference')}
          description={t('referenceHint')}
          maxLength={REFERENCE_MAX}
          value={fields.reference}
          onChange={(event) => set('reference', event.currentTarget.value)}
          error={shownErrors.reference}
        />
        <Textarea
          label={t('note')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={NOTE_MAX}
          value={fields.note}
          onChange={(event) => set('note', event.currentTarget.value)}
          error={shownErrors.note}
        />
        {mutation.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('failed')}>
            {errorMessage(t, mutation.error, (quantity) => format.quantity(quantity, unit))}
          </Alert>
        ) : null}
        {asking ? (
          <DiscardQuestion onKeepEditing={onKeepEditing} onDiscard={onDone} />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={archived}>
              {t(`${kind}.submit`)}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * `digits` are those of the organisation currency, in which the unit cost is typed. A quantity the preview
 * already shows cannot be posted (more than on hand, an adjustment to the recorded quantity) is an error
 * here too, so the form does not send a request the server would refuse.
 */
function validate(
  fields: Fields,
  kind: MovementKind,
  unit: Unit | undefined,
  digits: number,
  language: string,
  outcome: Outcome | null,
  t: TFunction<'movements'>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.componentId) errors.componentId = t('validation.componentRequired');
  if (!fields.locationId) errors.locationId = t('validation.locationRequired');
  if (kind === 'transfer') {
    if (!fields.toLocationId) errors.toLocationId = t('validation.locationRequired');
    else if (fields.toLocationId === fields.locationId) errors.toLocationId = t('validation.sameLocation');
  }
  const problem = quantityProblem(fields.quantity, unit, kind !== 'adjustment');
  if (problem)
    errors.quantity = t(`validation.quantity.${problem}`, {
      unit: unit ? t(`tables:units.${unit}`, { count: 2 }) : '',
    });
  else if (outcome?.some((each) => each.after < 0n)) errors.quantity = t('validation.quantity.notEnough');
  else if (outcome?.some((each) => each.difference === 0n)) errors.quantity = t('validation.quantity.unchanged');
  // A blank unit cost is allowed: the receipt then takes the component's default.
  if (kind === 'receipt' && parseMoney(fields.unitCost, digits, language) === undefined) {
    errors.unitCost = t('validation.unitCost', { count: digits });
  }
  if (fields.reference.trim().length > REFERENCE_MAX) {
    errors.reference = t('validation.tooLong', { count: REFERENCE_MAX });
  }
  if (fields.note.trim().length > NOTE_MAX) errors.note = t('validation.tooLong', { count: NOTE_MAX });
  return errors;
}

function toRequest(kind: MovementKind, fields: Fields, digits: number, language: string): MovementRequest | null {
  const { componentId, locationId } = fields;
  if (!componentId || !locationId) return null;
  const quantity = normaliseQuantity(fields.quantity);
  const common = { componentId, reference: fields.reference.trim(), note: fields.note.trim() };
  switch (kind) {
    case 'receipt': {
      // Blank (null) leaves the cost to the server's default; unreadable text never gets here (validate).
      const unitCostMinor = parseMoney(fields.unitCost, digits, language) ?? undefined;
      return { type: 'receipt', ...common, locationId, quantity, unitCostMinor };
    }
    case 'issue':
      return { type: 'issue', ...common, locationId, quantity };
    case 'transfer':
      if (!fields.toLocationId) return null;
      return { type: 'transfer', ...common, fromLocationId: locationId, toLocationId: fields.toLocationId, quantity };
    case 'adjustment':
      return { type: 'adjustment', ...common, locationId, countedQuantity: quantity };
  }
}

/**
 * What the posting would leave at each location it touches, from the component's current stock: `after` is
 * below zero when the location holds too little, and `difference` is an adjustment's recorded change. Null
 * while the form does not yet name a component, a location and a readable quantity.
 */
type Outcome = { locationId: string; before: bigint; after: bigint; difference: bigint | null }[];

function outcomeOf(kind: MovementKind, fields: Fields, detail: ComponentDetail | undefined): Outcome | null {
  const unit = detail?.component.unit;
  if (!detail || !unit || !fields.locationId || quantityProblem(fields.quantity, unit, kind !== 'adjustment')) {
    return null;
  }
  const amount = toThousandths(normaliseQuantity(fields.quantity));
  const line = (locationId: string, delta: bigint | null, counted?: bigint) => {
    const before = toThousandths(quantityAt(detail, locationId));
    const after = counted ?? before + (delta ?? 0n);
    return { locationId, before, after, difference: counted === undefined ? null : counted - before };
  };
  switch (kind) {
    case 'receipt':
      return [line(fields.locationId, amount)];
    case 'issue':
      return [line(fields.locationId, -amount)];
    case 'adjustment':
      return [line(fields.locationId, null, amount)];
    case 'transfer':
      return fields.toLocationId && fields.toLocationId !== fields.locationId
        ? [line(fields.locationId, -amount), line(fields.toLocationId, amount)]
        : [line(fields.locationId, -amount)];
  }
}

/** "10 → 7 pcs at Shelf A": what the posting will leave, or why it cannot be posted. */
function Preview({
  outcome,
  unit,
  locations,
  format,
}: {
  outcome: Outcome | null;
  unit: Unit | undefined;
  locations: { id: string; path: string }[];
  format: Formatters;
}) {
  const { t } = useTranslation('movements');
  if (!outcome || !unit) return null;
  const pathOf = (id: string) => locations.find((location) => location.id === id)?.path ?? '';
  const short = outcome.find((each) => each.after < 0n);
  return (
    <Alert variant="light" color={short ? 'red' : 'blue'} title={t('preview.title')} role="status">
      <Stack gap={4}>
        {short ? (
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle size={16} color="var(--mantine-color-error)" style={{ flexShrink: 0 }} />
            <Text size="sm" c="var(--mantine-color-error)">
              {t('preview.notEnough', {
                available: format.quantity(fromThousandths(short.before), unit),
                location: pathOf(short.locationId),
              })}
            </Text>
          </Group>
        ) : (
          outcome.map((each) => (
            <Text key={each.locationId} size="sm">
              {t('preview.line', {
                before: format.quantity(fromThousandths(each.before)),
                after: format.quantity(fromThousandths(each.after), unit),
                location: pathOf(each.locationId),
              })}
            </Text>
          ))
        )}
        {outcome.map((each) =>
          each.difference !== null ? (
            <Group key={`${each.locationId}-difference`} gap={6}>
              <IconArrowRight size={14} />
              <Text size="sm">
                {each.difference === 0n
                  ? t('preview.unchanged')
                  : t('preview.difference', {
                      difference: `${each.difference > 0n ? '+' : '−'}${format.quantity(
                        fromThousandths(each.difference > 0n ? each.difference : -each.difference),
                        unit,
                      )}`,
                    })}
              </Text>
            </Group>
          ) : null,
        )}
      </Stack>
    </Alert>
  );
}
