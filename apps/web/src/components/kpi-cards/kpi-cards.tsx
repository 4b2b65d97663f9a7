import type { SalesKpis } from '@cm/contract';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormatters } from '../../lib/format';
import classes from './kpi-cards.module.css';
import { KPI_UNITS, type KpiFigure, type KpiKey, kpiFigures } from './kpi-changes';

type KpiWords = Pick<Formatters, 'money' | 'count' | 'percent'> & {
  /** Hundredths of a percentage point as points: "1.62 pp", «1,62 п. п.». */
  points: (hundredths: number) => string;
  /** A change in tenths of a percent of what it was, signed: "+10.8%", «−1,1 %». */
  share: (tenths: number) => string;
};

/** How the cards write their figures in the interface language. */
function useKpiWords(): KpiWords {
  const { t, i18n } = useTranslation('kpi-cards');
  const language = i18n.language;
  const format = useFormatters();
  return useMemo(() => {
    const twoDigits = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const signedShare = new Intl.NumberFormat(language, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay: 'always',
    });
    return {
      money: format.money,
      count: format.count,
      percent: format.percent,
      points: (hundredths) => t('points', { value: twoDigits.format(hundredths / 100) }),
      share: (tenths) => signedShare.format(tenths / 1000),
    };
  }, [language, t, format]);
}

/** A figure in its unit; `none` for a plan or a scheme that is not there. */
function valueWords(figure: KpiFigure, value: number | null, words: KpiWords, none: string): string {
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
function ChangeText({ figure, words }: { figure: KpiFigure; words: KpiWords }) {
  const { t } = useTranslation('kpi-cards');
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

function KpiCard({ figure, planMinor, words }: { figure: KpiFigure; planMinor: number | null; words: KpiWords }) {
  const { t } = useTranslation('kpi-cards');
  // Only fact/plan (without a plan) and the bonus (without a scheme) can be missing: never 0 % or 0.
  const missing = figure.now === null;
  const noPlan = figure.key === 'factPlan';
  return (
    // The card is a group of its list's term and descriptions.
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {t(`figures.${figure.key}`)}
      </Text>
      <Text
        component="dd"
        m={0}
        fw={700}
        fz={missing ? 'lg' : 'xl'}
        c={missing ? 'dimmed' : undefined}
        className={classes.figure}
      >
        {valueWords(figure, figure.now, words, noPlan ? t('noPlan') : '—')}
      </Text>
      {missing && !noPlan ? (
        <Text component="dd" m={0} size="xs" c="dimmed">
          {t('noScheme')}
        </Text>
      ) : null}
      {figure.key === 'factPlan' && planMinor !== null ? (
        <Text component="dd" m={0} size="xs" c="dimmed">
          {t('planOf', { plan: words.money(planMinor) })}
        </Text>
      ) : null}
      <Text component="dd" m={0} mt={6}>
        <ChangeText figure={figure} words={words} />
      </Text>
      <Text component="dd" m={0} size="xs" c="dimmed">
        {t('before', {
          value: valueWords(figure, figure.before, words, t(noPlan ? 'noPlanBefore' : 'noSchemeBefore')),
        })}
      </Text>
    </Paper>
  );
}

/** The cards in two rows: money and the plan, then leads and activity. */
const MONEY_KEYS: readonly KpiKey[] = ['revenue', 'factPlan', 'bonus'];

/**
 * The key figures of a manager's period (PRODUCT.md §5) as cards, each against the period it is compared with
 * (`previous`): how much it changed, and whether that is good news. `titleOrder`: the title's level in the page's
 * outline, a section of the screen by default.
 */
export function KpiCards({
  kpis,
  previous,
  titleOrder = 2,
}: {
  kpis: SalesKpis;
  previous: SalesKpis;
  titleOrder?: TitleOrder;
}) {
  const { t } = useTranslation('kpi-cards');
  const words = useKpiWords();
  const titleId = useId();
  const figures = kpiFigures(kpis, previous);
  const card = (figure: KpiFigure) => (
    <KpiCard key={figure.key} figure={figure} planMinor={kpis.planMinor} words={words} />
  );
  return (
    <section aria-labelledby={titleId}>
      <Title order={titleOrder} size="h4" mb="sm" id={titleId}>
        {t('title')}
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

/** The cards' shape while their figures are read, inside a screen's skeleton. */
export function KpiCardsSkeleton() {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {MONEY_KEYS.map((key) => (
          <Skeleton key={key} height={140} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {['wonLeads', 'lostLeads', 'callMinutes', 'messages'].map((key) => (
          <Skeleton key={key} height={120} radius="md" />
        ))}
      </SimpleGrid>
    </>
  );
}
