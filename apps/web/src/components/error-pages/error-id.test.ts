import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { errorIdOf } from './error-id';

const problem = {
  type: 'about:blank',
  title: 'Internal Server Error',
  status: 500,
  detail: 'Something went wrong on the server.',
  code: 'INTERNAL_ERROR',
} as const;

describe('the error id a user quotes', () => {
  it("is the server's when the API answered with one", () => {
    expect(errorIdOf(new ApiError(500, 'INTERNAL_ERROR', { ...problem, errorId: '5c0ffee15badf00d' }))).toBe(
      '5c0ffee15badf00d',
    );
  });

  it("is the browser's own, new each time, when no server id came with the error", () => {
    const errors = [
      new TypeError("Cannot read properties of undefined (reading 'name')"),
      new ApiError(0, 'NETWORK_ERROR'),
      // A proxy's 502 page, or a server of another version that sends no id.
      new ApiError(502, 'SERVICE_UNAVAILABLE'),
      new ApiError(500, 'INTERNAL_ERROR', problem),
      'a thrown string',
    ];
    const ids = errors.map(errorIdOf);
    for (const id of ids) expect(id).toMatch(/^web-[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(errors.length);
  });
});
