import {
  BONUS_MONEY_MAX_MINOR,
  type BonusResult,
  bonusTermsOf,
  type CalculatorContext,
  type CalculatorManager,
  type CalculatorRequest,
  computeBonus,
} from '@cm/contract';
import { Alert, Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayChart } from '../../components/charts/pay-chart';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useCurrency, useTypedState } from '../../lib/format';
import { calculatorKeys } from '../../lib/query-keys/calculator';
import { schemeOf, useCalculateBonus } from './api';
import { BonusTableCard } from './bonus-table';
import { CalculatorForm } from './calculator-form';
import { resultOf, sameResult } from './explanation';
import { Facts } from './facts';
import {
  type CalculatorField,
  type CalculatorFieldErrors,
  type CalculatorFormValues,
  engineInput,
  relocalised,
  serverFieldErrors,
  toInput,
  typedMinor,
  valuesOf,
} from './form-values';
import { NextStepText } from './next-step-text';
import { ResultCard, type ResultState } from './result-card';
import { useCalculatorWords } from './use-words';

const FIELDS: readonly CalculatorField[] = ['managementType', 'plan', 'revenue'];

/** Whether the server's answer was to the inputs as they are now. */
function sameRequest(asked: CalculatorRequest | undefined, now: CalculatorRequest | null): boolean {
  return (
    asked !== undefined &&
    now !== null &&
    asked.managementType === now.managementType &&
    asked.planMinor === now.planMinor &&
    asked.revenueMinor === now.revenueMinor
  );
}

/**
 * The calculator of one manager (PRODUCT.md §5): the month's facts, the inputs with the result computed in the
 * browser by the shared engine as they are typed, the server's answer on Calculate, the bonus table and the chart.
 * Mounted afresh for each manager, whose type and plan the inputs start from.
 */
export function CalculatorScreen({
  context,
  manager,
  isAdministrator,
}: {
  context: CalculatorContext;
  /** The manager the figures are of (the context's). */
  manager: CalculatorManager;
  isAdministrator: boolean;
}) {
  const { t, i18n } = useTranslation(['calculator', 'errors']);
  const language = i18n.language;
  const { digits } = useCurrency();
  const words = useCalculatorWords();
  const month = words.month(context.month);
  const scheme = schemeOf(context, manager.managementType);

  const [values, setValues] = useTypedState(
    (typedIn) => valuesOf(context, digits, typedIn),
    (typed, from, to) => relocalised(typed, digits, from, to),
  );
  const [touched, setTouched] = useState<ReadonlySet<CalculatorField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const calculation = useCalculateBonus();
  const focusFirstInvalid = useFocusFirstInvalid(formRef, calculation.error);

  const { input, errors } = useMemo(() => toInput(values, digits, language), [values, digits, language]);
  const terms = useMemo(() => (scheme ? bonusTermsOf(scheme) : null), [scheme]);
  // The type typed in may be another than the manager's: its scheme in effect, when it has one.
  const inputScheme = schemeOf(context, values.managementType);
  const inputTerms = useMemo(() => (inputScheme ? bonusTermsOf(inputScheme) : null), [inputScheme]);
  const local = useMemo(
    () => (input && inputTerms ? computeBonus(inputTerms, engineInput(input)) : null),
    [input, inputTerms],
  );
  const answeredNow = sameRequest(calculation.variables, input);
  const server = answeredNow && calculation.data ? resultOf(calculation.data) : null;
  const refusal = answeredNow && calculation.error ? calculation.error : null;

  // A field's problem shows once it was typed into or Calculate was pressed; typing a revenue shows what the
  // other fields lack, since the result waits for them.
  const shownErrors: CalculatorFieldErrors = useMemo(() => {
    const fromServer = refusal instanceof ApiError ? serverFieldErrors(refusal.problem, digits) : {};
    const shown: CalculatorFieldErrors = {};
    for (const field of FIELDS) {
      const visible = submitted || touched.has(field) || touched.has('revenue');
      const message = (visible ? errors[field] : undefined) ?? fromServer[field];
      if (message) shown[field] = message;
    }
    return shown;
  }, [errors, refusal, digits, submitted, touched]);

  const change = <Field extends CalculatorField>(field: Field, value: CalculatorFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  };

  const submit = () => {
    setSubmitted(true);
    if (!input) {
      focusFirstInvalid();
      return;
    }
    // The month the screen's figures are of, so that a month turning meanwhile cannot change the scheme asked for.
    calculation.mutate({ ...input, month: context.month });
  };

  const typeName = (type: string) => t(`domain:managementTypes.${type}`);
  const chosenTypeName = values.managementType ? typeName(values.managementType) : '';

  // The browser's figures differ from the server's only when what the screen started from is stale (a scheme
  // saved since in another tab): the server's answer is shown, and the screen reads its starting point again.
  const disagree = local !== null && server !== null && !sameResult(local, server);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (disagree) void queryClient.invalidateQueries({ queryKey: calculatorKeys.all });
  }, [disagree, queryClient]);

  let state: ResultState;
  if (local && !disagree) state = { kind: 'result', result: local, byServer: false };
  else if (server) state = { kind: 'result', result: server, byServer: true };
  else if (input) state = { kind: 'serverOnly', typeName: chosenTypeName };
  else if (values.revenue.trim() === '') state = { kind: 'prompt', withPlan: values.plan.trim() === '' };
  else state = { kind: 'fixInputs' };

  const chartPlan = typedMinor(values.plan, digits, language);
  const chartPotential = typedMinor(values.revenue, digits, language);
  const chartTitleId = useId();

  return (
    <Stack gap="lg">
      <Facts context={context} />

      {manager.managementType === null ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('noManagementType', { name: manager.name })}
        </Alert>
      ) : scheme === null ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm">{t('noScheme', { type: typeName(manager.managementType), month })}</Text>
          {isAdministrator ? (
            <Anchor
              component={Link}
              // The router is built from the table of screens, so it types no screen's search: the tab is Sales settings'.
              to="/settings"
              search={{ tab: 'bonus-schemes' } as never}
              size="sm"
              underline="always"
            >
              {t('setUpSchemes')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CalculatorForm
            formRef={formRef}
            values={values}
            errors={shownErrors}
            digits={digits}
            maxText={words.money(BigInt(BONUS_MONEY_MAX_MINOR))}
            pending={calculation.isPending}
            status={<ServerStatus local={local} server={server} refusal={refusal} />}
            onChange={change}
            onSubmit={submit}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ResultCard
            state={state}
            nextStep={
              local && input && inputTerms ? (
                <NextStepText
                  label={t('nextStep.potential')}
                  terms={inputTerms}
                  planMinor={BigInt(input.planMinor)}
                  revenueMinor={BigInt(input.revenueMinor)}
                />
              ) : null
            }
          />
        </Grid.Col>
      </Grid>

      {terms && manager.managementType ? (
        <BonusTableCard
          terms={terms}
          planMinor={context.planMinor === null ? null : BigInt(context.planMinor)}
          revenueMinor={BigInt(context.revenueMinor)}
          typeName={typeName(manager.managementType)}
          month={month}
        />
      ) : null}

      <Paper component="section" aria-labelledby={chartTitleId} withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id={chartTitleId}>
              {t('chart.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('chart.description')}
            </Text>
          </div>
          {!inputTerms ? (
            <Text c="dimmed">{t('chart.needsScheme', { type: chosenTypeName || '—' })}</Text>
          ) : chartPlan === null || chartPlan <= 0n ? (
            <Text c="dimmed">{t('chart.needsPlan')}</Text>
          ) : (
            <PayChart
              terms={inputTerms}
              planMinor={chartPlan}
              currentMinor={BigInt(context.revenueMinor)}
              potentialMinor={chartPotential}
              labelledBy={chartTitleId}
              tableNote={t('chart.summaryTable')}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** What the server answered to Calculate: the same figures (they must be), other ones, or why it refused. */
function ServerStatus({
  local,
  server,
  refusal,
}: {
  local: BonusResult | null;
  server: BonusResult | null;
  refusal: Error | null;
}): ReactNode {
  const { t } = useTranslation(['calculator', 'errors']);
  const words = useCalculatorWords();
  if (refusal) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {errorMessage(t, refusal)}
      </Alert>
    );
  }
  // Without the browser's figures (another type's scheme) the server's answer is the result itself.
  if (!server || !local) return null;
  const figures = { bonus: words.money(server.bonusMinor), total: words.money(server.totalMinor) };
  return sameResult(local, server) ? (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
      {t('server.agree', figures)}
    </Alert>
  ) : (
    <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
      {t('server.differ', figures)}
    </Alert>
  );
}
