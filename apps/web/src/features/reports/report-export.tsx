import type { ReportFormat } from '@cm/contract';
import { Button, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileTypePdf,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../components/data-table';
import { apiDownload } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { reportFilePath } from './api';
import type { ResolvedReport } from './search';
import { useReportWords } from './use-report-words';

/** How often the bytes received are shown again while a file arrives. */
const PROGRESS_EVERY_MS = 100;

const FORMAT_NAMES: Record<ReportFormat, string> = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' };

type Running = { format: ReportFormat; received: number; total: number | null; controller: AbortController };

/**
 * A report's export: the whole report (every page) as CSV, XLSX or PDF in the interface language. The file is read as
 * it streams, so that a large one shows the bytes received so far, and can be cancelled.
 */
export function useReportExport(report: ResolvedReport) {
  const { t, i18n } = useTranslation(['reports', 'tables']);
  const [running, setRunning] = useState<Running | null>(null);
  const runningRef = useRef<Running | null>(null);
  runningRef.current = running;

  // Leaving the screen cancels a download nobody would see arrive.
  useEffect(() => () => runningRef.current?.controller.abort(), []);

  const start = useCallback(
    async (format: ReportFormat) => {
      if (runningRef.current) return;
      const controller = new AbortController();
      setRunning({ format, received: 0, total: null, controller });
      let shownAt = 0;
      const lang = i18n.language === 'ru' ? 'ru' : 'en';
      try {
        const { blob, fileName } = await apiDownload(reportFilePath(report.name, report.parameters, format, lang), {
          signal: controller.signal,
          onProgress: ({ received, total }) => {
            const now = performance.now();
            if (now - shownAt < PROGRESS_EVERY_MS) return;
            shownAt = now;
            setRunning((current) => (current?.controller === controller ? { ...current, received, total } : current));
          },
        });
        saveFile(blob, fileName);
      } catch (error) {
        if (controller.signal.aborted) notify({ message: t('reports:export.cancelled') });
        else notify({ color: 'red', title: t('tables:exportFailed'), message: errorMessage(t, error) });
      } finally {
        setRunning((current) => (current?.controller === controller ? null : current));
      }
    },
    [report.name, report.parameters, i18n.language, t],
  );

  const cancel = useCallback(() => runningRef.current?.controller.abort(), []);
  return { running, start, cancel };
}

/** The Export menu: CSV, XLSX and PDF of the whole report. */
export function ReportExportMenu({
  disabled,
  running,
  onExport,
}: {
  /** The parameters are wrong: there is no report to export. */
  disabled: boolean;
  running: Running | null;
  onExport: (format: ReportFormat) => void;
}) {
  const { t } = useTranslation(['reports', 'tables']);
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} disabled={disabled}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={running !== null}
          disabled={disabled}
          title={disabled ? t('reports:export.unavailable') : undefined}
        >
          {t('tables:export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => onExport('csv')}>
          {t('tables:exportCsv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => onExport('xlsx')}>
          {t('tables:exportXlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => onExport('pdf')}>
          {t('reports:export.pdf')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * An export under way: what is being written, the bytes received so far (the size of a streamed file is not known
 * until its end, so the bar moves without a share unless the server said it), and Cancel.
 */
export function ReportExportProgress({
  reportName,
  running,
  onCancel,
}: {
  reportName: string;
  running: Running;
  onCancel: () => void;
}) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const { received, total } = running;
  const share = total ? Math.min(100, (received / total) * 100) : null;
  const receivedText = total
    ? t('export.receivedOf', { size: words.size(received), total: words.size(total) })
    : t('export.received', { size: words.size(received) });
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" fw={500} role="status">
            {t('export.preparing', { report: reportName, format: FORMAT_NAMES[running.format] })}
          </Text>
          <Button size="compact-sm" variant="default" onClick={onCancel}>
            {t('export.cancel')}
          </Button>
        </Group>
        <Progress.Root size="lg">
          <Progress.Section
            withAria={false}
            role="progressbar"
            aria-label={t('export.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={share === null ? undefined : 100}
            aria-valuenow={share === null ? undefined : Math.round(share)}
            aria-valuetext={receivedText}
            value={share ?? 100}
            striped
            animated={share === null}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {receivedText}
        </Text>
      </Stack>
    </Paper>
  );
}
