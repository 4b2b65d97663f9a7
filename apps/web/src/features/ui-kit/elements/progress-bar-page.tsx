import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommittingStep } from '../../../components/imports/committing-step';
import { UploadStep } from '../../../components/imports/upload-step';
import { KitExample, KitPage } from '../kit-page';

/** A file of the given name and size to show as being sent; its bytes are never read. */
function sampleFile(name: string, bytes: number): File {
  return new File([new ArrayBuffer(bytes)], name);
}

/** A step the user can cancel: cancelled, it gives way to a button that shows it again. */
function Cancellable({ children }: { children: (onCancel: () => void) => ReactNode }) {
  const { t } = useTranslation('kit-elements');
  const [cancelled, setCancelled] = useState(false);
  if (cancelled) {
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {t('progressBar.cancelled')}
        </Text>
        <Button variant="default" size="compact-sm" onClick={() => setCancelled(false)}>
          {t('progressBar.showAgain')}
        </Button>
      </Group>
    );
  }
  return children(() => setCancelled(true));
}

/** The kit's progress bars: a file's upload, the wait while the server reads it, an import under way. */
export default function ProgressBarPage() {
  const { t } = useTranslation('kit-elements');
  const file = useMemo(() => sampleFile('components-2026.xlsx', 2_457_600), []);
  const longFile = useMemo(() => sampleFile(t('progressBar.longFileName'), 48_211_968), [t]);
  return (
    <KitPage
      group="elements"
      label="progressBar"
      sources={['components/imports/upload-step', 'components/imports/committing-step', '@mantine/core Progress']}
    >
      <KitExample title={t('progressBar.examples.upload')}>
        <Cancellable>
          {(onCancel) => <UploadStep file={file} progress={0.42} reading={false} onCancel={onCancel} />}
        </Cancellable>
      </KitExample>
      <KitExample title={t('progressBar.examples.waiting')}>
        <Cancellable>
          {(onCancel) => <UploadStep file={file} progress={null} reading onCancel={onCancel} />}
        </Cancellable>
      </KitExample>
      <KitExample title={t('progressBar.examples.importing')}>
        <CommittingStep rows={1234} />
      </KitExample>
      <KitExample title={t('progressBar.examples.small')}>
        <Stack gap="md">
          <Progress value={64} size="sm" aria-label={t('progressBar.uploadingImage')} animated />
          <Progress value={100} size="sm" aria-label={t('progressBar.uploaded')} />
        </Stack>
      </KitExample>
      <KitExample title={t('states.longText')}>
        <Cancellable>
          {(onCancel) => <UploadStep file={longFile} progress={0.87} reading={false} onCancel={onCancel} />}
        </Cancellable>
      </KitExample>
      <KitExample title={t('states.narrow')} narrow>
        <Stack gap="md">
          <Cancellable>
            {(onCancel) => <UploadStep file={longFile} progress={null} reading={false} onCancel={onCancel} />}
          </Cancellable>
          <CommittingStep rows={1} />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
