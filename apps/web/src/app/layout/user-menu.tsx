import type { User } from '@cm/contract';
import { Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { signOut } from '../../features/auth/api';

/** Name, e-mail and role of the signed-in user, with Profile and Log out. */
export function UserMenu({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const name = user?.name || t('header.defaultUserName');

  async function logOut() {
    signOut();
    queryClient.clear();
    await router.navigate({ to: '/auth/signin' });
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named by its content, the user's name, e-mail and role, so what it shows is what it is called. */}
        <UnstyledButton p={4}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar src={user?.avatar} size={34} own />
            <Box visibleFrom="md" style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} lineClamp={1}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {user?.email}
              </Text>
              {user && (
                <Text size="xs" c="dimmed">
                  {t(`roles.${user.role}`)}
                </Text>
              )}
            </Box>
            <VisuallyHidden hiddenFrom="md">{name}</VisuallyHidden>
            <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label hiddenFrom="md">
          {name} · {user?.email}
        </Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logOut()}>
          {t('header.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
