import { MAX_REPORT_DAYS } from '@cm/contract';
import { NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/forms/amount-input';
import { quantityProblem } from '../../../components/movements/quantity';
import { normaliseQuantity, useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';

/** The sync interval as Sales settings sets it: whole minutes in steps of five, the unit after the number. */
function SyncInterval({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('sales-settings');
  const [minutes, setMinutes] = useState<number | string>(15);
  return (
    <NumberInput
      label={t('form.interval')}
      description={t('form.intervalHint')}
      value={minutes}
      onChange={setMinutes}
      min={0}
      max={1440}
      step={5}
      allowDecimal={false}
      allowNegative={false}
      suffix={` ${t('form.minutes')}`}
      disabled={disabled}
    />
  );
}

/**
 * A number of days as Reports takes it: the arrows and the keyboard step by one, and a number out of range is kept
 * as typed and said to be out of range, rather than changed behind the user's back.
 */
function ReportDays({ initial }: { initial: number | string }) {
  const { t } = useTranslation('reports');
  const [days, setDays] = useState<number | string>(initial);
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_REPORT_DAYS;
  return (
    <NumberInput
      label={t('parameters.days')}
      value={days}
      onChange={setDays}
      min={1}
      max={MAX_REPORT_DAYS}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      error={valid ? undefined : t('parameters.daysRange', { min: 1, max: MAX_REPORT_DAYS })}
    />
  );
}

/** The decimal separator of a language, as Intl writes numbers in it. */
function decimalSeparator(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * A decimal quantity, typed with the language's separator (or a point) into the product's amount box, and read
 * exactly: no stepper rounds it through a binary float.
 */
function Length({ typed = '' }: { typed?: string }) {
  const { t, i18n } = useTranslation(['kit-forms', 'movements', 'domain']);
  const format = useFormatters();
  const [text, setText] = useState(typed);
  const problem = text.trim() === '' ? null : quantityProblem(text, 'm', true);
  const read = text.trim() !== '' && problem === null ? format.quantity(normaliseQuantity(text), 'm') : null;
  return (
    <AmountInput
      label={t('touchspin.length')}
      unit={format.unit('m')}
      value={text}
      onChange={setText}
      placeholder={`2${decimalSeparator(i18n.language)}5`}
      description={
        read
          ? t('touchspin.readAs', { quantity: read })
          : t('touchspin.separator', {
              separator: decimalSeparator(i18n.language),
            })
      }
      error={problem ? t(`movements:validation.quantity.${problem}`) : undefined}
    />
  );
}

/** Numbers with a stepper, and the decimals the product takes in its amount box instead. */
export default function TouchspinPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="touchspin"
      sources={['@mantine/core NumberInput', 'components/forms/amount-input.tsx', 'lib/format/amounts.ts']}
    >
      <KitExample title={t('touchspin.examples.step')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SyncInterval />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('touchspin.examples.range')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ReportDays initial={90} />
          <ReportDays initial={5000} />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('touchspin.examples.decimal')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Length />
          <Length typed="12,75" />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('touchspin.examples.disabled')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SyncInterval disabled />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('touchspin.examples.narrow')} narrow>
        <Stack gap="md">
          <SyncInterval />
          <ReportDays initial={90} />
          <Length />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
