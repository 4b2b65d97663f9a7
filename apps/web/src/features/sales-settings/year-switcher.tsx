import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export const THIS_YEAR = new Date().getFullYear();

/** The year a tab shows, in the URL (`?year=2025`) and shared by the tabs that show one (plans, months). */
export const YearSearch = z.object({ year: z.coerce.number().int().min(2000).max(2100).default(THIS_YEAR) });

/** Previous / next year buttons around the year, and a way back to this year. */
export function YearSwitcher({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const { t } = useTranslation('sales-settings');
  return (
    <Group gap={4} role="group" aria-label={t('plans.yearLabel')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('plans.previousYear')}
        disabled={year <= 2000}
        onClick={() => onChange(year - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fw={700} size="lg" w={64} ta="center" aria-live="polite">
        {year}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('plans.nextYear')}
        disabled={year >= 2100}
        onClick={() => onChange(year + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
      {year !== THIS_YEAR ? (
        <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => onChange(THIS_YEAR)}>
          {t('plans.thisYear')}
        </Button>
      ) : null}
    </Group>
  );
}
