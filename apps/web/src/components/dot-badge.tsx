import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

// A badge in a table cell may not shrink to a letter when the table runs out of width.
const UNCLIPPED = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/**
 * How the product shows a kind or a state in a table: a coloured dot and the word in the body colour, legible
 * in both colour schemes whatever the colour, in the sentence's own case.
 */
export function DotBadge({ color, size, children }: { color: string; size?: BadgeProps['size']; children: ReactNode }) {
  return (
    <Badge color={color} variant="dot" size={size} tt="none" styles={UNCLIPPED}>
      {children}
    </Badge>
  );
}
