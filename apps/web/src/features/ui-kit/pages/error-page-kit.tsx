import { Alert, Code, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ErrorKind, ErrorPage } from '../../../components/error-pages/error-page';
import { useKitWords } from '../kit-words';

/**
 * An error page of the kit as a user meets it, its usage note under it: the page keeps the window's only first-level
 * heading, as it does outside the kit.
 */
export function ErrorPageKit({ kind, label }: { kind: ErrorKind; label: string }) {
  const ready = useKitWords();
  const { t } = useTranslation('kit-pages');
  return (
    <>
      <ErrorPage kind={kind} />
      {ready && (
        <Alert variant="light" title={t('kit:usage')} maw={760} mx="auto">
          {t(`${label}.usage`)}
          <Group gap="xs" mt="xs">
            <Code>components/error-pages</Code>
          </Group>
        </Alert>
      )}
    </>
  );
}
