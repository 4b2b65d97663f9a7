import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** What the web client needs to know about this installation before anyone signs in. */
export const AppInfoResponse = z.object({
  name: z.string(),
  brand: z.string().nullable(),
  version: z.string(),
  currency: z.string().describe('ISO 4217 code of every money amount (minor units); set in the sales settings'),
  timeZone: z.string().describe('The organisation time zone: days, months and period filters start at its midnight'),
});
export type AppInfoResponse = z.infer<typeof AppInfoResponse>;
