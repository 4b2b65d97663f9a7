import { describe, expect, it } from 'vitest';
import { emptyUserValues, serverUserErrors, toUserInput, userValuesOf } from './user-form-values';

const DEPARTMENT = '6f1c2a3e-1111-4222-8333-944455556666';

function filled() {
  return {
    ...emptyUserValues([DEPARTMENT]),
    name: '  Anna Petrova ',
    email: ' anna@example.com ',
    role: 'manager' as const,
    amoId: ' 5551 ',
    managementType: 'online' as const,
    password: 'long enough',
  };
}

describe('the user form', () => {
  it('turns what was typed into the contract input', () => {
    expect(toUserInput(filled(), true)).toEqual({
      input: {
        name: 'Anna Petrova',
        email: 'anna@example.com',
        role: 'manager',
        departmentIds: [DEPARTMENT],
        amoId: 5551,
        managementType: 'online',
        password: 'long enough',
        temporaryPassword: true,
      },
      errors: {},
    });
    expect(toUserInput({ ...filled(), temporaryPassword: false }, true).input).toMatchObject({
      temporaryPassword: false,
    });
    // An edit sends no password, and a blank AMO ID is none.
    expect(toUserInput({ ...filled(), amoId: '', password: '' }, false).input).toEqual({
      name: 'Anna Petrova',
      email: 'anna@example.com',
      role: 'manager',
      departmentIds: [DEPARTMENT],
      amoId: null,
      managementType: 'online',
    });
  });

  it('names each wrong field with its message', () => {
    const { input, errors } = toUserInput(
      { ...emptyUserValues(), email: 'not an address', amoId: '12a', password: 'short' },
      true,
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      name: { key: 'validation.required' },
      email: { key: 'validation.email' },
      departmentIds: { key: 'validation.departments' },
      amoId: { key: 'validation.amoId' },
      password: { key: 'validation.password', values: { count: 8 } },
    });
    expect(toUserInput({ ...filled(), amoId: '0' }, true).errors).toEqual({ amoId: { key: 'validation.amoId' } });
    expect(toUserInput({ ...filled(), name: 'x'.repeat(201) }, true).errors).toEqual({
      name: { key: 'validation.tooLong', values: { count: 200 } },
    });
  });

  it("puts the server's refusals on their fields", () => {
    expect(serverUserErrors('EMAIL_TAKEN', undefined)).toEqual({ email: { key: 'errors:EMAIL_TAKEN' } });
    expect(serverUserErrors('AMO_ID_TAKEN', undefined)).toEqual({ amoId: { key: 'errors:AMO_ID_TAKEN' } });
    expect(serverUserErrors('LAST_ADMINISTRATOR', undefined)).toEqual({ role: { key: 'errors:LAST_ADMINISTRATOR' } });
    expect(
      serverUserErrors('VALIDATION_FAILED', {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: '',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'body.departmentIds.1', message: 'No such department', code: 'not_found' }],
      }),
    ).toEqual({ departmentIds: { key: 'validation.departmentGone' } });
  });

  it('shows a saved user as they are', () => {
    expect(
      userValuesOf({
        id: DEPARTMENT,
        name: 'Anna',
        email: 'anna@example.com',
        role: 'manager',
        amoId: 5551,
        managementType: null,
        departments: [{ id: DEPARTMENT, name: 'North' }],
        status: 'active',
        twoFactorEnabled: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    ).toEqual({
      ...emptyUserValues([DEPARTMENT]),
      name: 'Anna',
      email: 'anna@example.com',
      role: 'manager',
      amoId: '5551',
    });
  });
});
