import { z } from 'zod';
import { Locale } from './languages.js';
import { SocialProfiles } from './social-profiles.js';

export const Role = z.enum(['administrator', 'manager', 'worker']);
export type Role = z.infer<typeof Role>;

/** Accepts a role in any letter case ("Administrator") and yields the canonical lower-case value. */
export const RoleInput = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(Role);

export const ManagementType = z.enum(['offline', 'online', 'hybrid']);
export type ManagementType = z.infer<typeof ManagementType>;

export const DepartmentRef = z
  .object({
    id: z.uuid(),
    name: z.string(),
  })
  .meta({ id: 'DepartmentRef' });
export type DepartmentRef = z.infer<typeof DepartmentRef>;

/** amoCRM user id of a sales manager. */
export const AmoId = z.number().int().positive();

/** The signed-in user as PRODUCT.md §7 fixes it. */
export const User = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: Role,
    avatar: z.string().describe('Always a usable image path; the bundled default when none is set'),
    amoId: AmoId.nullable(),
    managementType: ManagementType.nullable(),
    currentDepartment: DepartmentRef.nullable(),
    departments: z.array(DepartmentRef),
    socialProfiles: SocialProfiles,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** The interface theme a person chose: `system` follows the device's light or dark preference live. */
export const ThemeSetting = z.enum(['light', 'dark', 'system']);
export type ThemeSetting = z.infer<typeof ThemeSetting>;

/**
 * The signed-in user as login, the department switch and `/auth/me` answer it: the `user` of PRODUCT.md §7
 * with the language and theme saved to the account, which the web applies at every sign-in.
 */
export const SignedInUser = User.extend({
  locale: Locale.nullable().describe(
    'Interface language saved to the account; null: not chosen, the browser keeps its own',
  ),
  theme: ThemeSetting.nullable().describe(
    'Interface theme saved to the account; null: not chosen, the browser keeps its own',
  ),
  mustChangePassword: z
    .boolean()
    .describe(
      'Set by a temporary password: until it is changed, the account may call only /auth/me, the refresh, sign-out and POST /profile/password (others answer 403 PASSWORD_CHANGE_REQUIRED)',
    ),
  mustSetUpTwoFactor: z
    .boolean()
    .describe(
      'An administrator while the security policy requires two-factor sign-in they have not turned on: until they do, the account may call only /auth/me, the refresh, sign-out, POST /profile/password, GET /profile/two-factor and POST /profile/two-factor/setup and /enable (others answer 403 TWO_FACTOR_SETUP_REQUIRED)',
    ),
}).meta({ id: 'SignedInUser' });
export type SignedInUser = z.infer<typeof SignedInUser>;

/** Bundled avatar used whenever a user has none of their own. */
export const DEFAULT_AVATAR_PATH = '/avatars/default.svg';
