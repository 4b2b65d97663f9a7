import type { SalesSettings } from '@cm/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/forms/copy-field';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useReplaceWebhookSecret } from './api';
import { Section } from './section';

/** The webhook URL to paste into amoCRM, to copy, and a way to replace its secret when it leaked. */
export function WebhookCard({ settings }: { settings: SalesSettings }) {
  const { t } = useTranslation(['sales-settings', 'errors', 'common']);
  const [confirming, setConfirming] = useState(false);

  const replace = useReplaceWebhookSecret();

  // Without a configured public address the server names only the path; this browser's address is the best guess.
  const webhookUrl = settings.webhookUrl ?? `${window.location.origin}${settings.webhookPath}`;

  return (
    <Section title={t('webhook.title')} description={t('webhook.hint')}>
      <CopyField
        label={t('webhook.url')}
        description={settings.webhookUrl === null ? t('webhook.browserAddress') : undefined}
        value={webhookUrl}
        copyLabel={t('webhook.copy')}
        copiedLabel={t('webhook.copied')}
      />
      <Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconRotate size={14} />}
          onClick={() => {
            replace.reset();
            setConfirming(true);
          }}
        >
          {t('webhook.replace')}
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('webhook.replaceTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Text size="sm">{t('webhook.replaceMessage')}</Text>
          {replace.error ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorMessage(t, replace.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={replace.isPending}
              onClick={() =>
                replace.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    notify({ color: 'green', message: t('webhook.replaced') });
                  },
                })
              }
            >
              {t('webhook.replaceConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
