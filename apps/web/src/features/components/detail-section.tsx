import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of the detail page. */
export function DetailSection({
  title,
  children,
  actions,
  toolbar,
}: {
  title: string;
  children: ReactNode;
  /** Beside the title, e.g. a count. */
  actions?: ReactNode;
  /** A row of buttons under the title. */
  toolbar?: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb={toolbar ? 'xs' : 'md'} gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {toolbar && (
        <Group gap={6} mb="md">
          {toolbar}
        </Group>
      )}
      {children}
    </Paper>
  );
}
