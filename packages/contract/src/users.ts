import { z } from 'zod';

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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** Bundled avatar used whenever a user has none of their own. */
export const DEFAULT_AVATAR_PATH = '/avatars/default.svg';
