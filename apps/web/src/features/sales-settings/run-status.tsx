import type { SyncRunStatus } from '@cm/contract';
import { useTranslation } from 'react-i18next';
import { DotBadge } from '../../components/dot-badge';

export const RUN_STATUS_COLORS: Record<SyncRunStatus, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  token_invalid: 'red',
};

/** A sync run's status as a badge with a coloured dot. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { t } = useTranslation('sales-settings');
  return <DotBadge color={RUN_STATUS_COLORS[status]}>{t(`runStatus.${status}`)}</DotBadge>;
}
