import { Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText } from '../../../components/data-table';
import { useFormatters } from '../../../lib/format';
import type { GeneratedComponent } from './generated-components';
import { valueMinorOf } from './generated-list';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * What opening a generated row shows: its facts, read only. On a real screen a row opens its component's page; the
 * generated ones have none, and the kit writes nothing.
 */
export function ComponentDrawer({ row, onClose }: { row: GeneratedComponent | null; onClose: () => void }) {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      title={row?.name}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {row ? (
        <SimpleGrid cols={2} spacing="md">
          <Fact label={t('columns.code')}>
            <Text span ff="monospace" size="sm">
              <CodeText>{row.code}</CodeText>
            </Text>
          </Fact>
          <Fact label={t('columns.category')}>{row.categoryPath}</Fact>
          <Fact label={t('columns.location')}>{row.locationPath}</Fact>
          <Fact label={t('columns.quantity')}>{format.quantity(row.quantity, row.unit)}</Fact>
          <Fact label={t('columns.minimum')}>
            {row.minimumStock === '0' ? '—' : format.quantity(row.minimumStock, row.unit)}
          </Fact>
          <Fact label={t('columns.unitCost')}>{format.money(row.unitCostMinor)}</Fact>
          <Fact label={t('columns.value')}>{format.money(valueMinorOf(row))}</Fact>
          <Fact label={t('columns.updatedAt')}>{format.dateTime(row.updatedAt)}</Fact>
        </SimpleGrid>
      ) : null}
    </Drawer>
  );
}
