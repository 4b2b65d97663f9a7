import { randomBytes } from 'node:crypto';
import type { ErrorCode, Problem } from '@cm/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, problemOf } from '../lib/app-error.js';
import { ReadersBusy } from '../lib/untrusted-files/run-in-worker.js';

/** Seconds a client is asked to wait when every reader of uploaded files is busy. */
const READERS_BUSY_RETRY_SECONDS = 5;

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.retryAfterSeconds !== undefined) reply.header('Retry-After', String(problem.retryAfterSeconds));
  return reply.status(problem.status).type('application/problem+json').send(problem);
}

/** Fastify's own client-error codes, mapped onto ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/**
 * The rule a field broke: zod's issue code, or for a contract's own check (a `custom` issue) the code it names
 * in its params (`threshold_not_increasing`), so that clients can word it.
 */
function ruleOf(issue: { keyword: string; params: Record<string, unknown> }): string {
  const named = (issue.params.params as { code?: unknown } | undefined)?.code;
  return issue.keyword === 'custom' && typeof named === 'string' ? named : issue.keyword;
}

function toProblem(error: FastifyError): Problem | null {
  if (error instanceof AppError) {
    return problemOf(error.code, {
      detail: error.message,
      ...(error.params.errors && { errors: error.params.errors }),
      ...(error.params.retryAfterSeconds !== undefined && { retryAfterSeconds: error.params.retryAfterSeconds }),
      ...(error.params.available !== undefined && { available: error.params.available }),
      ...(error.params.members !== undefined && { members: error.params.members }),
    });
  }
  if (error instanceof ReadersBusy) {
    return problemOf('SERVICE_UNAVAILABLE', { retryAfterSeconds: READERS_BUSY_RETRY_SECONDS });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = error.validationContext ?? 'body';
    return problemOf('VALIDATION_FAILED', {
      errors: error.validation.map((issue) => ({
        path: [location, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
        code: ruleOf(issue),
      })),
    });
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return problemOf(mapped);
  // JSON.parse failures surface as a SyntaxError with status 400 from the content-type parser.
  if (error instanceof SyntaxError && error.statusCode === 400) return problemOf('MALFORMED_JSON');
  const status = error.statusCode ?? 500;
  if (status === 403) return problemOf('FORBIDDEN');
  if (status === 404) return problemOf('NOT_FOUND');
  if (status === 405) return problemOf('METHOD_NOT_ALLOWED');
  if (status === 413) return problemOf('PAYLOAD_TOO_LARGE');
  if (status === 415) return problemOf('UNSUPPORTED_MEDIA_TYPE');
  if (status === 429) return problemOf('RATE_LIMITED');
  if (status >= 400 && status < 500) return problemOf('VALIDATION_FAILED', { status });
  return null;
}

/**
 * A new id for a failed request: random rather than Fastify's request id, which counts from 1 again at every start
 * and on every instance. The log line carries the request id beside it, which leads to the request's other lines.
 */
function newErrorId(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Renders every error, ours or the framework's, as `application/problem+json`. A 5xx never leaks internals: it carries
 * an error id instead, which its log line carries too, so that the id a user quotes finds the cause in the log.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toProblem(error);
    const problem = known ?? problemOf('INTERNAL_ERROR');
    if (problem.status < 500) return sendProblem(reply, problem);
    const errorId = newErrorId();
    request.log.error({ err: error, errorId }, known ? 'request failed' : 'unhandled error');
    return sendProblem(reply, { ...problem, errorId });
  });
});
