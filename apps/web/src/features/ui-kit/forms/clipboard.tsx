import { ActionIcon, Button, CopyButton, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/forms/copy-field';
import { RecoveryCodesView } from '../../../components/two-factor/recovery-codes';
import { KitExample, KitPage } from '../kit-page';

/** A made-up key, as an authenticator app's setup shows one: in groups of four. */
const SAMPLE_KEY = 'JBSW Y3DP EHPK 3PXP';

/** Made-up recovery codes, in the shape the server makes them. */
const SAMPLE_CODES = [
  'k7mp-3xwq',
  'h9tz-r4bn',
  'q2fd-8vyc',
  'w5ns-j6ea',
  'b3ku-m9rx',
  'e4gh-t7pl',
  'z8va-c2dq',
  'n6yw-f5ts',
];

/** A value to copy with the button inside its field, as the two-factor setup gives its key. */
function KeyField() {
  const { t } = useTranslation('two-factor');
  return (
    <TextInput
      label={t('setup.key')}
      description={t('setup.manual')}
      value={SAMPLE_KEY}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={SAMPLE_KEY.replaceAll(' ', '')}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('setup.copied') : t('setup.copy')} withinPortal>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={copied ? t('setup.copied') : t('setup.copy')}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** A long value to copy with a named button beside it, as Sales settings gives the webhook address. */
function AddressField() {
  const { t } = useTranslation('sales-settings');
  const address = `${window.location.origin}/api/webhooks/amocrm/kit-sample-secret`;
  return (
    <CopyField
      label={t('webhook.url')}
      value={address}
      copyLabel={t('webhook.copy')}
      copiedLabel={t('webhook.copied')}
    />
  );
}

/** Recovery codes shown once, to copy all at once or download; Done hides them, as it closes them on a screen. */
function RecoveryCodes() {
  const { t } = useTranslation(['two-factor', 'kit-forms']);
  const [shown, setShown] = useState(true);
  if (!shown) {
    return (
      <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setShown(true)}>
        {t('kit-forms:clipboard.showAgain')}
      </Button>
    );
  }
  return <RecoveryCodesView codes={SAMPLE_CODES} heading={t('setupPage.enabled')} onDone={() => setShown(false)} />;
}

/** Copying what the user must take elsewhere: a key, an address, a list of codes. */
export default function ClipboardPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="clipboard"
      sources={[
        '@mantine/core CopyButton',
        'components/forms/copy-field.tsx',
        'components/two-factor/recovery-codes.tsx',
      ]}
    >
      <KitExample title={t('clipboard.examples.inField')}>
        <KeyField />
      </KitExample>
      <KitExample title={t('clipboard.examples.beside')}>
        <AddressField />
      </KitExample>
      <KitExample title={t('clipboard.examples.list')}>
        <RecoveryCodes />
      </KitExample>
      <KitExample title={t('clipboard.examples.narrow')} narrow>
        <Stack gap="md">
          <KeyField />
          <AddressField />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
