import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { departments } from './departments.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['administrator', 'manager', 'worker'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    amoId: bigint('amo_id', { mode: 'number' }),
    managementType: text('management_type', { enum: ['offline', 'online', 'hybrid'] }),
    avatar: text('avatar'),
    socialProfiles: jsonb('social_profiles').$type<Record<string, string>>().notNull().default({}),
    /** Interface language saved to the account, applied at every sign-in; null until chosen (ADR 0037). */
    locale: text('locale', { enum: ['en', 'ru'] }),
    /** Interface theme saved to the account, applied at every sign-in; `system` follows the device; null until chosen. */
    theme: text('theme', { enum: ['light', 'dark', 'system'] }),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Bumped whenever access rights change; access tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Department the user last worked in; sign-in resumes there. */
    lastDepartmentId: uuid('last_department_id').references(() => departments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_amo_id_unique').on(table.amoId),
    check('users_role_valid', sql`${table.role} in ('administrator', 'manager', 'worker')`),
    check('users_status_valid', sql`${table.status} in ('active', 'disabled')`),
    check(
      'users_management_type_valid',
      sql`${table.managementType} is null or ${table.managementType} in ('offline', 'online', 'hybrid')`,
    ),
    check('users_locale_valid', sql`${table.locale} is null or ${table.locale} in ('en', 'ru')`),
    check('users_theme_valid', sql`${table.theme} is null or ${table.theme} in ('light', 'dark', 'system')`),
  ],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.departmentId] }),
    index('user_departments_department_idx').on(table.departmentId),
  ],
);
