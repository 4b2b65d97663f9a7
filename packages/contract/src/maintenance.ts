import { z } from 'zod';

// Maintenance mode (issue #28 §2, ADR 0046): while it is on, the API refuses everyone but administrators with 503
// MAINTENANCE, and the web app shows them the maintenance page with the administrator's message.

/** The longest message an administrator may leave on the maintenance page. */
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 1000;

/** Whether maintenance mode is on, as anyone may read it, signed in or not, also while it is on. */
export const MaintenanceStatus = z
  .object({
    active: z.boolean(),
    message: z
      .string()
      .nullable()
      .describe("The administrator's words to everyone while it is on; null: none (the page says its own)"),
    expectedEnd: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('When it is expected to end, while it is on; null: not said'),
  })
  .meta({ id: 'MaintenanceStatus' });
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;

/** What an administrator saves: the switch, the message and the expected end. */
export const MaintenanceChange = z
  .object({
    active: z.boolean(),
    message: z
      .string()
      .trim()
      .max(MAINTENANCE_MESSAGE_MAX_LENGTH)
      .nullable()
      .transform((message) => (message === '' ? null : message))
      .describe('Shown on the maintenance page; empty or null: none'),
    expectedEnd: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict()
  .meta({ id: 'MaintenanceChange' });
export type MaintenanceChange = z.input<typeof MaintenanceChange>;

/** The settings as administrators see them: what is saved, and whether this server's configuration holds it on. */
export const MaintenanceSettings = z
  .object({
    active: z.boolean().describe('The saved switch, which every instance reads from the database'),
    message: z.string().nullable(),
    expectedEnd: z.iso.datetime({ offset: true }).nullable(),
    heldOnByConfiguration: z
      .boolean()
      .describe(
        'This server runs with MAINTENANCE=true: maintenance is on whatever is saved, until it restarts without it',
      ),
  })
  .meta({ id: 'MaintenanceSettings' });
export type MaintenanceSettings = z.infer<typeof MaintenanceSettings>;
