import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../use-page-title';

export type ErrorKind = '403' | '404' | '500' | '503' | 'maintenance';

/** The way out of an error page that leaves the app working: its start page. */
export function HomeButton({ variant = 'filled' }: { variant?: 'filled' | 'default' }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/" variant={variant}>
      {t('errorPages.home')}
    </Button>
  );
}

/**
 * A full error page in the active language: what happened, then what the user can do (`children`; by default, but
 * for maintenance, go to the start page).
 */
export function ErrorPage({ kind, children }: { kind: ErrorKind; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`errorPages.${kind}.title`);
  usePageTitle(title);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        {kind !== 'maintenance' && (
          <Text fz={64} fw={800} c="dimmed" aria-hidden>
            {kind}
          </Text>
        )}
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t(`errorPages.${kind}.message`)}</Text>
        {children ?? (kind !== 'maintenance' && <HomeButton />)}
      </Stack>
    </Center>
  );
}
