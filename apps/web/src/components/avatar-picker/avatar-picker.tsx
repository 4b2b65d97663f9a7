import { AVATAR_SIDE, BUNDLED_AVATARS } from '@cm/contract';
import { Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '../markdown/image-upload';
import { UserAvatar } from '../user-avatar';
import classes from './avatar-picker.module.css';

/** What the form holds for the avatar: a path (the current one or a bundled one), or a file not yet uploaded. */
export type AvatarSelection = { kind: 'path'; path: string } | { kind: 'file'; file: File; preview: string };

const OPTION_SIZE = 56;

/** The last part of a bundled avatar's path, which names it in the catalogues: `/avatars/fox.svg` is "fox". */
function bundledName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.svg'.length);
}

/**
 * The avatar part of the profile settings: the bundled avatars and the person's own picture as one group of
 * radio buttons (arrow keys move through it), and a button to choose a file, which shows at once as a preview.
 * Nothing is saved here: the settings form's Save uploads or applies the choice.
 */
export function AvatarPicker({
  current,
  selection,
  onSelect,
  onFile,
  error,
  progress,
  disabled,
}: {
  /** The avatar the account has now. */
  current: string;
  selection: AvatarSelection;
  onSelect: (path: string) => void;
  onFile: (file: File) => void;
  error: string | null;
  /** Upload progress from 0 to 1 while saving a file, else null. */
  progress: number | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('profile');
  const name = useId();
  const hintId = useId();
  const errorId = useId();
  const ownPicture = (BUNDLED_AVATARS as readonly string[]).includes(current) ? null : current;
  const chosen = selection.kind === 'path' ? selection.path : null;

  const option = (key: string, src: string, label: string, checked: boolean, onChoose: () => void) => (
    <label key={key} className={classes.option} title={label}>
      <input
        type="radio"
        name={name}
        className={classes.input}
        checked={checked}
        onChange={onChoose}
        disabled={disabled}
        // Named on the button itself: one named only through the picture in its label counts as unlabelled to
        // accessibility checkers (axe's label-title-only) once the error describes it.
        aria-label={label}
        aria-describedby={error ? errorId : undefined}
      />
      <UserAvatar src={src} size={OPTION_SIZE} />
    </label>
  );

  return (
    <Stack gap="xs">
      <fieldset className={classes.options} aria-describedby={hintId}>
        <Input.Label component="legend" mb={6} p={0}>
          {t('avatar.label')}
        </Input.Label>
        {selection.kind === 'file' && option('new', selection.preview, t('avatar.newPicture'), true, () => {})}
        {ownPicture &&
          option('own', ownPicture, t('avatar.ownPicture'), chosen === ownPicture, () => onSelect(ownPicture))}
        {BUNDLED_AVATARS.map((path) =>
          option(path, path, t(`avatar.bundled.${bundledName(path)}`), chosen === path, () => onSelect(path)),
        )}
      </fieldset>
      <Group gap="sm" wrap="wrap">
        <FileButton accept={IMAGE_ACCEPT} onChange={(file) => file && onFile(file)} disabled={disabled}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />} disabled={disabled}>
              {t('avatar.upload')}
            </Button>
          )}
        </FileButton>
        <Text id={hintId} size="xs" c="dimmed">
          {t('avatar.hint', { side: AVATAR_SIDE })}
        </Text>
      </Group>
      {progress !== null && (
        <Progress value={progress * 100} size="sm" aria-label={t('avatar.uploading')} animated={progress < 1} />
      )}
      {error && (
        <Text id={errorId} size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
