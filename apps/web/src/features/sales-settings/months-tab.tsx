import type { SalesMonthList } from '@cm/contract';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSearch, WholeTable, type WholeTableColumn } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import { currentUserQuery } from '../../lib/current-user';
import { monthName, useFormatters } from '../../lib/format';
import { planGridQuery, salesMonthsQuery } from './api';
import { MonthReviewModal } from './month-review-modal';
import { Section } from './section';
import { YearSearch, YearSwitcher } from './year-switcher';

type MonthRow = SalesMonthList['months'][number];

/**
 * Month closing (PRODUCT.md §5): the current department's months of a year, each open or closed. A month is
 * closed or reopened from its review, where the figures it freezes are shown first.
 */
export function MonthsTab() {
  const { t, i18n } = useTranslation('sales-settings');
  const format = useFormatters();
  const [search, update] = useListSearch(YearSearch);
  const months = useQuery(salesMonthsQuery(search.year));
  const [reviewed, setReviewed] = useState<string | null>(null);
  const { data: user } = useQuery(currentUserQuery);
  // A month is closed for its managers' figures; the months' list does not say whether the department has any, the
  // plans grid of the same year does (its rows are the department's managers and AMO ID holders). Until it answers,
  // or when it fails, the months are offered as before: the review shows a month without managers as such.
  const plans = useQuery(planGridQuery(search.year));
  const noManagers = plans.data?.year === search.year && plans.data.managers.length === 0;
  // Months close in their order: the oldest open one that has ended is the next to close.
  const nextToClose = months.data?.months.findLast((row) => row.ended && !row.closed)?.month;

  const columns: WholeTableColumn<MonthRow>[] = [
    { key: 'month', title: t('months.month'), render: (row) => monthName(row.month, i18n.language) },
    {
      key: 'status',
      title: t('months.status'),
      render: (row) =>
        row.closed ? (
          <Group gap={6} wrap="nowrap">
            <IconLock size={14} aria-hidden />
            <Text size="sm">
              {row.closed.by
                ? t('months.closedBy', { time: format.dateTime(row.closed.at), name: row.closed.by })
                : t('months.closedAt', { time: format.dateTime(row.closed.at) })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {row.ended ? t(noManagers ? 'months.openWithoutManagers' : 'months.open') : t('months.inProgress')}
          </Text>
        ),
    },
    {
      key: 'differences',
      title: t('months.differences'),
      render: (row) =>
        row.pendingDifferences > 0 ? (
          <Badge color="orange" variant="light">
            {t('months.pending', { count: row.pendingDifferences })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'actions',
      title: t('months.actions'),
      align: 'right',
      render: (row) =>
        // Without managers there is nothing to freeze: no action for an open month, only the reason (above the table).
        noManagers && !row.closed ? (
          <Text size="sm" c="dimmed">
            {t('months.nothingToClose')}
          </Text>
        ) : (
          <Button
            size="compact-sm"
            // The month to close next stands out; later open months wait for it, quieter.
            variant={row.month === nextToClose ? 'filled' : row.ended && !row.closed ? 'light' : 'default'}
            leftSection={row.closed ? <IconLockOpen size={14} /> : row.ended ? <IconLock size={14} /> : undefined}
            onClick={() => setReviewed(row.month)}
            aria-label={t(row.closed ? 'months.reviewClosed' : row.ended ? 'months.reviewToClose' : 'months.review', {
              month: monthName(row.month, i18n.language),
            })}
          >
            {t(
              row.closed ? 'months.reviewClosedShort' : row.ended ? 'months.reviewToCloseShort' : 'months.reviewShort',
            )}
          </Button>
        ),
    },
  ];

  return (
    <Section
      title={t('months.title')}
      description={t('months.intro')}
      actions={<YearSwitcher year={search.year} onChange={(year) => update({ year })} />}
    >
      {months.isPending ? (
        <Skeleton height={240} radius="md" aria-label={t('common:loading')} />
      ) : months.isError ? (
        <LoadFailed title={t('months.loadFailed')} error={months.error} onRetry={() => void months.refetch()} />
      ) : months.data.months.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('months.none', { year: search.year })}
        </Text>
      ) : (
        <Stack gap="sm">
          {noManagers ? (
            <Alert
              variant="light"
              color="blue"
              icon={<IconInfoCircle size={18} />}
              title={t('months.noManagersTitle', { department: user?.currentDepartment?.name ?? '' })}
              // Why no month offers to close, read with the table: a note, not an alert that interrupts.
              role="note"
            >
              {t('months.noManagersExplained')}
            </Alert>
          ) : null}
          <WholeTable
            label={t('months.tableLabel', { year: search.year })}
            columns={columns}
            rows={months.data.months}
            attention={(row) => row.pendingDifferences > 0}
          />
        </Stack>
      )}
      <MonthReviewModal month={reviewed} onClose={() => setReviewed(null)} />
    </Section>
  );
}
