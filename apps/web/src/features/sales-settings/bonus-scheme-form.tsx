import { BONUS_MONEY_MAX_MINOR, type BonusSchemeVersion, MAX_BONUS_LEVELS, type ManagementType } from '@cm/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../components/forms/amount-input';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { monthStart, useCurrency, useFormatters, useTypedState } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSaveBonusScheme } from './api';
import {
  type BonusSchemeFormValues,
  comparable,
  emptyValues,
  type MoneyFormat,
  relocalised,
  type SchemeField,
  type SchemeFieldErrors,
  serverFieldErrors,
  toRequest,
  valuesOf,
  withoutLevelErrors,
} from './bonus-scheme-form-values';
import { BonusSchemeLevels } from './bonus-scheme-levels';
import { defaultMonthForNewVersion, versionInEffect, versionStatus } from './bonus-scheme-versions';
import { TierModeField } from './tier-mode-field';
import { VersionMonthField } from './version-month-field';

/** The scheme's own amounts, in the order the form shows them: two in the currency, one percentage. */
const AMOUNT_FIELDS = [
  { field: 'fixedSalary', unit: 'currency' },
  { field: 'fixedBonusAt120', unit: 'currency' },
  { field: 'abovePlanRate', unit: 'percent' },
] as const;

/** Where the form starts: the version edited, or for a new one the version in effect in its month, or nothing. */
function startingValues(start: BonusSchemeVersion | null, money: MoneyFormat): BonusSchemeFormValues {
  return start ? valuesOf(start, money) : emptyValues();
}

/**
 * Edits a version of a management type's scheme, or creates one from a chosen month, starting from the version
 * in effect then so that only what differs is typed. Values are kept as typed and checked with the contract's
 * BonusSchemeRequest on save; the server's field errors land on the same fields.
 */
export function BonusSchemeForm({
  managementType,
  versions,
  thisMonth,
  editing,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  managementType: ManagementType;
  versions: BonusSchemeVersion[];
  thisMonth: string;
  /** The version edited; null creates a new one. */
  editing: BonusSchemeVersion | null;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (saved: BonusSchemeVersion) => void;
}) {
  const { t, i18n } = useTranslation(['sales-settings', 'errors', 'common']);
  const { code: currency, digits } = useCurrency();
  const format = useFormatters();
  const money = useMemo(() => ({ digits, language: i18n.language }), [digits, i18n.language]);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  const [month, setMonth] = useState(() => editing?.effectiveFrom ?? defaultMonthForNewVersion(versions, thisMonth));
  // What a new version was filled in from: the version in effect in its month when the month was chosen.
  const [start, setStart] = useState(() => editing ?? versionInEffect(versions, month));
  // Typed numbers follow the interface language: "60,000.50" becomes «60 000,50» when it turns Russian.
  const relocalise = (typed: BonusSchemeFormValues, from: string, to: string) => relocalised(typed, digits, from, to);
  const [baseline, setBaseline] = useTypedState((language) => startingValues(start, { digits, language }), relocalise);
  const [values, setValues] = useTypedState(() => baseline, relocalise);
  const [errors, setErrors] = useState<SchemeFieldErrors>({});

  const dirty = comparable(values, money) !== comparable(baseline, money);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The form opens where the button that opened it was: the focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);

  const save = useSaveBonusScheme();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, save.error);

  const clearError = (field: SchemeField) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const set = <Key extends Exclude<keyof BonusSchemeFormValues, 'levels'>>(
    key: Key,
    value: BonusSchemeFormValues[Key],
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(key);
  };

  // A new version's month chosen before anything is typed: the form starts from the version in effect then.
  const chooseMonth = (next: string) => {
    setMonth(next);
    if (dirty) return;
    const from = versionInEffect(versions, next);
    const fresh = startingValues(from, money);
    setStart(from);
    setBaseline(fresh);
    setValues(fresh);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { request, errors: found } = toRequest(values, money);
    setErrors(found);
    if (!request) {
      focusFirstInvalid();
      return;
    }
    save.mutate(
      { managementType, effectiveFrom: month, request },
      {
        onSuccess: (saved) => {
          onDirtyChange(false);
          notify({
            color: 'green',
            message: t('bonusSchemes.form.saved', {
              type: t(`domain:managementTypes.${managementType}`),
              date: monthStart(saved.effectiveFrom, i18n.language),
            }),
          });
          onSaved(saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
            setErrors(serverFieldErrors(error.problem, values, money));
          }
        },
      },
    );
  };

  const message = (field: SchemeField) =>
    errors[field]
      ? t(errors[field], {
          count: digits,
          currency,
          max: format.money(BONUS_MONEY_MAX_MINOR),
          levels: MAX_BONUS_LEVELS,
        })
      : undefined;
  const hasErrors = Object.keys(errors).length > 0;
  const otherError = save.error && !(save.error instanceof ApiError && save.error.code === 'VALIDATION_FAILED');

  const status = editing ? versionStatus(versions, editing, thisMonth) : null;
  const title = editing
    ? t('bonusSchemes.form.editTitle', { date: monthStart(editing.effectiveFrom, i18n.language) })
    : t('bonusSchemes.form.createTitle');

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={3} size="h5" id={headingId} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>

        {editing === null ? (
          <VersionMonthField
            versions={versions}
            thisMonth={thisMonth}
            month={month}
            start={start}
            onChange={chooseMonth}
          />
        ) : status !== 'future' ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('bonusSchemes.form.paidMonths', { date: monthStart(editing.effectiveFrom, i18n.language) })}
          </Alert>
        ) : null}

        {(hasErrors || otherError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {otherError ? errorMessage(t, save.error) : t('bonusSchemes.form.fixErrors')}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
          {AMOUNT_FIELDS.map(({ field, unit }) => (
            <AmountInput
              key={field}
              label={t(`bonusSchemes.form.${field}`)}
              value={values[field]}
              onChange={(text) => set(field, text)}
              error={message(field)}
              unit={unit === 'currency' ? format.currencySign : '%'}
            />
          ))}
        </SimpleGrid>

        <TierModeField
          name={`bonus-scheme-tier-mode-${managementType}`}
          value={values.tierMode}
          error={message('tierMode')}
          onChange={(mode) => set('tierMode', mode)}
        />

        <BonusSchemeLevels
          levels={values.levels}
          currencySign={format.currencySign}
          message={message}
          onChange={(update) => setValues((current) => ({ ...current, levels: update(current.levels) }))}
          onFieldChange={clearError}
          onRowsChange={() => setErrors((current) => withoutLevelErrors(current))}
        />

        <Group justify="space-between" gap="sm">
          {/* The tab's orange dot marks the unsaved state; the words stay in the body colour, as orange text on
              white is below the contrast small text needs. */}
          <Text size="sm" c={dirty ? undefined : 'dimmed'} fw={dirty ? 600 : undefined} aria-live="polite">
            {dirty ? (
              <Text span c="var(--mantine-color-orange-text)" mr={6} aria-hidden>
                ●
              </Text>
            ) : null}
            {dirty ? t('bonusSchemes.form.unsaved') : t('bonusSchemes.form.noChanges')}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                save.reset();
                onCancel();
              }}
              disabled={save.isPending}
            >
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('bonusSchemes.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
