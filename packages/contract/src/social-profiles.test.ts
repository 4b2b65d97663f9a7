import { describe, expect, it } from 'vitest';
import {
  normaliseSocialProfile,
  SocialProfilesChange,
  socialProfileLink,
  socialProfilesOf,
  socialProfileText,
} from './social-profiles.js';

describe('social profiles as people type them', () => {
  it.each([
    ['telegram', '  @Anna_Petrova ', 'anna_petrova'],
    ['telegram', 'http://telegram.me/anna_petrova', 'anna_petrova'],
    ['telegram', 'https://www.t.me/anna_petrova#top', 'anna_petrova'],
    ['whatsapp', '+1 (415) 555-2671', '+14155552671'],
    ['whatsapp', '+49.151.1234.5678', '+4915112345678'],
    ['whatsapp', 'wa.me/79123456789?text=hi', '+79123456789'],
    ['vk', '@anna.petrova', 'anna.petrova'],
    ['vk', 'https://vk.ru/ID777', 'id777'],
    ['linkedin', 'https://de.linkedin.com/in/anna-petrova-42', 'anna-petrova-42'],
  ] as const)('reads %s %j as %j', (network, typed, canonical) => {
    expect(normaliseSocialProfile(network, typed)).toBe(canonical);
    // The canonical value reads as itself, so a stored value can be checked by reading it again.
    expect(normaliseSocialProfile(network, canonical)).toBe(canonical);
  });

  it.each([
    ['telegram', 'anna'],
    ['telegram', '_anna_petrova'],
    ['telegram', `a${'b'.repeat(32)}`],
    ['telegram', 't.me/joinchat/abcdef'],
    ['whatsapp', '79123456789'],
    ['whatsapp', '+7 912 345 67 89 ext 5'],
    ['vk', 'vk.com/anna..petrova'],
    ['vk', 'anna.'],
    ['linkedin', 'linkedin.com/in/anna/details'],
    ['linkedin', 'https://linkedin.com.evil.example/in/anna'],
    ['linkedin', '-anna'],
  ] as const)('refuses %s %j', (network, typed) => {
    expect(normaliseSocialProfile(network, typed)).toBeNull();
  });

  it('writes links and texts from canonical values', () => {
    expect(socialProfileLink('telegram', 'anna_p')).toBe('https://t.me/anna_p');
    expect(socialProfileLink('whatsapp', '+79123456789')).toBe('https://wa.me/79123456789');
    expect(socialProfileLink('vk', 'id1')).toBe('https://vk.com/id1');
    expect(socialProfileLink('linkedin', 'anna-p')).toBe('https://www.linkedin.com/in/anna-p');
    expect(socialProfileText('telegram', 'anna_p')).toBe('@anna_p');
    expect(socialProfileText('linkedin', 'anna-p')).toBe('linkedin.com/in/anna-p');
  });

  it('reads a change into canonical values, with the network of each refusal as its path', () => {
    expect(SocialProfilesChange.parse({ telegram: '@Anna_P1', vk: '', linkedin: null })).toEqual({
      telegram: 'anna_p1',
      vk: null,
      linkedin: null,
    });
    const refused = SocialProfilesChange.safeParse({ telegram: 'ok_name', whatsapp: '12' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path)).toEqual([['whatsapp']]);
  });

  it('shows of a stored value only known networks in canonical form', () => {
    expect(socialProfilesOf({ telegram: 'anna_p', vk: 'Not Canonical', facebook: 'x' })).toEqual({
      telegram: 'anna_p',
      whatsapp: null,
      vk: null,
      linkedin: null,
    });
    expect(socialProfilesOf(null)).toEqual({ telegram: null, whatsapp: null, vk: null, linkedin: null });
  });
});
