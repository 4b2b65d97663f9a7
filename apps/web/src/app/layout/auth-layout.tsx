import { Box, Center, Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { LanguageSwitch } from './language-switch';
import { ThemeButton } from './theme-button';

/** The bare layout of sign-in: no menu, just language and theme. */
export function AuthLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Group component="header" justify="flex-end" p="md" gap="xs">
        <ThemeButton />
        <LanguageSwitch />
      </Group>
      <Center component="main" px="md" pb="xl">
        <Outlet />
      </Center>
    </Box>
  );
}
