import type { MovementListQuery } from '@cm/contract';
import type { z } from 'zod';

export const movementKeys = {
  all: ['movements'] as const,
  list: (query: z.output<typeof MovementListQuery>) => [...movementKeys.all, 'list', query] as const,
  users: () => [...movementKeys.all, 'users'] as const,
};
