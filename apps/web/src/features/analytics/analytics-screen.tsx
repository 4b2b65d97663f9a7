import type { Analytics } from '@cm/contract';
import { EmptyState, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { trendHasFigures } from '../../components/charts/revenue-trend';
import { RevenueTrendChart } from '../../components/charts/revenue-trend-chart';
import { KpiCards } from '../../components/kpi-cards/kpi-cards';
import type { AnalyticsRequest } from '../../lib/query-keys/analytics';
import type { AnalyticsSearch } from './api';
import { Unsuccessful } from './unsuccessful';
import { WonLeadsTable } from './won-leads-table';

/** Revenue per week or month against the plan of the same days, or why there is nothing to draw. */
function TrendCard({ analytics, period }: { analytics: Analytics; period: string }) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  const { trend } = analytics;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t(`trend.title.${trend.bucket}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('trend.description')}
          </Text>
        </div>
        {trendHasFigures(trend.points) ? (
          <RevenueTrendChart trend={trend} labelledBy={titleId} />
        ) : (
          <EmptyState
            icon={<IconChartBar size={28} />}
            withIndicatorBackground
            title={t('trend.emptyTitle')}
            description={t('trend.empty', { period })}
            py="md"
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The analytics of one manager over one period (PRODUCT.md §5, issue #25): the key figures against the period
 * before, the trend, the successful leads and the unsuccessful ones.
 */
export function AnalyticsScreen({
  analytics,
  request,
  search,
  update,
  period,
}: {
  analytics: Analytics;
  request: AnalyticsRequest;
  search: AnalyticsSearch;
  update: (patch: Partial<AnalyticsSearch>) => void;
  /** The period in words. */
  period: string;
}) {
  return (
    <Stack gap="lg">
      <KpiCards kpis={analytics.kpis} previous={analytics.previousKpis} />
      <TrendCard analytics={analytics} period={period} />
      <WonLeadsTable
        request={request}
        search={search}
        update={update}
        period={period}
        averageDays={analytics.averageDaysToAcquisition}
      />
      <Unsuccessful analytics={analytics} period={period} />
    </Stack>
  );
}
