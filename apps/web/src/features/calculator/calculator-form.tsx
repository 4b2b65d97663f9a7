import { ManagementType } from '@cm/contract';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../components/forms/amount-input';
import { moneyInputText, useFormatters } from '../../lib/format';
import { type CalculatorField, type CalculatorFieldErrors, type CalculatorFormValues, typedMinor } from './form-values';

/** The amount every hint shows as an example, in the language's way of writing it (1 500 000,50). */
const EXAMPLE_MINOR = 150_000_050;

/**
 * The calculator's inputs (PRODUCT.md §5): management type, plan and potential revenue, typed as the interface
 * language writes amounts, and Calculate, which asks the server; `status` says what the server answered.
 */
export function CalculatorForm({
  formRef,
  values,
  errors,
  digits,
  maxText,
  pending,
  status,
  onChange,
  onSubmit,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  values: CalculatorFormValues;
  /** The messages to show now, by field. */
  errors: CalculatorFieldErrors;
  digits: number;
  /** The largest amount, written out, for the "too large" message. */
  maxText: string;
  pending: boolean;
  status: ReactNode;
  onChange: <Field extends CalculatorField>(field: Field, value: CalculatorFormValues[Field]) => void;
  onSubmit: () => void;
}) {
  const { t, i18n } = useTranslation('calculator');
  const titleId = useId();
  const { currencySign } = useFormatters();
  const example = moneyInputText(EXAMPLE_MINOR, digits, i18n.language);
  const message = (field: CalculatorField) => {
    const error = errors[field];
    return error ? t(error.key, { ...error.values, example, max: maxText }) : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const hint = t('inputs.moneyHint', { currency: currencySign, example });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" h="100%">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {t('inputs.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('inputs.description')}
            </Text>
          </div>
          <Select
            label={t('inputs.managementType')}
            placeholder={t('inputs.managementTypePlaceholder')}
            data={ManagementType.options.map((type) => ({ value: type, label: t(`domain:managementTypes.${type}`) }))}
            value={values.managementType}
            onChange={(value) => onChange('managementType', ManagementType.safeParse(value).data ?? null)}
            allowDeselect={false}
            error={message('managementType')}
            comboboxProps={{ withinPortal: true }}
          />
          {(['plan', 'revenue'] as const).map((field) => (
            <AmountInput
              key={field}
              label={t(`inputs.${field}`)}
              description={hint}
              value={values[field]}
              onChange={(text) => onChange(field, text)}
              // An amount that reads is written back grouped as the language groups it, as the tables show it;
              // not when the window only lost focus, since the person may come back to go on typing.
              onBlur={() => {
                if (!document.hasFocus()) return;
                const minor = typedMinor(values[field], digits, i18n.language);
                const grouped = minor === null ? null : moneyInputText(minor, digits, i18n.language);
                if (grouped !== null && grouped !== values[field]) onChange(field, grouped);
              }}
              error={message(field)}
            />
          ))}
          <Group>
            <Button type="submit" loading={pending} leftSection={<IconCalculator size={16} />}>
              {t('inputs.calculate')}
            </Button>
          </Group>
          <div role="status">{status}</div>
        </Stack>
      </form>
    </Paper>
  );
}
