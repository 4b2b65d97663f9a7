import type { ExportFormat } from '@cm/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { toQueryString } from './use-list-search';

export type ExportMenuProps = {
  /** Export endpoint without the /api prefix, e.g. `/stock/export`. */
  path: string;
  /** The list's current state; paging is dropped, every filter and the sorting go with the export. */
  filters: Record<string, unknown>;
};

/** Hands a downloaded file to the browser under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; a later revoke keeps slow browsers from losing the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Export" menu (CSV, XLSX) that downloads the current view of a list in the interface language. */
export function ExportMenu({ path, filters }: ExportMenuProps) {
  const { t, i18n } = useTranslation('tables');
  const [pending, setPending] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setPending(format);
    try {
      const query = toQueryString(filters, ['page', 'pageSize']);
      const lang = i18n.language === 'ru' ? 'ru' : 'en';
      const { blob, fileName } = await apiDownload(`${path}?${query ? `${query}&` : ''}format=${format}&lang=${lang}`);
      saveFile(blob, fileName);
    } catch (error) {
      notify({ color: 'red', title: t('exportFailed'), message: errorMessage(t, error) });
    } finally {
      setPending(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={pending !== null}
        >
          {t('export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void download('csv')}>
          {t('exportCsv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download('xlsx')}>
          {t('exportXlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
