import type { Analytics } from '@cm/contract';
import { EmptyState, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LossReasonsChart } from '../../components/charts/loss-reasons-chart';
import { WholeTable, type WholeTableColumn } from '../../components/data-table';
import { Fact } from '../../components/kpi-cards/fact';
import classes from './analytics.module.css';
import { useAnalyticsWords } from './use-words';

type Reason = Analytics['unsuccessful']['reasons'][number];
type Pipeline = Analytics['pipelines'][number];

const figure = (text: string) => <span className={classes.figure}>{text}</span>;

/**
 * The unsuccessful leads of the period (PRODUCT.md §5): how many, their share of the closed ones, how long they took
 * to fail, and why, as a chart and a table; and the conversion of each pipeline.
 */
export function Unsuccessful({ analytics, period }: { analytics: Analytics; period: string }) {
  const { t } = useTranslation('analytics');
  const words = useAnalyticsWords();
  const titleId = useId();
  const reasonsId = useId();
  const { unsuccessful } = analytics;

  const reasonColumns = useMemo<WholeTableColumn<Reason>[]>(
    () => [
      {
        key: 'reason',
        title: t('lost.columns.reason'),
        render: (reason) =>
          reason.reasonId === null ? (
            <Text span size="sm" fs="italic">
              {t('lost.noReason')}
            </Text>
          ) : (
            (reason.name ?? `#${reason.reasonId}`)
          ),
      },
      {
        key: 'count',
        title: t('lost.columns.count'),
        align: 'right',
        render: (reason) => figure(words.count(reason.count)),
      },
      {
        key: 'share',
        title: t('lost.columns.share'),
        align: 'right',
        render: (reason) => figure(words.percent(reason.sharePercent)),
      },
      {
        key: 'lostBudget',
        title: t('lost.columns.lostBudget'),
        align: 'right',
        render: (reason) => figure(words.money(reason.lostBudgetMinor)),
      },
    ],
    [t, words],
  );

  const pipelineColumns = useMemo<WholeTableColumn<Pipeline>[]>(
    () => [
      {
        key: 'pipeline',
        title: t('pipelines.columns.pipeline'),
        render: (pipeline) => pipeline.name ?? t('pipelines.unnamed', { id: pipeline.pipelineId }),
      },
      {
        key: 'id',
        title: t('pipelines.columns.id'),
        align: 'right',
        render: (pipeline) => figure(String(pipeline.pipelineId)),
      },
      {
        key: 'won',
        title: t('pipelines.columns.won'),
        align: 'right',
        render: (pipeline) => figure(words.count(pipeline.won)),
      },
      {
        key: 'lost',
        title: t('pipelines.columns.lost'),
        align: 'right',
        render: (pipeline) => figure(words.count(pipeline.lost)),
      },
      {
        key: 'conversion',
        title: t('pipelines.columns.conversion'),
        align: 'right',
        render: (pipeline) => figure(words.percent(pipeline.conversionPercent)),
      },
    ],
    [t, words],
  );

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Title order={2} size="h4" id={titleId}>
          {t('lost.title')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
          <Fact label={t('lost.total')}>{words.count(unsuccessful.count)}</Fact>
          <Fact label={t('lost.percent')}>
            {unsuccessful.percent === null ? t('lost.noClosed') : words.percent(unsuccessful.percent)}
          </Fact>
          <Fact label={t('lost.averageDays')}>
            {unsuccessful.averageDaysToFailure === null ? '—' : words.days(unsuccessful.averageDaysToFailure)}
          </Fact>
        </SimpleGrid>
        {unsuccessful.reasons.length === 0 ? (
          <EmptyState
            icon={<IconMoodSmile size={28} />}
            withIndicatorBackground
            title={t('lost.emptyTitle')}
            description={t('lost.empty', { period })}
            py="md"
          />
        ) : (
          <Stack gap="sm">
            <Title order={3} size="h5" id={reasonsId}>
              {t('lost.reasonsTitle')}
            </Title>
            <Grid gap="lg" align="flex-start">
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <LossReasonsChart
                  reasons={unsuccessful.reasons}
                  labelledBy={reasonsId}
                  tableNote={t('lost.chartTable')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <WholeTable
                  label={t('lost.tableLabel', { period })}
                  columns={reasonColumns}
                  rows={unsuccessful.reasons}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5">
              {t('pipelines.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('pipelines.description')}
            </Text>
          </div>
          {analytics.pipelines.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('pipelines.empty', { period })}
            </Text>
          ) : (
            <WholeTable
              label={t('pipelines.tableLabel', { period })}
              columns={pipelineColumns}
              rows={analytics.pipelines}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
