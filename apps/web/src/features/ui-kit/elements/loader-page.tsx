import { Box, Button, Center, Group, Loader, Portal, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { ScreenSkeleton } from '../../../components/screen-skeleton';
import { KitExample, KitPage } from '../kit-page';

/** How long the example shows the full-screen loader: it covers the page, so it goes by itself. */
const FULL_SCREEN_MS = 2000;

/** The full-screen loader over the whole window for a moment, as a session being restored shows it. */
function FullScreenExample() {
  const { t } = useTranslation('kit-elements');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), FULL_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <>
      <Button variant="default" onClick={() => setShown(true)} disabled={shown}>
        {t('loader.showFullScreen')}
      </Button>
      {shown && (
        <Portal>
          <Box pos="fixed" inset={0} bg="var(--mantine-color-body)" style={{ zIndex: 1000 }}>
            <FullScreenLoader />
          </Box>
        </Portal>
      )}
    </>
  );
}

/** A switch whose change is on its way to the server, as the security policy's: it waits with the new position. */
function WaitingSwitch() {
  const { t } = useTranslation('kit-elements');
  const [on, setOn] = useState(false);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setPending(false), FULL_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return (
    <Switch
      label={t('loader.switch')}
      checked={on}
      onChange={(event) => {
        if (pending) return;
        setOn(event.currentTarget.checked);
        setPending(true);
      }}
      aria-busy={pending}
      thumbIcon={pending ? <Loader size={10} color="gray" /> : undefined}
    />
  );
}

/** The kit's loaders: the full-screen one, a screen's skeleton, and the small ones beside what waits. */
export default function LoaderPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="loader"
      sources={['components/full-screen-loader', 'components/screen-skeleton', '@mantine/core Loader, Skeleton']}
    >
      <KitExample title={t('loader.examples.fullScreen')}>
        <FullScreenExample />
      </KitExample>
      <KitExample title={t('loader.examples.skeleton')}>
        <ScreenSkeleton gap="xs">
          <Skeleton height={36} width="40%" />
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </ScreenSkeleton>
      </KitExample>
      <KitExample title={t('loader.examples.part')}>
        <Center mih={160}>
          <Loader />
        </Center>
      </KitExample>
      <KitExample title={t('loader.examples.beside')}>
        <Stack gap="sm">
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('loader.checking')}</Text>
          </Group>
          <Text size="xs" c="dimmed" role="status">
            <Group component="span" gap={6} wrap="nowrap">
              <Loader size={12} />
              {t('loader.uploading')}
            </Group>
          </Text>
        </Stack>
      </KitExample>
      <KitExample title={t('loader.examples.controls')}>
        <Group gap="lg">
          <Button loading>{t('loader.save')}</Button>
          <WaitingSwitch />
        </Group>
      </KitExample>
      <KitExample title={t('states.narrow')} narrow>
        <Group gap="xs" role="status" wrap="nowrap">
          <Loader size="xs" style={{ flexShrink: 0 }} />
          <Text size="sm">{t('loader.long')}</Text>
        </Group>
      </KitExample>
    </KitPage>
  );
}
