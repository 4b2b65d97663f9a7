import { Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The file an import step is about, by name, with what the step says of it on the right. */
export function FileLine({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {children}
    </Group>
  );
}

/** The heading of a table of an import step, with how many rows it stands for. */
export function CountedHeading({ title, count }: { title: string; count: string }) {
  return (
    <Group gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Badge variant="light" color="gray" size="sm">
        {count}
      </Badge>
    </Group>
  );
}
