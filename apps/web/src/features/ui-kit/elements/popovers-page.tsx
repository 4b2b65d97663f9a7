import { Alert, Button, Popover, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconShield, IconShieldCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/**
 * A setting changed rarely, behind a button of the screen's header, configured as the users screen's security policy:
 * the focus goes into the dropdown and stays there until Escape or a click outside, then returns to the button.
 */
function SettingPopover({
  t,
  on,
  lang,
  children,
}: {
  t: TFunction;
  on: boolean;
  /** The language of its dropdown when it is not the page's: the dropdown opens outside the example. */
  lang?: string;
  children: ReactNode;
}) {
  return (
    <Popover position="bottom-end" width={380} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={
            on ? <IconShieldCheck size={16} color="var(--mantine-color-teal-filled)" /> : <IconShield size={16} />
          }
          rightSection={<IconChevronDown size={14} />}
        >
          {t('popovers.setting')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown lang={lang}>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('popovers.setting')}
          </Text>
          {children}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function SettingSwitch({ t, on, onChange }: { t: TFunction; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch
      label={t('popovers.switch')}
      description={t('popovers.description')}
      checked={on}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-autofocus
    />
  );
}

/** The setting could not be read: what went wrong, and a way to ask again. */
function ReadFailed({ t, onRetry }: { t: TFunction; onRetry: () => void }) {
  const { t: words } = useTranslation('errors');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      <Text size="sm">{errorMessage(words, new ApiError(0, 'NETWORK_ERROR'))}</Text>
      <Button variant="default" size="xs" mt="xs" onClick={onRetry} data-autofocus>
        {t('popovers.retry')}
      </Button>
    </Alert>
  );
}

/** The kit's popovers: a setting behind a button, with its loading and failed states. */
export default function PopoversPage() {
  const { t } = useTranslation('kit-elements');
  const [on, setOn] = useState(false);
  const [retries, setRetries] = useState(0);
  return (
    <KitPage group="elements" label="popovers" sources={['@mantine/core Popover', 'features/users/security-policy']}>
      <KitExample title={t('popovers.examples.setting')}>
        <SettingPopover t={t} on={on}>
          <SettingSwitch t={t} on={on} onChange={setOn} />
        </SettingPopover>
      </KitExample>
      <KitExample title={t('states.loading')}>
        <SettingPopover t={t} on={false}>
          <Skeleton height={44} role="status" aria-label={t('popovers.loading')} />
        </SettingPopover>
      </KitExample>
      <KitExample title={t('states.error')}>
        <Stack gap="xs" align="flex-start">
          <SettingPopover t={t} on={false}>
            <ReadFailed t={t} onRetry={() => setRetries((count) => count + 1)} />
          </SettingPopover>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('popovers.retried', { count: retries })}
          </Text>
        </Stack>
      </KitExample>
      <RussianExample>
        {(russian) => (
          <SettingPopover t={russian} on={on} lang="ru">
            <SettingSwitch t={russian} on={on} onChange={setOn} />
          </SettingPopover>
        )}
      </RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <SettingPopover t={t} on={on}>
          <SettingSwitch t={t} on={on} onChange={setOn} />
        </SettingPopover>
      </KitExample>
    </KitPage>
  );
}
