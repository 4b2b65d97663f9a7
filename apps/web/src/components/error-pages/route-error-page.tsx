import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorIdOf } from './error-id';
import { ErrorPage } from './error-page';
import { ServerErrorPage } from './server-error-page';
import { ServerUnreachablePage } from './server-unreachable-page';

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

/** No answer came, or one from a proxy in front of a server that is down. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'SERVICE_UNAVAILABLE');
}

/** Error boundary of the routes: 403 for a refused screen, 503 while the API is unreachable, else 500. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isRefusal(error)) return <ErrorPage kind="403" />;
  if (isUnreachable(error)) {
    // Resetting the boundary alone does not re-run a failed route guard; invalidating the router does.
    const back = () => {
      reset();
      void router.invalidate();
    };
    return <ServerUnreachablePage onBack={back} />;
  }
  return <FailedScreen error={error} />;
}

function FailedScreen({ error }: { error: unknown }) {
  const [errorId] = useState(() => errorIdOf(error));
  // Beside the error the console shows (main.tsx): a browser's own id leads there.
  useEffect(() => console.error(`Error id ${errorId}`), [errorId]);
  return <ServerErrorPage errorId={errorId} />;
}
