import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A figure under its label: a term and its description in a list of figures (a `dl`, usually a grid of them), as
 * the screens' summaries show a period's or a month's facts. `large` for the headline figures; `wide` takes two
 * columns of the grid, for a figure in words.
 */
export function Fact({
  label,
  children,
  large = false,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  large?: boolean;
  wide?: boolean;
}) {
  return (
    <div style={wide ? { gridColumn: 'span 2' } : undefined}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        fw={700}
        size="lg"
        fz={large ? 26 : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {children}
      </Text>
    </div>
  );
}
