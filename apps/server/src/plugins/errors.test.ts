import { Problem } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../test/app.js';
import { capturedLogLines } from '../../test/log-lines.js';
import { AppError } from '../lib/app-error.js';
import { PUBLIC } from './auth.js';

const app = await buildTestApp({ LOG_LEVEL: 'info' });
const written = capturedLogLines(app);
const logLines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
// Registered before the app is ready: a fault nobody foresaw, and a failure of our own with a 5xx status.
app.get('/api/test/fault', { config: { access: PUBLIC } }, async () => {
  throw new Error('connection to postgres://report:hunter2@db.internal refused');
});
app.get('/api/test/unavailable', { config: { access: PUBLIC } }, async () => {
  throw new AppError('SERVICE_UNAVAILABLE', { detail: 'The database is not reachable.' });
});

const errorLinesWith = (errorId: unknown) => logLines().filter((line) => line.level === 50 && line.errorId === errorId);

describe('an error id on every 5xx', () => {
  it('answers an unforeseen fault with 500, an error id and nothing of the fault; the log line has the id and the cause', async () => {
    const response = await call(app, 'GET', '/api/test/fault');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = Problem.parse(response.json());
    expect(problem).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(problem.errorId).toMatch(/^[0-9a-f]{16}$/);
    expect(response.body).not.toContain('hunter2');

    const [line, ...more] = errorLinesWith(problem.errorId);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ msg: 'unhandled error', err: { message: expect.stringContaining('hunter2') } });
    // The request id beside it leads to the request's other lines.
    const requestLines = logLines().filter((other) => other.reqId === line?.reqId);
    expect(requestLines.map((other) => other.msg)).toEqual([
      'incoming request',
      'unhandled error',
      'request completed',
    ]);
  });

  it('gives a 5xx of our own an id too, and every failure an id of its own', async () => {
    const ids = new Set<string | undefined>();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await call(app, 'GET', '/api/test/unavailable');
      expect(response.statusCode).toBe(503);
      const problem = Problem.parse(response.json());
      expect(problem).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'The database is not reachable.' });
      expect(errorLinesWith(problem.errorId)).toEqual([expect.objectContaining({ msg: 'request failed' })]);
      ids.add(problem.errorId);
    }
    expect(ids.size).toBe(3);
  });

  it('gives a refusal no id and logs it as no error', async () => {
    const before = logLines().length;
    for (const [url, status] of [
      ['/api/test/nowhere', 404],
      ['/api/auth/me', 401],
    ] as const) {
      const response = await call(app, 'GET', url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).not.toHaveProperty('errorId');
    }
    expect(
      logLines()
        .slice(before)
        .filter((line) => Number(line.level) >= 50),
    ).toEqual([]);
  });
});
