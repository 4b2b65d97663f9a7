import type { SyncRunStatus } from '@cm/contract';
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

/** The ends of a run where amoCRM refused it for a reason of its own, each with its remedy (not the token's). */
const REFUSED_BY_AMOCRM = ['account_unpaid', 'access_denied', 'rate_limited'] as const;

export function refusedByAmoCrm(status: SyncRunStatus): status is (typeof REFUSED_BY_AMOCRM)[number] {
  return (REFUSED_BY_AMOCRM as readonly SyncRunStatus[]).includes(status);
}

/** A sync run's status as a badge with a coloured dot. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { t } = useTranslation('sales-settings');
  return <DotBadge color={RUN_STATUS_COLORS[status]}>{t(`runStatus.${status}`)}</DotBadge>;
}
