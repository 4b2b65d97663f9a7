import { MAX_REPORT_DAYS, REPORT_NAMES, type ReportName } from '@cm/contract';
import { EmptyState, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../components/sales-period/period';
import { usePageTitle } from '../../components/use-page-title';
import { appInfoQuery } from '../../lib/app-info';
import { useFormatters } from '../../lib/format';
import { AbcAnalysisView } from './abc-analysis';
import { ActivityByUserView } from './activity-by-user';
import { ConsumptionView } from './consumption';
import { DeadStockView } from './dead-stock';
import { LowStockView } from './low-stock';
import { MovementSummaryView } from './movement-summary';
import { ReportExportMenu, ReportExportProgress, useReportExport } from './report-export';
import { ReportParameters } from './report-parameters';
import type { ReportViewProps } from './report-table';
import { resolveReport, switchReport } from './search';
import { StockValuationView } from './stock-valuation';
import { useReportsSearch } from './use-reports-search';

export { prefetchReportsScreen as prefetch } from './api';

const VIEWS: Record<ReportName, ComponentType<ReportViewProps>> = {
  'stock-valuation': StockValuationView,
  'movement-summary': MovementSummaryView,
  'low-stock': LowStockView,
  consumption: ConsumptionView,
  'activity-by-user': ActivityByUserView,
  'dead-stock': DeadStockView,
  'abc-analysis': AbcAnalysisView,
};

/**
 * Reports of the current department for administrators (PRODUCT.md §4, issue #27): one report at a time, its
 * parameters, sorting and page kept in the URL; a chart, the table with its totals, and the whole report as CSV, XLSX
 * or PDF in the interface language.
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const title = t('common:nav.reports');
  usePageTitle(title);
  const format = useFormatters();
  const [search, update] = useReportsSearch();
  const timeZone = useQuery(appInfoQuery).data?.timeZone;
  const today = todayIn(timeZone);
  const report = resolveReport(search, today);
  const exporting = useReportExport(report);
  const View = VIEWS[report.name];
  const reportName = t(`names.${report.name}`);
  const options = REPORT_NAMES.map((name) => ({ value: name, label: t(`names.${name}`) }));
  const choose = (value: string | null) => {
    if (value && value !== report.name) update(switchReport(value as ReportName));
  };

  const problem = report.problems[0];
  const problemText =
    problem === 'periodLength'
      ? t('problems.periodLength', { days: MAX_REPORT_DAYS })
      : problem
        ? t(`problems.${problem}`)
        : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <ReportExportMenu
          disabled={problem !== undefined}
          running={exporting.running}
          onExport={(exportFormat) => void exporting.start(exportFormat)}
        />
      </Group>
      {exporting.running ? (
        <ReportExportProgress reportName={reportName} running={exporting.running} onCancel={exporting.cancel} />
      ) : null}

      <Tabs value={report.name} onChange={choose} keepMounted={false} variant="outline">
        {/* Seven tabs need the width of a wide screen; a narrower one chooses the report from a list. */}
        <Tabs.List visibleFrom="lg" aria-label={t('picker')}>
          {REPORT_NAMES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`names.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Select
          hiddenFrom="lg"
          label={t('picker')}
          data={options}
          value={report.name}
          onChange={choose}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Tabs.Panel key={report.name} value={report.name} pt="md">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t(`descriptions.${report.name}`)}
            </Text>
            <ReportParameters report={report} search={search} update={update} />
            {problemText ? (
              <EmptyState
                icon={<IconCalendarQuestion size={28} />}
                withIndicatorBackground
                title={t('problems.title')}
                description={problemText}
                py="xl"
              />
            ) : (
              <View report={report} search={search} update={update} />
            )}
            {format.timeZoneNote ? (
              <Text size="xs" c="dimmed">
                {format.timeZoneNote}
              </Text>
            ) : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
