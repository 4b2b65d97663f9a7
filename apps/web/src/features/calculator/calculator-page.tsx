import { Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSearch } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import {
  isManagerNotFound,
  ManagerNotFound,
  ManagerPicker,
  NoManagers,
} from '../../components/sales-managers/manager-picker';
import { ScreenSkeleton } from '../../components/screen-skeleton';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { useCurrency } from '../../lib/format';
import { CalculatorSearch, calculatorContextQuery } from './api';
import { CalculatorScreen } from './calculator-screen';
import { useCalculatorWords } from './use-words';

export { prefetchCalculatorScreen as prefetch } from './api';

/**
 * The bonus calculator (PRODUCT.md §5): a manager's own figures, or any manager's of the current department for
 * an administrator, who picks the manager (kept in the URL as `?managerId=`).
 */
export default function CalculatorPage() {
  const { t } = useTranslation(['calculator', 'common']);
  const title = t('common:nav.calculator');
  usePageTitle(title);
  const words = useCalculatorWords();
  const { digits } = useCurrency();
  const [search, update] = useListSearch(CalculatorSearch);
  const context = useQuery({ ...calculatorContextQuery(search.managerId), placeholderData: keepPreviousData });
  const { data: user } = useQuery(currentUserQuery);
  const isAdministrator = user?.role === 'administrator';
  const data = context.data;

  let content: ReactNode;
  if (context.isPending) {
    content = <CalculatorSkeleton />;
  } else if (context.isError) {
    content = isManagerNotFound(context.error, search.managerId) ? (
      <ManagerNotFound onShowFirst={() => update({ managerId: undefined })} />
    ) : (
      <LoadFailed title={t('loadFailed')} error={context.error} onRetry={() => void context.refetch()} />
    );
  } else if (!data?.manager) {
    content = <NoManagers department={user?.currentDepartment?.name ?? ''} />;
  } else {
    content = (
      <CalculatorScreen
        // Each manager's inputs start from their own type and plan.
        key={`${data.manager.id} ${digits}`}
        context={data}
        manager={data.manager}
        isAdministrator={isAdministrator}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          {data ? <Text c="dimmed">{t('month', { month: words.month(data.month) })}</Text> : null}
        </div>
        <ManagerPicker answer={data} managerId={search.managerId} busy={context.isPlaceholderData} onPick={update} />
      </Group>
      {content}
    </Stack>
  );
}

/** The screen's shape while its figures are read: the facts, the inputs and result, the table. */
function CalculatorSkeleton() {
  return (
    <ScreenSkeleton gap="lg">
      <Skeleton height={150} radius="md" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={330} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={330} radius="md" />
        </Grid.Col>
      </Grid>
      <Skeleton height={260} radius="md" />
    </ScreenSkeleton>
  );
}
