import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** A segmented choice with its label above it, named by that label for screen readers (a radio group). */
export function SegmentedChoice<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next as Value)}
        data={options}
        aria-labelledby={labelId}
      />
    </Stack>
  );
}
