import type { SyncRunStatus } from '@cm/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const RUN_STATUS_COLORS: Record<SyncRunStatus, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  token_invalid: 'red',
};

// A badge in a table cell may not shrink to a letter when the table runs out of width.
const FULL_BADGE = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/** A sync run's status as a badge with a coloured dot (text in the body colour, legible in both schemes). */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { t } = useTranslation('sales-settings');
  return (
    <Badge color={RUN_STATUS_COLORS[status]} variant="dot" styles={FULL_BADGE}>
      {t(`runStatus.${status}`)}
    </Badge>
  );
}
