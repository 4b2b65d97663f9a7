import { describe, expect, it } from 'vitest';
import { auditActionsOf, auditActionWord, auditChangeText, auditDetailText, auditValueText } from './audit.js';

describe('the audit trail in words', () => {
  it('names known actions in either language and unknown ones by their code', () => {
    expect(auditActionWord('user.updated', 'en')).toBe('User changed');
    expect(auditActionWord('user.updated', 'ru')).toBe('Пользователь изменён');
    expect(auditActionWord('user.teleported', 'ru')).toBe('user.teleported');
  });

  it('writes values readably: codes in words, lists joined, nothing as a dash, never a password', () => {
    expect(auditValueText('role', 'worker', 'ru')).toBe('Сотрудник склада');
    expect(auditValueText('managementType', 'hybrid', 'en')).toBe('Hybrid');
    expect(auditValueText('departments', ['North', 'South'], 'en')).toBe('North, South');
    expect(auditValueText('amoId', null, 'en')).toBe('—');
    expect(auditValueText('password', 'secret', 'en')).toBe('set');
    expect(auditValueText('socialProfiles', { telegram: '@anna', vk: null }, 'en')).toBe('telegram: @anna');
    expect(auditValueText('generated', true, 'ru')).toBe('да');
  });

  it('writes a change and a detail in one line', () => {
    expect(auditChangeText({ field: 'role', before: 'manager', after: 'worker', beforeKnown: true }, 'en')).toBe(
      'Role: Manager → Worker',
    );
    expect(auditChangeText({ field: 'role', before: null, after: 'worker', beforeKnown: false }, 'en')).toBe(
      'Role: Worker',
    );
    expect(
      auditChangeText({ field: 'role', before: null, after: 'worker', beforeKnown: true }, 'en', 'user.created'),
    ).toBe('Role: Worker');
    expect(auditChangeText({ field: 'password', before: null, after: null, beforeKnown: true }, 'ru')).toBe(
      'Пароль: задан',
    );
    expect(auditDetailText('via', 'administration', 'en')).toBe('Made in: Users administration');
    expect(auditDetailText('frozen', [{ a: 1 }, { a: 2 }], 'en')).toBe('Frozen figures: 2');
  });

  it('expands groups of actions in a filter, each action once', () => {
    expect(auditActionsOf('passwords,password.changed,sign-in')).toEqual([
      'password.changed',
      'password.change-failed',
      'user.temporary-password-set',
      'sign-in',
    ]);
  });
});
