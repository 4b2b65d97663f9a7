import { majorUnits, UNIT_SYMBOLS } from '@cm/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../components/data-table';
import { useCurrency, useFormatters } from '../../../lib/format';
import type { GeneratedComponent } from './generated-components';
import { type CsvColumn, csvOf } from './generated-csv';
import { valueMinorOf } from './generated-list';

/**
 * Saves rows of the generated set as a CSV named `<name>-<day>.csv`, with the columns, words and dialect of the
 * stock screen's export: units as a file of the language writes them, money in major units, numbers as numbers.
 */
export function useSaveCsv() {
  const { t, i18n } = useTranslation('kit-datatables');
  const { digits } = useCurrency();
  return useCallback(
    (rows: readonly GeneratedComponent[], name: string) => {
      const lang = i18n.language === 'ru' ? 'ru' : 'en';
      const columns: CsvColumn<GeneratedComponent>[] = [
        { header: t('columns.code'), value: (row) => row.code },
        { header: t('columns.name'), value: (row) => row.name },
        { header: t('columns.category'), value: (row) => row.categoryPath },
        { header: t('columns.location'), value: (row) => row.locationPath },
        { header: t('columns.quantity'), value: (row) => Number(row.quantity) },
        { header: t('columns.unit'), value: (row) => (lang === 'en' ? row.unit : UNIT_SYMBOLS[row.unit].ru) },
        { header: t('columns.minimum'), value: (row) => Number(row.minimumStock) },
        { header: t('columns.unitCost'), value: (row) => majorUnits(row.unitCostMinor, digits) },
        { header: t('columns.value'), value: (row) => majorUnits(valueMinorOf(row), digits) },
        { header: t('columns.updatedAt'), value: (row) => row.updatedAt },
      ];
      saveFile(csvOf(columns, rows, lang), `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
    },
    [t, i18n.language, digits],
  );
}

/**
 * The Export menu of the product's lists (components/data-table/export-menu.tsx) over the generated rows. The product's
 * menu downloads what the server writes for a list's endpoint; the generated rows have no endpoint, so this one
 * writes their CSV in the browser, and offers no XLSX, which only the server writes.
 */
export function GeneratedExportMenu({ rows, name }: { rows: readonly GeneratedComponent[]; name: string }) {
  const { t } = useTranslation(['tables', 'kit-datatables']);
  const saveCsv = useSaveCsv();
  const format = useFormatters();
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>
          {t('tables:export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t('kit-datatables:export.rows', { count: rows.length, formatted: format.count(rows.length) })}
        </Menu.Label>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => saveCsv(rows, name)}>
          {t('tables:exportCsv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
