import type { BonusLevel, BonusSchemeVersion, ManagementType } from '@cm/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WholeTable, type WholeTableColumn } from '../../components/data-table';
import { DotBadge } from '../../components/dot-badge';
import { monthStart, useFormatters } from '../../lib/format';
import type { VersionStatus } from './bonus-scheme-versions';

const STATUS_COLORS: Record<VersionStatus, string> = { current: 'green', future: 'blue', past: 'gray' };

/** Where a version stands: in effect now, from a later month's first day, or past. */
export function BonusSchemeStatusBadge({ status, month }: { status: VersionStatus; month: string }) {
  const { t, i18n } = useTranslation('sales-settings');
  return (
    <DotBadge color={STATUS_COLORS[status]} size="sm">
      {t(`bonusSchemes.status.${status}`, { date: monthStart(month, i18n.language) })}
    </DotBadge>
  );
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The terms of one version: pay, bonuses above plan, how levels count and the levels themselves, with Edit,
 * and Delete while the version has not taken effect (a version that paid months stays, to explain them).
 */
export function BonusSchemeTerms({
  managementType,
  version,
  status,
  onEdit,
  onDelete,
}: {
  managementType: ManagementType;
  version: BonusSchemeVersion;
  status: VersionStatus;
  onEdit: () => void;
  /** Asks to delete the version; offered only while it has not taken effect. Edit is not offered once it pays a closed month. */
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('sales-settings');
  const format = useFormatters();
  const percent = format.percent;
  const date = monthStart(version.effectiveFrom, i18n.language);
  const typeName = t(`domain:managementTypes.${managementType}`);

  const columns: WholeTableColumn<BonusLevel>[] = [
    {
      key: 'level',
      title: t('bonusSchemes.terms.level'),
      render: (level) => String(version.levels.indexOf(level) + 1),
    },
    {
      key: 'threshold',
      title: t('bonusSchemes.terms.threshold'),
      align: 'right',
      render: (level) => percent(level.thresholdPercent),
    },
    {
      key: 'bonus',
      title: t('bonusSchemes.terms.bonus'),
      align: 'right',
      render: (level) =>
        'ratePercent' in level
          ? t('bonusSchemes.terms.rateOfRevenue', { rate: percent(level.ratePercent) })
          : t('bonusSchemes.terms.fixedAmount', { amount: format.money(level.fixedMinor) }),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} size="h5">
          {t('bonusSchemes.terms.heading', { date })}
        </Title>
        <Group gap="xs">
          {version.locked ? null : (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit} data-action="edit">
              {t('bonusSchemes.edit')}
            </Button>
          )}
          {status === 'future' ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              {t('bonusSchemes.delete')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {version.updatedBy === null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
          {t('bonusSchemes.demoHint')}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" style={{ alignItems: 'end' }}>
        <Term label={t('bonusSchemes.terms.fixedSalary')}>{format.money(version.fixedSalaryMinor)}</Term>
        <Term label={t('bonusSchemes.terms.fixedBonusAt120')}>{format.money(version.fixedBonusAt120Minor)}</Term>
        <Term label={t('bonusSchemes.terms.abovePlanRate')}>{percent(version.abovePlanRatePercent)}</Term>
      </SimpleGrid>

      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={500}>
          {t('bonusSchemes.tierMode')}
        </Text>
        <Text size="sm" fw={600}>
          {t(`domain:tierModes.${version.tierMode}`)}
        </Text>
        <Text size="sm">{t(`bonusSchemes.tierModeHints.${version.tierMode}`)}</Text>
      </Stack>

      {version.levels.length > 0 ? (
        <WholeTable
          label={t('bonusSchemes.terms.levelsTable', { type: typeName, date })}
          columns={columns}
          rows={version.levels}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('bonusSchemes.noLevels')}
        </Text>
      )}

      {version.locked || status !== 'future' ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock size={14} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
          <Text size="xs" c="dimmed">
            {t(`bonusSchemes.keptBecausePaid.${version.locked ? 'locked' : status}`)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
