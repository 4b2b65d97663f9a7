import { SimpleGrid, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LossReasonsChart } from '../../../components/charts/loss-reasons-chart';
import { PayChart } from '../../../components/charts/pay-chart';
import type { RevenueTrend } from '../../../components/charts/revenue-trend';
import { RevenueTrendChart } from '../../../components/charts/revenue-trend-chart';
import { KitExample, KitPage } from '../kit-page';
import { InRussian } from './in-russian';
import { ActivitySample, ClassesSample, ConsumptionSample, StockFlowSample } from './report-charts';
import { lossReasons, OFFLINE_SCHEME, PAY, QUARTER_TREND, WEEKS_WITHOUT_PLAN } from './samples';

/** A chart with the title that names it, as the screen's card names it. */
function Named({ title, children }: { title: string; children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {children(titleId)}
    </Stack>
  );
}

function TrendExample({ trend }: { trend: RevenueTrend }) {
  const { t } = useTranslation('kit-charts');
  return (
    <Named title={t(`charts.names.trend_${trend.bucket}`)}>
      {(titleId) => <RevenueTrendChart trend={trend} labelledBy={titleId} />}
    </Named>
  );
}

function ReasonsExample({ long = false }: { long?: boolean }) {
  const { t } = useTranslation('kit-charts');
  const reasons = lossReasons((key) => t(`samples.${long ? 'longReasons' : 'reasons'}.${key}`));
  return (
    <Named title={t('charts.names.reasons')}>
      {(titleId) => <LossReasonsChart reasons={reasons} labelledBy={titleId} />}
    </Named>
  );
}

/** Every kind of chart the product draws, on sample figures, and the states of a chart's card. */
export default function ChartsPage() {
  const { t } = useTranslation('kit-charts');
  const example = (name: string) => t(`charts.examples.${name}`);
  return (
    <KitPage
      group="charts"
      label="charts"
      sources={[
        'components/charts/revenue-trend-chart',
        'components/charts/loss-reasons-chart',
        'components/charts/pay-chart',
        'components/charts/report-charts',
        'components/charts/chart-card',
        'components/charts/use-chart-words',
        '@mantine/charts',
      ]}
    >
      <KitExample title={example('columns')}>
        <TrendExample trend={QUARTER_TREND} />
      </KitExample>
      <KitExample title={example('columnsWithoutPlan')}>
        <TrendExample trend={WEEKS_WITHOUT_PLAN} />
      </KitExample>
      <KitExample title={example('bars')}>
        <ReasonsExample />
      </KitExample>
      <KitExample title={example('line')}>
        <Named title={t('charts.names.pay')}>
          {(titleId) => (
            <PayChart
              terms={OFFLINE_SCHEME}
              planMinor={PAY.planMinor}
              currentMinor={PAY.currentMinor}
              potentialMinor={PAY.potentialMinor}
              labelledBy={titleId}
            />
          )}
        </Named>
      </KitExample>
      <KitExample title={example('stacked')}>
        <ActivitySample />
      </KitExample>
      <KitExample title={example('composite')}>
        <ConsumptionSample />
      </KitExample>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <KitExample title={example('donut')}>
          <ClassesSample />
        </KitExample>
        <KitExample title={example('flow')}>
          <StockFlowSample />
        </KitExample>
      </SimpleGrid>
      <KitExample title={example('loading')}>
        <ActivitySample state="loading" />
      </KitExample>
      <KitExample title={example('empty')}>
        <ActivitySample state="empty" />
      </KitExample>
      <KitExample title={example('stale')}>
        <ActivitySample state="stale" />
      </KitExample>
      <KitExample title={example('russian')}>
        <InRussian>
          <Stack gap="lg">
            <TrendExample trend={QUARTER_TREND} />
            <ReasonsExample long />
          </Stack>
        </InRussian>
      </KitExample>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <KitExample title={example('narrowColumns')} narrow>
          <TrendExample trend={WEEKS_WITHOUT_PLAN} />
        </KitExample>
        <KitExample title={example('narrowBars')} narrow>
          <ReasonsExample />
        </KitExample>
      </SimpleGrid>
    </KitPage>
  );
}
