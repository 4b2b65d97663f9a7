import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../../components/kpi-cards/fact';
import { KpiCards, KpiCardsSkeleton } from '../../../components/kpi-cards/kpi-cards';
import { ScreenSkeleton } from '../../../components/screen-skeleton';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { InRussian } from './in-russian';
import { FIRST_MONTH_KPIS, LONG_KPIS, MONTH_KPIS, NO_PLAN_KPIS } from './samples';

/** A month's facts as the bonus calculator lists them: figures, one missing, one in words across two columns. */
function MonthFacts({ long = false }: { long?: boolean }) {
  const { t } = useTranslation('kit-charts');
  const format = useFormatters();
  const scale = long ? 1_000 : 1;
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md" m={0}>
      <Fact label={t('samples.facts.revenue')}>{format.money(3_317_000_00 * scale)}</Fact>
      <Fact label={t('samples.facts.bonus')}>{format.money(236_530_00 * scale)}</Fact>
      <Fact label={t('samples.facts.salary')}>{format.money(60_000_00)}</Fact>
      <Fact label={t('samples.facts.at120')}>
        <Text span c="dimmed">
          —
        </Text>
      </Fact>
      <Fact label={t('samples.facts.planAchieved')}>{format.percent('107.00')}</Fact>
      <Fact label={t('samples.facts.level')}>{t('samples.facts.levelValue', { level: 3 })}</Fact>
      <Fact label={t('samples.facts.scheme')} wide>
        {t('samples.facts.schemeValue')}
      </Fact>
    </SimpleGrid>
  );
}

/** The headline figures of a result, as the calculator's result card gives them. */
function ResultFacts() {
  const { t } = useTranslation('kit-charts');
  const format = useFormatters();
  return (
    <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
      <Fact label={t('samples.facts.potentialBonus')} large>
        {format.money(310_400_00)}
      </Fact>
      <Fact label={t('samples.facts.totalPay')} large>
        {format.money(420_400_00)}
      </Fact>
    </SimpleGrid>
  );
}

/** The KPI cards in each state a period gives them, and the facts the screens list. */
export default function WidgetsPage() {
  const { t } = useTranslation('kit-charts');
  const example = (name: string) => t(`widgets.examples.${name}`);
  return (
    <KitPage group="charts" label="widgets" sources={['components/kpi-cards/kpi-cards', 'components/kpi-cards/fact']}>
      <KitExample title={example('month')}>
        <KpiCards {...MONTH_KPIS} titleOrder={3} />
      </KitExample>
      <KitExample title={example('noPlan')}>
        <KpiCards {...NO_PLAN_KPIS} titleOrder={3} />
      </KitExample>
      <KitExample title={example('first')}>
        <KpiCards {...FIRST_MONTH_KPIS} titleOrder={3} />
      </KitExample>
      <KitExample title={example('loading')}>
        <ScreenSkeleton gap="lg">
          <KpiCardsSkeleton />
        </ScreenSkeleton>
      </KitExample>
      <KitExample title={example('russian')}>
        <InRussian>
          <KpiCards {...LONG_KPIS} titleOrder={3} />
        </InRussian>
      </KitExample>
      <KitExample title={example('facts')}>
        <MonthFacts />
      </KitExample>
      <KitExample title={example('headline')}>
        <ResultFacts />
      </KitExample>
      <KitExample title={example('factsRussian')}>
        <InRussian>
          <MonthFacts long />
        </InRussian>
      </KitExample>
    </KitPage>
  );
}
