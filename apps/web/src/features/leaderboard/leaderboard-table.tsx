import type { LeaderboardRow } from '@cm/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Awards } from '../../components/award-badges';
import { WholeTable, type WholeTableColumn, type WholeTableSort } from '../../components/data-table';
import { useFormatters } from '../../lib/format';
import { ChangeText, NotApplicable, Place } from './board-cells';
import classes from './leaderboard.module.css';
import {
  firstDirection,
  LEADERBOARD_SORTS,
  type LeaderboardSort,
  rankChange,
  type SortDirection,
  sharedRanks,
} from './ranking';

// A badge beside a name may not shrink to a dot when the table runs out of width.
const UNSHRUNK = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

const isSort = (column: string): column is LeaderboardSort => (LEADERBOARD_SORTS as readonly string[]).includes(column);

/**
 * The board's rows in the order asked (the screen sorts them), every column sortable by its header; the reader's own
 * row tinted and named "You", each manager's awards of the month beside their name.
 */
export function LeaderboardTable({
  label,
  rows,
  allRows,
  viewerId,
  provisionalAwards,
  sort,
  direction,
  onSort,
}: {
  label: string;
  rows: readonly LeaderboardRow[];
  /** The whole board, whose shared ranks the rows show whatever their order. */
  allRows: readonly LeaderboardRow[];
  viewerId: string | undefined;
  /** The month of the awards is still open: they may change with its figures. */
  provisionalAwards: boolean;
  sort: LeaderboardSort;
  direction: SortDirection;
  onSort: (sort: LeaderboardSort, direction: SortDirection) => void;
}) {
  const { t } = useTranslation('leaderboard');
  const format = useFormatters();
  const shared = useMemo(() => sharedRanks(allRows), [allRows]);

  const columns = useMemo((): WholeTableColumn<LeaderboardRow>[] => {
    const figure = (text: string) => <span className={classes.figure}>{text}</span>;
    const count = (value: number) => figure(format.count(value));
    const plain: WholeTableColumn<LeaderboardRow>[] = [
      {
        key: 'rank',
        title: t('columns.rank'),
        pinned: true,
        render: (row) => <Place rank={row.rank} shared={shared.has(row.rank)} />,
      },
      {
        key: 'change',
        title: t('columns.change'),
        pinned: true,
        render: (row) => <ChangeText change={rankChange(row)} />,
      },
      {
        key: 'name',
        title: t('columns.name'),
        pinned: true,
        render: (row) => (
          <Group gap={8} wrap="nowrap">
            <Text size="sm" fw={row.userId === viewerId ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {row.name}
            </Text>
            {row.userId === viewerId ? (
              <Badge size="sm" variant="filled" tt="none" styles={UNSHRUNK}>
                {t('you')}
              </Badge>
            ) : null}
            <Awards awards={row.awards} provisional={provisionalAwards} />
          </Group>
        ),
      },
      {
        key: 'revenue',
        title: t('columns.revenue'),
        align: 'right',
        render: (row) => figure(format.money(row.revenueMinor)),
      },
      {
        key: 'plan',
        title: t('columns.plan'),
        align: 'right',
        render: (row) =>
          row.planMinor === null ? <NotApplicable reason={t('noPlan')} /> : figure(format.money(row.planMinor)),
      },
      {
        key: 'factPlan',
        title: t('columns.factPlan'),
        align: 'right',
        render: (row) =>
          row.factPlanPercent === null ? (
            <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('noPlan')}
            </Text>
          ) : (
            figure(format.percent(row.factPlanPercent))
          ),
      },
      {
        key: 'bonus',
        title: t('columns.bonus'),
        align: 'right',
        render: (row) =>
          row.bonusMinor === null ? <NotApplicable reason={t('noScheme')} /> : figure(format.money(row.bonusMinor)),
      },
      { key: 'wonLeads', title: t('columns.wonLeads'), align: 'right', render: (row) => count(row.wonLeads) },
      { key: 'lostLeads', title: t('columns.lostLeads'), align: 'right', render: (row) => count(row.lostLeads) },
      { key: 'callMinutes', title: t('columns.callMinutes'), align: 'right', render: (row) => count(row.callMinutes) },
      { key: 'messages', title: t('columns.messages'), align: 'right', render: (row) => count(row.messages) },
    ];
    return plain.map((column) => ({ ...column, sortable: true }));
  }, [t, format, shared, viewerId, provisionalAwards]);

  const changeSort = ({ column, direction: asked }: WholeTableSort) => {
    if (!isSort(column)) return;
    // The table keeps the direction when another column is chosen; each column starts its own way instead.
    onSort(column, column === sort ? asked : firstDirection(column));
  };

  return (
    <WholeTable<LeaderboardRow>
      label={label}
      columns={columns}
      rows={rows}
      maxHeight="max(320px, calc(100dvh - 300px))"
      sort={{ column: sort, direction }}
      onSortChange={changeSort}
      highlight={(row) => row.userId === viewerId}
    />
  );
}
