import type { LeaderboardRow } from '@cm/contract';
import { Badge, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { ChangeText, NotApplicable, Place } from './board-cells';
import classes from './leaderboard.module.css';
import { rankChange } from './ranking';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" component="div">
      <Text span size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text span size="sm" fw={600} component="dd" m={0} className={classes.figure}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The reader's own place and figures above the board, kept in view while the page scrolls, so that a manager far
 * down a long board sees where they stand without looking for their row.
 */
export function OwnPlace({ row, total, shared }: { row: LeaderboardRow; total: number; shared: boolean }) {
  const { t } = useTranslation('leaderboard');
  const format = useFormatters();
  return (
    <Paper
      className={classes.own}
      component="section"
      aria-label={t('own.label')}
      withBorder
      radius="md"
      px="md"
      py="xs"
      shadow="xs"
    >
      <Group gap="lg" wrap="wrap" align="center" component="dl" m={0} style={{ rowGap: 4 }}>
        <Group gap={8} wrap="nowrap" component="div">
          <Badge size="sm" variant="filled" tt="none" component="dt">
            {t('own.label')}
          </Badge>
          <Text span fw={700} component="dd" m={0} style={{ whiteSpace: 'nowrap' }}>
            <Place rank={row.rank} shared={shared} /> {t('own.of', { total })}
            <Text span ml="sm" size="sm" fw={500}>
              <ChangeText change={rankChange(row)} inWords />
            </Text>
          </Text>
        </Group>
        <Figure label={t('own.revenue')}>{format.money(row.revenueMinor)}</Figure>
        <Figure label={t('own.factPlan')}>
          {row.factPlanPercent === null ? t('noPlan') : format.percent(row.factPlanPercent)}
        </Figure>
        <Figure label={t('own.bonus')}>
          {row.bonusMinor === null ? <NotApplicable reason={t('noScheme')} /> : format.money(row.bonusMinor)}
        </Figure>
      </Group>
    </Paper>
  );
}
