import { Alert, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { componentQuery } from '../../components/catalogue/api';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { ComponentActions } from './component-actions';
import classes from './component-detail.module.css';
import { ComponentDescription, ComponentOverview, ComponentParameters } from './component-facts';
import { ComponentHistory } from './component-history';
import { ComponentStock } from './component-stock';
import { detailActions } from './detail-actions';
import { ComponentLoadError } from './load-error';
import { PageHeader } from './page-header';

const route = getRouteApi('/app/components/$componentId');

/** `/components/:id`: everything about one component, its stock in the current department and its movements. */
export default function ComponentDetailPage() {
  const { t } = useTranslation(['components', 'common']);
  const { componentId } = route.useParams();
  const detail = useQuery(componentQuery(componentId));
  const { data: user } = useQuery(currentUserQuery);
  const loaded = detail.data?.component;
  usePageTitle(loaded ? `${loaded.sku} · ${loaded.name}` : t('detail.loadingTitle'));

  if (detail.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t('common:loading')}>
        <Skeleton h={36} w="50%" />
        <Skeleton h={200} radius="md" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  if (detail.error || !detail.data) {
    return (
      <Stack gap="lg">
        <PageHeader title={t('detail.loadingTitle')} />
        <ComponentLoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }

  const { component, belowMinimum, hasMovements } = detail.data;
  const actions = detailActions(user?.role, component.archived);
  return (
    <Stack gap="lg">
      <PageHeader
        current={component.sku}
        title={
          <>
            <Text span inherit ff="monospace">
              {component.sku}
            </Text>{' '}
            <Text span inherit c="dimmed" aria-hidden>
              ·
            </Text>{' '}
            <Text span inherit>
              {component.name}
            </Text>
          </>
        }
        below={
          (component.archived || belowMinimum) && (
            <Group gap="xs">
              {component.archived && (
                <Badge color="gray" variant="filled">
                  {t('status.archived')}
                </Badge>
              )}
              {belowMinimum && (
                <Badge
                  color="orange"
                  variant="light"
                  className={classes.warning}
                  leftSection={<IconAlertTriangle size={12} />}
                >
                  {t('detail.lowStock')}
                </Badge>
              )}
            </Group>
          )
        }
        actions={<ComponentActions component={component} hasMovements={hasMovements} actions={actions} />}
      />

      {component.archived && (
        <Alert color="gray" icon={<IconArchive size={18} />}>
          {t('detail.archivedNotice')}
        </Alert>
      )}

      <ComponentOverview component={component} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ComponentStock
          detail={detail.data}
          movementKinds={actions.movementKinds}
          departmentName={user?.currentDepartment?.name ?? ''}
        />
        <ComponentParameters component={component} />
      </SimpleGrid>
      <ComponentDescription component={component} />
      <ComponentHistory componentId={component.id} unit={component.unit} />
    </Stack>
  );
}
