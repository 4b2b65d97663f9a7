import { z } from 'zod';

// Departments administration (issue #26, administrators only): creating, renaming, archiving and restoring the
// departments people work in. An archived department leaves the switcher and every picker; its history stays.

/** Whether a department is in use or archived, as the list filters them. */
export const DepartmentStatus = z.enum(['active', 'archived']);
export type DepartmentStatus = z.infer<typeof DepartmentStatus>;

/** The longest department name. */
export const DEPARTMENT_NAME_MAX_LENGTH = 100;

/** A department as the departments administration lists it, with what would stop it being archived. */
export const AdministeredDepartment = z
  .object({
    id: z.uuid(),
    name: z.string(),
    members: z.number().int().nonnegative().describe('Users who belong to it, deactivated ones included'),
    soleMembers: z
      .number()
      .int()
      .nonnegative()
      .describe('Members for whom it is the only department not archived: while above 0, it cannot be archived'),
    holdsStock: z
      .boolean()
      .describe('Whether any of its locations holds a non-zero balance: then it cannot be archived'),
    status: DepartmentStatus,
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdministeredDepartment' });
export type AdministeredDepartment = z.infer<typeof AdministeredDepartment>;

export const DepartmentListQuery = z.object({
  status: DepartmentStatus.optional().describe('Only active or only archived departments; both when left out'),
});
export type DepartmentListQuery = z.input<typeof DepartmentListQuery>;

/** Every department (of the status asked for), by name. */
export const AdministeredDepartmentList = z
  .object({ items: z.array(AdministeredDepartment) })
  .meta({ id: 'AdministeredDepartmentList' });
export type AdministeredDepartmentList = z.infer<typeof AdministeredDepartmentList>;

/** A new department's name, or a department's new name: unique whatever its letter case, archived ones included. */
export const DepartmentNaming = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(DEPARTMENT_NAME_MAX_LENGTH)
      .describe(
        'Unique whatever its letter case, archived departments included; DEPARTMENT_NAME_TAKEN (409) otherwise',
      ),
  })
  .strict()
  .meta({ id: 'DepartmentNaming' });
export type DepartmentNaming = z.input<typeof DepartmentNaming>;
