import { type EmptyCells, TierMode } from '@cm/contract';
import { Badge, Checkbox, Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioCards } from '../../../components/forms/radio-cards';
import { KitExample, KitPage } from '../kit-page';

/** A choice with what it does said under it, as "Copy a month's plans" asks whether to replace plans. */
function Overwrite({ disabled = false }: { disabled?: boolean }) {
  const { t, i18n } = useTranslation('sales-settings');
  const [checked, setChecked] = useState(disabled);
  // The month as the dialog names it.
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date('2026-12-01T00:00:00Z'),
  );
  return (
    <Checkbox
      label={t('copy.overwrite', { month })}
      description={t('copy.overwriteHint')}
      checked={checked}
      onChange={(event) => setChecked(event.currentTarget.checked)}
      disabled={disabled}
    />
  );
}

/**
 * Several of a list, as Sales settings picks the pipelines that count: the description says what the ticks mean
 * now, and a badge after a name says what sets it apart. The pipelines are the kit's samples.
 */
function Pipelines({ error }: { error?: string }) {
  const { t } = useTranslation(['sales-settings', 'kit-forms']);
  const [value, setValue] = useState<string[]>(error ? [] : ['0']);
  const names = t('kit-forms:samples.pipelines', { returnObjects: true }) as string[];
  return (
    <Checkbox.Group
      label={t('pipelines.label')}
      description={value.length === 0 ? t('pipelines.allCounted') : t('pipelines.someCounted', { count: value.length })}
      value={value}
      onChange={setValue}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {names.map((name, index) => (
          <Checkbox
            key={name}
            value={String(index)}
            label={
              <Group gap={6} component="span">
                <span>{name}</span>
                {index === 0 ? (
                  <Badge size="xs" variant="light">
                    {t('pipelines.main')}
                  </Badge>
                ) : null}
                {index === names.length - 1 ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('pipelines.archived')}
                  </Badge>
                ) : null}
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** One of two, as the import's columns step asks what an empty cell does. */
function EmptyCellsChoice({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('imports');
  const [value, setValue] = useState<EmptyCells>('keep');
  return (
    <Radio.Group
      label={t('mapping.emptyCells')}
      description={t('mapping.emptyCellsHint')}
      value={value}
      onChange={(next) => setValue(next as EmptyCells)}
    >
      <Stack gap={6} mt="xs">
        <Radio value="keep" label={t('mapping.keep')} disabled={disabled} />
        <Radio value="clear" label={t('mapping.clear')} disabled={disabled} />
      </Stack>
    </Radio.Group>
  );
}

/** One of a few, each a card that says what it does, as a bonus scheme's tier mode is chosen. */
function TierModeCards({ columns, error }: { columns: 1 | 2; error?: string }) {
  const { t } = useTranslation(['sales-settings', 'domain']);
  const [mode, setMode] = useState<TierMode>('highest');
  return (
    <RadioCards<TierMode>
      label={t('bonusSchemes.tierMode')}
      value={mode}
      options={TierMode.options.map((option) => ({
        value: option,
        label: t(`domain:tierModes.${option}`),
        description: t(`bonusSchemes.tierModeHints.${option}`),
      }))}
      error={error}
      cols={columns === 1 ? 1 : undefined}
      onChange={setMode}
    />
  );
}

/** Checkboxes and radio buttons as the product's screens set them up. */
export default function CheckboxRadioPage() {
  const { t } = useTranslation(['kit-forms', 'users']);
  return (
    <KitPage
      group="forms"
      label="checkboxRadio"
      sources={['@mantine/core Checkbox, Radio', 'components/forms/radio-cards.tsx']}
    >
      <KitExample title={t('checkboxRadio.examples.single')}>
        <Overwrite />
      </KitExample>
      <KitExample title={t('checkboxRadio.examples.several')}>
        <Pipelines />
      </KitExample>
      <KitExample title={t('checkboxRadio.examples.one')}>
        <EmptyCellsChoice />
      </KitExample>
      <KitExample title={t('checkboxRadio.examples.cards')}>
        <TierModeCards columns={2} />
      </KitExample>
      <KitExample title={t('checkboxRadio.examples.disabled')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Overwrite disabled />
          <EmptyCellsChoice disabled />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('checkboxRadio.examples.error')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Pipelines error={t('users:validation.required')} />
          <TierModeCards columns={1} error={t('users:validation.required')} />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('checkboxRadio.examples.narrow')} narrow>
        <Stack gap="md">
          <Overwrite />
          <TierModeCards columns={1} />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
