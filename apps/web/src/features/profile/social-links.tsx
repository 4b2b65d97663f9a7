import {
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type SocialProfiles,
  socialProfileLink,
  socialProfileText,
} from '@cm/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import {
  IconBrandLinkedin,
  IconBrandTelegram,
  IconBrandVk,
  IconBrandWhatsapp,
  IconExternalLink,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const NETWORK_ICONS: Record<SocialNetwork, (size: number) => ReactNode> = {
  telegram: (size) => <IconBrandTelegram size={size} aria-hidden />,
  whatsapp: (size) => <IconBrandWhatsapp size={size} aria-hidden />,
  vk: (size) => <IconBrandVk size={size} aria-hidden />,
  linkedin: (size) => <IconBrandLinkedin size={size} aria-hidden />,
};

/**
 * A person's social profiles as links that open in a new tab: the page opened gets no hold on this one
 * (`noopener`) and learns nothing of where it was opened from (`noreferrer`). Each link is named by its network
 * and the profile, so a screen reader says which is which. Nothing at all when there are none, unless `none`.
 */
export function SocialLinks({
  profiles,
  compact = false,
  none,
}: {
  profiles: SocialProfiles;
  /** One line of icons with short texts, for a table cell. */
  compact?: boolean;
  none?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const present = SOCIAL_NETWORKS.filter((network) => profiles[network] !== null);
  if (present.length === 0) return none ?? null;
  const links = present.map((network) => {
    const value = profiles[network] as string;
    const text = socialProfileText(network, value);
    return (
      <Anchor
        key={network}
        href={socialProfileLink(network, value)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-label={t('social.linkLabel', { network: t(`social.networks.${network}`), profile: text })}
        style={{ overflowWrap: 'anywhere' }}
      >
        <Group gap={6} wrap="nowrap" component="span">
          {NETWORK_ICONS[network](16)}
          <Text span inherit>
            {compact ? text : `${t(`social.networks.${network}`)}: ${text}`}
          </Text>
          {!compact && <IconExternalLink size={12} aria-hidden />}
        </Group>
      </Anchor>
    );
  });
  return compact ? (
    <Group gap="xs" wrap="wrap">
      {links}
    </Group>
  ) : (
    <Stack gap={4} align="flex-start">
      {links}
    </Stack>
  );
}
