import { type BonusTableRow, type BonusTerms, bonusTable } from '@cm/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable, type WholeTableColumn } from '../../components/data-table';
import { NextStepText } from './next-step-text';
import { useCalculatorWords } from './use-words';

const NUMBER_CELL = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The current bonus table (PRODUCT.md §5): what reaching each level of this month's plan pays, and the 120 % row,
 * at the least revenue that reaches it, with the way up from the current revenue.
 */
export function BonusTableCard({
  terms,
  planMinor,
  revenueMinor,
  typeName,
  month,
}: {
  terms: BonusTerms;
  /** This month's plan; null when none is set. */
  planMinor: bigint | null;
  /** The current revenue. */
  revenueMinor: bigint;
  typeName: string;
  /** The month in words. */
  month: string;
}) {
  const { t } = useTranslation('calculator');
  const words = useCalculatorWords();
  const titleId = useId();
  const rows = useMemo(() => (planMinor === null ? [] : bonusTable(terms, planMinor)), [terms, planMinor]);

  const columns = useMemo<WholeTableColumn<BonusTableRow>[]>(() => {
    const money = (minor: bigint) => <span style={NUMBER_CELL}>{words.money(minor)}</span>;
    return [
      {
        key: 'revenue',
        title: t('table.columns.revenue'),
        align: 'right',
        pinned: true,
        render: (row) => money(row.revenueMinor),
      },
      {
        key: 'planPercent',
        title: t('table.columns.planPercent'),
        pinned: true,
        align: 'right',
        render: (row) => <span style={NUMBER_CELL}>{words.percent(row.thresholdPercent)}</span>,
      },
      {
        key: 'bonus',
        title: t('table.columns.bonus'),
        align: 'right',
        // The level's bonus and the 120 % bonus; the rate above plan has its own column.
        render: (row) => money(row.result.bonusMinor - row.result.exceededBonusMinor),
      },
      {
        key: 'plan',
        title: t('table.columns.plan'),
        align: 'right',
        render: () => (planMinor === null ? null : money(planMinor)),
      },
      {
        key: 'level',
        title: t('table.columns.level'),
        align: 'right',
        render: (row) => row.result.level?.index ?? '—',
      },
      {
        key: 'exceeded',
        title: t('table.columns.exceeded'),
        align: 'right',
        render: (row) => money(row.result.exceededBonusMinor),
      },
      {
        key: 'total',
        title: t('table.columns.total'),
        align: 'right',
        render: (row) => (
          <Text span size="sm" fw={700} style={NUMBER_CELL}>
            {words.money(row.result.totalMinor)}
          </Text>
        ),
      },
    ];
  }, [t, words, planMinor]);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('table.title')}
          </Title>
          {planMinor !== null ? (
            <Text size="sm" c="dimmed">
              {t('table.description', { plan: words.money(planMinor), type: typeName })}
            </Text>
          ) : null}
        </div>
        {planMinor === null ? (
          <Text c="dimmed">{t('table.needsPlan', { month })}</Text>
        ) : (
          <>
            <NextStepText
              label={t('nextStep.current')}
              terms={terms}
              planMinor={planMinor}
              revenueMinor={revenueMinor}
            />
            <WholeTable label={t('table.label', { month })} columns={columns} rows={rows} />
            <Text size="xs" c="dimmed">
              {t('table.totalNote', {
                salary: words.money(terms.fixedSalaryMinor),
                fixed: words.money(terms.fixedBonusAt120Minor),
              })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
