import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * A box for a number typed as the interface language writes it ("2 800 000,50"), kept as text: the decimal keypad on
 * phones, no autofill, digits in columns, and the unit (a currency code, "%") after it for the eye, as the label
 * already names it for a screen reader.
 */
export function AmountInput({
  unit,
  onChange,
  ref,
  ...props
}: Omit<TextInputProps, 'onChange' | 'styles' | 'rightSection'> & {
  unit?: string;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextInput
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        unit ? (
          <Text size="xs" c="dimmed" aria-hidden>
            {unit}
          </Text>
        ) : undefined
      }
      // A currency code takes more room than Mantine's icon-sized section.
      rightSectionWidth={unit && unit.length > 1 ? 48 : undefined}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
