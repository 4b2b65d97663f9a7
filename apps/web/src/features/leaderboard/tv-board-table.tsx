import type { LeaderboardRankBy, LeaderboardRow } from '@cm/contract';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Awards } from '../../components/award-badges';
import { WholeTable, type WholeTableColumn } from '../../components/data-table';
import { useFormatters } from '../../lib/format';
import { ChangeText, Place } from './board-cells';
import classes from './leaderboard.module.css';
import { rankChange, sharedRanks } from './ranking';

/**
 * The TV board's rows in the order of their ranks, with the few columns a room reads from afar: place, change,
 * manager with the month's awards, revenue, fact/plan and successful leads; the figure the board is ranked by in bold.
 */
export function TvBoardTable({
  label,
  rows,
  rankedBy,
  provisionalAwards,
}: {
  label: string;
  rows: readonly LeaderboardRow[];
  rankedBy: LeaderboardRankBy;
  /** The month of the awards is still open: they may change with its figures. */
  provisionalAwards: boolean;
}) {
  const { t } = useTranslation('leaderboard');
  const format = useFormatters();
  const shared = useMemo(() => sharedRanks(rows), [rows]);

  const columns = useMemo((): WholeTableColumn<LeaderboardRow>[] => {
    const figure = (text: string, ranking?: LeaderboardRankBy) => (
      <span className={classes.figure} data-ranked={ranking === rankedBy || undefined}>
        {text}
      </span>
    );
    return [
      {
        key: 'rank',
        title: t('columns.rank'),
        render: (row) => <Place rank={row.rank} shared={shared.has(row.rank)} display />,
      },
      {
        key: 'change',
        title: t('columns.change'),
        render: (row) => <ChangeText change={rankChange(row)} display />,
      },
      {
        key: 'name',
        title: t('columns.name'),
        render: (row) => (
          <Group component="span" gap="0.4em" wrap="nowrap">
            <span className={classes.name}>{row.name}</span>
            <Awards awards={row.awards} provisional={provisionalAwards} display />
          </Group>
        ),
      },
      {
        key: 'revenue',
        title: t('columns.revenue'),
        align: 'right',
        render: (row) => figure(format.money(row.revenueMinor), 'revenue'),
      },
      {
        key: 'factPlan',
        title: t('columns.factPlan'),
        align: 'right',
        render: (row) =>
          row.factPlanPercent === null ? (
            <span className={classes.noPlan}>{t('noPlan')}</span>
          ) : (
            figure(format.percent(row.factPlanPercent), 'factPlan')
          ),
      },
      {
        key: 'wonLeads',
        title: t('columns.wonLeads'),
        align: 'right',
        render: (row) => figure(format.count(row.wonLeads)),
      },
    ];
  }, [t, format, shared, rankedBy, provisionalAwards]);

  return <WholeTable<LeaderboardRow> label={label} columns={columns} rows={rows} display />;
}
