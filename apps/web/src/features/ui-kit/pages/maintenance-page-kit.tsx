import type { MaintenanceStatus } from '@cm/contract';
import { Alert, Code, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/error-pages/error-page';
import { MaintenanceBanner } from '../../../components/maintenance/maintenance-banner';
import { MaintenanceNotice } from '../../../components/maintenance/maintenance-notice';
import { KitExample } from '../kit-page';
import { useKitWords } from '../kit-words';

const SOURCES = [
  'components/error-pages/error-page.tsx',
  'components/maintenance/maintenance-notice.tsx',
  'components/maintenance/maintenance-banner.tsx',
  'app/layout/maintenance-gate.tsx',
];

const HOUR_MS = 3_600_000;

/**
 * The maintenance page as a user meets it, with a sample message and an expected end an hour ahead, then what
 * administrators see instead and the notice's other states. Nothing here reads or changes the real maintenance mode.
 */
export default function MaintenancePageKit() {
  const ready = useKitWords();
  const { t } = useTranslation('kit-pages');
  // Fixed when the page opens, so that the times shown do not move while it is looked at.
  const [now] = useState(Date.now);
  const status = (message: string | null, expectedEnd: number | null): MaintenanceStatus => ({
    active: true,
    message,
    expectedEnd: expectedEnd === null ? null : new Date(expectedEnd).toISOString(),
  });
  const sample = status(ready ? t('maintenance.sampleMessage') : null, now + HOUR_MS);
  return (
    <>
      <ErrorPage kind="maintenance">
        <MaintenanceNotice status={sample} />
      </ErrorPage>
      {ready && (
        <Stack gap="lg" maw={760} mx="auto">
          <Alert variant="light" title={t('kit:usage')}>
            {t('maintenance.usage')}
            <Group gap="xs" mt="xs">
              {SOURCES.map((source) => (
                <Code key={source}>{source}</Code>
              ))}
            </Group>
          </Alert>
          <KitExample title={t('maintenance.banner')}>
            <MaintenanceBanner status={sample} />
          </KitExample>
          <KitExample title={t('maintenance.overdue')}>
            <MaintenanceNotice status={status(null, now - HOUR_MS / 4)} />
          </KitExample>
          <KitExample title={t('maintenance.bare')}>
            <MaintenanceNotice status={status(null, null)} />
          </KitExample>
          <KitExample title={t('maintenance.long')} narrow>
            <MaintenanceNotice status={status(t('maintenance.longMessage'), now + 6 * HOUR_MS)} />
          </KitExample>
        </Stack>
      )}
    </>
  );
}
