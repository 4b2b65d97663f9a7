import { SyncRefusal, type SyncRunStatus } from '@cm/contract';
import { useTranslation } from 'react-i18next';
import { DotBadge } from '../../components/dot-badge';

export const RUN_STATUS_COLORS: Record<SyncRunStatus, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  token_invalid: 'red',
  account_unpaid: 'red',
  access_denied: 'red',
  rate_limited: 'orange',
};

/** Whether amoCRM refused the run for a reason of its own, each with its remedy (the token's aside). */
export function refusedByAmoCrm(status: SyncRunStatus): status is SyncRefusal {
  return SyncRefusal.safeParse(status).success;
}

/** A sync run's status as a badge with a coloured dot. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { t } = useTranslation('sales-settings');
  return <DotBadge color={RUN_STATUS_COLORS[status]}>{t(`runStatus.${status}`)}</DotBadge>;
}
