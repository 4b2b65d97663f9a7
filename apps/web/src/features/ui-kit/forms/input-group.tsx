import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchInput } from '../../../components/data-table';
import { AmountInput } from '../../../components/forms/amount-input';
import { QuantityFields } from '../../../components/movements/movement-fields';
import type { MovementFields } from '../../../components/movements/movement-form-model';
import type { MovementKind } from '../../../components/movements/permissions';
import { parseMoney, useCurrency, useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { SAMPLE_MOVEMENT, sampleComponentDetail } from './samples';

/** A receipt's or a count's quantity boxes for the sample component, kept as typed. */
function SampleQuantity({ kind }: { kind: MovementKind }) {
  const { t } = useTranslation('kit-forms');
  const [fields, setFields] = useState<MovementFields>(SAMPLE_MOVEMENT);
  return (
    <QuantityFields
      kind={kind}
      fields={fields}
      onChange={(key, value) => setFields((current) => ({ ...current, [key]: value }))}
      errors={{}}
      detail={sampleComponentDetail(t('samples.cable'), 'm', '120.5')}
    />
  );
}

/** Boxes with something beside the text: a unit, a currency, an icon, a clear button. */
export default function InputGroupPage() {
  const { t, i18n } = useTranslation(['kit-forms', 'profile', 'components']);
  const { code, digits } = useCurrency();
  const format = useFormatters();
  const [plan, setPlan] = useState('');
  const [share, setShare] = useState('');
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [telegram, setTelegram] = useState('');
  const planMinor = parseMoney(plan, digits, i18n.language);

  return (
    <KitPage
      group="forms"
      label="inputGroup"
      sources={[
        'components/forms/amount-input.tsx',
        'components/movements/movement-fields.tsx',
        'components/data-table/list-search-input.tsx',
        '@mantine/core',
      ]}
    >
      <KitExample title={t('inputGroup.examples.units')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AmountInput
            label={t('inputGroup.plan')}
            description={
              typeof planMinor === 'number' ? t('inputGroup.readAs', { value: format.money(planMinor) }) : undefined
            }
            unit={code}
            value={plan}
            onChange={setPlan}
          />
          <AmountInput label={t('inputGroup.share')} unit="%" value={share} onChange={setShare} />
        </SimpleGrid>
      </KitExample>

      <KitExample title={t('inputGroup.examples.quantity')}>
        <SampleQuantity kind="receipt" />
      </KitExample>

      <KitExample title={t('inputGroup.examples.icons')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ListSearchInput value={search} onChange={setSearch} />
          <TextInput
            label={t('profile:social.networks.telegram')}
            placeholder={t('profile:social.placeholders.telegram')}
            leftSection={<IconBrandTelegram size={18} aria-hidden />}
            value={telegram}
            onChange={(event) => setTelegram(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </SimpleGrid>
      </KitExample>

      <KitExample title={t('inputGroup.examples.states')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AmountInput label={t('inputGroup.plan')} unit={code} value="2800000" onChange={setPlan} disabled />
          <AmountInput
            label={t('inputGroup.plan')}
            unit={code}
            value="12,345.678"
            onChange={setPlan}
            error={t('components:validation.money', { count: digits })}
            readOnly
          />
        </SimpleGrid>
      </KitExample>

      <KitExample title={t('inputGroup.examples.narrow')} narrow>
        <Stack gap="md">
          <AmountInput label={t('inputGroup.plan')} unit={code} value={plan} onChange={setPlan} />
          <SampleQuantity kind="adjustment" />
          <ListSearchInput value={search} onChange={setSearch} />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
