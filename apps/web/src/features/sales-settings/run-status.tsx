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

/** Whether amoCRM refused the run: the token (401), or a refusal of its own; each has its remedy on screen. */
export function stoppedByAmoCrm(status: SyncRunStatus): status is SyncRefusal | 'token_invalid' {
  return status === 'token_invalid' || SyncRefusal.safeParse(status).success;
}

/** A sync run's status as a badge with a coloured dot. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { t } = useTranslation('sales-settings');
  return <DotBadge color={RUN_STATUS_COLORS[status]}>{t(`runStatus.${status}`)}</DotBadge>;
}
