import type { ManagementType } from '@cm/contract';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { appInfoQuery } from '../../lib/app-info';
import { bonusSchemesQuery } from './api';
import { BonusSchemeSection } from './bonus-scheme-section';
import { currentMonthIn, MANAGEMENT_TYPES, versionsByType } from './bonus-scheme-versions';

const NOTHING_EDITED: Record<ManagementType, boolean> = { offline: false, online: false, hybrid: false };

/**
 * The "Bonus schemes" tab (PRODUCT.md §5): one section per management type with its versions, each in effect
 * from its month. A version is edited, or a new one created from a month, in its section; unsaved edits of
 * any section mark the tab.
 */
export function BonusSchemesTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['sales-settings', 'common']);
  const schemes = useQuery(bonusSchemesQuery);
  // Months begin on the organisation's clock, as the server counts which version pays them.
  const timeZone = useQuery(appInfoQuery).data?.timeZone;
  const thisMonth = currentMonthIn(timeZone);
  const byType = useMemo(() => versionsByType(schemes.data?.items ?? []), [schemes.data]);

  const [edited, setEdited] = useState(NOTHING_EDITED);
  const dirty = MANAGEMENT_TYPES.some((type) => edited[type]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const reportDirty = useCallback((type: ManagementType, value: boolean) => {
    setEdited((current) => (current[type] === value ? current : { ...current, [type]: value }));
  }, []);

  if (schemes.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('common:loading')}>
        {MANAGEMENT_TYPES.map((type) => (
          <Skeleton key={type} height={280} radius="md" />
        ))}
      </Stack>
    );
  }
  if (schemes.isError) {
    return (
      <LoadFailed title={t('bonusSchemes.loadFailed')} error={schemes.error} onRetry={() => void schemes.refetch()} />
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={880}>
        {t('bonusSchemes.intro')}
      </Text>
      {MANAGEMENT_TYPES.map((type) => (
        <BonusSchemeSection
          key={type}
          managementType={type}
          versions={byType[type]}
          thisMonth={thisMonth}
          onDirtyChange={reportDirty}
        />
      ))}
    </Stack>
  );
}
