import type { Analytics } from '@cm/contract';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './analytics.module.css';
import { KPI_UNITS, type KpiFigure, type KpiKey, kpiFigures } from './changes';
import { type AnalyticsWords, useAnalyticsWords } from './use-words';

/** A figure in its unit; `none` for a plan or a scheme that is not there. */
function valueWords(figure: KpiFigure, value: number | null, words: AnalyticsWords, none: string): string {
  if (value === null) return none;
  switch (KPI_UNITS[figure.key]) {
    case 'money':
      return words.money(value);
    case 'percent':
      return words.percent(String(value / 100));
    case 'count':
      return words.count(value);
  }
}

/** The change in words: which way and by how much, as the figure is counted. */
function ChangeText({ figure }: { figure: KpiFigure }) {
  const { t } = useTranslation('analytics');
  const words = useAnalyticsWords();
  const { change } = figure;
  if (change.direction === 'none') {
    return (
      <Text size="sm" c="dimmed">
        {t('change.none')}
      </Text>
    );
  }
  if (change.direction === 'same') {
    return (
      <Text size="sm" c="dimmed" className={classes.figure}>
        <IconEqual size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
        {t('change.same')}
      </Text>
    );
  }
  const { direction, by, relative, tone } = change;
  const unit = KPI_UNITS[figure.key];
  let text: string;
  if (unit === 'money') text = t(`change.money.${direction}`, { amount: words.money(by) });
  else if (unit === 'percent') text = t(`change.points.${direction}`, { points: words.points(by) });
  else text = t(`change.${figure.key}.${direction}`, { count: by, amount: words.count(by) });
  const share = relative === null ? null : words.share(direction === 'up' ? relative : -relative);
  const Arrow = direction === 'up' ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Text size="sm" fw={600} className={tone === 'good' ? classes.good : classes.bad}>
      <Arrow size={16} aria-hidden style={{ verticalAlign: '-3px', marginInlineEnd: 2 }} />
      {text}
      {share ? <span className={classes.figure}> ({share})</span> : null}
    </Text>
  );
}

function KpiCard({ figure, planMinor }: { figure: KpiFigure; planMinor: number | null }) {
  const { t } = useTranslation('analytics');
  const words = useAnalyticsWords();
  // Only fact/plan (without a plan) and the bonus (without a scheme) can be missing: never 0 % or 0.
  const missing = figure.now === null;
  const noPlan = figure.key === 'factPlan';
  return (
    // The card is a group of its list's term and descriptions.
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {t(`kpi.${figure.key}`)}
      </Text>
      <Text
        component="dd"
        m={0}
        fw={700}
        fz={missing ? 'lg' : 'xl'}
        c={missing ? 'dimmed' : undefined}
        className={classes.figure}
      >
        {valueWords(figure, figure.now, words, noPlan ? t('kpi.noPlan') : '—')}
      </Text>
      {missing && !noPlan ? (
        <Text component="dd" m={0} size="xs" c="dimmed">
          {t('kpi.noScheme')}
        </Text>
      ) : null}
      {figure.key === 'factPlan' && planMinor !== null ? (
        <Text component="dd" m={0} size="xs" c="dimmed">
          {t('kpi.planOf', { plan: words.money(planMinor) })}
        </Text>
      ) : null}
      <Text component="dd" m={0} mt={6}>
        <ChangeText figure={figure} />
      </Text>
      <Text component="dd" m={0} size="xs" c="dimmed">
        {t('kpi.before', {
          value: valueWords(figure, figure.before, words, t(noPlan ? 'kpi.noPlanBefore' : 'kpi.noSchemeBefore')),
        })}
      </Text>
    </Paper>
  );
}

/** The cards in two rows: money and the plan, then leads and activity. */
const MONEY_KEYS: readonly KpiKey[] = ['revenue', 'factPlan', 'bonus'];

/** The key figures of the period (PRODUCT.md §5) as cards, each against the period it is compared with. */
export function KpiCards({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  const figures = kpiFigures(analytics.kpis, analytics.previousKpis);
  const card = (figure: KpiFigure) => <KpiCard key={figure.key} figure={figure} planMinor={analytics.kpis.planMinor} />;
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {t('kpi.title')}
      </Title>
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
          {figures.filter((figure) => MONEY_KEYS.includes(figure.key)).map(card)}
        </SimpleGrid>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
          {figures.filter((figure) => !MONEY_KEYS.includes(figure.key)).map(card)}
        </SimpleGrid>
      </Stack>
    </section>
  );
}
