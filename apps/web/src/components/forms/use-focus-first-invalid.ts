import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * After a refused submit, by the form's own checks (call the returned function) or by the server (`error`),
 * the first field in error gets the focus, so keyboard and screen-reader users land on it. The focus moves
 * after the render that marks the fields `aria-invalid`.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, error: unknown): () => void {
  const [request, setRequest] = useState(0);
  const requestFocus = useCallback(() => setRequest((count) => count + 1), []);
  useEffect(() => {
    if (request === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, form]);
  useEffect(() => {
    if (error) requestFocus();
  }, [error, requestFocus]);
  return requestFocus;
}
