import { Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/data-table';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import { GeneratedExportMenu } from './generated-export';
import { CategoryFilter, SearchFilter } from './generated-filters';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useFilteredRows, useGeneratedList } from './use-generated-list';

const ExportQuery = GeneratedListQuery.pick({ ...LIST_STATE, q: true, category: true });

function ExportedList() {
  const { t } = useTranslation('kit-datatables');
  const { search, request, update, query } = useGeneratedList(ExportQuery);
  const { page: _page, pageSize: _pageSize, ...filters } = request;
  const rows = useFilteredRows(filters);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.category, all.quantity, all.unitCost, all.value], [all]);
  return (
    <KitExample title={t('export.list')}>
      <GeneratedListTable
        storeColumnsKey="kit-datatables-export-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        toolbar={
          <>
            <SearchFilter value={search.q} onChange={(q) => update({ q })} width={300} />
            <CategoryFilter value={search.category} onChange={(category) => update({ category })} />
            <GeneratedExportMenu rows={rows} name="generated-components" />
          </>
        }
      />
    </KitExample>
  );
}

/** The product's own menu, on a list of this server: what it downloads is the server's file. */
function ServerExport() {
  const { t } = useTranslation('kit-datatables');
  return (
    <KitExample title={t('export.server')}>
      <Stack gap="xs">
        <Text size="sm" maw={760}>
          {t('export.serverNote')}
        </Text>
        <Group>
          <ExportMenu path="/components/export" filters={{}} />
        </Group>
      </Stack>
    </KitExample>
  );
}

/** `/datatables/export`: the view of a list as a file, every page of it, in the language's spreadsheet dialect. */
export default function ExportPage() {
  return (
    <KitPage
      group="datatables"
      label="export"
      sources={['components/data-table/export-menu.tsx', 'components/data-table/list-table.tsx']}
    >
      <ExportedList />
      <ServerExport />
    </KitPage>
  );
}
