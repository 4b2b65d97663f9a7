import { z } from 'zod';

/** A node of the current department's location tree (warehouse → shelf → bin). */
export const Location = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parentId: z.uuid().nullable(),
    path: z.string().describe('Names from the root, joined with " / "'),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;

export const LocationInput = z.object({
  name: z.string().trim().min(1).max(200),
  parentId: z.uuid().nullable().default(null),
});
export type LocationInput = z.input<typeof LocationInput>;

/** A rename and/or move: a field left out keeps its value; `parentId: null` moves to the root. */
export const LocationChange = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  parentId: z.uuid().nullable().optional(),
});
export type LocationChange = z.input<typeof LocationChange>;

export const LocationList = z.object({ items: z.array(Location) });
