import type { ComponentDetail, Location } from '@cm/contract';
import { Group, Select, type SelectProps, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyInputText, useCurrency, useFormatters } from '../../lib/format';
import { type MovementFields, quantityAt } from './movement-form-model';
import type { MovementKind } from './permissions';

/** The messages shown under the fields, by field. */
export type FieldErrors = Partial<Record<keyof MovementFields, string>>;

type FieldsProps = {
  kind: MovementKind;
  fields: MovementFields;
  onChange: <Key extends keyof MovementFields>(key: Key, value: MovementFields[Key]) => void;
  errors: FieldErrors;
  /** The chosen component, once read. */
  detail: ComponentDetail | undefined;
};

/** Where the stock comes in or goes out: one location, or a transfer's source and destination side by side. */
export function LocationFields({
  kind,
  fields,
  onChange,
  errors,
  detail,
  locations,
}: FieldsProps & { locations: readonly Location[] }) {
  const { t } = useTranslation('movements');
  const format = useFormatters();
  const unit = detail?.component.unit;
  const options = useMemo(
    () =>
      locations.map((location) => ({
        value: location.id,
        label: location.path,
        quantity: quantityAt(detail?.stock, location.id),
      })),
    [locations, detail],
  );
  // Stock can only leave a location that holds some; the prefilled one is kept even when it is empty.
  const sources = useMemo(
    () =>
      detail ? options.filter((option) => option.quantity !== '0' || option.value === fields.locationId) : options,
    [detail, options, fields.locationId],
  );

  const renderOption: SelectProps['renderOption'] = ({ option }) => {
    const quantity = options.find((candidate) => candidate.value === option.value)?.quantity;
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

  const select = (key: 'locationId' | 'toLocationId', label: string, choices: typeof options) => (
    <Select
      label={label}
      required
      searchable
      data={choices.map(({ value, label: text }) => ({ value, label: text }))}
      value={fields[key]}
      onChange={(value) => onChange(key, value)}
      error={errors[key]}
      placeholder={t('locationPlaceholder')}
      nothingFoundMessage={
        detail && choices.length === 0 && key === 'locationId' && (kind === 'issue' || kind === 'transfer')
          ? t('noStockAnywhere')
          : t('picker.nothingFound')
      }
      renderOption={renderOption}
      comboboxProps={{ withinPortal: true }}
    />
  );

  switch (kind) {
    case 'transfer':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {select('locationId', t('fromLocation'), sources)}
          {select('toLocationId', t('toLocation'), options)}
        </SimpleGrid>
      );
    case 'issue':
      return select('locationId', t('location'), sources);
    case 'receipt':
    case 'adjustment':
      return select('locationId', t('location'), options);
  }
}

/** How much, in the component's unit, and for a receipt what each unit cost. */
export function QuantityFields({ kind, fields, onChange, errors, detail }: FieldsProps) {
  const { t, i18n } = useTranslation('movements');
  const format = useFormatters();
  const { digits } = useCurrency();
  const unit = detail?.component.unit;
  const unitLabel = unit ? format.unit(unit) : '';
  // What the chosen location holds, before any quantity is typed: what an issue can take, what a count is against.
  const onHand =
    detail && fields.locationId ? format.quantity(quantityAt(detail.stock, fields.locationId), unit) : undefined;
  const hint =
    kind === 'adjustment'
      ? // The recorded quantity last and without a full stop of its own: "шт." already ends with one.
        [t('countedQuantityHint'), onHand && t('recordedHere', { quantity: onHand })].filter(Boolean).join(' ')
      : onHand && t(kind === 'transfer' ? 'onHandAtSource' : 'onHand', { quantity: onHand });

  return (
    <SimpleGrid cols={{ base: 1, xs: kind === 'receipt' ? 2 : 1 }} spacing="md">
      <TextInput
        label={kind === 'adjustment' ? t('countedQuantity') : t('quantity')}
        description={hint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        inputMode="decimal"
        autoComplete="off"
        value={fields.quantity}
        onChange={(event) => onChange('quantity', event.currentTarget.value)}
        error={errors.quantity}
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
          onChange={(event) => onChange('unitCost', event.currentTarget.value)}
          error={errors.unitCost}
          placeholder={
            detail ? moneyInputText(detail.component.defaultUnitCostMinor, digits, i18n.language) : undefined
          }
        />
      ) : null}
    </SimpleGrid>
  );
}
