import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email.js';
import type { Locale } from './languages.js';
import { ExportOptions, Pagination, pageOf, SortOrder } from './lists.js';
import { AmoId, DepartmentRef, ManagementType, Role } from './users.js';

// Users administration (PRODUCT.md §4 "Users", administrators only): the directory of every user with
// their access, and what an administrator enters to create or change one.

export const UserStatus = z.enum(['active', 'disabled']);
export type UserStatus = z.infer<typeof UserStatus>;

/** A user as the users administration lists and shows them. */
export const ManagedUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: Role,
    amoId: AmoId.nullable(),
    managementType: ManagementType.nullable(),
    departments: z.array(DepartmentRef).describe('By name'),
    status: UserStatus.describe('`disabled`: deactivated, cannot sign in, every session ended'),
    twoFactorEnabled: z.boolean().describe('Sign-in asks this user for a code of their authenticator app'),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ManagedUser' });
export type ManagedUser = z.infer<typeof ManagedUser>;

const UserName = z.string().trim().min(1).max(200);
const UserEmail = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN }));

/** What an administrator sets on a user (a new one or an existing one); the e-mail and AMO ID are unique. */
export const UserChange = z.object({
  name: UserName,
  email: UserEmail.describe('Unique whatever its letter case; EMAIL_TAKEN (409) otherwise'),
  role: Role,
  departmentIds: z
    .array(z.uuid())
    .min(1)
    .max(100)
    .describe(
      'Every department the user belongs to; at least one. Unknown or archived ids fail with VALIDATION_FAILED; memberships of archived departments are kept',
    ),
  amoId: AmoId.nullable().default(null).describe('amoCRM user id; unique, AMO_ID_TAKEN (409) otherwise'),
  managementType: ManagementType.nullable().default(null),
});
export type UserChange = z.input<typeof UserChange>;

/** A new user: their fields and the password the administrator typed for them. */
export const UserCreate = UserChange.extend({
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  temporaryPassword: z
    .boolean()
    .default(false)
    .describe('The user must replace the password at their first sign-in; off when left out'),
});
export type UserCreate = z.input<typeof UserCreate>;

export const UserSort = z.enum(['name', 'email', 'role', 'amoId', 'status', 'createdAt']);
export type UserSort = z.infer<typeof UserSort>;

export const UserFilters = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Text found in the name or e-mail (any letter case), or digits of the AMO ID'),
  role: Role.optional(),
  departmentId: z.uuid().optional().describe('Users who belong to this department'),
  status: UserStatus.optional(),
  sort: UserSort.default('name'),
  order: SortOrder.default('asc'),
});
export const UserListQuery = UserFilters.extend(Pagination.shape);
export type UserListQuery = z.input<typeof UserListQuery>;
export const UserList = pageOf(ManagedUser);
export type UserList = z.infer<typeof UserList>;
export const UserExportQuery = UserFilters.extend(ExportOptions.shape);

/** Every department that is not archived, for choosing a user's departments. */
export const DepartmentList = z.object({ items: z.array(DepartmentRef) });
export type DepartmentList = z.infer<typeof DepartmentList>;

/** A status by name, on the screens and in exports. */
export const USER_STATUS_WORDS: Record<UserStatus, Record<Locale, string>> = {
  active: { en: 'Active', ru: 'Активен' },
  disabled: { en: 'Deactivated', ru: 'Деактивирован' },
};

/** A role by name, in exports (the screens have theirs in `common:roles`, the same words). */
export const ROLE_WORDS: Record<Role, Record<Locale, string>> = {
  administrator: { en: 'Administrator', ru: 'Администратор' },
  manager: { en: 'Manager', ru: 'Менеджер' },
  worker: { en: 'Worker', ru: 'Сотрудник склада' },
};
