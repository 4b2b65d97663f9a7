import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const ORIGIN = 'https://office.example.com';

describe('safeRedirect', () => {
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
  ])('sends %s to the start page or a path of this site, never elsewhere', (target) => {
    const result = safeRedirect(target, ORIGIN);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
  });

  it('keeps a same-site path with its query and hash, normalised', () => {
    expect(safeRedirect('/transactions?type=issue#top', ORIGIN)).toBe('/transactions?type=issue#top');
    expect(safeRedirect('/components/./new', ORIGIN)).toBe('/components/new');
  });

  it('never returns to the sign-in page itself', () => {
    expect(safeRedirect('/auth/signin?redirect=/x', ORIGIN)).toBe('/');
    expect(safeRedirect(undefined, ORIGIN)).toBe('/');
  });
});
