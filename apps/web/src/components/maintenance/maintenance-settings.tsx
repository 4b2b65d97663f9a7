import { Alert, Button, Modal, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { maintenanceSettingsQuery } from './api';

const SettingsForm = lazy(() => import('./maintenance-settings-form'));

/**
 * Hosts the maintenance settings dialog (`open()`), for administrators: the switch, a message to everyone and an
 * optional expected end. The Users screen and the banner administrators see while maintenance is on both open it.
 */
export function useMaintenanceSettings(): { open: () => void; modal: ReactNode } {
  const { t } = useTranslation('maintenance');
  // Each opening reads the settings afresh into a new form: another administrator may have changed them meanwhile.
  const [opening, setOpening] = useState(0);
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    setOpening((previous) => previous + 1);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const modal = (
    <Modal
      opened={opened}
      onClose={close}
      title={t('settings.title')}
      closeButtonProps={{ 'aria-label': t('settings.close') }}
      size="lg"
    >
      {opening > 0 ? <SettingsLoader key={opening} onDone={close} /> : null}
    </Modal>
  );
  return { open, modal };
}

function SettingsLoader({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['maintenance', 'errors']);
  const settings = useQuery(maintenanceSettingsQuery);
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        <Text size="sm">{errorMessage(t, settings.error)}</Text>
        <Button variant="default" size="xs" mt="xs" onClick={() => settings.refetch()} loading={settings.isFetching}>
          {t('settings.retry')}
        </Button>
      </Alert>
    );
  }
  const loading = <Skeleton height={280} role="status" aria-label={t('settings.loading')} />;
  if (settings.isPending || settings.isFetching) return loading;
  return (
    <Suspense fallback={loading}>
      <SettingsForm saved={settings.data} onDone={onDone} />
    </Suspense>
  );
}
