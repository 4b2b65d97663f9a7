/** A form's errors without the one of a field just changed: the same object when it had none, so nothing re-renders. */
export function withoutError<Errors extends object>(errors: Errors, field: PropertyKey): Errors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field as keyof Errors];
  return next;
}
