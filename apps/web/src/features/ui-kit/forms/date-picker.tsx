import { Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { type PeriodSearch, rangeProblem, shownPeriod, todayIn } from '../../../components/sales-period/period';
import { PeriodControls } from '../../../components/sales-period/period-controls';
import { KitExample, KitPage } from '../kit-page';

/** A day, typed or picked, with the form the API gets under it. */
function Day({ initial }: { initial?: string }) {
  const { t } = useTranslation('kit-forms');
  const [day, setDay] = useState<string | undefined>(initial);
  return (
    <Stack gap={4}>
      <DateField label={t('datePicker.day')} value={day} onChange={setDay} />
      <Text size="xs" c="dimmed">
        {day ? (
          <>
            {t('datePicker.sent')} <Code>{day}</Code>
          </>
        ) : (
          t('datePicker.none')
        )}
      </Text>
    </Stack>
  );
}

/** Two days of a list's filter, as Transactions has them: a last day before the first is said at the last. */
function DayRange() {
  const { t } = useTranslation('transactions');
  const [from, setFrom] = useState<string | undefined>('2026-11-21');
  const [to, setTo] = useState<string | undefined>('2026-11-01');
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField label={t('filters.from')} value={from} onChange={setFrom} w={{ base: '100%', xs: 160 }} />
      <DateField
        label={t('filters.to')}
        value={to}
        onChange={setTo}
        error={from && to && to < from ? t('filters.badRange') : undefined}
        w={{ base: '100%', xs: 160 }}
      />
    </Group>
  );
}

/**
 * The period of a sales screen (Leaderboard, Analytics): a month, week or quarter stepped through with the arrows,
 * or days of one's own, checked before the server is asked. The address keeps it on those screens; here the page
 * does.
 */
function Period() {
  const { t } = useTranslation('sales-period');
  const [search, setSearch] = useState<PeriodSearch>({ period: 'month' });
  const today = todayIn(undefined);
  const shown = shownPeriod(search, today);
  const problem = shown.period && shown.kind === 'custom' ? rangeProblem(shown.period) : null;
  return (
    <PeriodControls
      shown={shown}
      today={today}
      rangeError={problem ? t(`problem.${problem}`) : undefined}
      onChange={setSearch}
    />
  );
}

/** Days and periods, written and read as the interface language writes dates. */
export default function DatePickerPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="datePicker"
      sources={[
        'components/forms/date-field.tsx',
        'components/sales-period/period-controls.tsx',
        'components/sales-period/period.ts',
      ]}
    >
      <KitExample title={t('datePicker.examples.day')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Day />
          <Day initial="2026-11-21" />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('datePicker.examples.range')}>
        <DayRange />
      </KitExample>
      <KitExample title={t('datePicker.examples.period')}>
        <Period />
      </KitExample>
      <KitExample title={t('datePicker.examples.narrow')} narrow>
        <Stack gap="md">
          <Day initial="2026-11-21" />
          <DayRange />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
