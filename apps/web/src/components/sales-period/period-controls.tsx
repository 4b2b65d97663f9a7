import { ActionIcon, Button, EmptyState, Group, Stack, Title } from '@mantine/core';
import { IconCalendarQuestion, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../forms/date-field';
import { SegmentedChoice } from '../forms/segmented-choice';
import {
  PERIOD_KINDS,
  type PeriodKind,
  type PeriodSearch,
  periodOf,
  type ShownPeriod,
  searchOf,
  shiftPeriod,
  switchKind,
} from './period';
import { usePeriodWords } from './use-period-words';

/**
 * The period a sales screen shows: month, week, quarter or custom days (`children` adds the screen's own choices
 * beside them); then the period in words between the buttons to the one before and after, and back to the current
 * one. Each change is the address's new period, for the screen to keep in the URL.
 */
export function PeriodControls({
  shown,
  today,
  rangeError,
  onChange,
  children,
}: {
  shown: ShownPeriod;
  /** Today on the organisation's clock: which period is current, and which has not begun. */
  today: string;
  /** Why the custom range cannot be shown, under its last day. */
  rangeError: string | undefined;
  onChange: (search: PeriodSearch) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('sales-period');
  const words = usePeriodWords();
  const { kind, period } = shown;
  const from = period ? period.from : shown.from;
  const to = period ? period.to : shown.to;
  // A range that ends before it starts, or that cannot be shown, has no name nor a period next to it.
  const named = period && period.from <= period.to && !rangeError ? period : null;
  const previous = named ? shiftPeriod(kind, named, -1) : null;
  const next = named ? shiftPeriod(kind, named, 1) : null;
  return (
    <Stack gap="md">
      {/* Aligned at the top: a message under a day does not move the other controls. */}
      <Group gap="lg" align="flex-start" wrap="wrap">
        <SegmentedChoice<PeriodKind>
          label={t('label')}
          value={kind}
          options={PERIOD_KINDS.map((option) => ({ value: option, label: t(`kinds.${option}`) }))}
          onChange={(choice) => onChange(switchKind(shown, choice, today))}
        />
        {kind === 'custom' ? (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateField
              label={t('from')}
              value={from}
              onChange={(day) => onChange({ period: 'custom', from: day, to })}
              w={{ base: '100%', xs: 170 }}
            />
            <DateField
              label={t('to')}
              value={to}
              onChange={(day) => onChange({ period: 'custom', from, to: day })}
              error={rangeError}
              w={{ base: '100%', xs: 170 }}
            />
          </Group>
        ) : null}
        {children}
      </Group>
      {named && previous && next ? (
        <Group gap="xs" wrap="nowrap" align="center">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(`previous.${kind}`)}
            onClick={() => onChange(searchOf(kind, previous, today))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} size="h3" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            {words.period(named)}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(`next.${kind}`)}
            // A period that has not begun has nothing to show yet.
            disabled={next.from > today}
            onClick={() => onChange(searchOf(kind, next, today))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          {kind !== 'custom' && !shown.current ? (
            <Button variant="subtle" onClick={() => onChange(searchOf(kind, periodOf(kind, today), today))}>
              {t(`current.${kind}`)}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** What a sales screen shows while its custom range lacks a day: nothing is asked for until both are chosen. */
export function RangeIncomplete() {
  const { t } = useTranslation('sales-period');
  return (
    <EmptyState
      icon={<IconCalendarQuestion size={28} />}
      withIndicatorBackground
      title={t('incomplete.title')}
      description={t('incomplete.description')}
      py="xl"
    />
  );
}
