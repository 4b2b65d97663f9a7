import {
  type Locale,
  ProfileChange,
  type SignedInUser,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  socialProfileText,
  type ThemeSetting,
} from '@cm/contract';

/** The account form as typed: each social profile as text, in whatever form the person writes it. */
export type AccountValues = {
  name: string;
  /** Null: none chosen, each browser keeps its own. */
  locale: Locale | null;
  theme: ThemeSetting | null;
  social: Record<SocialNetwork, string>;
};

export type AccountField = 'name' | `social.${SocialNetwork}`;
/** Keys of the messages, not the messages: switching language re-translates errors already shown. */
export type AccountErrorKey = 'nameRequired' | 'nameTooLong' | 'socialInvalid';
export type AccountErrors = Partial<Record<AccountField, AccountErrorKey>>;

export function accountValuesOf(user: SignedInUser): AccountValues {
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => {
      const value = user.socialProfiles[network];
      return [network, value === null ? '' : socialProfileText(network, value)];
    }),
  ) as Record<SocialNetwork, string>;
  return { name: user.name, locale: user.locale, theme: user.theme, social };
}

export function accountDirty(values: AccountValues, baseline: AccountValues): boolean {
  return (
    values.name !== baseline.name ||
    values.locale !== baseline.locale ||
    values.theme !== baseline.theme ||
    SOCIAL_NETWORKS.some((network) => values.social[network] !== baseline.social[network])
  );
}

/**
 * The request the values make, checked with the contract's own schema (which reads each social profile as the
 * server does), or the error of each field it refuses.
 */
export function accountChange(values: AccountValues): { change: ProfileChange } | { errors: AccountErrors } {
  const change: ProfileChange = {
    name: values.name,
    locale: values.locale,
    theme: values.theme,
    socialProfiles: values.social,
  };
  const parsed = ProfileChange.safeParse(change);
  if (parsed.success) return { change: parsed.data };
  const errors: AccountErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, network] = issue.path;
    if (field === 'name') {
      errors.name ??= values.name.trim() === '' ? 'nameRequired' : 'nameTooLong';
    } else if (field === 'socialProfiles' && SOCIAL_NETWORKS.includes(network as SocialNetwork)) {
      errors[`social.${network as SocialNetwork}`] = 'socialInvalid';
    }
  }
  return { errors };
}
