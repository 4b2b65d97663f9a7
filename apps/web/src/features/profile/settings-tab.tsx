import {
  type BundledAvatar,
  type Locale,
  PROFILE_NAME_MAX_LENGTH,
  type SignedInUser,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type ThemeSetting,
} from '@cm/contract';
import { Alert, Button, Card, Group, Input, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarPicker, type AvatarSelection } from '../../components/avatar-picker/avatar-picker';
import { PasswordChangeFields } from '../../components/forms/password-change-fields';
import {
  checkPasswordChange,
  NO_PASSWORDS,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '../../components/forms/password-change-values';
import { SegmentedChoice } from '../../components/forms/segmented-choice';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { withoutError } from '../../components/forms/without-error';
import { checkImageFile, ImageFileError, imageErrorMessage } from '../../components/markdown/image-upload';
import { applyChosenPreferences } from '../../lib/account-preferences';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import {
  type AccountErrors,
  type AccountField,
  type AccountValues,
  accountChange,
  accountDirty,
  accountValuesOf,
} from './account-form';
import { type AvatarChange, useChangeAvatar, useChangePassword, useUpdateProfile } from './api';
import { NETWORK_ICONS } from './social-links';

/**
 * The "Profile settings" tab: the name, avatar, social profiles, language and theme saved to the account (the
 * language and theme applied at once and at every sign-in), and the password. Each form has its own Save and
 * Cancel; either holding changes makes the screen ask before it is left.
 */
export function SettingsTab({ user, onDirtyChange }: { user: SignedInUser; onDirtyChange: (dirty: boolean) => void }) {
  const [accountDirty, setAccountDirty] = useState(false);
  const [passwordDirty, setPasswordDirty] = useState(false);
  useEffect(() => onDirtyChange(accountDirty || passwordDirty), [accountDirty, passwordDirty, onDirtyChange]);
  return (
    <Stack gap="md" maw={720}>
      <AccountForm user={user} onDirtyChange={setAccountDirty} />
      <PasswordForm onDirtyChange={setPasswordDirty} />
    </Stack>
  );
}

/** The segment for "no choice saved": the language or theme is then each browser's own. */
const NOT_CHOSEN = 'not-chosen';

/** The avatar change a selection asks for, or null when it keeps the current one. */
function avatarChangeOf(
  selection: AvatarSelection,
  current: string,
  onProgress: (fraction: number) => void,
): AvatarChange | null {
  if (selection.kind === 'file') return { kind: 'upload', file: selection.file, onProgress };
  if (selection.path === current) return null;
  return { kind: 'bundled', avatar: selection.path as BundledAvatar };
}

/** A preview of a chosen file lives as long as it is shown; its address is then given back to the browser. */
function useRevokedPreview(selection: AvatarSelection) {
  useEffect(() => {
    if (selection.kind !== 'file') return;
    return () => URL.revokeObjectURL(selection.preview);
  }, [selection]);
}

function AccountForm({ user, onDirtyChange }: { user: SignedInUser; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['profile', 'errors', 'common', 'markdown']);
  const baseline = useMemo(() => accountValuesOf(user), [user]);
  const [values, setValues] = useState<AccountValues>(baseline);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [avatar, setAvatar] = useState<AvatarSelection>({ kind: 'path', path: user.avatar });
  const [avatarError, setAvatarError] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useUpdateProfile();
  const changeAvatar = useChangeAvatar();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, save.error ?? avatarError);
  const [saving, setSaving] = useState(false);
  useRevokedPreview(avatar);

  const fieldsDirty = accountDirty(values, baseline);
  const avatarDirty = avatar.kind === 'file' || avatar.path !== user.avatar;
  const dirty = fieldsDirty || avatarDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = <Key extends keyof AccountValues>(key: Key, value: AccountValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'name') setErrors((current) => withoutError(current, 'name'));
  };
  const setSocial = (network: SocialNetwork, text: string) => {
    setValues((current) => ({ ...current, social: { ...current.social, [network]: text } }));
    setErrors((current) => withoutError(current, `social.${network}`));
  };

  const chooseFile = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      setAvatarError(new ImageFileError(problem));
      return;
    }
    setAvatarError(null);
    setAvatar({ kind: 'file', file, preview: URL.createObjectURL(file) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = accountChange(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setAvatarError(null);
    save.reset();
    setSaving(true);
    try {
      // The avatar first: a refused file is the likeliest failure, and then nothing else has changed.
      const avatarChange = avatarChangeOf(avatar, user.avatar, setProgress);
      let saved = user;
      if (avatarChange) {
        saved = await changeAvatar.mutateAsync(avatarChange).catch((error: unknown) => {
          setAvatarError(error);
          throw error;
        });
        setAvatar({ kind: 'path', path: saved.avatar });
      }
      if (fieldsDirty) saved = await save.mutateAsync(checked.change);
      setValues(accountValuesOf(saved));
      await applyChosenPreferences(saved);
      notify({
        color: 'green',
        message: t('settings.saved', { lng: saved.locale ?? undefined }),
      });
    } catch {
      // Shown at the avatar or above the form.
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const cancel = () => {
    setValues(baseline);
    setErrors({});
    setAvatar({ kind: 'path', path: user.avatar });
    setAvatarError(null);
    save.reset();
  };

  const fieldError = (field: AccountField) =>
    errors[field] &&
    t(`validation.${errors[field]}`, {
      count: PROFILE_NAME_MAX_LENGTH,
      network: t(`social.networks.${field.slice(7)}`),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-account-settings">
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="profile-account-settings">
              {t('settings.account')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('settings.accountHint')}
            </Text>
          </div>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, save.error)}
            </Alert>
          )}
          <TextInput
            label={t('settings.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={fieldError('name')}
            autoComplete="name"
            withAsterisk
          />
          <AvatarPicker
            current={user.avatar}
            selection={avatar}
            onSelect={(path) => {
              setAvatar({ kind: 'path', path });
              setAvatarError(null);
            }}
            onFile={chooseFile}
            error={avatarError ? imageErrorMessage(t, avatarError) : null}
            progress={progress}
            disabled={saving}
          />
          <div>
            <Input.Label component="p" m={0}>
              {t('social.title')}
            </Input.Label>
            <Input.Description>{t('social.hint')}</Input.Description>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={t(`social.networks.${network}`)}
                placeholder={t(`social.placeholders.${network}`)}
                leftSection={NETWORK_ICONS[network](18)}
                value={values.social[network]}
                onChange={(event) => setSocial(network, event.currentTarget.value)}
                error={fieldError(`social.${network}`)}
                autoComplete="off"
                spellCheck={false}
                inputMode={network === 'whatsapp' ? 'tel' : 'text'}
              />
            ))}
          </SimpleGrid>
          <SegmentedChoice<Locale | typeof NOT_CHOSEN>
            label={t('settings.language')}
            value={values.locale ?? NOT_CHOSEN}
            options={[
              { value: NOT_CHOSEN, label: t('settings.asThisBrowser') },
              { value: 'en', label: t('common:languages.en') },
              { value: 'ru', label: t('common:languages.ru') },
            ]}
            onChange={(locale) => set('locale', locale === NOT_CHOSEN ? null : locale)}
          />
          <SegmentedChoice<ThemeSetting | typeof NOT_CHOSEN>
            label={t('settings.theme')}
            value={values.theme ?? NOT_CHOSEN}
            options={[
              { value: NOT_CHOSEN, label: t('settings.asThisBrowser') },
              { value: 'light', label: t('settings.themes.light') },
              { value: 'dark', label: t('settings.themes.dark') },
              { value: 'system', label: t('settings.themes.system') },
            ]}
            onChange={(theme) => set('theme', theme === NOT_CHOSEN ? null : theme)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={!dirty || saving}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!dirty}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordForm({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const [values, setValues] = useState<PasswordChangeValues>(NO_PASSWORDS);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const change = useChangePassword();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, change.error);

  const dirty = values.currentPassword !== '' || values.newPassword !== '' || values.confirmation !== '';
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = (key: keyof PasswordChangeValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(NO_PASSWORDS);
          setErrors({});
          notify({
            color: 'green',
            message: t('password.changed'),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
            setErrors({ currentPassword: 'currentIncorrect' });
          }
        },
      },
    );
  };

  const cancel = () => {
    setValues(NO_PASSWORDS);
    setErrors({});
    change.reset();
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-password">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="profile-password">
              {t('password.title')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('password.hint')}
            </Text>
          </div>
          <PasswordChangeFields
            t={t}
            prefix="password."
            values={values}
            errors={errors}
            error={change.error}
            onChange={set}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={!dirty || change.isPending}>
              {t('password.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending} disabled={!dirty}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
