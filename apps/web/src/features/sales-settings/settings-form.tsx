import type { SalesSettings } from '@cm/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconKeyOff } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { withoutError } from '../../components/forms/without-error';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useUpdateSalesSettings } from './api';
import {
  comparable,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
  serverFieldErrors,
  toInput,
  valuesOf,
} from './form-values';
import { PaymentFieldSelect } from './payment-field-select';
import { PipelinePicker } from './pipeline-picker';
import { SaveBar } from './save-bar';
import { Section } from './section';

/** Options of a searchable select from the runtime's own list, plus the stored value should the list lack it. */
function withCurrent(values: readonly string[], current: string): string[] {
  return values.includes(current) || current === '' ? [...values] : [current, ...values];
}

function useTimeZoneOptions(current: string) {
  return useMemo(() => withCurrent(Intl.supportedValuesOf('timeZone'), current), [current]);
}

function useCurrencyOptions(current: string, language: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'currency' });
    return withCurrent(Intl.supportedValuesOf('currency'), current).map((code) => ({
      value: code,
      label: `${code} · ${names.of(code) ?? code}`,
    }));
  }, [current, language]);
}

/**
 * The sales settings form (PRODUCT.md §5): the amoCRM connection (the token is write-only: the form only
 * knows whether one is stored), what counts as a sale, the sync schedule, the time zone and currency.
 * Checked with the contract's SalesSettingsUpdate; server refusals land on their field.
 */
export function SettingsForm({
  settings,
  onDirtyChange,
}: {
  settings: SalesSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['sales-settings', 'errors', 'common']);
  const baseline = useMemo(() => valuesOf(settings), [settings]);
  const [values, setValues] = useState<SettingsFormValues>(baseline);
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const timeZones = useTimeZoneOptions(values.timeZone);
  const currencies = useCurrencyOptions(values.currency, i18n.language);

  const dirty = comparable(values) !== comparable(baseline);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useUpdateSalesSettings();

  const focusFirstInvalid = useFocusFirstInvalid(formRef, save.error);

  const set = <Key extends SettingsField>(key: Key, value: SettingsFormValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = toInput(values);
    setErrors(found);
    if (!input) {
      focusFirstInvalid();
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        setErrors({});
        notify({ color: 'green', message: t('form.saved') });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
          setErrors(serverFieldErrors(error.problem));
      },
    });
  };

  const message = (field: SettingsField) => (errors[field] ? t(errors[field]) : undefined);
  const hasErrors = Object.keys(errors).length > 0;
  const otherError = save.error && !(save.error instanceof ApiError && save.error.code === 'VALIDATION_FAILED');
  const connected = settings.subdomain !== null && settings.tokenSet;

  const tokenStatus = values.removeToken ? (
    <Badge color="red" variant="dot">
      {t('form.tokenWillBeRemoved')}
    </Badge>
  ) : settings.tokenSet ? (
    <Badge color="green" variant="dot">
      {t('form.tokenSet')}
    </Badge>
  ) : (
    <Badge color="gray" variant="dot">
      {t('form.tokenNotSet')}
    </Badge>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('form.title')}>
      <Stack gap="md">
        {(hasErrors || otherError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {otherError ? errorMessage(t, save.error) : t('form.fixErrors')}
          </Alert>
        )}

        <Section
          title={t('form.connection')}
          description={settings.baseUrl ? t('form.connectsTo', { url: settings.baseUrl }) : t('form.notConnected')}
          actions={
            settings.accountId !== null ? (
              <Badge variant="outline" color="gray">
                {t('form.accountId', { id: settings.accountId })}
              </Badge>
            ) : null
          }
        >
          <TextInput
            label={t('form.address')}
            description={t('form.addressHint')}
            placeholder="mycompany"
            value={values.subdomain}
            onChange={(event) => set('subdomain', event.currentTarget.value)}
            error={message('subdomain')}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
          />
          <Stack gap={6}>
            <PasswordInput
              label={
                <Group gap="xs" component="span">
                  <span>{t('form.token')}</span>
                  {tokenStatus}
                </Group>
              }
              description={t('form.tokenHint')}
              placeholder={settings.tokenSet ? t('form.tokenKeepPlaceholder') : t('form.tokenPlaceholder')}
              value={values.token}
              onChange={(event) => {
                set('token', event.currentTarget.value);
                if (event.currentTarget.value !== '') set('removeToken', false);
              }}
              error={message('token')}
              disabled={values.removeToken}
              // A new secret, never the signed-in user's password: keeps the browser from filling it in.
              autoComplete="new-password"
              spellCheck={false}
              visibilityToggleButtonProps={{ 'aria-label': t('common:header.togglePasswordVisibility') }}
            />
            {settings.tokenSet ? (
              <Group gap="xs">
                {values.removeToken ? (
                  <>
                    <Text size="sm" c="dimmed">
                      {t('form.tokenRemovalHint')}
                    </Text>
                    <Button variant="subtle" size="compact-sm" onClick={() => set('removeToken', false)}>
                      {t('form.keepToken')}
                    </Button>
                  </>
                ) : (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconKeyOff size={14} />}
                    onClick={() => setValues((current) => ({ ...current, token: '', removeToken: true }))}
                  >
                    {t('form.removeToken')}
                  </Button>
                )}
              </Group>
            ) : null}
          </Stack>
        </Section>

        <Section title={t('form.counting')} description={t('form.countingHint')}>
          <PipelinePicker
            connected={connected}
            value={values.includedPipelineIds}
            onChange={(ids) => set('includedPipelineIds', ids)}
          />
          <PaymentFieldSelect
            connected={connected}
            value={values.paymentMethodFieldId}
            onChange={(id) => set('paymentMethodFieldId', id)}
            error={message('paymentMethodFieldId')}
          />
        </Section>

        <Section title={t('form.organisation')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('form.interval')}
              description={t('form.intervalHint')}
              value={values.syncIntervalMinutes}
              onChange={(value) => set('syncIntervalMinutes', value)}
              error={message('syncIntervalMinutes')}
              min={0}
              max={1440}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              suffix={` ${t('form.minutes')}`}
            />
            <Select
              label={t('form.currency')}
              description={t('form.currencyHint')}
              data={currencies}
              value={values.currency}
              onChange={(value) => value && set('currency', value)}
              error={message('currency')}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('form.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('form.timeZone')}
              description={t('form.timeZoneHint')}
              data={timeZones}
              value={values.timeZone}
              onChange={(value) => value && set('timeZone', value)}
              error={message('timeZone')}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('form.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Section>

        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          status={dirty ? t('form.unsaved') : t('form.allSaved')}
          saveLabel={t('form.save')}
          onDiscard={() => {
            setValues(baseline);
            setErrors({});
            save.reset();
          }}
        />
      </Stack>
    </form>
  );
}
