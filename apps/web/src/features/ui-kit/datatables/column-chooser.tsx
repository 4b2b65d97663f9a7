import { Code, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { type GeneratedColumn, useGeneratedColumns } from './generated-columns';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList } from './use-generated-list';

const ChooserQuery = GeneratedListQuery.pick(LIST_STATE);

const COLUMNS_KEY = 'kit-datatables-chooser-columns';
/** Where mantine-datatable keeps the choice of a table whose key is COLUMNS_KEY. */
const STORED_KEY = `${COLUMNS_KEY}-columns-toggle`;

type StoredToggle = { accessor: string; toggled: boolean };

function ChosenColumns() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(ChooserQuery);
  const all = useGeneratedColumns();
  const columns = useMemo<GeneratedColumn[]>(
    () => [
      { ...all.code, toggleable: false },
      all.name,
      all.category,
      all.location,
      all.quantity,
      { ...all.minimum, defaultToggle: false },
      { ...all.unitCost, defaultToggle: false },
      all.value,
      { ...all.updatedAt, defaultToggle: false },
    ],
    [all],
  );
  // The same entry the table keeps (the defaults until a choice is made), read here to show it; the hook hears the
  // table's writes.
  const [stored] = useLocalStorage<StoredToggle[] | undefined>({ key: STORED_KEY, defaultValue: undefined });
  const titles = (isHidden: (column: GeneratedColumn) => boolean) =>
    columns
      .filter(isHidden)
      .map((column) => column.title)
      .filter((title): title is string => typeof title === 'string')
      .join(', ');
  const hidden = stored
    ? titles((column) => stored.some((toggle) => toggle.accessor === column.accessor && !toggle.toggled))
    : titles((column) => column.defaultToggle === false);

  return (
    <KitExample title={t('columnChooser.list')}>
      <Stack gap="sm">
        <GeneratedListTable
          storeColumnsKey={COLUMNS_KEY}
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          maxHeight={420}
        />
        <Text size="sm" aria-live="polite">
          {t('columnChooser.stored')} <Code>{STORED_KEY}</Code>
          {' — '}
          {hidden ? t('columnChooser.hidden', { columns: hidden }) : t('columnChooser.allShown')}
        </Text>
      </Stack>
    </KitExample>
  );
}

/** `/datatables/column-chooser`: the Columns menu of the lists, the choice kept in this browser. */
export default function ColumnChooserPage() {
  return (
    <KitPage group="datatables" label="columnChooser" sources={['components/data-table/list-table.tsx']}>
      <ChosenColumns />
    </KitPage>
  );
}
