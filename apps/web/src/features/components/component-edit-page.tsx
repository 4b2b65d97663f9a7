import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { componentQuery } from '../../components/catalogue/api';
import { usePageTitle } from '../../components/use-page-title';
import { ComponentForm } from './component-form';
import { ComponentLoadError } from './load-error';
import { PageHeader } from './page-header';

const route = getRouteApi('/app/components/$componentId/edit');

/** `/components/:id/edit`: workers and administrators change a component. */
export default function ComponentEditPage() {
  const { t } = useTranslation('components');
  const navigate = useNavigate();
  const { componentId } = route.useParams();
  // The form starts from what the server has now, not from a copy cached a while ago.
  const detail = useQuery({ ...componentQuery(componentId), refetchOnWindowFocus: false, staleTime: 0 });
  const component = detail.data?.component;
  const title = component ? t('form.editTitle', { sku: component.sku }) : t('form.editTitleLoading');
  usePageTitle(title);

  const toDetail = () => void navigate({ to: '/components/$componentId', params: { componentId } });

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={title} current={title} />
      {detail.isPending ? (
        <Stack gap="lg" aria-busy="true" aria-label={t('common:loading')}>
          <Skeleton h={180} radius="md" />
          <Skeleton h={180} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : detail.error || !component ? (
        <ComponentLoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        // Keyed by the component, so moving to another one's edit page starts a fresh form.
        <ComponentForm
          key={component.id}
          component={component}
          unitLocked={detail.data?.hasMovements}
          onSaved={toDetail}
          onCancel={toDetail}
        />
      )}
    </Stack>
  );
}
