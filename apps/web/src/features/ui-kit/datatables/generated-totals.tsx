import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import type { GeneratedTotals } from './generated-list';

/** Sums of quantities, one line per unit: pieces and metres do not add up (ADR 0018). */
export function QuantitySums({ quantities }: { quantities: GeneratedTotals['quantities'] }) {
  const format = useFormatters();
  if (quantities.length === 0) {
    return (
      <Text span size="sm" fw={700}>
        {format.quantity('0')}
      </Text>
    );
  }
  return (
    <Stack gap={0} align="flex-end">
      {quantities.map(({ unit, quantity }) => (
        <Text key={unit} span size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {format.quantity(quantity, unit)}
        </Text>
      ))}
    </Stack>
  );
}

/** The line under a list that sums the whole filtered list, as the stock screen's: rows, value. */
export function TotalsLine({ count, totals }: { count: number; totals: GeneratedTotals }) {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Group gap="xl" justify="flex-end" wrap="wrap" aria-live="polite">
        <Text size="sm" c="dimmed">
          {t('totals.rows', { count, formatted: format.count(count) })}
        </Text>
        <Text size="sm">
          {t('totals.value')}{' '}
          <Text span fw={700}>
            {format.money(totals.valueMinor)}
          </Text>
        </Text>
      </Group>
    </Paper>
  );
}
