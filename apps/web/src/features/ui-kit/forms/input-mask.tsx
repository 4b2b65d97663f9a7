import { normaliseSocialProfile, TOTP_DIGITS, TwoFactorConfirmation } from '@cm/contract';
import { Code, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/forms/amount-input';
import { DateField } from '../../../components/forms/date-field';
import { moneyInputText, parseMoney, useCurrency, useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';

/** 2 800 000.50 in a currency of two decimals. */
const SAMPLE_AMOUNT_MINOR = 280_000_050;

/** What a field read from the text typed, under it: the form the API gets. */
function ReadAs({ value }: { value: string | null }) {
  const { t } = useTranslation('kit-forms');
  if (value === null) return null;
  return (
    <>
      {t('inputMask.readAs')} <Code>{value}</Code>
    </>
  );
}

/** A day typed as the language writes it, or picked. */
function Day({ label, initial }: { label: string; initial?: string }) {
  const [day, setDay] = useState<string | undefined>(initial);
  return (
    <Stack gap={4}>
      <DateField label={label} value={day} onChange={setDay} />
      <Text size="xs" c="dimmed">
        <ReadAs value={day ?? null} />
      </Text>
    </Stack>
  );
}

/** An amount typed with the language's separators, read exactly in minor units of the organisation currency. */
function Amount({ label, typed }: { label: string; typed?: string }) {
  const { t, i18n } = useTranslation(['kit-forms', 'components']);
  const { code, digits } = useCurrency();
  const format = useFormatters();
  // Without a text typed, the sample amount as the product writes one into a box, in the language of the moment.
  const [text, setText] = useState(() => typed ?? moneyInputText(SAMPLE_AMOUNT_MINOR, digits, i18n.language));
  const minor = parseMoney(text, digits, i18n.language);
  return (
    <AmountInput
      label={label}
      unit={code}
      value={text}
      onChange={setText}
      description={typeof minor === 'number' ? t('inputMask.amountReadAs', { amount: format.money(minor) }) : undefined}
      error={minor === undefined ? t('components:validation.money', { count: digits }) : undefined}
    />
  );
}

/** A WhatsApp number as the profile takes it: spaces, dashes and brackets allowed, kept as `+` and digits. */
function PhoneNumber({ initial }: { initial: string }) {
  const { t } = useTranslation(['profile', 'kit-forms']);
  const [text, setText] = useState(initial);
  const kept = text.trim() === '' ? null : normaliseSocialProfile('whatsapp', text);
  const network = t('social.networks.whatsapp');
  return (
    <TextInput
      label={network}
      placeholder={t('social.placeholders.whatsapp')}
      leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
      inputMode="tel"
      autoComplete="off"
      spellCheck={false}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      description={kept ? <ReadAs value={kept} /> : undefined}
      error={text.trim() !== '' && !kept ? t('validation.socialInvalid', { network }) : undefined}
    />
  );
}

/** The code of an authenticator app as two-factor sign-in takes it: digits, the space some apps show allowed. */
function AppCode({ initial }: { initial: string }) {
  const { t } = useTranslation(['two-factor', 'kit-forms']);
  const [text, setText] = useState(initial);
  const digits = text.replace(/\s/g, '');
  const valid = TwoFactorConfirmation.shape.code.safeParse(digits).success;
  return (
    <TextInput
      label={t('setup.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={TOTP_DIGITS + 2}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      description={valid ? <ReadAs value={digits} /> : undefined}
      error={digits !== '' && !valid ? t('setup.codeDigits', { digits: TOTP_DIGITS }) : undefined}
    />
  );
}

/**
 * Fields that take text of a fixed shape. The product sets no input masks: each field takes what is typed or pasted
 * in the shapes people write, reads it leniently and says what is wrong.
 */
export default function InputMaskPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="inputMask"
      sources={[
        'components/forms/date-field.tsx',
        'components/forms/amount-input.tsx',
        'lib/format/amounts.ts',
        '@cm/contract normaliseSocialProfile',
        '@cm/contract TwoFactorConfirmation',
      ]}
    >
      <KitExample title={t('inputMask.examples.day')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Day label={t('inputMask.day')} initial="2026-11-21" />
          <Day label={t('inputMask.day')} />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('inputMask.examples.amount')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Amount label={t('inputMask.amount')} />
          <Amount label={t('inputMask.amount')} typed="12.3456" />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('inputMask.examples.phone')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PhoneNumber initial="+7 (912) 345-67-89" />
          <PhoneNumber initial="912 345" />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('inputMask.examples.code')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AppCode initial="123 456" />
          <AppCode initial="12345" />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('inputMask.examples.narrow')} narrow>
        <Stack gap="md">
          <Day label={t('inputMask.day')} initial="2026-11-21" />
          <Amount label={t('inputMask.amount')} />
          <PhoneNumber initial="+7 (912) 345-67-89" />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
