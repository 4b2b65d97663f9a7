import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessClaims, AccessTokens } from './access-token.js';

const claims: AccessClaims = {
  userId: '00000000-0000-4000-8000-000000000001',
  role: 'worker',
  departmentId: null,
  tokenVersion: 3,
  sessionId: '00000000-0000-4000-8000-000000000002',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verify to the claims they were signed with, again and again', async () => {
    const tokens = new AccessTokens('a secret long enough for the tests', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('expire even once verified', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new AccessTokens('a secret long enough for the tests', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuse a token with a changed payload or signed with another secret, beside a verified one', async () => {
    const tokens = new AccessTokens('a secret long enough for the tests', 60);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'administrator' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${admin}.${signature}`)).toBeNull();
    const foreign = await new AccessTokens('another secret entirely, also long', 60).sign(claims);
    expect(await tokens.verify(foreign)).toBeNull();
    expect(await tokens.verify('not a token')).toBeNull();
  });
});
