import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

const SECRET = 'an-app-secret-that-is-at-least-32-characters-long';

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(SECRET);
    const first = box.seal('long-lived token', 'settings.token');
    const second = box.seal('long-lived token', 'settings.token');
    expect(first).not.toBe(second);
    expect(first).not.toContain('long-lived');
    expect(box.open(first, 'settings.token')).toBe('long-lived token');
    expect(box.open(second, 'settings.token')).toBe('long-lived token');
  });

  it('refuses a value altered, sealed for another purpose, or sealed with another APP_SECRET', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('токен', 'settings.token');
    const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([version, iv, flipped.toString('base64url'), tag].join('.'), 'settings.token')).toThrow();
    expect(() => box.open(sealed, 'other.column')).toThrow();
    expect(() => createSecretBox(`${SECRET}-rotated`).open(sealed, 'settings.token')).toThrow();
    expect(() => box.open('plain text', 'settings.token')).toThrow(/known version/);
    expect(box.open(sealed, 'settings.token')).toBe('токен');
  });
});
