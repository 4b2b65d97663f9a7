import type { AwardCode } from '@cm/contract';
import { Group, ThemeIcon } from '@mantine/core';
import {
  IconChecks,
  IconFlame,
  IconPhoneCall,
  IconRocket,
  IconTarget,
  IconTrophy,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const AWARD_LOOKS: Record<AwardCode, { icon: TablerIcon; color: string }> = {
  planAchieved: { icon: IconTarget, color: 'teal' },
  club120: { icon: IconRocket, color: 'grape' },
  topRevenue: { icon: IconTrophy, color: 'yellow' },
  mostWon: { icon: IconChecks, color: 'green' },
  mostCallMinutes: { icon: IconPhoneCall, color: 'blue' },
  streak: { icon: IconFlame, color: 'orange' },
};

/** The icons' sizes: beside a name in a list, and on a `display` board, where they grow with the type around them. */
const SIZES = { list: { badge: 22, icon: 14 }, display: { badge: '1.15em', icon: '0.75em' } } as const;

/** An award's icon and colour, wherever it is shown (the leaderboard, the TV board, a manager's profile). */
export function awardLook(code: AwardCode): { icon: TablerIcon; color: string } {
  return AWARD_LOOKS[code];
}

/**
 * A manager's awards of the month as small icons beside their name, each named for screen readers and on hover; a
 * month still open has provisional awards (its figures may change), drawn in outline and said so. Its words are the
 * leaderboard's, where the awards are first met; every screen's words are loaded together.
 */
export function Awards({
  awards,
  provisional,
  display = false,
}: {
  awards: readonly AwardCode[];
  provisional: boolean;
  display?: boolean;
}) {
  const { t } = useTranslation('leaderboard');
  if (awards.length === 0) return null;
  const size = SIZES[display ? 'display' : 'list'];
  return (
    <Group component="span" gap={display ? '0.2em' : 4} wrap="nowrap" role="list" aria-label={t('awards.label')}>
      {awards.map((code) => {
        const { icon: Icon, color } = AWARD_LOOKS[code];
        const name = t(`domain:awards.${code}`);
        const label = provisional ? t('awards.provisional', { award: name }) : name;
        return (
          <ThemeIcon
            key={code}
            component="span"
            role="listitem"
            size={size.badge}
            radius="xl"
            color={color}
            variant={provisional ? 'outline' : 'light'}
            title={label}
          >
            <Icon size={size.icon} role="img" aria-label={label} />
          </ThemeIcon>
        );
      })}
    </Group>
  );
}
