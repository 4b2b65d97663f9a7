import type { CalculatorContext } from '@cm/contract';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../components/kpi-cards/fact';
import { schemeOf } from './api';
import { useCalculatorWords } from './use-words';

const DASH = (
  <Text span c="dimmed">
    —
  </Text>
);

/**
 * The manager's month so far (PRODUCT.md §5): revenue and bonus today, the salary, the 120 % bonus, the plan or
 * its absence, and the scheme in effect in words.
 */
export function Facts({ context }: { context: CalculatorContext }) {
  const { t } = useTranslation('calculator');
  const words = useCalculatorWords();
  const titleId = useId();
  const { current } = context;
  const scheme = schemeOf(context, context.manager?.managementType ?? null);
  const month = words.month(context.month);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" mb="md" id={titleId}>
        {t('facts.title')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md" m={0}>
        <Fact label={t('facts.currentRevenue')}>{words.money(context.revenueMinor)}</Fact>
        <Fact label={t('facts.currentBonus')}>{current ? words.money(current.bonusMinor) : DASH}</Fact>
        <Fact label={t('facts.fixedSalary')}>{scheme ? words.money(scheme.fixedSalaryMinor) : DASH}</Fact>
        <Fact label={t('facts.fixedAt120')}>{scheme ? words.money(scheme.fixedBonusAt120Minor) : DASH}</Fact>
        <Fact label={t('facts.plan')}>
          {context.planMinor === null ? (
            <>
              <IconAlertTriangle
                size={18}
                color="var(--mantine-color-orange-6)"
                style={{ verticalAlign: '-3px', marginInlineEnd: 4 }}
                aria-hidden
              />
              {t('facts.noPlan', { month })}
            </>
          ) : (
            words.money(context.planMinor)
          )}
        </Fact>
        <Fact label={t('facts.planPercent')}>{current?.planPercent ? words.percent(current.planPercent) : DASH}</Fact>
        <Fact label={t('facts.level')}>
          {current?.level
            ? t('facts.levelValue', { level: current.level.index })
            : current?.planPercent
              ? t('facts.noLevel')
              : DASH}
        </Fact>
        {/* The scheme in words takes a whole row of two columns, half a row of four. */}
        <Fact label={t('facts.scheme')} wide>
          {scheme ? (
            <>
              {t('facts.schemeFrom', {
                type: t(`domain:managementTypes.${scheme.managementType}`),
                from: words.monthStart(scheme.effectiveFrom),
              })}
              <Text span display="block" size="sm" fw={400} c="dimmed">
                {t('facts.schemeLevels', {
                  count: scheme.levels.length,
                  mode: t(`domain:tierModes.${scheme.tierMode}`),
                  hint: t(`tierModeHints.${scheme.tierMode}`),
                })}
              </Text>
            </>
          ) : (
            t('facts.noScheme')
          )}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}
