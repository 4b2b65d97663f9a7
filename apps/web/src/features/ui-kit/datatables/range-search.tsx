import { NumberInput, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import { ViewLinks } from './generated-filters';
import { GeneratedListQuery, LIST_STATE, MAX_QUANTITY_BOUND } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList } from './use-generated-list';

const RangeQuery = GeneratedListQuery.pick({
  ...LIST_STATE,
  quantityFrom: true,
  quantityTo: true,
  updatedFrom: true,
  updatedTo: true,
});

/** How long a number box waits after the last keystroke before the list is asked again, as the reports' boxes. */
const NUMBER_DEBOUNCE_MS = 400;

/**
 * A bound of a quantity range, configured as the reports' whole-number boxes (features/reports/report-parameters.tsx):
 * the list changes once typing pauses, an empty box means no bound, and a value out of bounds is named on the box.
 */
function QuantityBound({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: number | undefined;
  error?: string;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  const [text, setText] = useState<string | number>(value ?? '');
  // The address changed from elsewhere (back, a link): the box shows it.
  useEffect(() => setText(value ?? ''), [value]);
  const report = useDebouncedCallback(onChange, NUMBER_DEBOUNCE_MS);
  const valid = (next: string | number) =>
    next === '' || (typeof next === 'number' && Number.isInteger(next) && next >= 0 && next <= MAX_QUANTITY_BOUND);
  return (
    <NumberInput
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        if (valid(next)) report(next === '' ? undefined : Number(next));
      }}
      min={0}
      max={MAX_QUANTITY_BOUND}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      error={valid(text) ? error : t('rangeSearch.outOfBounds', { max: format.count(MAX_QUANTITY_BOUND) })}
      w={{ base: '100%', xs: 150 }}
    />
  );
}

function RangeList() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(RangeQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.quantity, all.updatedAt], [all]);
  const quantityBackwards =
    search.quantityFrom !== undefined && search.quantityTo !== undefined && search.quantityFrom > search.quantityTo;
  const daysBackwards = Boolean(search.updatedFrom && search.updatedTo && search.updatedFrom > search.updatedTo);
  return (
    <KitExample title={t('rangeSearch.list')}>
      <Stack gap="sm">
        <GeneratedListTable
          storeColumnsKey="kit-datatables-range-columns"
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          withClearFilters
          toolbar={
            <>
              <QuantityBound
                label={t('rangeSearch.quantityFrom')}
                value={search.quantityFrom}
                onChange={(quantityFrom) => update({ quantityFrom })}
              />
              <QuantityBound
                label={t('rangeSearch.quantityTo')}
                value={search.quantityTo}
                onChange={(quantityTo) => update({ quantityTo })}
                error={quantityBackwards ? t('rangeSearch.backwards') : undefined}
              />
              <DateField
                label={t('rangeSearch.updatedFrom')}
                value={search.updatedFrom}
                onChange={(updatedFrom) => update({ updatedFrom })}
                w={{ base: '100%', xs: 160 }}
              />
              <DateField
                label={t('rangeSearch.updatedTo')}
                value={search.updatedTo}
                onChange={(updatedTo) => update({ updatedTo })}
                error={daysBackwards ? t('rangeSearch.backwards') : undefined}
                w={{ base: '100%', xs: 160 }}
              />
            </>
          }
        />
        <ViewLinks
          views={[
            { label: t('rangeSearch.views.plenty'), search: { quantityFrom: 10_000, sort: 'quantity' } },
            {
              label: t('rangeSearch.views.march'),
              search: { updatedFrom: '2025-03-01', updatedTo: '2025-03-31', sort: 'updatedAt' },
            },
            { label: t('rangeSearch.views.backwards'), search: { quantityFrom: 500, quantityTo: 100 } },
          ]}
        />
      </Stack>
    </KitExample>
  );
}

/** `/datatables/range-search`: number and day ranges over the list, kept in the address. */
export default function RangeSearchPage() {
  return (
    <KitPage
      group="datatables"
      label="rangeSearch"
      sources={['components/data-table/list-table.tsx', 'components/forms/date-field.tsx']}
    >
      <RangeList />
    </KitPage>
  );
}
