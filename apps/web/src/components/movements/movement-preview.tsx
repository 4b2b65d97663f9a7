import { fromThousandths, type Unit } from '@cm/contract';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { type SimulatedLocation, shortfallOf } from './movement-form-model';

/** "10 → 7 pcs at Shelf A": what the posting will leave at each location it touches, or why it cannot be posted. */
export function MovementPreview({
  simulation,
  unit,
  locations,
}: {
  simulation: readonly SimulatedLocation[] | null;
  unit: Unit | undefined;
  locations: readonly { id: string; path: string }[];
}) {
  const { t } = useTranslation('movements');
  const format = useFormatters();
  if (!simulation || !unit) return null;
  const pathOf = (id: string) => locations.find((location) => location.id === id)?.path ?? '';
  const quantity = (thousandths: bigint) => format.quantity(fromThousandths(thousandths), unit);
  const short = shortfallOf(simulation);
  return (
    <Alert variant="light" color={short ? 'red' : 'blue'} title={t('preview.title')} role="status">
      <Stack gap={4}>
        {short ? (
          // In the alert's own red, as its title: the error red of fields on white falls below 4.5:1 on the
          // alert's light red.
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle size={16} color="var(--mantine-color-red-light-color)" style={{ flexShrink: 0 }} />
            <Text size="sm" c="var(--mantine-color-red-light-color)">
              {t('preview.notEnough', { available: quantity(short.before), location: pathOf(short.locationId) })}
            </Text>
          </Group>
        ) : (
          simulation.map((location) => (
            <Text key={location.locationId} size="sm">
              {t('preview.line', {
                // The unit once, after the second number: "10 → 7 pcs".
                before: format.quantity(fromThousandths(location.before)),
                after: quantity(location.after),
                location: pathOf(location.locationId),
              })}
            </Text>
          ))
        )}
        {simulation.map(({ locationId, difference }) =>
          difference !== null ? (
            <Group key={`${locationId}-difference`} gap={6}>
              <IconArrowRight size={14} />
              <Text size="sm">
                {difference === 0n
                  ? t('preview.unchanged')
                  : t('preview.difference', {
                      difference: `${difference > 0n ? '+' : '−'}${quantity(difference > 0n ? difference : -difference)}`,
                    })}
              </Text>
            </Group>
          ) : null,
        )}
      </Stack>
    </Alert>
  );
}
