import { Pagination } from '@cm/contract';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { ComponentDrawer } from './component-drawer';
import { type GeneratedColumn, useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList, useLocalGeneratedList } from './use-generated-list';

/** A hundred rows a page unless chosen otherwise: a page taller than its box is what the header stays over. */
const StickyQuery = GeneratedListQuery.pick(LIST_STATE).extend({
  pageSize: Pagination.shape.pageSize.unwrap().default(100),
});

function LongPage() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(StickyQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.category, all.location, all.quantity, all.value], [all]);
  return (
    <KitExample title={t('stickyHeader.list')}>
      <GeneratedListTable
        storeColumnsKey="kit-datatables-sticky-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        maxHeight="max(300px, calc(100dvh - 480px))"
      />
    </KitExample>
  );
}

/** A table wider than its column: it scrolls sideways with its header above and its actions pinned at the right. */
function WideInNarrow() {
  const { t } = useTranslation('kit-datatables');
  const { request, update, query } = useLocalGeneratedList({ pageSize: 25 });
  const all = useGeneratedColumns();
  const [opened, setOpened] = useState<GeneratedComponent | null>(null);
  const columns = useMemo<GeneratedColumn[]>(
    () => [
      all.code,
      all.name,
      all.location,
      all.quantity,
      all.value,
      {
        accessor: 'actions',
        title: <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>,
        toggleable: false,
        textAlign: 'right',
        width: 56,
        render: (row) => (
          <Tooltip label={t('advanced.details')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('list.open', { code: row.code, name: row.name })}
              onClick={() => setOpened(row)}
            >
              <IconListDetails size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ],
    [all, t],
  );
  return (
    <KitExample title={t('stickyHeader.wide')} narrow>
      <GeneratedListTable
        ariaLabel={t('stickyHeader.wide')}
        storeColumnsKey="kit-datatables-sticky-wide-columns"
        pinLastColumn
        columns={columns}
        query={query}
        state={request}
        onStateChange={update}
        maxHeight={360}
      />
      <ComponentDrawer row={opened} onClose={() => setOpened(null)} />
    </KitExample>
  );
}

/** `/datatables/sticky-header`: the header that stays over the rows, down and sideways. */
export default function StickyHeaderPage() {
  return (
    <KitPage group="datatables" label="stickyHeader" sources={['components/data-table/list-table.tsx']}>
      <LongPage />
      <WideInNarrow />
    </KitPage>
  );
}
