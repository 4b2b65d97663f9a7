import type { ComponentDetail } from '@cm/contract';
import { Button, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../../components/data-table';
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
 * change it: every location at once, over a total.
 */
export function ComponentStock({
  detail,
  movementKinds,
  departmentName,
}: {
  detail: ComponentDetail;
  movementKinds: readonly MovementKind[];
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
        <WholeTable<ComponentDetail['stock'][number]>
          label={title}
          rows={detail.stock}
          columns={[
            {
              key: 'location',
              title: t('detail.location'),
              render: (row) => row.locationPath,
              footer: t('detail.total'),
            },
            {
              key: 'quantity',
              title: t('detail.quantity'),
              align: 'right',
              render: (row) => <span style={QUANTITY_STYLE}>{quantity(row.quantity)}</span>,
              footer: (
                <span className={detail.belowMinimum ? classes.warning : undefined} style={QUANTITY_STYLE}>
                  {quantity(detail.totalQuantity)}
                </span>
              ),
            },
          ]}
        />
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
