import type { AuditChange } from '@cm/contract';

/** Actions whose `{before, after}` is one value rather than an object of fields. */
const WHOLE_VALUE_FIELDS: Record<string, string> = {
  'profile.name-changed': 'name',
  'profile.avatar-changed': 'avatar',
  'profile.social-profiles-changed': 'socialProfiles',
  'bonus_scheme.saved': 'terms',
  'bonus_scheme.deleted': 'terms',
};

/** Actions that set a password: the entry says so, never with a value. */
const PASSWORD_SETTERS = new Set(['password.changed', 'user.temporary-password-set']);

type Details = Record<string, unknown>;

/** Names the entry's departments are shown by, read with it. */
export type DepartmentNames = { current: string | null; previous: string | null };

function isFields(value: unknown): value is Details | null {
  return value === null || (typeof value === 'object' && !Array.isArray(value));
}

function change(field: string, before: unknown, after: unknown, beforeKnown = true): AuditChange {
  return { field, before: before ?? null, after: after ?? null, beforeKnown };
}

/**
 * An entry's recorded details as the changes it made and the rest. The log holds the shapes each writer chose
 * over time: `{before, after}` of fields (the users administration, department renames) or of one value (a
 * name, an avatar, a scheme's terms), `{amoId, previousAmoId}` (amoCRM users), `{role, departments}` (the
 * command line and the first users code, which kept no value before: such changes say `beforeKnown: false`
 * rather than guess one), `{name}` (a new department) and `{from}` (a department switch, by id).
 */
export function changesOf(
  action: string,
  recorded: Details,
  departments: DepartmentNames,
): { changes: AuditChange[]; details: Details } {
  const details: Details = { ...recorded };
  const take = (key: string) => {
    const value = details[key];
    delete details[key];
    return value;
  };
  const changes: AuditChange[] = [];
  if (PASSWORD_SETTERS.has(action)) changes.push(change('password', null, null));

  if ('before' in details || 'after' in details) {
    const before = take('before');
    const after = take('after');
    const whole = WHOLE_VALUE_FIELDS[action];
    if (whole === undefined && isFields(before ?? null) && isFields(after ?? null)) {
      const was = (before ?? {}) as Details;
      const is = (after ?? {}) as Details;
      for (const field of new Set([...Object.keys(is), ...Object.keys(was)])) {
        // A new user's empty fields (no AMO ID yet) are no change.
        if ((was[field] ?? null) === null && (is[field] ?? null) === null) continue;
        changes.push(change(field, was[field], is[field]));
      }
    } else {
      changes.push(change(whole ?? 'value', before, after));
    }
  }

  if ('previousAmoId' in details) {
    const previous = take('previousAmoId');
    changes.push(change('amoId', previous, take('amoId')));
  }

  if (action === 'user.created' || action === 'user.updated') {
    const created = action === 'user.created';
    if ('role' in details) changes.push(change('role', null, take('role'), created));
    // `null`: the command line left the user's departments as they were.
    if ('departments' in details) {
      const names = take('departments');
      if (names !== null) changes.push(change('departments', null, names, created));
    }
  }

  if (action === 'department.created' && 'name' in details) changes.push(change('name', null, take('name')));

  if (action === 'department.switch' && 'from' in details) {
    take('from');
    changes.push(change('currentDepartment', departments.previous, departments.current));
  }

  return { changes, details };
}
