import { PasswordInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/data-table';
import { SegmentedChoice } from '../../../components/forms/segmented-choice';
import { NOTE_MAX } from '../../../components/movements/movement-form-model';
import { KitExample, KitPage } from '../kit-page';

type Place = 'main' | 'shelf' | 'lab';
const PLACES: readonly Place[] = ['main', 'shelf', 'lab'];

/** The product's single-line, password, note, list and few-options fields, each as the screens set it up. */
export default function BasicPage() {
  const { t } = useTranslation(['kit-forms', 'common']);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');
  const [place, setPlace] = useState<Place | undefined>(undefined);
  const [grouping, setGrouping] = useState<'category' | 'location'>('category');
  const places = PLACES.map((value) => ({ value, label: t(`basic.places.${value}`) }));
  const toggle = { 'aria-label': t('common:header.togglePasswordVisibility') };

  return (
    <KitPage
      group="forms"
      label="basic"
      sources={['@mantine/core', 'components/data-table/filter-select.tsx', 'components/forms/segmented-choice.tsx']}
    >
      <KitExample title={t('basic.examples.fields')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('basic.name')}
            description={t('basic.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            autoComplete="name"
            withAsterisk
          />
          <PasswordInput
            label={t('basic.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            withAsterisk
          />
          <FilterSelect<Place>
            label={t('basic.place')}
            anyLabel={t('basic.anyPlace')}
            options={places}
            value={place}
            onChange={setPlace}
          />
          <SegmentedChoice
            label={t('basic.grouping')}
            value={grouping}
            options={[
              { value: 'category', label: t('basic.byCategory') },
              { value: 'location', label: t('basic.byLocation') },
            ]}
            onChange={setGrouping}
          />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={t('basic.note')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </KitExample>

      <KitExample title={t('basic.examples.disabled')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('basic.name')} value={t('basic.sampleName')} disabled />
          <TextInput label={t('basic.email')} description={t('basic.emailHint')} value="admin@example.com" readOnly />
          <PasswordInput
            label={t('basic.password')}
            value="demo-password"
            visibilityToggleButtonProps={toggle}
            disabled
          />
          <Textarea label={t('basic.note')} value={t('basic.sampleNote')} autosize minRows={2} disabled />
        </SimpleGrid>
      </KitExample>

      <KitExample title={t('basic.examples.error')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('basic.name')}
            value=""
            error={t('profile:validation.nameRequired')}
            withAsterisk
            readOnly
          />
          <Textarea
            label={t('basic.note')}
            value={t('basic.sampleNote')}
            error={t('movements:validation.tooLong', { count: NOTE_MAX })}
            autosize
            minRows={2}
            readOnly
          />
        </SimpleGrid>
      </KitExample>

      <KitExample title={t('basic.examples.long')}>
        <Stack gap="md">
          <TextInput
            label={t('basic.longLabel')}
            description={t('basic.longHint')}
            value={t('basic.longValue')}
            readOnly
          />
          <FilterSelect<Place>
            label={t('basic.longLabel')}
            anyLabel={t('basic.anyPlace')}
            options={places}
            value="lab"
            onChange={setPlace}
            width={240}
          />
        </Stack>
      </KitExample>

      <KitExample title={t('basic.examples.narrow')} narrow>
        <Stack gap="md">
          <TextInput label={t('basic.name')} description={t('basic.nameHint')} withAsterisk />
          <FilterSelect<Place>
            label={t('basic.place')}
            anyLabel={t('basic.anyPlace')}
            options={places}
            value={place}
            onChange={setPlace}
          />
          <SegmentedChoice
            label={t('basic.grouping')}
            value={grouping}
            options={[
              { value: 'category', label: t('basic.byCategory') },
              { value: 'location', label: t('basic.byLocation') },
            ]}
            onChange={setGrouping}
          />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
