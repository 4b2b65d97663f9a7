import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './leaderboard.module.css';
import type { RankChange } from './ranking';

/**
 * A manager's place: the top three as gold, silver and bronze medals, a shared place marked "=" (two managers on 1
 * are both "=1" and the next is 3), each said in words to a screen reader as well; on a `display` board (the TV
 * board) the medal grows with the type around it.
 */
export function Place({ rank, shared, display = false }: { rank: number; shared: boolean; display?: boolean }) {
  const { t } = useTranslation('leaderboard');
  const medal = rank <= 3 ? t(`medal.${rank}`) : null;
  const words = [medal, shared ? t('sharedRank') : null].filter(Boolean).join(', ');
  return (
    <>
      <span
        className={classes.place}
        data-medal={medal ? rank : undefined}
        data-display={display || undefined}
        title={words || undefined}
      >
        {shared ? <span aria-hidden>=</span> : null}
        {rank}
      </span>
      {words ? <VisuallyHidden>{` (${words})`}</VisuallyHidden> : null}
    </>
  );
}

/**
 * The change of place against the period compared with: ↑2, ↓1, "=" or "new", with the words for screen readers;
 * in words for everyone with `inWords` ("↑ up 2 places"); on a `display` board it takes the size of the type around it.
 */
export function ChangeText({
  change,
  inWords = false,
  display = false,
}: {
  change: RankChange;
  inWords?: boolean;
  display?: boolean;
}) {
  const { t } = useTranslation('leaderboard');
  if (inWords) {
    const arrow = change.kind === 'up' ? '↑ ' : change.kind === 'down' ? '↓ ' : '';
    const text =
      change.kind === 'up' || change.kind === 'down'
        ? t(`change.${change.kind}`, { count: change.places })
        : t(change.kind === 'new' ? 'change.newLong' : 'change.same');
    const tone = change.kind === 'up' ? classes.up : change.kind === 'down' ? classes.down : undefined;
    return (
      <Text span size="sm" c={tone ? undefined : 'dimmed'} className={tone} style={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden>{arrow}</span>
        {text}
      </Text>
    );
  }
  switch (change.kind) {
    case 'up':
    case 'down':
      return (
        <span className={`${classes.figure} ${change.kind === 'up' ? classes.up : classes.down}`}>
          <span aria-hidden style={{ fontWeight: 600 }}>
            {change.kind === 'up' ? '↑' : '↓'}
            {change.places}
          </span>
          <VisuallyHidden>{t(`change.${change.kind}`, { count: change.places })}</VisuallyHidden>
        </span>
      );
    case 'new':
      return (
        <Badge
          variant="dot"
          color="blue"
          size="sm"
          tt="none"
          title={t('change.newLong')}
          className={display ? classes.newOnDisplay : undefined}
        >
          {t('change.new')}
          <VisuallyHidden>{` (${t('change.newLong')})`}</VisuallyHidden>
        </Badge>
      );
    case 'same':
      return (
        <Text span c="dimmed" inherit={display}>
          <span aria-hidden>=</span>
          <VisuallyHidden>{t('change.same')}</VisuallyHidden>
        </Text>
      );
  }
}

/** "—" where a figure does not apply, with the reason for screen readers ("no bonus scheme"). */
export function NotApplicable({ reason }: { reason: string }) {
  return (
    <Text span c="dimmed" size="sm">
      <span aria-hidden>—</span>
      <VisuallyHidden>{reason}</VisuallyHidden>
    </Text>
  );
}
