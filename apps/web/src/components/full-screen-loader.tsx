import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session is being restored; no artificial delay. */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" role="status" aria-live="polite" aria-label={t('loading')}>
      <Loader size="lg" />
    </Center>
  );
}
