import { z } from 'zod';
import { MANAGEMENT_TYPE_WORDS, YES_NO_WORDS } from './domain-words.js';
import type { Locale } from './languages.js';
import { CalendarDate, ExportOptions, Pagination, pageOf } from './lists.js';
import { ROLE_WORDS, USER_STATUS_WORDS } from './user-administration.js';
import { DepartmentRef } from './users.js';

// Audit trail (issue #26, administrators only): who did what, to whom, from where, with each change's value
// before and after. Read-only: nothing in it is ever edited or deleted.

/**
 * Every action the server records today. The list answers any action, known or not (a newer server may record
 * more than a client knows); only the filter is limited to these.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'sign-in.second-factor-failed',
  'sign-out',
  'session.reuse-detected',
  'session.signed-out',
  'session.others-signed-out',
  'department.switch',
  'password.changed',
  'password.change-failed',
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'user.temporary-password-set',
  'user.two-factor-reset',
  'two-factor.enabled',
  'two-factor.disabled',
  'two-factor.recovery-codes-replaced',
  'security-policy.changed',
  'maintenance.changed',
  'profile.name-changed',
  'profile.avatar-changed',
  'profile.social-profiles-changed',
  'department.created',
  'department.renamed',
  'department.archived',
  'department.restored',
  'bonus_scheme.saved',
  'bonus_scheme.deleted',
  'sales_month.closed',
  'sales_month.reopened',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** Families of actions a filter can name at once ("every sign-in", "every change of a user"). */
export const AUDIT_ACTION_GROUPS = {
  'sign-ins': [
    'sign-in',
    'sign-in.failed',
    'sign-in.second-factor-failed',
    'sign-out',
    'session.reuse-detected',
    'session.signed-out',
    'session.others-signed-out',
    'department.switch',
  ],
  'user-changes': [
    'user.created',
    'user.updated',
    'user.deactivated',
    'user.reactivated',
    'user.temporary-password-set',
  ],
  passwords: ['password.changed', 'password.change-failed', 'user.temporary-password-set'],
  'two-factor': [
    'two-factor.enabled',
    'two-factor.disabled',
    'two-factor.recovery-codes-replaced',
    'user.two-factor-reset',
    'sign-in.second-factor-failed',
    'security-policy.changed',
  ],
  'profile-changes': ['profile.name-changed', 'profile.avatar-changed', 'profile.social-profiles-changed'],
  departments: ['department.created', 'department.renamed', 'department.archived', 'department.restored'],
  sales: ['bonus_scheme.saved', 'bonus_scheme.deleted', 'sales_month.closed', 'sales_month.reopened'],
} as const satisfies Record<string, readonly AuditAction[]>;
export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;
export const AuditActionGroup = z.enum(Object.keys(AUDIT_ACTION_GROUPS) as [AuditActionGroup, ...AuditActionGroup[]]);

/** The actions an `action` filter names: its actions and its groups' actions, each once. */
export function auditActionsOf(filter: string): AuditAction[] {
  const actions = filter
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part): readonly AuditAction[] =>
      part in AUDIT_ACTION_GROUPS ? AUDIT_ACTION_GROUPS[part as AuditActionGroup] : [part as AuditAction],
    );
  return [...new Set(actions)];
}

const ActionFilter = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => AuditAction.safeParse(part).success || AuditActionGroup.safeParse(part).success),
    { message: `Name actions (${AUDIT_ACTIONS.join(', ')}) or groups (${AuditActionGroup.options.join(', ')})` },
  );

/** A person in the trail by name; null where nobody signed in did it (the command line, a sign-in with an unknown e-mail). */
export const AuditPerson = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'AuditPerson' });
export type AuditPerson = z.infer<typeof AuditPerson>;

/**
 * What an entry's change is about: a user's role, departments (by name), AMO ID, status, management type, name,
 * e-mail or password (set, never its value); a profile's avatar or social profiles; a session's current
 * department; a bonus scheme's terms. An unknown field is shown by its name.
 */
export const AUDIT_FIELDS = [
  'name',
  'email',
  'role',
  'departments',
  'amoId',
  'managementType',
  'status',
  'password',
  'avatar',
  'socialProfiles',
  'currentDepartment',
  'terms',
  'value',
  'requireTwoFactorForAdministrators',
  'maintenance',
  'maintenanceMessage',
  'maintenanceExpectedEnd',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

export const AuditChange = z
  .object({
    field: z.string().describe(`One of ${AUDIT_FIELDS.join(', ')}; a newer server may add others`),
    before: z.unknown().describe('The value before (null: none, or not recorded; see `beforeKnown`)'),
    after: z.unknown().describe('The value after (null: none); `password` has no values, only that it was set'),
    beforeKnown: z
      .boolean()
      .describe('False where the entry was written without the value before (entries older than the users screen)'),
  })
  .meta({ id: 'AuditChange' });
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    actor: AuditPerson.nullable(),
    action: z.string().describe(`One of ${AUDIT_ACTIONS.join(', ')}; a newer server may record others`),
    target: AuditPerson.nullable().describe('The user the action concerns'),
    department: DepartmentRef.nullable(),
    ip: z.string().nullable(),
    changes: z.array(AuditChange).describe('Each value changed, before and after'),
    details: z.record(z.string(), z.unknown()).describe('What else the entry recorded (how it was made, counts…)'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditFilters = z.object({
  actorId: z.uuid().optional().describe('Entries this user did'),
  targetId: z.uuid().optional().describe('Entries about this user'),
  userId: z.uuid().optional().describe('Entries this user did or that are about them (a user’s own trail)'),
  action: ActionFilter.optional().describe(
    'Comma-separated actions and/or groups of actions; VALIDATION_FAILED for an unknown one',
  ),
  from: CalendarDate.optional().describe('First day (inclusive), organisation time zone'),
  to: CalendarDate.optional().describe('Last day (inclusive), organisation time zone'),
  ip: z.string().trim().max(64).optional().describe('Address, or its beginning ("10.0.")'),
});
export const AuditListQuery = AuditFilters.extend(Pagination.shape);
export type AuditListQuery = z.input<typeof AuditListQuery>;
export const AuditList = pageOf(AuditEntry).meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;
export const AuditExportQuery = AuditFilters.extend(ExportOptions.shape);

/** Every user, for choosing whose trail to read (deactivated ones too: their past stays in it). */
export const AuditPeople = z.object({
  items: z.array(AuditPerson.extend({ email: z.string() })),
});
export type AuditPeople = z.infer<typeof AuditPeople>;

/** An action by name, on the screens and in exports; an action missing here is shown by its code. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, Record<Locale, string>> = {
  'sign-in': { en: 'Signed in', ru: 'Вход' },
  'sign-in.failed': { en: 'Sign-in failed', ru: 'Неудачный вход' },
  'sign-in.second-factor-failed': { en: 'Wrong sign-in code', ru: 'Неверный код входа' },
  'sign-out': { en: 'Signed out', ru: 'Выход' },
  'session.reuse-detected': { en: 'Stolen session ended', ru: 'Завершён похищенный сеанс' },
  'session.signed-out': { en: 'Session ended', ru: 'Сеанс завершён' },
  'session.others-signed-out': { en: 'Other sessions ended', ru: 'Другие сеансы завершены' },
  'department.switch': { en: 'Switched department', ru: 'Смена отдела' },
  'password.changed': { en: 'Password changed', ru: 'Пароль изменён' },
  'password.change-failed': { en: 'Password change failed', ru: 'Неудачная смена пароля' },
  'user.created': { en: 'User created', ru: 'Пользователь создан' },
  'user.updated': { en: 'User changed', ru: 'Пользователь изменён' },
  'user.deactivated': { en: 'User deactivated', ru: 'Пользователь деактивирован' },
  'user.reactivated': { en: 'User reactivated', ru: 'Пользователь активирован' },
  'user.temporary-password-set': { en: 'Temporary password set', ru: 'Задан временный пароль' },
  'user.two-factor-reset': { en: 'Two-factor sign-in reset', ru: 'Двухфакторный вход сброшен' },
  'two-factor.enabled': { en: 'Two-factor sign-in turned on', ru: 'Двухфакторный вход включён' },
  'two-factor.disabled': { en: 'Two-factor sign-in turned off', ru: 'Двухфакторный вход отключён' },
  'two-factor.recovery-codes-replaced': { en: 'Recovery codes replaced', ru: 'Коды восстановления заменены' },
  'security-policy.changed': { en: 'Security policy changed', ru: 'Политика безопасности изменена' },
  'maintenance.changed': { en: 'Maintenance mode changed', ru: 'Режим технических работ изменён' },
  'profile.name-changed': { en: 'Name changed', ru: 'Имя изменено' },
  'profile.avatar-changed': { en: 'Avatar changed', ru: 'Аватар изменён' },
  'profile.social-profiles-changed': { en: 'Social profiles changed', ru: 'Соцсети изменены' },
  'department.created': { en: 'Department created', ru: 'Отдел создан' },
  'department.renamed': { en: 'Department renamed', ru: 'Отдел переименован' },
  'department.archived': { en: 'Department archived', ru: 'Отдел в архиве' },
  'department.restored': { en: 'Department restored', ru: 'Отдел восстановлен' },
  'bonus_scheme.saved': { en: 'Bonus scheme saved', ru: 'Бонусная схема сохранена' },
  'bonus_scheme.deleted': { en: 'Bonus scheme deleted', ru: 'Бонусная схема удалена' },
  'sales_month.closed': { en: 'Month closed', ru: 'Месяц закрыт' },
  'sales_month.reopened': { en: 'Month reopened', ru: 'Месяц открыт заново' },
};

export const AUDIT_ACTION_GROUP_WORDS: Record<AuditActionGroup, Record<Locale, string>> = {
  'sign-ins': { en: 'Sign-ins and sessions', ru: 'Входы и сеансы' },
  'user-changes': { en: 'Changes of users', ru: 'Изменения пользователей' },
  passwords: { en: 'Passwords', ru: 'Пароли' },
  'two-factor': { en: 'Two-factor sign-in', ru: 'Двухфакторный вход' },
  'profile-changes': { en: 'Profile changes', ru: 'Изменения профиля' },
  departments: { en: 'Departments', ru: 'Отделы' },
  sales: { en: 'Bonus schemes and months', ru: 'Бонусные схемы и месяцы' },
};

export const AUDIT_FIELD_WORDS: Record<AuditField, Record<Locale, string>> = {
  name: { en: 'Name', ru: 'Имя' },
  email: { en: 'E-mail', ru: 'E-mail' },
  role: { en: 'Role', ru: 'Роль' },
  departments: { en: 'Departments', ru: 'Отделы' },
  amoId: { en: 'AMO ID', ru: 'AMO ID' },
  managementType: { en: 'Management type', ru: 'Тип управления' },
  status: { en: 'Status', ru: 'Статус' },
  password: { en: 'Password', ru: 'Пароль' },
  avatar: { en: 'Avatar', ru: 'Аватар' },
  socialProfiles: { en: 'Social profiles', ru: 'Соцсети' },
  currentDepartment: { en: 'Current department', ru: 'Текущий отдел' },
  terms: { en: 'Scheme terms', ru: 'Условия схемы' },
  value: { en: 'Value', ru: 'Значение' },
  requireTwoFactorForAdministrators: {
    en: 'Two-factor sign-in required of administrators',
    ru: 'Двухфакторный вход обязателен для администраторов',
  },
  maintenance: { en: 'Maintenance mode', ru: 'Режим технических работ' },
  maintenanceMessage: { en: 'Maintenance message', ru: 'Сообщение о технических работах' },
  maintenanceExpectedEnd: { en: 'Expected end of maintenance', ru: 'Ожидаемое окончание технических работ' },
};

/** What else an entry records, by name; an unknown detail is shown by its key. */
export const AUDIT_DETAIL_WORDS: Record<string, Record<Locale, string>> = {
  via: { en: 'Made in', ru: 'Где сделано' },
  // A department's archiving and restoring name it.
  name: { en: 'Department', ru: 'Отдел' },
  sessionId: { en: 'Session', ru: 'Сеанс' },
  count: { en: 'Sessions ended', ru: 'Завершено сеансов' },
  endedSessions: { en: 'Sessions ended', ru: 'Завершено сеансов' },
  generated: { en: 'Generated', ru: 'Сгенерирован' },
  month: { en: 'Month', ru: 'Месяц' },
  managers: { en: 'Managers', ru: 'Менеджеров' },
  bonusMinor: { en: 'Bonuses (minor units)', ru: 'Бонусы (в минимальных единицах)' },
  managementType: { en: 'Management type', ru: 'Тип управления' },
  effectiveFrom: { en: 'Effective from', ru: 'Действует с' },
  frozen: { en: 'Frozen figures', ru: 'Зафиксированные показатели' },
  secondFactor: { en: 'Second factor', ru: 'Второй фактор' },
};

/** Where a change was made (`details.via`). */
export const AUDIT_VIA_WORDS: Record<string, Record<Locale, string>> = {
  administration: { en: 'Users administration', ru: 'Управление пользователями' },
  operator: { en: 'Command line or demo data', ru: 'Командная строка или демо-данные' },
  'amocrm-users': { en: 'amoCRM users', ru: 'Пользователи amoCRM' },
};

/** How a sign-in passed its second factor (`details.secondFactor`). */
export const AUDIT_SECOND_FACTOR_WORDS: Record<string, Record<Locale, string>> = {
  app: { en: 'Authenticator app', ru: 'Приложение-аутентификатор' },
  'recovery-code': { en: 'Recovery code', ru: 'Код восстановления' },
};

/** An action in words, or its code when this client does not know it (recorded by a newer server). */
export function auditActionWord(action: string, lang: Locale): string {
  return (AUDIT_ACTION_WORDS as Record<string, Record<Locale, string>>)[action]?.[lang] ?? action;
}

/** A changed field in words, or its name when unknown. */
export function auditFieldWord(field: string, lang: Locale): string {
  return (AUDIT_FIELD_WORDS as Record<string, Record<Locale, string>>)[field]?.[lang] ?? field;
}

/** Words for the values of fields that hold a code (a role, a status, a management type). */
const CODE_WORDS: Record<string, Record<string, Record<Locale, string>>> = {
  via: AUDIT_VIA_WORDS,
  secondFactor: AUDIT_SECOND_FACTOR_WORDS,
  role: ROLE_WORDS,
  status: USER_STATUS_WORDS,
  managementType: MANAGEMENT_TYPE_WORDS,
};

const PASSWORD_SET_WORDS: Record<Locale, string> = { en: 'set', ru: 'задан' };

/**
 * A value of a change or detail as people read it: codes in words, lists joined, nothing as "—"; a password
 * only as "set". Anything else (a scheme's terms, a newer server's values) as its JSON.
 */
export function auditValueText(field: string, value: unknown, lang: Locale): string {
  if (field === 'password') return PASSWORD_SET_WORDS[lang];
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return CODE_WORDS[field]?.[value]?.[lang] ?? value;
  if (typeof value === 'boolean') return YES_NO_WORDS[lang][value ? 'yes' : 'no'];
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.length === 0 ? '—' : value.join(', ');
  }
  // A flat record (social profiles by network) as its filled entries: "telegram: @anna, vk: anna".
  if (typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.every(([, item]) => item === null || typeof item === 'string' || typeof item === 'number')) {
      const filled = entries.filter(([, item]) => item !== null && item !== '');
      return filled.length === 0 ? '—' : filled.map(([key, item]) => `${key}: ${item}`).join(', ');
    }
  }
  return JSON.stringify(value);
}

/** Whether an action brings something new into being: its changes have no value before, and say only the new one. */
export function isCreation(action: string): boolean {
  return action.endsWith('.created');
}

/**
 * A change in one line: "Role: Worker → Manager", "Password: set"; a value before that was not recorded, or that
 * nothing had because the action created it, is left out ("Role: Manager").
 */
export function auditChangeText(change: AuditChange, lang: Locale, action = ''): string {
  const field = auditFieldWord(change.field, lang);
  const after = auditValueText(change.field, change.after, lang);
  if (change.field === 'password' || !change.beforeKnown || isCreation(action)) return `${field}: ${after}`;
  return `${field}: ${auditValueText(change.field, change.before, lang)} → ${after}`;
}

/** A detail in one line: "Made in: Users administration". */
export function auditDetailText(key: string, value: unknown, lang: Locale): string {
  const shown = Array.isArray(value) && value.some((item) => typeof item === 'object') ? value.length : value;
  return `${AUDIT_DETAIL_WORDS[key]?.[lang] ?? key}: ${auditValueText(key, shown, lang)}`;
}
