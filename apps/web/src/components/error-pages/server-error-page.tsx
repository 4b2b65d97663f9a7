import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage, HomeButton } from './error-page';

/**
 * The 500 page: the screen failed. Reload starts the app afresh (a fault of one render, or code replaced by a new
 * version); the error id is what the user quotes to an administrator, who finds it in the server's log.
 */
export function ServerErrorPage({ errorId }: { errorId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <ErrorPage kind="500">
      <Group justify="center">
        <Button onClick={() => window.location.reload()}>{t('errorPages.reload')}</Button>
        <HomeButton variant="default" />
      </Group>
      <Group gap="xs" justify="center">
        <Text size="sm" c="dimmed">
          {t('errorPages.errorId')}
        </Text>
        <Text size="sm" ff="monospace" style={{ userSelect: 'all' }}>
          {errorId}
        </Text>
        {/* Only a secure page (HTTPS, localhost) may write to the clipboard; elsewhere the id is selected and copied by hand. */}
        {navigator.clipboard && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => navigator.clipboard.writeText(errorId).then(() => setCopied(true))}
          >
            {/* Read out when it turns to "Copied". */}
            <span aria-live="polite">{t(copied ? 'errorPages.copied' : 'errorPages.copy')}</span>
          </Button>
        )}
      </Group>
    </ErrorPage>
  );
}
