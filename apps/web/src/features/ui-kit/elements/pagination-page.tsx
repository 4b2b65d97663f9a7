import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText, type ListPage, ListTable, type ListTableState } from '../../../components/data-table';
import { KitExample, KitPage } from '../kit-page';

type SampleRow = { id: string; sku: string; name: string };

/** How long the example's "server" takes to answer for another page: long enough to see the table wait. */
const ANSWER_MS = 600;

/**
 * A list of `total` made-up rows, paged here as the server pages a list: the page asked for arrives after a moment,
 * and the table keeps the previous one in view meanwhile, as with keepPreviousData on a real screen.
 */
function useSampleList(total: number, name: (number: number) => string) {
  const [state, setState] = useState<ListTableState>({ page: 1, pageSize: 10 });
  const [answered, setAnswered] = useState(state);
  useEffect(() => {
    const timer = setTimeout(() => setAnswered(state), ANSWER_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const data = useMemo((): ListPage<SampleRow> => {
    const first = (answered.page - 1) * answered.pageSize;
    const count = Math.max(0, Math.min(answered.pageSize, total - first));
    const items = Array.from({ length: count }, (_, index) => {
      const number = first + index + 1;
      return { id: String(number), sku: `RES-0603-${String(number).padStart(4, '0')}`, name: name(number) };
    });
    return { items, total };
  }, [answered, total, name]);
  const update = (patch: Partial<ListTableState>) =>
    setState((current) => ({ ...current, ...patch, page: 'page' in patch && patch.page ? patch.page : 1 }));
  const query = { data, isPending: false, isFetching: answered !== state, error: null, refetch: () => undefined };
  return { state, update, query };
}

function SampleList({ total, storeKey }: { total: number; storeKey: string }) {
  const { t } = useTranslation('kit-elements');
  const name = useMemo(() => (number: number) => t('pagination.rowName', { number }), [t]);
  const { state, update, query } = useSampleList(total, name);
  const columns: DataTableColumn<SampleRow>[] = [
    { accessor: 'sku', title: t('pagination.columns.sku'), render: (row) => <CodeText>{row.sku}</CodeText> },
    { accessor: 'name', title: t('pagination.columns.name') },
  ];
  return (
    <ListTable<SampleRow>
      columns={columns}
      storeColumnsKey={storeKey}
      query={query}
      state={state}
      onStateChange={update}
      emptyMessage={t('pagination.empty')}
      ariaLabel={t('pagination.listLabel', { count: total })}
      maxHeight={300}
    />
  );
}

/** The kit's pagination: the product's list table, which pages every list the same way. */
export default function PaginationPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage group="elements" label="pagination" sources={['components/data-table (ListTable)']}>
      <KitExample title={t('pagination.examples.many')}>
        <SampleList total={1234} storeKey="kit-elements-pagination-many" />
      </KitExample>
      <KitExample title={t('pagination.examples.onePage')}>
        <SampleList total={7} storeKey="kit-elements-pagination-one" />
      </KitExample>
      <KitExample title={t('states.empty')}>
        <SampleList total={0} storeKey="kit-elements-pagination-empty" />
      </KitExample>
      <KitExample title={t('states.narrow')} narrow>
        <SampleList total={1234} storeKey="kit-elements-pagination-narrow" />
      </KitExample>
    </KitPage>
  );
}
