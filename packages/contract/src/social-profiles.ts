import { z } from 'zod';

// A person's social profiles (PRODUCT.md §5 "Profile"): a fixed list of networks, each kept in one canonical
// form whatever way it was typed (a handle, a link, a phone number with spaces), so that every screen builds the
// same link from it. The server and the settings form read what people type with the same functions.

export const SOCIAL_NETWORKS = ['telegram', 'whatsapp', 'vk', 'linkedin'] as const;
export const SocialNetwork = z.enum(SOCIAL_NETWORKS);
export type SocialNetwork = z.infer<typeof SocialNetwork>;

/** Longer than any address of the four networks; a value past it is refused before it is read. */
export const SOCIAL_PROFILE_MAX_LENGTH = 200;

/** `https://`, `http://` or neither, then an optional `www.` or `m.` (mobile) before the host. */
function withoutHost(text: string, hosts: RegExp): string | null {
  const match = new RegExp(`^(?:https?://)?(?:(?:www|m)\\.)?${hosts.source}/(.*)$`, 'i').exec(text);
  if (!match) return null;
  // The path's first segment names the profile; a query, a fragment or a trailing slash are not part of it.
  return (match[1] ?? '').replace(/[?#].*$/, '').replace(/\/+$/, '');
}

/**
 * Telegram usernames: 5 to 32 Latin letters, digits and underscores, starting with a letter, not ending with an
 * underscore. They are case-insensitive, so they are kept in lower case, without the `@`.
 */
function telegram(text: string): string | null {
  const name = withoutHost(text, /(?:t\.me|telegram\.me|telegram\.dog)/) ?? text.replace(/^@/, '');
  return /^[a-z][a-z0-9_]{3,30}[a-z0-9]$/i.test(name) ? name.toLowerCase() : null;
}

/**
 * A WhatsApp number in international form (E.164: `+`, a country code, at most 15 digits), typed with or without
 * spaces, dashes, dots and brackets, or as a wa.me link. Kept as `+` and digits.
 */
function whatsapp(text: string): string | null {
  const link = withoutHost(text, /wa\.me/);
  const number = link !== null ? `+${link}` : text.replace(/[\s().-]/g, '');
  return /^\+[1-9][0-9]{7,14}$/.test(number) ? number : null;
}

/**
 * A VK page: `id` and digits, or a short name of 5 to 32 Latin letters, digits, underscores and dots starting
 * with a letter; as a vk.com (or vk.ru) link or alone. Short names are case-insensitive, kept in lower case.
 */
function vk(text: string): string | null {
  const name = withoutHost(text, /vk\.(?:com|ru)/) ?? text.replace(/^@/, '');
  if (/^id[1-9][0-9]{0,11}$/i.test(name)) return name.toLowerCase();
  return /^[a-z][a-z0-9_.]{3,30}[a-z0-9_]$/i.test(name) && !name.includes('..') ? name.toLowerCase() : null;
}

/**
 * A LinkedIn member profile, `linkedin.com/in/…` (any country's subdomain), or just its public name: 3 to 100
 * Latin letters, digits and hyphens. Kept as that name in lower case.
 */
function linkedin(text: string): string | null {
  const path = withoutHost(text, /(?:[a-z]{2,3}\.)?linkedin\.com/);
  let name = text;
  if (path !== null) {
    const match = /^in\/([^/]+)$/i.exec(path);
    if (!match?.[1]) return null;
    name = match[1];
  }
  return /^[a-z0-9][a-z0-9-]{1,98}[a-z0-9]$/i.test(name) ? name.toLowerCase() : null;
}

const NORMALISERS: Record<SocialNetwork, (text: string) => string | null> = { telegram, whatsapp, vk, linkedin };

/** The canonical value of what a person typed for a network, or null when it is no profile of that network. */
export function normaliseSocialProfile(network: SocialNetwork, typed: string): string | null {
  const text = typed.trim();
  if (text === '' || text.length > SOCIAL_PROFILE_MAX_LENGTH) return null;
  return NORMALISERS[network](text);
}

/** The address of a profile's page, from its canonical value. */
export function socialProfileLink(network: SocialNetwork, value: string): string {
  switch (network) {
    case 'telegram':
      return `https://t.me/${value}`;
    case 'whatsapp':
      return `https://wa.me/${value.replace(/^\+/, '')}`;
    case 'vk':
      return `https://vk.com/${value}`;
    case 'linkedin':
      return `https://www.linkedin.com/in/${value}`;
  }
}

/** How a profile is written for people: a Telegram `@handle`, a phone number, a short address. */
export function socialProfileText(network: SocialNetwork, value: string): string {
  switch (network) {
    case 'telegram':
      return `@${value}`;
    case 'whatsapp':
      return value;
    case 'vk':
      return `vk.com/${value}`;
    case 'linkedin':
      return `linkedin.com/in/${value}`;
  }
}

/** A person's profiles, each in its canonical form, or null where they gave none. */
export const SocialProfiles = z
  .object({
    telegram: z.string().nullable().describe('Username without the @, lower case; the link is https://t.me/{value}'),
    whatsapp: z.string().nullable().describe('Phone number in international form, + and digits'),
    vk: z.string().nullable().describe('Short name or id123, lower case; the link is https://vk.com/{value}'),
    linkedin: z.string().nullable().describe('Public profile name; the link is https://www.linkedin.com/in/{value}'),
  })
  .meta({ id: 'SocialProfiles' });
export type SocialProfiles = z.infer<typeof SocialProfiles>;

export const NO_SOCIAL_PROFILES: SocialProfiles = { telegram: null, whatsapp: null, vk: null, linkedin: null };

/** The profiles a stored value holds: only the known networks, each only in its canonical form. */
export function socialProfilesOf(stored: unknown): SocialProfiles {
  const profiles = { ...NO_SOCIAL_PROFILES };
  if (typeof stored !== 'object' || stored === null) return profiles;
  for (const network of SOCIAL_NETWORKS) {
    const value = (stored as Record<string, unknown>)[network];
    if (typeof value === 'string' && normaliseSocialProfile(network, value) === value) profiles[network] = value;
  }
  return profiles;
}

/** What a person types for one network: read into its canonical form, or null (or empty) for none. */
function typedProfile(network: SocialNetwork, description: string) {
  return z
    .string()
    .max(SOCIAL_PROFILE_MAX_LENGTH)
    .nullable()
    .transform((typed, context) => {
      if (typed === null || typed.trim() === '') return null;
      const value = normaliseSocialProfile(network, typed);
      if (value === null) {
        context.addIssue({ code: 'custom', message: `Not a ${description}`, params: { reason: 'notAProfile' } });
        return z.NEVER;
      }
      return value;
    })
    .describe(`${description}; null or empty for none`);
}

/** Every profile of a person at once: a network left out or empty has none. */
export const SocialProfilesChange = z
  .object({
    telegram: typedProfile('telegram', 'Telegram @username or t.me link').optional(),
    whatsapp: typedProfile('whatsapp', 'WhatsApp number in international form (+…) or wa.me link').optional(),
    vk: typedProfile('vk', 'VK short name, id or vk.com link').optional(),
    linkedin: typedProfile('linkedin', 'LinkedIn linkedin.com/in/… link or public profile name').optional(),
  })
  .strict();
export type SocialProfilesChange = z.input<typeof SocialProfilesChange>;
