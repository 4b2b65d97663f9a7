import type { ComponentDetail } from '@cm/contract';
import { Button, Table, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_KIND_ICONS } from '../../components/movements/display';
import { useMovementModal } from '../../components/movements/movement-modal';
import type { MovementKind } from '../../components/movements/permissions';
import { useFormatters } from '../../lib/format';
import classes from './component-detail.module.css';
import { DetailSection } from './detail-section';
import { stockSearchHref } from './paths';

const QUANTITY_STYLE = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The component's stock per location in the current department, with its total and the movements that
 * change it. A plain table: every location at once over a total, which the paged list table has no room for.
 */
export function ComponentStock({
  detail,
  movementKinds,
  departmentName,
}: {
  detail: ComponentDetail;
  movementKinds: MovementKind[];
  departmentName: string;
}) {
  const { t } = useTranslation('components');
  const navigate = useNavigate();
  const format = useFormatters();
  const movementModal = useMovementModal();
  const { component } = detail;
  const quantity = (value: string) => format.quantity(value, component.unit);
  const title = t('detail.stockIn', { department: departmentName });
  const stockHref = stockSearchHref(component.sku);

  return (
    <DetailSection
      title={title}
      toolbar={
        <>
          {movementKinds.map((kind) => (
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
            href={stockHref}
            onClick={(event: MouseEvent) => {
              // A modified or middle click opens the Stock screen elsewhere, as a link does.
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              void navigate({ href: stockHref });
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
          <Table striped withTableBorder={false} aria-label={title}>
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
                  <Table.Td ta="right" style={QUANTITY_STYLE}>
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
                  style={QUANTITY_STYLE}
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
      {movementModal.modal}
    </DetailSection>
  );
}
