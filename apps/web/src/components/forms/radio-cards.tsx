import { Group, Radio, SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';

export type RadioCardOption<Value extends string> = { value: Value; label: string; description: string };

/** One of a few choices, each a card that says what it does under its name. */
export function RadioCards<Value extends string>({
  label,
  name,
  value,
  options,
  error,
  cols = { base: 1, xs: 2 },
  onChange,
}: {
  label: string;
  /** The radio group's name, one per form on the page. */
  name?: string;
  value: Value;
  options: RadioCardOption<Value>[];
  error?: string;
  /** The cards per row; two from the `xs` breakpoint unless the space is known to be narrower. */
  cols?: SimpleGridProps['cols'];
  onChange: (value: Value) => void;
}) {
  return (
    <Radio.Group label={label} name={name} value={value} onChange={(next) => onChange(next as Value)} error={error}>
      <SimpleGrid cols={cols} spacing="sm" mt="xs">
        {options.map((option) => (
          <Radio.Card key={option.value} value={option.value} radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {option.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {option.description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
