import { DEPARTMENT_NAME_MAX_LENGTH } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { serverNameError, toDepartmentNaming } from './naming-values';

describe('a department name as typed', () => {
  it('is sent trimmed', () => {
    expect(toDepartmentNaming('  North  ')).toEqual({ input: { name: 'North' }, error: null });
  });

  it('is required and has a longest length', () => {
    expect(toDepartmentNaming('   ').error).toEqual({ key: 'validation.required' });
    expect(toDepartmentNaming('x'.repeat(DEPARTMENT_NAME_MAX_LENGTH + 1)).error).toEqual({
      key: 'validation.tooLong',
      values: { count: DEPARTMENT_NAME_MAX_LENGTH },
    });
    expect(toDepartmentNaming('x'.repeat(DEPARTMENT_NAME_MAX_LENGTH)).input).not.toBeNull();
  });

  it("shows the server's refusal of a taken name on the field, and leaves other refusals to the form", () => {
    expect(serverNameError('DEPARTMENT_NAME_TAKEN', undefined)).toEqual({ key: 'validation.taken' });
    expect(serverNameError('INTERNAL_ERROR', undefined)).toBeNull();
  });
});
