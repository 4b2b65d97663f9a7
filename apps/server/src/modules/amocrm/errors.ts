import type { AmoProblem } from './types.js';

/** Any failure to read from amoCRM: unreachable, out of retries, or an answer of an unexpected shape. */
export class AmoCrmError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AmoCrmError';
  }
}

/** amoCRM refused the long-lived token (401). Retrying cannot help: the sync stops until the token is replaced. */
export class AmoCrmTokenInvalidError extends AmoCrmError {
  constructor(readonly problem: AmoProblem) {
    super('amoCRM token invalid or expired');
    this.name = 'AmoCrmTokenInvalidError';
  }
}

/**
 * amoCRM answered with an error status, carrying its problem+json body when it sent one, and how long it
 * asked to wait when that was too long to wait for.
 */
export class AmoCrmRequestError extends AmoCrmError {
  constructor(
    readonly status: number,
    readonly problem: AmoProblem,
    readonly path: string,
    readonly retryAfterMs?: number,
  ) {
    const wait =
      retryAfterMs === undefined ? '' : ` (it asks to wait ${Math.ceil(retryAfterMs / 1000)} s before retrying)`;
    super(`amoCRM answered ${status} to ${path}${problem.detail ? `: ${problem.detail}` : ''}${wait}`);
    this.name = 'AmoCrmRequestError';
  }
}
