import type { ComponentDetail, Unit } from '@cm/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Image,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconExternalLink,
  IconPackages,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  archiveComponent,
  componentMovementsQuery,
  componentQuery,
  deleteComponent,
  restoreComponent,
} from '../../components/catalogue/api';
import { DateTimeText, type Formatters, useFormatters } from '../../components/data-table';
import { InlineLoadFailed } from '../../components/load-failed';
import { MarkdownView } from '../../components/markdown/markdown-view';
import {
  MOVEMENT_KIND_ICONS,
  MovementReference,
  MovementTypeCell,
  movementSign,
} from '../../components/movements/display';
import { useMovementModal } from '../../components/movements/movement-modal';
import { type MovementKind, movementKindsFor } from '../../components/movements/permissions';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import classes from './component-detail.module.css';
import { ComponentLoadError } from './load-error';
import { PageHeader } from './page-header';
import { COMPONENTS_PATH, stockSearchHref } from './paths';
import { mayAdministerComponents, mayEditComponents } from './permissions';

const route = getRouteApi('/app/components/$componentId');
const MOVEMENTS_PAGE_SIZE = 10;

function Section({
  title,
  children,
  actions,
  toolbar,
}: {
  title: string;
  children: ReactNode;
  /** Beside the title, e.g. a count. */
  actions?: ReactNode;
  /** A row of buttons under the title. */
  toolbar?: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb={toolbar ? 'xs' : 'md'} gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {toolbar && (
        <Group gap={6} mb="md">
          {toolbar}
        </Group>
      )}
      {children}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** `/components/:id`: everything about one component, its stock in the current department and its movements. */
export default function ComponentDetailPage() {
  const { t } = useTranslation(['components', 'errors', 'common']);
  const { componentId } = route.useParams();
  const detail = useQuery(componentQuery(componentId));
  const { data: user } = useQuery(currentUserQuery);
  const component = detail.data?.component;
  usePageTitle(component ? `${component.sku} · ${component.name}` : t('detail.loadingTitle'));

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
  return (
    <DetailContent
      detail={detail.data}
      kinds={movementKindsFor(user?.role)}
      mayEdit={mayEditComponents(user?.role)}
      mayAdminister={mayAdministerComponents(user?.role)}
      departmentName={user?.currentDepartment?.name ?? ''}
    />
  );
}

function DetailContent({
  detail,
  kinds,
  mayEdit,
  mayAdminister,
  departmentName,
}: {
  detail: ComponentDetail;
  kinds: MovementKind[];
  mayEdit: boolean;
  mayAdminister: boolean;
  departmentName: string;
}) {
  const { t } = useTranslation(['components', 'errors', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { component } = detail;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const format = useFormatters();
  const movementModal = useMovementModal();
  const quantity = (value: string) => format.quantity(value, component.unit);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.components.all });

  const archive = useMutation({
    mutationFn: () => (component.archived ? restoreComponent(component.id) : archiveComponent(component.id)),
    onSuccess: async (saved) => {
      await refresh();
      notifications.show({
        color: 'green',
        message: t(saved.archived ? 'detail.archived' : 'detail.restored', { sku: saved.sku }),
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
  });

  const remove = useMutation({
    mutationFn: () => deleteComponent(component.id),
    onSuccess: async () => {
      setDeleteOpen(false);
      queryClient.removeQueries({ queryKey: queryKeys.components.detail(component.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.components.lists() });
      notifications.show({ color: 'green', message: t('detail.deleted', { sku: component.sku }) });
      await navigate({ to: COMPONENTS_PATH });
    },
  });
  // A component with movements can only be archived: the dialog says so from the start, rather than offering
  // a deletion the server then refuses (it still does, should movements arrive meanwhile).
  const inUse = detail.hasMovements || (remove.error instanceof ApiError && remove.error.code === 'COMPONENT_IN_USE');

  const actions = (
    <>
      {mayEdit && (
        <Button
          renderRoot={(props) => (
            <Link to="/components/$componentId/edit" params={{ componentId: component.id }} {...props} />
          )}
          leftSection={<IconPencil size={16} />}
        >
          {t('detail.edit')}
        </Button>
      )}
      {mayAdminister && (
        <Button
          variant="default"
          leftSection={component.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          loading={archive.isPending}
          onClick={() => archive.mutate()}
        >
          {component.archived ? t('detail.restore') : t('detail.archive')}
        </Button>
      )}
      {mayAdminister && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            remove.reset();
            setDeleteOpen(true);
          }}
        >
          {t('detail.delete')}
        </Button>
      )}
    </>
  );

  const dash = (
    <Text span c="dimmed">
      —
    </Text>
  );
  const text = (value: string) => (value.trim() === '' ? dash : value);

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
          (component.archived || detail.belowMinimum) && (
            <Group gap="xs">
              {component.archived && (
                <Badge color="gray" variant="filled">
                  {t('status.archived')}
                </Badge>
              )}
              {detail.belowMinimum && (
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
        actions={actions}
      />

      {component.archived && (
        <Alert color="gray" icon={<IconArchive size={18} />}>
          {t('detail.archivedNotice')}
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: component.imageId ? 8 : 12 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" h="100%">
            <Title order={2} size="h4" mb="md">
              {t('detail.overview')}
            </Title>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" verticalSpacing="md" m={0}>
              <Field label={t('fields.category')}>{component.categoryPath ?? dash}</Field>
              <Field label={t('fields.manufacturer')}>{text(component.manufacturer)}</Field>
              <Field label={t('fields.manufacturerPartNumber')}>{text(component.manufacturerPartNumber)}</Field>
              <Field label={t('fields.package')}>{text(component.package)}</Field>
              <Field label={t('fields.unit')}>{t(`units.${component.unit}`)}</Field>
              <Field label={t('fields.minimumStock')}>{quantity(component.minimumStock)}</Field>
              <Field label={t('fields.defaultUnitCost')}>{format.money(component.defaultUnitCostMinor)}</Field>
              <Field label={t('fields.datasheetUrl')}>
                {component.datasheetUrl ? (
                  <Anchor href={component.datasheetUrl} target="_blank" rel="noopener noreferrer nofollow" inherit>
                    {t('detail.openDatasheet')} <IconExternalLink size={14} style={{ verticalAlign: '-2px' }} />
                  </Anchor>
                ) : (
                  dash
                )}
              </Field>
              <Field label={t('detail.updatedAt')}>{format.dateTime(component.updatedAt)}</Field>
            </SimpleGrid>
          </Paper>
        </Grid.Col>
        {component.imageId && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Image
                src={`/api/images/${component.imageId}`}
                alt={t('detail.imageAlt', { name: component.name })}
                fit="contain"
                mah={260}
                radius="sm"
              />
            </Paper>
          </Grid.Col>
        )}
      </Grid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section
          title={t('detail.stockIn', { department: departmentName })}
          toolbar={
            <>
              {!component.archived &&
                kinds.map((kind) => (
                  <Button
                    key={kind}
                    size="compact-sm"
                    variant={kind === 'receipt' ? 'light' : 'default'}
                    leftSection={MOVEMENT_KIND_ICONS[kind]}
                    onClick={() => movementModal.open(kind, { componentId: component.id })}
                  >
                    {t(`detail.stockActions.${kind}`)}
                  </Button>
                ))}
              <Button
                size="compact-sm"
                variant="subtle"
                component="a"
                href={stockSearchHref(component.sku)}
                onClick={(event: MouseEvent) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  void navigate({ href: stockSearchHref(component.sku) });
                }}
                leftSection={<IconPackages size={16} />}
              >
                {t('detail.openStock')}
              </Button>
            </>
          }
        >
          {detail.stock.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('detail.noStock')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped withTableBorder={false} aria-label={t('detail.stockIn', { department: departmentName })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.location')}</Table.Th>
                    <Table.Th ta="right">{t('detail.quantity')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.stock.map((row) => (
                    <Table.Tr key={row.locationId}>
                      <Table.Td>{row.locationPath}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {quantity(row.quantity)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>{t('detail.total')}</Table.Th>
                    <Table.Th
                      ta="right"
                      className={detail.belowMinimum ? classes.warning : undefined}
                      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {quantity(detail.totalQuantity)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
          {detail.belowMinimum && (
            <Text size="sm" className={classes.warning} mt="sm">
              {t('detail.belowMinimum', {
                total: quantity(detail.totalQuantity),
                minimum: quantity(component.minimumStock),
              })}
            </Text>
          )}
        </Section>

        <Section title={t('detail.parameters')}>
          {component.parameters.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('detail.noParameters')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped aria-label={t('detail.parameters')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('form.parameterName')}</Table.Th>
                    <Table.Th>{t('form.parameterValue')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {component.parameters.map((parameter, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parameters have no id and may repeat a name.
                    <Table.Tr key={index}>
                      <Table.Td>{parameter.name}</Table.Td>
                      <Table.Td>
                        {parameter.value}
                        {parameter.unit ? ` ${parameter.unit}` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Section>
      </SimpleGrid>

      <Section title={t('fields.description')}>
        {component.description.trim() === '' ? (
          <Text c="dimmed" size="sm">
            {t('detail.noDescription')}
          </Text>
        ) : (
          <MarkdownView source={component.description} data-testid="component-description" />
        )}
      </Section>

      <MovementHistory componentId={component.id} unit={component.unit} format={format} />
      {movementModal.modal}

      <Modal
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={t(inUse ? 'detail.inUseTitle' : 'detail.deleteTitle', { sku: component.sku })}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          {inUse ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
              {t(component.archived ? 'detail.inUseArchived' : 'detail.inUse')}
            </Alert>
          ) : (
            <Text size="sm">{t('detail.deleteMessage', { sku: component.sku, name: component.name })}</Text>
          )}
          {remove.error && !inUse && (
            <Alert color="red" role="alert">
              {errorMessage(t, remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleteOpen(false)} data-autofocus>
              {t('form.cancel')}
            </Button>
            {inUse ? (
              !component.archived && (
                <Button
                  leftSection={<IconArchive size={16} />}
                  loading={archive.isPending}
                  onClick={() => archive.mutate(undefined, { onSuccess: () => setDeleteOpen(false) })}
                >
                  {t('detail.archiveInstead')}
                </Button>
              )
            ) : (
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('detail.deleteConfirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function MovementHistory({ componentId, unit, format }: { componentId: string; unit: Unit; format: Formatters }) {
  const { t } = useTranslation(['components', 'errors', 'common']);
  const [page, setPage] = useState(1);
  const movements = useQuery(componentMovementsQuery(componentId, page, MOVEMENTS_PAGE_SIZE));
  const total = movements.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MOVEMENTS_PAGE_SIZE));

  let body: ReactNode;
  if (movements.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('common:loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={28} />
        ))}
      </Stack>
    );
  } else if (movements.error) {
    body = <InlineLoadFailed error={movements.error} onRetry={() => void movements.refetch()} />;
  } else if (movements.data.items.length === 0) {
    body = (
      <Text c="dimmed" size="sm">
        {t('detail.noMovements')}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table
          striped
          highlightOnHover
          aria-label={t('detail.movements')}
          style={{ opacity: movements.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('movements.time')}</Table.Th>
              <Table.Th>{t('movements.number')}</Table.Th>
              <Table.Th>{t('movements.type')}</Table.Th>
              <Table.Th ta="right">{t('movements.quantity')}</Table.Th>
              <Table.Th>{t('movements.from')}</Table.Th>
              <Table.Th>{t('movements.to')}</Table.Th>
              <Table.Th>{t('movements.user')}</Table.Th>
              <Table.Th>{t('movements.reference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {movements.data.items.map((movement) => (
              <Table.Tr key={movement.id}>
                <Table.Td>
                  <DateTimeText iso={movement.createdAt} />
                </Table.Td>
                <Table.Td>{movement.number}</Table.Td>
                <Table.Td miw={130}>
                  <MovementTypeCell movement={movement} />
                </Table.Td>
                <Table.Td
                  ta="right"
                  td={movement.reversedById ? 'line-through' : undefined}
                  style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {movementSign(movement)}
                  {format.quantity(movement.quantity, unit)}
                </Table.Td>
                <Table.Td>{movement.from?.path ?? '—'}</Table.Td>
                <Table.Td>{movement.to?.path ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{movement.user.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <MovementReference movement={movement} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Section
      title={t('detail.movements')}
      actions={
        total > 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.movementCount', { count: total })}
          </Text>
        ) : undefined
      }
    >
      {body}
      {format.timeZoneNote && total > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {format.timeZoneNote}
        </Text>
      ) : null}
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': t(`pagination.${control}`),
            })}
            getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
          />
        </Group>
      )}
    </Section>
  );
}
