import type { Movement, MovementType } from '@cm/contract';
import { Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconArrowsRightLeft,
  IconPackageExport,
  IconPackageImport,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DotBadge } from '../dot-badge';
import type { MovementKind } from './permissions';

/** The icon of each posting action, on buttons and menu items alike. */
export const MOVEMENT_KIND_ICONS: Record<MovementKind, ReactNode> = {
  receipt: <IconPackageImport size={16} />,
  issue: <IconPackageExport size={16} />,
  transfer: <IconArrowsRightLeft size={16} />,
  adjustment: <IconAdjustmentsHorizontal size={16} />,
};

/** The colour of each movement type. */
const MOVEMENT_TYPE_COLORS: Record<MovementType, string> = {
  receipt: 'green',
  issue: 'orange',
  transfer: 'blue',
  adjustment: 'grape',
  // Red like the Reverse action; a grey dot vanished on the dark theme's grey badge.
  reversal: 'red',
};

/** A movement's type, the same in the ledger and in a component's history. */
export function MovementTypeBadge({ type }: { type: MovementType }) {
  const { t } = useTranslation('movements');
  return <DotBadge color={MOVEMENT_TYPE_COLORS[type]}>{t(`domain:movementTypes.${type}`)}</DotBadge>;
}

/**
 * A movement's type with what a reversal did to it: "Reversed" on a reversed movement, "of movement N" on a
 * reversal, the same in the ledger and in a component's history.
 */
export function MovementTypeCell({
  movement,
}: {
  movement: Pick<Movement, 'type' | 'reversalOfNumber' | 'reversedById'>;
}) {
  const { t } = useTranslation('movements');
  return (
    <Stack gap={4} align="flex-start">
      <MovementTypeBadge type={movement.type} />
      {movement.reversedById ? (
        <DotBadge color="red" size="xs">
          {t('reversed')}
        </DotBadge>
      ) : null}
      {movement.reversalOfNumber !== null ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('reversalOf', { number: movement.reversalOfNumber })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A movement's document number, or where it came from when nobody typed one (an import's opening stock). */
export function MovementReference({ movement }: { movement: Pick<Movement, 'reference' | 'origin'> }) {
  const { t } = useTranslation('movements');
  if (movement.reference) return <>{movement.reference}</>;
  if (movement.origin) {
    return (
      <Text span size="sm" c="dimmed">
        {t(`domain:movementOrigins.${movement.origin}`)}
      </Text>
    );
  }
  return <>—</>;
}

/**
 * The sign of a movement's quantity from the department's point of view: "+" for stock coming into it,
 * "−" for stock leaving it, nothing for a transfer, which moves stock within it.
 */
export function movementSign(movement: Pick<Movement, 'from' | 'to'>): '+' | '−' | '' {
  if (movement.to && !movement.from) return '+';
  if (movement.from && !movement.to) return '−';
  return '';
}
