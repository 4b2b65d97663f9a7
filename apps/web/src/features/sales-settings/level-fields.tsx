import { ActionIcon, Fieldset, Group, Input, SegmentedControl, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../components/forms/amount-input';
import type { LevelKind, LevelRow } from './bonus-scheme-form-values';

/** A level's rate or amount takes the row's remaining width, so that a row fits on one line at 800 px. */
const VALUE_INPUT = { flex: '1 1 160px', maxWidth: 260 } as const;

/** One level's fields: its threshold, what it pays (a rate of revenue or a fixed amount), and Remove. */
export function LevelFields({
  level,
  number,
  currencySign,
  errors,
  thresholdRef,
  onChange,
  onRemove,
}: {
  level: LevelRow;
  number: number;
  /** The sign amounts are written with ("₽"), beside a fixed amount. */
  currencySign: string;
  errors: { threshold?: string | undefined; rate?: string | undefined; amount?: string | undefined };
  thresholdRef: Ref<HTMLInputElement>;
  /** A field changed: the row's new values, and the field whose message it makes stale. */
  onChange: (change: Partial<LevelRow>, field?: 'threshold' | 'rate' | 'amount') => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('sales-settings');
  const kindLabelId = useId();
  const legendId = useId();
  return (
    <Fieldset
      legend={<span id={legendId}>{t('bonusSchemes.form.level', { number })}</span>}
      variant="filled"
      radius="md"
      p="sm"
      pt={4}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <AmountInput
          ref={thresholdRef}
          label={t('bonusSchemes.form.threshold')}
          value={level.threshold}
          onChange={(threshold) => onChange({ threshold }, 'threshold')}
          error={errors.threshold}
          unit="%"
          w={180}
        />
        <Stack gap={0}>
          <Input.Label id={kindLabelId} labelElement="div">
            {t('bonusSchemes.form.bonusKind')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={`${legendId} ${kindLabelId}`}
            value={level.kind}
            onChange={(value) => onChange({ kind: value as LevelKind })}
            data={[
              { value: 'rate', label: t('bonusSchemes.form.kindRate') },
              { value: 'fixed', label: t('bonusSchemes.form.kindFixed') },
            ]}
          />
        </Stack>
        {level.kind === 'rate' ? (
          <AmountInput
            label={t('bonusSchemes.form.rate')}
            value={level.rate}
            onChange={(rate) => onChange({ rate }, 'rate')}
            error={errors.rate}
            unit="%"
            style={VALUE_INPUT}
          />
        ) : (
          <AmountInput
            label={t('bonusSchemes.form.amount')}
            value={level.amount}
            onChange={(amount) => onChange({ amount }, 'amount')}
            error={errors.amount}
            unit={currencySign}
            style={VALUE_INPUT}
          />
        )}
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mt={25}
          ml="auto"
          onClick={onRemove}
          aria-label={t('bonusSchemes.form.removeLevel', { number })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Fieldset>
  );
}
