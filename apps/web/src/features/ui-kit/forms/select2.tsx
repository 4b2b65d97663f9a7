import { MultiSelect, type MultiSelectProps, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFilter } from '../../../components/audit/filters';
import { ComponentPicker } from '../../../components/movements/component-picker';
import { KitExample, KitPage } from '../kit-page';

/**
 * Departments chosen as the user dialog chooses them (Users): several, searched by typing, each chosen one a chip
 * with its own remove button. The departments are the kit's samples.
 */
function DepartmentsSelect({
  initial,
  ...props
}: { initial: string[] } & Omit<MultiSelectProps, 'data' | 'value' | 'onChange'>) {
  const { t } = useTranslation(['users', 'kit-forms']);
  const [chosen, setChosen] = useState(initial);
  const departments = t('kit-forms:samples.departments', { returnObjects: true }) as string[];
  return (
    <MultiSelect
      label={t('fields.departments')}
      data={departments.map((name, index) => ({ value: String(index), label: name }))}
      value={chosen}
      onChange={setChosen}
      required
      searchable
      nothingFoundMessage={t('form.noDepartments')}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

/** The audit's action filter, its choice kept as the list's address keeps it (comma-separated). */
function Actions() {
  const [value, setValue] = useState<string | undefined>('sign-ins,user.created');
  return <ActionFilter value={value} onChange={setValue} />;
}

/** A component found by the server as its SKU, name or maker is typed, as the movement dialog picks one. */
function Component() {
  const { t } = useTranslation('movements');
  const [componentId, setComponentId] = useState<string | null>(null);
  return <ComponentPicker label={t('component')} value={componentId} onChange={setComponentId} />;
}

/** Choosing from a list by typing: several at once, or one found by the server. */
export default function Select2Page() {
  const { t } = useTranslation(['kit-forms', 'users']);
  return (
    <KitPage
      group="forms"
      label="select2"
      sources={[
        '@mantine/core MultiSelect',
        'components/audit/filters.tsx',
        'components/movements/component-picker.tsx',
      ]}
    >
      <KitExample title={t('select2.examples.several')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DepartmentsSelect initial={['0', '2']} />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('select2.examples.grouped')}>
        <Actions />
      </KitExample>
      <KitExample title={t('select2.examples.server')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Component />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('select2.examples.states')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DepartmentsSelect initial={[]} placeholder={t('select2.placeholder')} />
          <DepartmentsSelect initial={[]} error={t('users:validation.departments')} />
          <DepartmentsSelect initial={['4', '5', '0', '1']} description={t('select2.longHint')} />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('select2.examples.narrow')} narrow>
        <Stack gap="md">
          <DepartmentsSelect initial={['4', '5']} />
          <Actions />
          <Component />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
