import { Box, Button, Checkbox, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { type GeneratedColumn, useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { useSaveCsv } from './generated-export';
import { SearchFilter } from './generated-filters';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useFilteredRows, useGeneratedList } from './use-generated-list';

const SelectionQuery = GeneratedListQuery.pick({ ...LIST_STATE, q: true });

/** A row with nothing on hand has nothing to pick: it cannot be chosen for a pick list. */
const selectable = (row: GeneratedComponent) => row.quantity !== '0';

function SelectableList() {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  const { search, request, update, query } = useGeneratedList(SelectionQuery);
  const { page: _page, pageSize: _pageSize, ...filters } = request;
  const matching = useFilteredRows(filters);
  const all = useGeneratedColumns();
  const saveCsv = useSaveCsv();
  // Ids, so that a choice survives paging, sorting and searching; the rows are looked up when the action runs.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const choosable = useMemo(() => (query.data?.items ?? []).filter(selectable), [query.data]);
  const allOnPage = choosable.length > 0 && choosable.every((row) => selected.has(row.id));
  const someOnPage = choosable.some((row) => selected.has(row.id));
  const choosableMatching = useMemo(() => matching.filter(selectable), [matching]);

  const columns = useMemo<GeneratedColumn[]>(() => {
    const toggle = (ids: readonly string[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    return [
      {
        accessor: 'selected',
        toggleable: false,
        width: 44,
        title: (
          <Checkbox
            aria-label={t('checkbox.selectPage')}
            checked={allOnPage}
            indeterminate={someOnPage && !allOnPage}
            disabled={choosable.length === 0}
            onChange={(event) =>
              toggle(
                choosable.map((row) => row.id),
                event.currentTarget.checked,
              )
            }
          />
        ),
        render: (row) =>
          selectable(row) ? (
            <Checkbox
              aria-label={t('checkbox.selectRow', { code: row.code })}
              checked={selected.has(row.id)}
              onChange={(event) => toggle([row.id], event.currentTarget.checked)}
            />
          ) : (
            // A disabled box hears no pointer: the tooltip is its wrapper's, and its name says why too.
            <Tooltip label={t('checkbox.nothingToPick')} withinPortal>
              <Box display="inline-flex">
                <Checkbox aria-label={t('checkbox.cannotSelect', { code: row.code })} checked={false} disabled />
              </Box>
            </Tooltip>
          ),
      },
      all.code,
      all.name,
      all.location,
      all.quantity,
    ];
  }, [t, all, selected, choosable, allOnPage, someOnPage]);

  // The chosen rows in the list's order, whether the search still shows them or not.
  const inOrder = useFilteredRows({ sort: request.sort, order: request.order });
  const pickList = () =>
    saveCsv(
      inOrder.filter((row) => selected.has(row.id)),
      'pick-list',
    );

  return (
    <KitExample title={t('checkbox.list')}>
      <Stack gap="sm">
        {selected.size > 0 ? (
          <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-primary-color-light)">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={600} role="status">
                  {t('checkbox.selected', { count: selected.size, formatted: format.count(selected.size) })}
                </Text>
                {allOnPage && selected.size < choosableMatching.length ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setSelected(new Set(choosableMatching.map((row) => row.id)))}
                  >
                    {t('checkbox.selectAll', {
                      count: choosableMatching.length,
                      formatted: format.count(choosableMatching.length),
                    })}
                  </Button>
                ) : null}
              </Group>
              <Group gap="xs">
                <Button size="compact-sm" leftSection={<IconDownload size={14} />} onClick={pickList}>
                  {t('checkbox.pickList')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  onClick={() => setSelected(new Set())}
                >
                  {t('checkbox.clear')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ) : null}
        <GeneratedListTable
          storeColumnsKey="kit-datatables-selection-columns"
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          toolbar={<SearchFilter value={search.q} onChange={(q) => update({ q })} width={340} />}
        />
      </Stack>
    </KitExample>
  );
}

/** `/datatables/checkbox`: choosing rows across pages, and an action on the chosen ones. */
export default function CheckboxPage() {
  return (
    <KitPage group="datatables" label="checkbox" sources={['components/data-table/list-table.tsx']}>
      <SelectableList />
    </KitPage>
  );
}
