import type { BonusResult } from '@cm/contract';
import { Badge, Divider, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../components/kpi-cards/fact';
import { lineWords } from './explanation';
import { useCalculatorWords } from './use-words';

/** What the result card has to show: a result, or why there is none yet. */
export type ResultState =
  | { kind: 'result'; result: BonusResult; byServer: boolean }
  /** Nothing to compute yet: `withPlan` when the plan is missing too. */
  | { kind: 'prompt'; withPlan: boolean }
  | { kind: 'fixInputs' }
  /** The type chosen has no scheme on this screen: only the server can answer. */
  | { kind: 'serverOnly'; typeName: string };

/**
 * The potential bonus and pay (PRODUCT.md §5) with the engine's step-by-step explanation, each line worded from
 * its code and figures, then the sum, the salary and the total; `nextStep` is the way up from the potential
 * revenue.
 */
export function ResultCard({ state, nextStep }: { state: ResultState; nextStep?: ReactNode }) {
  const { t } = useTranslation('calculator');
  const words = useCalculatorWords();
  const titleId = useId();
  const explanationId = useId();

  let body: ReactNode;
  if (state.kind === 'prompt') {
    body = <Text c="dimmed">{t(state.withPlan ? 'result.promptPlan' : 'result.prompt')}</Text>;
  } else if (state.kind === 'fixInputs') {
    body = <Text c="dimmed">{t('result.fixInputs')}</Text>;
  } else if (state.kind === 'serverOnly') {
    body = <Text c="dimmed">{t('result.serverOnly', { type: state.typeName })}</Text>;
  } else {
    const { result } = state;
    body = (
      <Stack gap="md">
        <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
          <Fact label={t('result.bonus')} large>
            {words.money(result.bonusMinor)}
          </Fact>
          <Fact label={t('result.total')} large>
            {words.money(result.totalMinor)}
          </Fact>
          <Fact label={t('result.planPercent')}>{result.planPercent ? words.percent(result.planPercent) : '—'}</Fact>
          <Fact label={t('result.level')}>
            {result.level ? (
              <>
                {t('result.levelValue', { level: result.level.index })}
                <Text span display="block" size="sm" fw={400} c="dimmed">
                  {t('result.levelFrom', { threshold: words.percent(result.level.thresholdPercent) })}
                </Text>
              </>
            ) : (
              t('result.noLevel')
            )}
          </Fact>
        </SimpleGrid>
        {nextStep}
        <Divider />
        <div>
          <Title order={3} size="h5" mb="xs" id={explanationId}>
            {t('result.explanation')}
          </Title>
          <List type="ordered" spacing={6} size="sm" aria-labelledby={explanationId}>
            {result.lines.map((line, index) => {
              const { key, values } = lineWords(line, words);
              return (
                // The lines are the engine's, in its order; the same code may come twice (two bands).
                // biome-ignore lint/suspicious/noArrayIndexKey: the explanation is replaced whole, never reordered.
                <List.Item key={index}>{t(`explanation.${key}`, values)}</List.Item>
              );
            })}
          </List>
        </div>
        <SimpleGrid component="dl" cols={1} spacing={4} m={0}>
          <SumRow label={t('result.sum')} value={words.money(result.bonusMinor)} />
          <SumRow label={t('result.salary')} value={words.money(result.fixedSalaryMinor)} />
          <SumRow label={t('result.totalPay')} value={words.money(result.totalMinor)} strong />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'md', sm: 'lg' }} radius="md" h="100%">
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={2} size="h4" id={titleId}>
          {t('result.title')}
        </Title>
        {state.kind === 'result' && state.byServer ? (
          <Badge variant="light" color="gray" leftSection={<IconServer size={12} />}>
            {t('result.byServer')}
          </Badge>
        ) : null}
      </Group>
      {body}
    </Paper>
  );
}

function SumRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : 600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}
