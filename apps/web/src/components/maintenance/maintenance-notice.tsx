import type { MaintenanceStatus } from '@cm/contract';
import { Blockquote, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';

/** The longest delay a browser timer keeps; a later one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether `expectedEnd` has passed: read again at the moment it passes, so the page says so then. */
function usePassed(expectedEnd: string | null): boolean {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (expectedEnd === null) return;
    const left = Date.parse(expectedEnd) - Date.now();
    if (left <= 0 || left > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [expectedEnd]);
  return expectedEnd !== null && Date.parse(expectedEnd) <= now;
}

/**
 * What the maintenance page adds to its own words (components/error-pages, kind "maintenance"): the administrator's
 * message, when maintenance is expected to be over, and that the page returns to the screen by itself.
 */
export function MaintenanceNotice({ status }: { status: MaintenanceStatus | undefined }) {
  const { t } = useTranslation('maintenance');
  const format = useFormatters();
  const expectedEnd = status?.expectedEnd ?? null;
  const passed = usePassed(expectedEnd);
  return (
    <Stack gap="sm" align="center" w="100%">
      {status?.message ? (
        <Blockquote
          color="orange"
          p="md"
          w="100%"
          ta="start"
          cite={`— ${t('page.messageLabel')}`}
          style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          // Mantine fades a citation to 60 %, short of the contrast text needs on the quote's tint; dimmed is enough.
          styles={{ cite: { opacity: 1, color: 'var(--mantine-color-dimmed)' } }}
        >
          {status.message}
        </Blockquote>
      ) : null}
      {expectedEnd ? (
        <Stack gap={2} align="center">
          <Text fw={500}>
            {t(passed ? 'page.overdue' : 'page.expectedEnd', { time: format.dateTime(expectedEnd) })}
          </Text>
          {format.timeZoneNote ? (
            <Text size="xs" c="dimmed">
              {format.timeZoneNote}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('page.returns')}
      </Text>
    </Stack>
  );
}
