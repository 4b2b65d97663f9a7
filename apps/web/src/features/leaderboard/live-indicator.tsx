import { Group } from '@mantine/core';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import classes from './live-indicator.module.css';
import type { LiveState } from './live-results';

/**
 * Whether the board hears of changes as they happen, said to screen readers as it changes. Its type is the one
 * around it; `className` sizes it (the TV board's is read across a room).
 */
export function LiveIndicator({ state, className }: { state: LiveState; className?: string }) {
  const { t } = useTranslation('leaderboard');
  return (
    <Group component="p" role="status" gap="0.4em" className={clsx(classes.live, className)} data-state={state} m={0}>
      <span className={classes.liveDot} aria-hidden />
      {t(`live.${state}`)}
    </Group>
  );
}
