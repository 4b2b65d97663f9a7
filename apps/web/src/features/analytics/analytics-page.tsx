import { EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSearch } from '../../components/data-table';
import { KpiCardsSkeleton } from '../../components/kpi-cards/kpi-cards';
import { LoadFailed } from '../../components/load-failed';
import {
  isManagerNotFound,
  ManagerNotFound,
  ManagerPicker,
  NoManagers,
} from '../../components/sales-managers/manager-picker';
import { rangeProblem, shownPeriod, todayIn } from '../../components/sales-period/period';
import { PeriodControls, RangeIncomplete } from '../../components/sales-period/period-controls';
import { usePeriodWords } from '../../components/sales-period/use-period-words';
import { ScreenSkeleton } from '../../components/screen-skeleton';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { currentUserQuery } from '../../lib/current-user';
import classes from './analytics.module.css';
import { AnalyticsScreen } from './analytics-screen';
import { AnalyticsSearch, analyticsQuery, analyticsRequest } from './api';

export { prefetchAnalyticsScreen as prefetch } from './api';

/**
 * Analytics (PRODUCT.md §5): a manager's own figures over a period, or any manager's of the current department for
 * an administrator, who picks the manager. The manager, the period and the successful leads' sorting and page are
 * kept in the URL.
 */
export default function AnalyticsPage() {
  const { t } = useTranslation(['analytics', 'sales-period', 'common', 'errors']);
  const title = t('common:nav.analytics');
  usePageTitle(title);
  const words = usePeriodWords();
  const [search, update] = useListSearch(AnalyticsSearch);
  const timeZone = useQuery(appInfoQuery).data?.timeZone;
  const today = todayIn(timeZone);
  const shown = shownPeriod(search, today);
  const request = analyticsRequest(search, today);
  const analytics = useQuery({
    ...analyticsQuery(request ?? {}),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const { data: user } = useQuery(currentUserQuery);
  const data = request ? analytics.data : undefined;
  const period = shown.period ? words.period(shown.period) : '';

  const refused = analytics.error instanceof ApiError ? analytics.error.code : null;
  const problem = shown.period && shown.kind === 'custom' ? rangeProblem(shown.period) : null;
  const rangeError = problem
    ? t(`sales-period:problem.${problem}`)
    : refused === 'PERIOD_INVALID' && request
      ? t('errors:PERIOD_INVALID')
      : undefined;

  let content: ReactNode;
  if (rangeError) {
    content = (
      <EmptyState
        icon={<IconCalendarQuestion size={28} />}
        withIndicatorBackground
        title={t('period.invalidTitle')}
        description={rangeError}
        py="xl"
      />
    );
  } else if (!request) {
    content = <RangeIncomplete />;
  } else if (analytics.isPending) {
    content = <AnalyticsSkeleton />;
  } else if (analytics.isError && !data) {
    content = isManagerNotFound(analytics.error, search.managerId) ? (
      <ManagerNotFound onShowFirst={() => update({ managerId: undefined })} />
    ) : (
      <LoadFailed title={t('loadFailed')} error={analytics.error} onRetry={() => void analytics.refetch()} />
    );
  } else if (!data?.manager) {
    content = <NoManagers department={user?.currentDepartment?.name ?? ''} />;
  } else {
    content = (
      <div className={analytics.isPlaceholderData ? classes.stale : undefined} aria-busy={analytics.isPlaceholderData}>
        <AnalyticsScreen analytics={data} request={request} search={search} update={update} period={period} />
      </div>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{title}</Title>
        {/* Whom it offers stays while a custom range is being corrected: the last answer's. */}
        <ManagerPicker
          answer={analytics.data}
          managerId={search.managerId}
          busy={analytics.isPlaceholderData}
          onPick={update}
        />
      </Group>
      <Stack gap={6}>
        <PeriodControls shown={shown} today={today} rangeError={rangeError} onChange={update} />
        {data && !analytics.isPlaceholderData && shown.period ? (
          <Text size="sm" c="dimmed">
            {shown.current ? `${t('soFar', { today: words.day(today) })} ` : null}
            {t('compared', { period: words.range(data.previous) })}
          </Text>
        ) : null}
      </Stack>
      {content}
    </Stack>
  );
}

/** The screen's shape while its figures are read: the cards, the chart, the tables. */
function AnalyticsSkeleton() {
  return (
    <ScreenSkeleton gap="lg">
      <KpiCardsSkeleton />
      <Skeleton height={380} radius="md" />
      <Skeleton height={320} radius="md" />
    </ScreenSkeleton>
  );
}
