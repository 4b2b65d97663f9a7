import { Box, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable, type WholeTableColumn } from '../../../components/data-table';
import { DotBadge } from '../../../components/dot-badge';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { ComponentDrawer } from './component-drawer';
import { useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { GeneratedListQuery, isBelowMinimum, LIST_STATE, valueMinorOf } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useFilteredRows, useGeneratedList } from './use-generated-list';

const SkinQuery = GeneratedListQuery.pick(LIST_STATE);

/** Rows of a whole table: how many the compact example shows of the list's page. */
const WHOLE_ROWS = 12;
const BOARD_ROWS = 8;

function SkinExamples() {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  const { search, update, query } = useGeneratedList(SkinQuery);
  const all = useGeneratedColumns();
  const [opened, setOpened] = useState<GeneratedComponent | null>(null);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const open = useCallback((row: GeneratedComponent) => {
    setOpened(row);
    setLastOpened(row.id);
  }, []);
  const rowLabel = useCallback((row: GeneratedComponent) => t('list.open', { code: row.code, name: row.name }), [t]);
  const listColumns = useMemo(() => [all.code, all.name, all.location, all.quantity, all.value], [all]);

  const wholeColumns = useMemo<WholeTableColumn<GeneratedComponent>[]>(
    () => [
      {
        key: 'code',
        title: t('columns.code'),
        render: (row) => (
          <Text span size="sm" ff="monospace">
            {row.code}
          </Text>
        ),
      },
      { key: 'name', title: t('columns.name'), truncate: true, render: (row) => row.name },
      {
        key: 'state',
        title: t('columns.state'),
        render: (row) =>
          isBelowMinimum(row) ? (
            <DotBadge color="orange" size="sm">
              {t('list.belowMinimum')}
            </DotBadge>
          ) : row.id === lastOpened ? (
            <DotBadge color="blue" size="sm">
              {t('skin.openedLast')}
            </DotBadge>
          ) : null,
      },
      {
        key: 'quantity',
        title: t('columns.quantity'),
        align: 'right',
        render: (row) => format.quantity(row.quantity, row.unit),
      },
    ],
    [t, format, lastOpened],
  );
  const pageRows = (query.data?.items ?? []).slice(0, WHOLE_ROWS);

  // The most valuable components of the whole set, as a board shows its first places.
  const byValue = useFilteredRows({ sort: 'value', order: 'desc' });
  const boardColumns = useMemo<WholeTableColumn<GeneratedComponent>[]>(
    () => [
      { key: 'place', title: t('skin.place'), render: (row) => byValue.indexOf(row) + 1 },
      { key: 'name', title: t('columns.name'), truncate: true, render: (row) => row.name },
      { key: 'value', title: t('columns.value'), align: 'right', render: (row) => format.money(valueMinorOf(row)) },
    ],
    [t, format, byValue],
  );

  return (
    <>
      <KitExample title={t('skin.list')}>
        <GeneratedListTable
          storeColumnsKey="kit-datatables-skin-columns"
          columns={listColumns}
          query={query}
          state={search}
          onStateChange={update}
          onRowClick={open}
          rowLabel={rowLabel}
          maxHeight={360}
        />
        <ComponentDrawer row={opened} onClose={() => setOpened(null)} />
      </KitExample>
      <KitExample title={t('skin.whole')}>
        <WholeTable<GeneratedComponent>
          label={t('skin.whole')}
          columns={wholeColumns}
          rows={pageRows}
          attention={isBelowMinimum}
          highlight={(row) => row.id === lastOpened}
        />
      </KitExample>
      <KitExample title={t('skin.board')}>
        <Box fz="1.5rem">
          <WholeTable<GeneratedComponent>
            label={t('skin.board')}
            columns={boardColumns}
            rows={byValue.slice(0, BOARD_ROWS)}
            display
          />
        </Box>
      </KitExample>
    </>
  );
}

/** `/datatables/skin`: the looks the product gives its tables: lists, compact whole tables with tints, a board. */
export default function SkinPage() {
  return (
    <KitPage
      group="datatables"
      label="skin"
      sources={[
        'components/data-table/list-table.tsx',
        'components/data-table/whole-table.tsx',
        'components/dot-badge.tsx',
      ]}
    >
      <SkinExamples />
    </KitPage>
  );
}
