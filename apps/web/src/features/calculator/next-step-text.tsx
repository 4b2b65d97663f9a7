import { type BonusTerms, nextStep } from '@cm/contract';
import { Text } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCalculatorWords } from './use-words';

/**
 * "X more to reach the next level, worth +Y" for a revenue (the engine's `nextStep`), after a label saying
 * which revenue it is; nothing without a plan.
 */
export function NextStepText({
  label,
  terms,
  planMinor,
  revenueMinor,
}: {
  label: string;
  terms: BonusTerms;
  planMinor: bigint;
  revenueMinor: bigint;
}) {
  const { t } = useTranslation('calculator');
  const words = useCalculatorWords();
  if (planMinor <= 0n) return null;
  const step = nextStep(terms, { planMinor, revenueMinor });
  const sentence = !step
    ? t('nextStep.none')
    : t(step.row.level === null ? 'nextStep.at120' : 'nextStep.level', {
        more: words.money(step.moreMinor),
        threshold: words.percent(step.row.thresholdPercent),
        extra: words.money(step.extraBonusMinor),
      });
  return (
    <Text size="sm">
      <IconArrowUpRight size={16} style={{ verticalAlign: '-3px', marginInlineEnd: 4 }} aria-hidden />
      <Text span inherit fw={600}>
        {label}:
      </Text>{' '}
      {sentence}
    </Text>
  );
}
