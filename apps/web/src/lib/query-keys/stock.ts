import type { StockListQuery } from '@cm/contract';
import type { z } from 'zod';

export const stockKeys = {
  all: ['stock'] as const,
  list: (query: z.output<typeof StockListQuery>) => [...stockKeys.all, 'list', query] as const,
};
