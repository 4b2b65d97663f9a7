import { Stack, Text } from '@mantine/core';
import { useFormatters } from '../../lib/format';

/**
 * A moment as its day over its time of day, on the organisation's clock: narrower in a table than both on
 * one line, so the other columns keep their room.
 */
export function DateTimeText({ iso }: { iso: string }) {
  const format = useFormatters();
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {format.date(iso)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {format.time(iso)}
      </Text>
    </Stack>
  );
}
