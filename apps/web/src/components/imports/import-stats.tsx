import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A number of the preview or of the result, with its (pluralised) label. */
export type ImportStat = { value: number; label: string };

/** The numbers of a preview (what the file would do) or of a commit (what it did), side by side. */
export function ImportStats({ stats }: { stats: ImportStat[] }) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(4, stats.length) }} spacing="sm">
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder p="sm" radius="md">
          <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {number.format(stat.value)}
          </Text>
          <Text size="sm" c="dimmed">
            {stat.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
