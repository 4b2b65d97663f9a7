import { Alert, Code, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ErrorKind, ErrorPage } from '../../../components/error-pages/error-page';
import { ServerErrorPage } from '../../../components/error-pages/server-error-page';
import { ServerUnreachablePage } from '../../../components/error-pages/server-unreachable-page';
import { useKitWords } from '../kit-words';

/** An id of the server's kind, as the 500 page shows it after a failed API call. */
const SAMPLE_ERROR_ID = '3f9a2c4e8b7d1a60';

/** The 503 page's check, in the kit: the server never answers, so the page goes on trying. */
const neverAnswers = async () => false;

/** The error page of a kind as a user meets it: the 500 page after a failed API call, the 503 page in an outage. */
function ErrorPageAsMet({ kind }: { kind: ErrorKind }) {
  if (kind === '500') return <ServerErrorPage errorId={SAMPLE_ERROR_ID} />;
  if (kind === '503') return <ServerUnreachablePage check={neverAnswers} onBack={() => {}} />;
  return <ErrorPage kind={kind} />;
}

/**
 * An error page of the kit as a user meets it, its usage note under it: the page keeps the window's only first-level
 * heading, as it does outside the kit.
 */
export function ErrorPageKit({ kind, label }: { kind: ErrorKind; label: string }) {
  const ready = useKitWords();
  const { t } = useTranslation('kit-pages');
  return (
    <>
      <ErrorPageAsMet kind={kind} />
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
