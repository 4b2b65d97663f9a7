import { DEPARTMENT_NAME_MAX_LENGTH, DepartmentNaming, type Problem } from '@cm/contract';

/** A message key of the `departments` namespace (or `errors:CODE`) with its parameters. */
export type NameMessage = { key: string; values?: Record<string, number> };

/** The name as typed, checked with the contract's schema: the request, or why it cannot be sent. */
export function toDepartmentNaming(name: string): { input: DepartmentNaming | null; error: NameMessage | null } {
  const parsed = DepartmentNaming.safeParse({ name });
  if (parsed.success) return { input: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big') {
    return { input: null, error: { key: 'validation.tooLong', values: { count: DEPARTMENT_NAME_MAX_LENGTH } } };
  }
  return { input: null, error: { key: 'validation.required' } };
}

/** The field's message for a refused request, or null when the refusal is not about the name. */
export function serverNameError(code: string, problem: Problem | undefined): NameMessage | null {
  if (code === 'DEPARTMENT_NAME_TAKEN') return { key: 'validation.taken' };
  if (code === 'VALIDATION_FAILED' && problem?.errors?.some((error) => error.path === 'body.name')) {
    return { key: 'validation.required' };
  }
  return null;
}
