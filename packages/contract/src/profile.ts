import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.js';
import { IMAGE_MAX_BYTES } from './images.js';
import { Locale } from './languages.js';
import { SocialProfiles, SocialProfilesChange } from './social-profiles.js';
import { DEFAULT_AVATAR_PATH, Role, ThemeSetting } from './users.js';

// The profile (PRODUCT.md §5 "Profile"): every signed-in person's own account, and the colleagues of their
// current department. An administrator changes other people's accounts in the users administration instead.

/** The longest name a person may give themselves, as the users administration allows. */
export const PROFILE_NAME_MAX_LENGTH = 200;

/** What a person changes on their own account; whatever is left out stays as it is. */
export const ProfileChange = z
  .object({
    name: z.string().trim().min(1).max(PROFILE_NAME_MAX_LENGTH).optional(),
    locale: Locale.nullable()
      .optional()
      .describe('Applied at every sign-in; null: none chosen, each browser keeps its own'),
    theme: ThemeSetting.nullable()
      .optional()
      .describe('Applied at every sign-in; null: none chosen, each browser keeps its own'),
    socialProfiles: SocialProfilesChange.optional().describe(
      'All of your social profiles at once, each read into its canonical form; a network left out or empty is removed',
    ),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Change at least one of name, locale, theme and social profiles',
  });
export type ProfileChange = z.input<typeof ProfileChange>;

/** A new password for one's own account: the current one proves it is its owner asking. */
export const PasswordChange = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine((change) => change.newPassword !== change.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type PasswordChange = z.input<typeof PasswordChange>;

/** A colleague as everyone of the department sees them: no AMO ID, no management type, no status. */
export const Colleague = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: Role,
    email: z.string(),
    avatar: z.string().describe('Always a usable image path; the bundled default when none is set'),
    socialProfiles: SocialProfiles,
  })
  .meta({ id: 'Colleague' });
export type Colleague = z.infer<typeof Colleague>;

export const ColleagueList = z
  .object({ items: z.array(Colleague).describe('Active members of the current department but the caller, by name') })
  .meta({ id: 'ColleagueList' });
export type ColleagueList = z.infer<typeof ColleagueList>;

/** The avatars shipped with the web (`apps/web/public/avatars/`), the default first. */
export const BUNDLED_AVATARS = [
  DEFAULT_AVATAR_PATH,
  '/avatars/fox.svg',
  '/avatars/owl.svg',
  '/avatars/cat.svg',
  '/avatars/bear.svg',
  '/avatars/robot.svg',
  '/avatars/rocket.svg',
  '/avatars/leaf.svg',
  '/avatars/mountain.svg',
] as const;
export const BundledAvatar = z.enum(BUNDLED_AVATARS);
export type BundledAvatar = z.infer<typeof BundledAvatar>;

/** A bundled avatar chosen as one's own. */
export const AvatarChoice = z
  .object({ avatar: BundledAvatar.describe('Path of one of the bundled avatars') })
  .strict()
  .meta({ id: 'AvatarChoice' });
export type AvatarChoice = z.infer<typeof AvatarChoice>;

/** An uploaded avatar is kept square, at most this many pixels a side. */
export const AVATAR_SIDE = 256;
/** The largest avatar file accepted, as for every uploaded image. */
export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES;
