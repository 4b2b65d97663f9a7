import { MAX_REPORT_DAYS } from '@cm/contract';
import { Group, NumberInput, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesQuery, categoryOptions } from '../../components/categories/api';
import { FilterSelect, ListSearchInput, pathOptions } from '../../components/data-table';
import { DateField } from '../../components/forms/date-field';
import { SegmentedChoice } from '../../components/forms/segmented-choice';
import { locationsQuery } from '../../components/locations/api';
import { REPORT_PARAMETERS, type ReportsSearch, type ResolvedReport } from './search';
import { useReportWords } from './use-report-words';

/** How long a number box waits after the last keystroke before the report is asked again. */
const NUMBER_DEBOUNCE_MS = 400;

type FieldWidth = { base: string; xs: number };

const FIELD_WIDTH: FieldWidth = { base: '100%', xs: 170 };

/**
 * A whole number typed into a box, reported once typing pauses and only when it is within bounds; out of them the box
 * says so and the report keeps the last good number.
 */
function WholeNumberField({
  label,
  value,
  min,
  max,
  rangeMessage,
  error,
  onChange,
  w = FIELD_WIDTH,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  rangeMessage: string;
  error?: string;
  onChange: (value: number) => void;
  w?: FieldWidth;
}) {
  const [text, setText] = useState<string | number>(value);
  // The address changed from elsewhere (back, another report's link): the box shows it.
  useEffect(() => setText(value), [value]);
  const report = useDebouncedCallback(onChange, NUMBER_DEBOUNCE_MS);
  const valid = (next: string | number): next is number =>
    typeof next === 'number' && Number.isInteger(next) && next >= min && next <= max;
  return (
    <NumberInput
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        if (valid(next)) report(next);
      }}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      error={valid(text) ? error : rangeMessage}
      w={w}
    />
  );
}

/**
 * The parameters of the report shown, each change kept in the URL: the day or the period, grouping, search, category
 * and location, the age of dead stock, the ABC classes. A period that ends before it begins, or classes that leave C
 * no share, are named on their field.
 */
export function ReportParameters({
  report,
  search,
  update,
}: {
  report: ResolvedReport;
  search: ReportsSearch;
  update: (patch: Partial<ReportsSearch>) => void;
}) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const takes = REPORT_PARAMETERS[report.name];
  const categories = useQuery({ ...categoriesQuery, enabled: takes.includes('categoryId') });
  const locations = useQuery({ ...locationsQuery, enabled: takes.includes('locationId') });
  const categoryFilterOptions = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const locationOptions = useMemo(() => pathOptions(locations.data?.items ?? []), [locations.data]);
  const periodError = report.problems.includes('periodOrder')
    ? t('problems.periodOrder')
    : report.problems.includes('periodLength')
      ? t('problems.periodLength', { days: MAX_REPORT_DAYS })
      : undefined;

  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label={t('parameters.label')}>
      {takes.map((parameter) => {
        switch (parameter) {
          case 'date':
            return (
              <DateField
                key={parameter}
                label={t('parameters.date')}
                value={report.date ?? undefined}
                onChange={(date) => update({ date })}
                w={FIELD_WIDTH}
              />
            );
          case 'groupBy':
            return (
              <SegmentedChoice
                key={parameter}
                label={t('parameters.groupBy')}
                value={search.groupBy}
                options={(['category', 'location'] as const).map((value) => ({
                  value,
                  label: t(`parameters.grouping.${value}`),
                }))}
                onChange={(groupBy) => update({ groupBy, sort: undefined, order: undefined })}
              />
            );
          case 'period':
            return (
              <Group key={parameter} gap="sm" align="flex-start" wrap="wrap">
                <DateField
                  label={t('parameters.from')}
                  value={report.period?.from}
                  onChange={(from) => update({ from })}
                  w={FIELD_WIDTH}
                />
                <DateField
                  label={t('parameters.to')}
                  value={report.period?.to}
                  onChange={(to) => update({ to })}
                  w={FIELD_WIDTH}
                  error={periodError}
                />
              </Group>
            );
          case 'days':
            return (
              <WholeNumberField
                key={parameter}
                label={t('parameters.days')}
                value={search.days}
                min={1}
                max={MAX_REPORT_DAYS}
                rangeMessage={t('parameters.daysRange', { min: 1, max: MAX_REPORT_DAYS })}
                onChange={(days) => update({ days })}
                w={{ base: '100%', xs: 260 }}
              />
            );
          case 'classes': {
            const share = 100 - search.a - search.b;
            return (
              <Group key={parameter} gap="sm" align="flex-start" wrap="wrap">
                <WholeNumberField
                  label={t('parameters.classA')}
                  value={search.a}
                  min={1}
                  max={98}
                  rangeMessage={t('parameters.classRange', { min: 1, max: 98 })}
                  onChange={(a) => update({ a })}
                />
                <WholeNumberField
                  label={t('parameters.classB')}
                  value={search.b}
                  min={1}
                  max={98}
                  rangeMessage={t('parameters.classRange', { min: 1, max: 98 })}
                  error={report.problems.includes('classes') ? t('problems.classes') : undefined}
                  onChange={(b) => update({ b })}
                />
                <Text size="sm" c="dimmed" pt={30} aria-live="polite">
                  {share > 0
                    ? t('parameters.classC', { share: words.chartPercent(share) })
                    : t('parameters.classCNone')}
                </Text>
              </Group>
            );
          }
          case 'q':
            return (
              <ListSearchInput
                key={parameter}
                value={search.q}
                onChange={(q) => update({ q })}
                placeholder={t('parameters.searchPlaceholder')}
                w={{ base: '100%', xs: 300 }}
              />
            );
          case 'categoryId':
            return (
              <FilterSelect
                key={parameter}
                label={t('parameters.category')}
                anyLabel={t('parameters.anyCategory')}
                options={categoryFilterOptions}
                value={search.categoryId}
                onChange={(categoryId) => update({ categoryId })}
              />
            );
          case 'locationId':
            return (
              <FilterSelect
                key={parameter}
                label={t('parameters.location')}
                anyLabel={t('parameters.anyLocation')}
                options={locationOptions}
                value={search.locationId}
                onChange={(locationId) => update({ locationId })}
              />
            );
          default:
            return null;
        }
      })}
    </Group>
  );
}
