import { Button, Card, Group, Modal, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchInput } from '../../../components/data-table';
import { AmountInput } from '../../../components/forms/amount-input';
import { DateField } from '../../../components/forms/date-field';
import { LeaveTabsWithoutSaving, type LeaveTexts } from '../../../components/forms/leave-without-saving';
import { SegmentedChoice } from '../../../components/forms/segmented-choice';
import { UnsavedMark } from '../../../components/forms/unsaved-mark';
import { useCurrency } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { KitExample, KitPage } from '../kit-page';

type Settings = { name: string; startsOn: string | undefined; plan: string; reminder: 'email' | 'none' };

const FIRST_SETTINGS: Settings = { name: '', startsOn: undefined, plan: '', reminder: 'email' };

/**
 * A section of a settings screen, as Profile and Sales settings lay one out: a titled card, the fields two abreast
 * from the `sm` width on (one above the other below it), Cancel and Save at the bottom right, enabled once something
 * changed. Save keeps the values on this page only. `oneColumn` shows it as a phone does: the breakpoints are the
 * window's, not the frame's.
 */
function SettingsSection({ oneColumn = false }: { oneColumn?: boolean }) {
  const { t } = useTranslation('kit-forms');
  const { code } = useCurrency();
  const titleId = useId();
  const [saved, setSaved] = useState<Settings>(FIRST_SETTINGS);
  const [values, setValues] = useState<Settings>(FIRST_SETTINGS);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const set = <Key extends keyof Settings>(key: Key, value: Settings[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(values);
    notify({ color: 'green', message: t('layouts.saved') });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3} size="h4" id={titleId}>
              {t('layouts.section')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('layouts.sectionHint')}
            </Text>
          </div>
          <SimpleGrid cols={oneColumn ? 1 : { base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('layouts.name')}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
            />
            <DateField label={t('layouts.startsOn')} value={values.startsOn} onChange={(day) => set('startsOn', day)} />
            <AmountInput
              label={t('layouts.plan')}
              unit={code}
              value={values.plan}
              onChange={(text) => set('plan', text)}
            />
            <SegmentedChoice
              label={t('layouts.reminder')}
              value={values.reminder}
              options={[
                { value: 'email', label: t('layouts.byEmail') },
                { value: 'none', label: t('layouts.noReminder') },
              ]}
              onChange={(reminder) => set('reminder', reminder)}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setValues(saved)} disabled={!dirty}>
              {t('layouts.cancel')}
            </Button>
            <Button type="submit" disabled={!dirty}>
              {t('layouts.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Tabs of one screen, as Profile has them: a tab holding unsaved changes shows a dot, switching tabs keeps what was
 * typed, and leaving the page while something is unsaved asks first.
 */
function TabsWithUnsavedChanges() {
  const { t } = useTranslation('kit-forms');
  const [tab, setTab] = useState<string | null>('settings');
  const [note, setNote] = useState('');
  const dirtyRef = useRef(false);
  dirtyRef.current = note !== '';
  return (
    <>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="info">{t('layouts.tabs.info')}</Tabs.Tab>
          <Tabs.Tab value="settings" rightSection={note !== '' ? <UnsavedMark label={t('layouts.unsaved')} /> : null}>
            {t('layouts.tabs.settings')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <Text size="sm">{t('layouts.tabs.infoText')}</Text>
        </Tabs.Panel>
        {/* Kept mounted, so that switching tabs keeps what was typed. */}
        <Tabs.Panel value="settings" pt="md" keepMounted>
          <TextInput
            label={t('layouts.note')}
            description={t('layouts.noteHint')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </Tabs.Panel>
      </Tabs>
      <LeaveTabsWithoutSaving
        dirty={() => dirtyRef.current}
        texts={t('layouts.leave', { returnObjects: true }) as LeaveTexts}
      />
    </>
  );
}

/** A short form in a dialog, as Users and Departments open theirs: the title names the task, Save at the bottom right. */
function DialogForm() {
  const { t } = useTranslation(['kit-forms', 'common']);
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const close = () => {
    setOpened(false);
    setName('');
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('layouts.openDialog')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('layouts.dialogTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            close();
          }}
          noValidate
        >
          <Stack gap="md">
            <TextInput
              label={t('layouts.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('layouts.cancel')}
              </Button>
              <Button type="submit">{t('layouts.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

type Kind = 'receipt' | 'issue';

/** The filters above a list, as Transactions has them: side by side, each taking the whole row on a phone. */
function ListFilters() {
  const { t } = useTranslation(['kit-forms', 'transactions', 'domain']);
  const [q, setQ] = useState<string | undefined>(undefined);
  const [kind, setKind] = useState<Kind | undefined>(undefined);
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [to, setTo] = useState<string | undefined>(undefined);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <ListSearchInput value={q} onChange={setQ} w={{ base: '100%', xs: 240 }} />
      <DateField label={t('transactions:filters.from')} value={from} onChange={setFrom} w={{ base: '100%', xs: 160 }} />
      <DateField
        label={t('transactions:filters.to')}
        value={to}
        onChange={setTo}
        error={from && to && to < from ? t('transactions:filters.badRange') : undefined}
        w={{ base: '100%', xs: 160 }}
      />
      <FilterSelect<Kind>
        label={t('transactions:filters.type')}
        anyLabel={t('transactions:filters.anyType')}
        options={(['receipt', 'issue'] as const).map((value) => ({
          value,
          label: t(`domain:movementTypes.${value}`),
        }))}
        value={kind}
        onChange={setKind}
      />
    </Group>
  );
}

/** How the product lays out its forms: settings sections, tabs, dialogs and the filters above a list. */
export default function LayoutsPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="layouts"
      sources={[
        'components/forms/leave-without-saving.tsx',
        'components/forms/unsaved-mark.tsx',
        'components/forms/date-field.tsx',
        'components/forms/amount-input.tsx',
        'components/forms/segmented-choice.tsx',
        'components/data-table/list-search-input.tsx',
        'components/data-table/filter-select.tsx',
      ]}
    >
      <KitExample title={t('layouts.examples.section')}>
        <SettingsSection />
      </KitExample>
      <KitExample title={t('layouts.examples.tabs')}>
        <TabsWithUnsavedChanges />
      </KitExample>
      <KitExample title={t('layouts.examples.dialog')}>
        <DialogForm />
      </KitExample>
      <KitExample title={t('layouts.examples.filters')}>
        <ListFilters />
      </KitExample>
      <KitExample title={t('layouts.examples.narrow')} narrow>
        <SettingsSection oneColumn />
      </KitExample>
    </KitPage>
  );
}
