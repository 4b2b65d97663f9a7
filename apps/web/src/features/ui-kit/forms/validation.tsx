import { ErrorCode, type Unit } from '@cm/contract';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { PasswordChangeFields } from '../../../components/forms/password-change-fields';
import {
  checkPasswordChange,
  NO_PASSWORDS,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '../../../components/forms/password-change-values';
import { SegmentedChoice } from '../../../components/forms/segmented-choice';
import { useFocusFirstInvalid } from '../../../components/forms/use-focus-first-invalid';
import { withoutError } from '../../../components/forms/without-error';
import { quantityProblem } from '../../../components/movements/quantity';
import { rangeProblem } from '../../../components/sales-period/period';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { sampleRefusal } from './samples';

/**
 * The profile's password change with its own checks and words: Change checks the fields, says what is wrong at
 * each, moves the focus to the first, and each message goes as its field changes. Nothing is sent from the kit.
 */
function PasswordChange({ refusal = null }: { refusal?: unknown }) {
  const { t } = useTranslation(['profile', 'kit-forms', 'errors', 'common']);
  const [values, setValues] = useState<PasswordChangeValues>(NO_PASSWORDS);
  // The profile marks the current password when the server says it was wrong; any other refusal goes above the form.
  const [errors, setErrors] = useState<PasswordChangeErrors>(
    refusal instanceof ApiError && refusal.code === 'CURRENT_PASSWORD_INCORRECT'
      ? { currentPassword: 'currentIncorrect' }
      : {},
  );
  const [passed, setPassed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef, null);

  const set = (key: keyof PasswordChangeValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
    setPassed(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswordChange(values);
    setErrors(found);
    setPassed(Object.keys(found).length === 0);
    if (Object.keys(found).length > 0) focusFirstInvalid();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <PasswordChangeFields t={t} prefix="password." values={values} errors={errors} error={refusal} onChange={set} />
        {passed && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {t('kit-forms:validation.passed')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit">{t('password.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A quantity checked as a movement checks it: against the contract's decimals and the unit (pieces are counted,
 * metres measured). As in the movement dialog, messages show from the first Check on and then follow the typing.
 */
function QuantityCheck() {
  const { t } = useTranslation(['movements', 'kit-forms', 'domain']);
  const format = useFormatters();
  const [unit, setUnit] = useState<Unit>('pcs');
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = checked ? quantityProblem(text, unit, true) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
      }}
      noValidate
    >
      <Stack gap="md">
        <Group gap="md" align="flex-start" wrap="wrap">
          <SegmentedChoice<Unit>
            label={t('kit-forms:validation.unit')}
            value={unit}
            options={(['pcs', 'm'] as const).map((value) => ({ value, label: t(`domain:unitNames.${value}`) }))}
            onChange={setUnit}
          />
          <TextInput
            label={t('quantity')}
            required
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={problem && t(`validation.quantity.${problem}`, { unit: t(`domain:units.${unit}`, { count: 2 }) })}
            rightSection={<Text size="sm">{format.unit(unit)}</Text>}
            rightSectionWidth={64}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        <Group>
          <Button type="submit" variant="default">
            {t('kit-forms:validation.check')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Two days that must make a period, checked as the sales screens check a custom range before asking the server. */
function RangeCheck() {
  const { t } = useTranslation('sales-period');
  const [from, setFrom] = useState<string | undefined>('2026-11-21');
  const [to, setTo] = useState<string | undefined>('2026-11-01');
  const problem = from && to ? rangeProblem({ from, to }) : null;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField label={t('from')} value={from} onChange={setFrom} w={{ base: '100%', xs: 170 }} />
      <DateField
        label={t('to')}
        value={to}
        onChange={setTo}
        error={problem ? t(`problem.${problem}`) : undefined}
        w={{ base: '100%', xs: 170 }}
      />
    </Group>
  );
}

/** Every refusal the server can answer with, by its code, in the words a screen shows for it. */
function RefusalWords() {
  const { t } = useTranslation(['kit-forms', 'errors']);
  const [code, setCode] = useState<ErrorCode>('SKU_TAKEN');
  return (
    <Stack gap="sm">
      <Select
        label={t('validation.code')}
        data={ErrorCode.options}
        value={code}
        onChange={(next) => next && setCode(next as ErrorCode)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('tables:nothingFound')}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', xs: 360 }}
      />
      <Alert color="red" variant="light" role="status">
        {errorMessage(t, sampleRefusal(code))}
      </Alert>
    </Stack>
  );
}

/** How the product checks what is typed and says what is wrong, with its own rules and words. */
export default function ValidationPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage
      group="forms"
      label="validation"
      sources={[
        'components/forms/password-change-values.ts',
        'components/forms/password-change-fields.tsx',
        'components/forms/use-focus-first-invalid.ts',
        'components/forms/without-error.ts',
        'components/movements/quantity.ts',
        'components/sales-period/period.ts',
        'lib/error-message.ts',
      ]}
    >
      <KitExample title={t('validation.examples.submit')}>
        <PasswordChange />
      </KitExample>
      <KitExample title={t('validation.examples.atField')}>
        <PasswordChange refusal={sampleRefusal('CURRENT_PASSWORD_INCORRECT')} />
      </KitExample>
      <KitExample title={t('validation.examples.aboveForm')}>
        <PasswordChange refusal={sampleRefusal('RATE_LIMITED')} />
      </KitExample>
      <KitExample title={t('validation.examples.quantity')}>
        <QuantityCheck />
      </KitExample>
      <KitExample title={t('validation.examples.range')}>
        <RangeCheck />
      </KitExample>
      <KitExample title={t('validation.examples.codes')}>
        <RefusalWords />
      </KitExample>
      <KitExample title={t('validation.examples.narrow')} narrow>
        <PasswordChange />
      </KitExample>
    </KitPage>
  );
}
