import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client';
import { ErrorPage } from './error-page';

/** Thrown by a route whose screen the user's role may not open. */
export class ForbiddenError extends Error {
  constructor() {
    super('forbidden');
    this.name = 'ForbiddenError';
  }
}

/** A screen the user may not open: an answer the 403 page gives, not a fault. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ForbiddenError || (error instanceof ApiError && error.status === 403);
}

/** Error boundary of the routes: 403 for a refused screen, 503 when the API is unreachable, else 500. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // Resetting the boundary alone does not re-run a failed route guard; invalidating the router does.
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (isRefusal(error)) {
    return <ErrorPage kind="403" />;
  }
  if (error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'SERVICE_UNAVAILABLE')) {
    return <ErrorPage kind="503" onRetry={retry} />;
  }
  return <ErrorPage kind="500" onRetry={retry} />;
}
