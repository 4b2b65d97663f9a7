import { DEFAULT_AVATAR_PATH, type UploadedImage } from '@cm/contract';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarPicker, type AvatarSelection } from '../../../components/avatar-picker/avatar-picker';
import { checkImageFile, ImageFileError, imageErrorMessage, uploadImage } from '../../../components/markdown';
import { currentUserQuery } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { sampleRefusal } from './samples';

/** The signed-in person's avatar, the one the picker starts from. */
function useCurrentAvatar(): string {
  return useQuery(currentUserQuery).data?.avatar ?? DEFAULT_AVATAR_PATH;
}

/**
 * The picker as the profile settings run it: a file is checked by its type and size as it is chosen and previewed
 * at once. "Check on the server" then sends it to the image upload, which reads the whole file to tell a real image
 * from a renamed or damaged one, as the avatar upload does; the account's own avatar stays as it is.
 */
function CheckedUpload() {
  const { t } = useTranslation(['kit-forms', 'profile', 'markdown', 'errors']);
  const format = useFormatters();
  const current = useCurrentAvatar();
  const [selection, setSelection] = useState<AvatarSelection>({ kind: 'path', path: current });
  const [error, setError] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [accepted, setAccepted] = useState<UploadedImage | null>(null);

  // A preview of a chosen file lives as long as it is shown; its address is then given back to the browser.
  useEffect(() => {
    if (selection.kind !== 'file') return;
    return () => URL.revokeObjectURL(selection.preview);
  }, [selection]);

  const chooseFile = (file: File) => {
    setAccepted(null);
    const problem = checkImageFile(file);
    if (problem) {
      setError(new ImageFileError(problem));
      return;
    }
    setError(null);
    setSelection({ kind: 'file', file, preview: URL.createObjectURL(file) });
  };

  const check = async () => {
    if (selection.kind !== 'file') return;
    setError(null);
    setProgress(0);
    try {
      setAccepted(await uploadImage(selection.file, setProgress));
    } catch (problem) {
      setError(problem);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <AvatarPicker
        current={current}
        selection={selection}
        onSelect={(path) => {
          setSelection({ kind: 'path', path });
          setError(null);
          setAccepted(null);
        }}
        onFile={chooseFile}
        error={error ? imageErrorMessage(t, error) : null}
        progress={progress}
        disabled={progress !== null}
      />
      <Group>
        <Button
          variant="default"
          leftSection={<IconShieldCheck size={16} />}
          disabled={selection.kind !== 'file' || accepted !== null}
          loading={progress !== null}
          onClick={() => void check()}
        >
          {t('fileUpload.check')}
        </Button>
      </Group>
      {accepted && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {t('fileUpload.accepted', {
            // "image/png" as people name it: PNG.
            type: accepted.contentType.slice('image/'.length).toUpperCase(),
            size: format.count(accepted.size),
          })}
        </Alert>
      )}
    </Stack>
  );
}

/** The picker in one state, as a user meets it. */
function PickerState({ error = null, progress = null }: { error?: unknown; progress?: number | null }) {
  const { t } = useTranslation(['profile', 'markdown', 'errors']);
  const current = useCurrentAvatar();
  const [path, setPath] = useState('/avatars/fox.svg');
  return (
    <AvatarPicker
      current={current}
      selection={{ kind: 'path', path }}
      onSelect={setPath}
      // A still picture of one state: a file chosen here goes nowhere (the example above takes one).
      onFile={() => {}}
      error={error ? imageErrorMessage(t, error) : null}
      progress={progress}
      disabled={progress !== null}
    />
  );
}

/** An image chosen from the device, checked before and after it is sent. */
export default function FileUploadPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="fileUpload"
      sources={['components/avatar-picker/avatar-picker.tsx', 'components/markdown/image-upload.ts']}
    >
      <KitExample title={t('fileUpload.examples.checked')}>
        <CheckedUpload />
      </KitExample>
      <KitExample title={t('fileUpload.examples.uploading')}>
        <PickerState progress={0.6} />
      </KitExample>
      <KitExample title={t('fileUpload.examples.tooLarge')}>
        <PickerState error={new ImageFileError('imageTooLarge')} />
      </KitExample>
      <KitExample title={t('fileUpload.examples.unreadable')}>
        <PickerState error={sampleRefusal('IMAGE_UNREADABLE')} />
      </KitExample>
      <KitExample title={t('fileUpload.examples.narrow')} narrow>
        <PickerState />
      </KitExample>
    </KitPage>
  );
}
