import type { BonusSchemeVersion } from '@cm/contract';
import { Group, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monthName, monthStart } from '../../lib/format';
import { monthsForNewVersion } from './bonus-scheme-versions';

/**
 * The month a new version takes effect in (a month that has a version already is offered but disabled, to be edited
 * instead), and which version the form was filled in from.
 */
export function VersionMonthField({
  versions,
  thisMonth,
  month,
  start,
  onChange,
}: {
  versions: BonusSchemeVersion[];
  thisMonth: string;
  month: string;
  /** The version in effect in the month when it was chosen, which the form starts from; null for none. */
  start: BonusSchemeVersion | null;
  onChange: (month: string) => void;
}) {
  const { t, i18n } = useTranslation('sales-settings');
  const language = i18n.language;
  const options = useMemo(
    () =>
      monthsForNewVersion(versions, thisMonth).map(({ month: option, taken }) => ({
        value: option,
        label: taken
          ? t('bonusSchemes.form.monthTaken', { month: monthName(option, language) })
          : monthName(option, language),
        disabled: taken,
      })),
    [versions, thisMonth, t, language],
  );
  return (
    <Stack gap="xs">
      <Select
        label={t('bonusSchemes.form.month')}
        description={t('bonusSchemes.form.monthHint')}
        data={options}
        value={month}
        onChange={(value) => value && onChange(value)}
        allowDeselect={false}
        maw={320}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Text size="sm">
          {start
            ? t('bonusSchemes.form.startsFrom', { date: monthStart(start.effectiveFrom, language) })
            : t('bonusSchemes.form.startsEmpty')}
        </Text>
      </Group>
    </Stack>
  );
}
