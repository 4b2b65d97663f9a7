import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../use-page-title';

export type ErrorKind = '403' | '404' | '500' | '503' | 'maintenance';

/** A full error page in the active language; `onRetry` adds a "Try again" button. */
export function ErrorPage({ kind, onRetry }: { kind: ErrorKind; onRetry?: () => void }) {
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
        <Group>
          {onRetry && <Button onClick={onRetry}>{t('errorPages.retry')}</Button>}
          {kind !== 'maintenance' && (
            <Button component={Link} to="/" variant={onRetry ? 'default' : 'filled'}>
              {t('errorPages.home')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
