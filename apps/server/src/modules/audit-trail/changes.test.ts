import { describe, expect, it } from 'vitest';
import { changesOf } from './changes.js';

const NO_DEPARTMENTS = { current: null, previous: null };
const read = (action: string, details: Record<string, unknown>) => changesOf(action, details, NO_DEPARTMENTS);

describe('an audit entry read as changes', () => {
  it('says a password was set, never with a value, and keeps the rest as details', () => {
    expect(read('user.temporary-password-set', { generated: true })).toEqual({
      changes: [{ field: 'password', before: null, after: null, beforeKnown: true }],
      details: { generated: true },
    });
    expect(read('password.changed', { endedSessions: 2 })).toEqual({
      changes: [{ field: 'password', before: null, after: null, beforeKnown: true }],
      details: { endedSessions: 2 },
    });
  });

  it('reads one value before and after as the field its action changes', () => {
    expect(read('profile.name-changed', { before: 'Anna', after: 'Anna K.' }).changes).toEqual([
      { field: 'name', before: 'Anna', after: 'Anna K.', beforeKnown: true },
    ]);
    expect(read('profile.avatar-changed', { before: null, after: '/avatars/fox.svg' }).changes).toEqual([
      { field: 'avatar', before: null, after: '/avatars/fox.svg', beforeKnown: true },
    ]);
    const before = { telegram: '@anna', vk: null };
    const after = { telegram: '@anna_k', vk: 'anna' };
    expect(read('profile.social-profiles-changed', { before, after }).changes).toEqual([
      { field: 'socialProfiles', before, after, beforeKnown: true },
    ]);
    const terms = { tiers: [{ from: 0, percent: 5 }] };
    expect(
      read('bonus_scheme.saved', { managementType: 'online', effectiveFrom: '2026-01', before: null, after: terms }),
    ).toEqual({
      changes: [{ field: 'terms', before: null, after: terms, beforeKnown: true }],
      details: { managementType: 'online', effectiveFrom: '2026-01' },
    });
  });

  it("reads departments' shapes", () => {
    expect(read('department.created', { name: 'Kazan' })).toEqual({
      changes: [{ field: 'name', before: null, after: 'Kazan', beforeKnown: true }],
      details: {},
    });
    expect(read('department.renamed', { before: { name: 'Kazan' }, after: { name: 'Kazan Sales' } }).changes).toEqual([
      { field: 'name', before: 'Kazan', after: 'Kazan Sales', beforeKnown: true },
    ]);
    expect(read('department.archived', {})).toEqual({ changes: [], details: {} });
    expect(changesOf('department.switch', { from: null }, { current: 'Kazan', previous: null }).changes).toEqual([
      { field: 'currentDepartment', before: null, after: 'Kazan', beforeKnown: true },
    ]);
  });

  it('keeps what sessions and months record as details', () => {
    expect(read('session.signed-out', { sessionId: 'f1' })).toEqual({ changes: [], details: { sessionId: 'f1' } });
    expect(read('session.others-signed-out', { count: 3 })).toEqual({ changes: [], details: { count: 3 } });
    expect(read('sales_month.closed', { month: '2026-10', managers: 4, bonusMinor: 100 })).toEqual({
      changes: [],
      details: { month: '2026-10', managers: 4, bonusMinor: 100 },
    });
  });

  it('leaves the role and departments of other actions alone, and never fails on a shape it does not know', () => {
    expect(read('user.updated', { role: 'worker', departments: null, via: 'operator' })).toEqual({
      changes: [{ field: 'role', before: null, after: 'worker', beforeKnown: false }],
      details: { via: 'operator' },
    });
    expect(read('sales_month.reopened', { month: '2026-10', role: 'x' }).changes).toEqual([]);
    expect(read('something.new', { before: 1, after: 2, extra: [1, 2] })).toEqual({
      changes: [{ field: 'value', before: 1, after: 2, beforeKnown: true }],
      details: { extra: [1, 2] },
    });
  });
});
