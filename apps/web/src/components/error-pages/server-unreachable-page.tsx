import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { publicApi } from '../../lib/api-client';
import { ErrorPage } from './error-page';
import { useRetryCountdown } from './retry-countdown';

/** A check that waits longer than this for an answer counts the server as unreachable. */
const CHECK_TIMEOUT_MS = 10_000;

/** Whether the server answers: its health, which needs no session and answers even in maintenance. */
export const serverAnswers = (): Promise<boolean> =>
  publicApi('/health', { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).then(
    () => true,
    () => false,
  );

/**
 * The 503 page: the server cannot be reached. It checks again by itself, waiting longer after each failed check,
 * with the countdown in view, and calls `onBack` once the server answers; "Try again" checks at once.
 */
export function ServerUnreachablePage({
  onBack,
  check = serverAnswers,
}: {
  onBack: () => void;
  check?: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { secondsLeft, tryNow } = useRetryCountdown(check, onBack);
  return (
    <ErrorPage kind="503">
      {/* A timer is not read out each second; the page's own words say that it tries again. */}
      <Text role="timer" size="sm" fw={500}>
        {secondsLeft === null ? t('errorPages.checking') : t('errorPages.retryIn', { seconds: secondsLeft })}
      </Text>
      <Button onClick={tryNow} loading={secondsLeft === null}>
        {t('errorPages.retry')}
      </Button>
    </ErrorPage>
  );
}
