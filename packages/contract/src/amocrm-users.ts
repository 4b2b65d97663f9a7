import { z } from 'zod';
import { AmoEntityId } from './sales.js';
import { AmoId, DepartmentRef, Role } from './users.js';

/**
 * How an amoCRM user matches a user here: `amo_id`, a user has the amoCRM user's id as AMO ID (their leads
 * count for that user); `email`, no user has that AMO ID but one has the same e-mail (letter case ignored),
 * with another AMO ID or none, so their leads count for nobody until they are linked; `none`, neither.
 */
export const AmoCrmUserMatch = z.enum(['amo_id', 'email', 'none']);
export type AmoCrmUserMatch = z.infer<typeof AmoCrmUserMatch>;

/** A user here, as the amoCRM users list shows them beside an amoCRM user. */
export const UserSummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: Role,
    amoId: AmoId.nullable(),
    active: z.boolean().describe('false: the user is deactivated and cannot sign in'),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;

export const AmoCrmUser = z
  .object({
    amoUserId: AmoEntityId.describe("The amoCRM user's id: the AMO ID a manager here needs for their leads"),
    name: z.string().nullable().describe('null when amoCRM gives none'),
    email: z.string().nullable().describe('null when amoCRM gives none'),
    active: z.boolean().nullable().describe('Whether the user is active in amoCRM; null when amoCRM does not say'),
    match: AmoCrmUserMatch,
    user: UserSummary.nullable().describe('The user here it matches (by AMO ID, else by e-mail); null for `none`'),
    leads: z
      .number()
      .int()
      .nonnegative()
      .describe(
        'Stored leads of the synced account with this amoCRM user responsible; those of an unmatched user count for no manager',
      ),
  })
  .meta({ id: 'AmoCrmUser' });
export type AmoCrmUser = z.infer<typeof AmoCrmUser>;

export const AmoCrmUserList = z
  .object({
    accountId: z
      .number()
      .int()
      .nullable()
      .describe('The synced account whose stored leads are counted; null before the first sync (every count is 0)'),
    items: z.array(AmoCrmUser).describe("The account's users, read from amoCRM just now, in amoCRM's order"),
    managers: z.array(UserSummary).describe('Every manager here, by name: the users an amoCRM user can be linked to'),
  })
  .meta({ id: 'AmoCrmUserList' });
export type AmoCrmUserList = z.infer<typeof AmoCrmUserList>;

export const AmoCrmUserParams = z.object({ amoUserId: z.coerce.number().pipe(AmoEntityId) });

export const AmoCrmUserLinkRequest = z.object({
  userId: z.uuid().describe('A manager here; their AMO ID becomes the amoCRM user id, replacing any they had'),
});
export type AmoCrmUserLinkRequest = z.infer<typeof AmoCrmUserLinkRequest>;

export const AmoCrmUserLinkResponse = z.object({ user: UserSummary });
export type AmoCrmUserLinkResponse = z.infer<typeof AmoCrmUserLinkResponse>;

export const ManagerFromAmoCrmRequest = z.object({
  departmentId: z
    .uuid()
    .optional()
    .describe("One of the administrator's departments; the administrator's current department when omitted"),
});
export type ManagerFromAmoCrmRequest = z.infer<typeof ManagerFromAmoCrmRequest>;

export const ManagerFromAmoCrmResponse = z.object({
  user: UserSummary,
  department: DepartmentRef,
  temporaryPassword: z
    .string()
    .describe("The new manager's password, returned this once and stored only hashed: the administrator passes it on"),
});
export type ManagerFromAmoCrmResponse = z.infer<typeof ManagerFromAmoCrmResponse>;
