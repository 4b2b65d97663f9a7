import type { MonthFigures, SalesMonth } from '@cm/contract';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable, type WholeTableColumn } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import { errorMessage } from '../../lib/error-message';
import { monthName, useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { salesMonthQuery, useCloseMonth, useReopenMonth } from './api';

type ManagerRow = SalesMonth['managers'][number];

/** The figures a row shows: the frozen ones of a closed month, the live ones of an open month. */
function shown(row: ManagerRow): MonthFigures {
  return row.frozen ?? row.live;
}

/**
 * A month's figures per manager before it is closed, or as it was closed, with the live figures where they have
 * changed since; closing freezes them for payroll, reopening drops them until the month is closed again.
 */
export function MonthReviewModal({ month, onClose }: { month: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['sales-settings', 'errors', 'common']);
  const format = useFormatters();
  const review = useQuery({ ...salesMonthQuery(month ?? ''), enabled: month !== null });
  const close = useCloseMonth();
  const data = review.data;
  const [confirmingReopen, setConfirmingReopen] = useState(false);
  const reopen = useReopenMonth();
  const name = month ? monthName(month, i18n.language) : '';

  const dismiss = () => {
    close.reset();
    reopen.reset();
    setConfirmingReopen(false);
    onClose();
  };

  /**
   * A figure of the month, and below it what it is now where a closed month's figure has changed since; a manager
   * who has figures only since the close had none frozen ("—").
   */
  const cell = (row: ManagerRow, value: (figures: MonthFigures) => string): ReactNode => {
    const now = value(row.live);
    if (!data?.closed) return now;
    const then = row.frozen ? value(row.frozen) : '—';
    if (then === now) return then;
    return (
      <Stack gap={0}>
        <span>{then}</span>
        <Text span size="xs" c="var(--mantine-color-orange-text)" fw={600}>
          {t('months.now', { value: now })}
        </Text>
      </Stack>
    );
  };
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? '—' : format.money(minor);

  const columns: WholeTableColumn<ManagerRow>[] = [
    { key: 'name', title: t('months.manager'), pinned: true, render: (row) => shown(row).name },
    { key: 'plan', title: t('months.plan'), align: 'right', render: (row) => cell(row, (f) => money(f.planMinor)) },
    {
      key: 'revenue',
      title: t('months.revenue'),
      align: 'right',
      render: (row) => cell(row, (f) => money(f.revenueMinor)),
    },
    {
      key: 'planPercent',
      title: t('months.planPercent'),
      align: 'right',
      render: (row) => cell(row, (f) => (f.calculation?.planPercent ? format.percent(f.calculation.planPercent) : '—')),
    },
    { key: 'won', title: t('months.won'), align: 'right', render: (row) => cell(row, (f) => format.count(f.wonCount)) },
    {
      key: 'lost',
      title: t('months.lost'),
      align: 'right',
      render: (row) => cell(row, (f) => format.count(f.lostCount)),
    },
    {
      key: 'bonus',
      title: t('months.bonus'),
      align: 'right',
      render: (row) => cell(row, (f) => (f.calculation ? money(f.calculation.bonusMinor) : t('months.noScheme'))),
    },
    {
      key: 'total',
      title: t('months.total'),
      align: 'right',
      render: (row) => cell(row, (f) => money(f.calculation?.totalMinor)),
    },
  ];

  const error = close.error ?? reopen.error;
  // An open month without managers has nothing to freeze: it is not offered for closing (the server would still
  // store an empty closing).
  const nothingToClose = data !== undefined && !data.closed && data.managers.length === 0;

  return (
    <Modal
      opened={month !== null}
      onClose={dismiss}
      title={data?.closed ? t('months.reviewTitleClosed', { month: name }) : t('months.reviewTitle', { month: name })}
      size="80rem"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {review.isPending ? (
        <Skeleton height={200} radius="md" aria-label={t('common:loading')} />
      ) : review.isError || !data ? (
        <LoadFailed title={t('months.loadFailed')} error={review.error} onRetry={() => void review.refetch()} />
      ) : (
        <Stack gap="md">
          {data.closed ? (
            <Alert
              color={data.managers.some((row) => row.pendingDifference) ? 'orange' : 'blue'}
              variant="light"
              icon={<IconInfoCircle size={18} />}
              // What the figures are, read with the rest of the dialog: not an alert, which the warning below is.
              role="note"
            >
              {data.managers.some((row) => row.pendingDifference)
                ? t('months.pendingExplained')
                : t('months.frozenExplained', { time: format.dateTime(data.closed.at) })}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {nothingToClose
                ? t('months.noManagersExplained')
                : data.ended
                  ? t('months.closeExplained')
                  : t('months.notEnded')}
            </Text>
          )}
          {data.managers.length === 0 ? (
            <Text size="sm">{t('months.noManagers')}</Text>
          ) : (
            <WholeTable
              label={t('months.figuresLabel', { month: name })}
              columns={columns}
              rows={data.managers}
              maxHeight={420}
              attention={(row) => row.pendingDifference}
            />
          )}
          {confirmingReopen && data.closed ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {t('months.reopenWarning', { month: name })}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorMessage(t, error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss}>
              {t('months.back')}
            </Button>
            {data.closed && !confirmingReopen ? (
              <Button color="orange" leftSection={<IconLockOpen size={16} />} onClick={() => setConfirmingReopen(true)}>
                {t('months.reopen')}
              </Button>
            ) : data.closed ? (
              <Button
                color="orange"
                leftSection={<IconLockOpen size={16} />}
                loading={reopen.isPending}
                onClick={() =>
                  reopen.mutate(data.month, {
                    onSuccess: () => {
                      setConfirmingReopen(false);
                      notify({ color: 'blue', message: t('months.reopened', { month: name }) });
                    },
                  })
                }
              >
                {t('months.reopenConfirm')}
              </Button>
            ) : data.ended && !nothingToClose ? (
              <Button
                leftSection={<IconLock size={16} />}
                loading={close.isPending}
                onClick={() =>
                  close.mutate(data.month, {
                    onSuccess: () => notify({ color: 'green', message: t('months.closed', { month: name }) }),
                  })
                }
              >
                {t('months.close')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
