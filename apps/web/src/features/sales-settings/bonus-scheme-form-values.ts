import {
  BONUS_MONEY_MAX_MINOR,
  BonusSchemeRequest,
  type BonusSchemeVersion,
  MAX_BONUS_LEVELS,
  type Problem,
  type TierMode,
} from '@cm/contract';
import { decimalInputText, moneyInputText, parseMoney, readMoney, relocalisedMoney } from '../../lib/format';

/** What a level pays from its threshold on: a rate of the revenue, or a fixed amount. */
export type LevelKind = 'rate' | 'fixed';

/**
 * A level as typed. Both the rate and the amount are kept, so that switching the kind back and forth loses
 * neither; only the one of its kind is saved.
 */
export type LevelRow = { id: string; threshold: string; kind: LevelKind; rate: string; amount: string };

/** What the bonus scheme form holds: text as typed, turned into a BonusSchemeRequest only on save. */
export type BonusSchemeFormValues = {
  /** Money in major units of the organisation currency, as typed in the interface language ("60 000,00"). */
  fixedSalary: string;
  tierMode: TierMode;
  levels: LevelRow[];
  fixedBonusAt120: string;
  /** A percentage as typed, with a decimal point or comma ("2,5"). */
  abovePlanRate: string;
};

/** How money is typed: the currency's decimals and the interface language's separators. */
export type MoneyFormat = { digits: number; language: string };

/** A field of the form: one of the scheme's own, the list of levels, or a level's (`levels.2.threshold`). */
export type SchemeField =
  | 'fixedSalary'
  | 'tierMode'
  | 'levels'
  | 'fixedBonusAt120'
  | 'abovePlanRate'
  | `levels.${number}.${'threshold' | 'rate' | 'amount'}`;

/** Message keys of the `sales-settings` namespace by field (`bonusSchemes.validation.…`). */
export type SchemeFieldErrors = Partial<Record<SchemeField, string>>;

const MESSAGES = 'bonusSchemes.validation';

let rowCount = 0;

/** A new level row, with an id of its own to key it while rows are added and removed. */
export function newLevelRow(fields: Partial<Omit<LevelRow, 'id'>> = {}): LevelRow {
  rowCount += 1;
  return { id: `level-${rowCount}`, threshold: '', kind: 'rate', rate: '', amount: '', ...fields };
}

/** A percentage as the API writes it ("70.50") as a person types it: "70.5", "70,5" in Russian. */
export function percentInputText(text: string, language: string): string {
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return decimalInputText(trimmed, language);
}

/** A percentage as typed, in the contract's form: spaces and a trailing "%" dropped, a decimal comma read as a point. */
export function normalisePercent(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/%$/, '')
    .replace(',', '.');
}

/** A form with nothing typed: what a management type without any scheme starts from. */
export function emptyValues(): BonusSchemeFormValues {
  return { fixedSalary: '', tierMode: 'highest', levels: [newLevelRow()], fixedBonusAt120: '', abovePlanRate: '' };
}

/** A stored version's terms as the form shows them, to edit it or to start a new version from it. */
export function valuesOf(version: BonusSchemeVersion, money: MoneyFormat): BonusSchemeFormValues {
  const amount = (minor: number) => moneyInputText(minor, money.digits, money.language);
  const percent = (text: string) => percentInputText(text, money.language);
  return {
    fixedSalary: amount(version.fixedSalaryMinor),
    tierMode: version.tierMode,
    levels: version.levels.map((level) =>
      'ratePercent' in level
        ? newLevelRow({ threshold: percent(level.thresholdPercent), kind: 'rate', rate: percent(level.ratePercent) })
        : newLevelRow({ threshold: percent(level.thresholdPercent), kind: 'fixed', amount: amount(level.fixedMinor) }),
    ),
    fixedBonusAt120: amount(version.fixedBonusAt120Minor),
    abovePlanRate: percent(version.abovePlanRatePercent),
  };
}

/**
 * The values as a person of another language types them, when the interface language changes with the form
 * open (the form's useTypedState): "60,000.50" and "70.5" in English are «60 000,50» and «70,5» in Russian. What
 * cannot be read stays as typed.
 */
export function relocalised(
  values: BonusSchemeFormValues,
  digits: number,
  from: string,
  to: string,
): BonusSchemeFormValues {
  const amount = (text: string) => relocalisedMoney(text, digits, from, to);
  const percent = (text: string) => {
    const normalised = normalisePercent(text);
    return /^\d+(\.\d+)?$/.test(normalised) ? decimalInputText(normalised, to) : text;
  };
  return {
    ...values,
    fixedSalary: amount(values.fixedSalary),
    levels: values.levels.map((level) => ({
      ...level,
      threshold: percent(level.threshold),
      rate: percent(level.rate),
      amount: amount(level.amount),
    })),
    fixedBonusAt120: amount(values.fixedBonusAt120),
    abovePlanRate: percent(values.abovePlanRate),
  };
}

/** Minor units of an amount as typed; undefined when it cannot be read. */
function moneyOf(text: string, money: MoneyFormat): number | null | undefined {
  return parseMoney(text, money.digits, money.language);
}

/** A percentage compared by its value ("5", "5,0" and "5.00" are one), or as typed when it is not one. */
function percentValue(text: string): string {
  const normalised = normalisePercent(text);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(normalised);
  if (!match) return `text:${normalised}`;
  return `${BigInt(match[1] ?? '0')}.${(match[2] ?? '').replace(/0+$/, '')}`;
}

/** The values in a form that compares equal whenever nothing a save would send differs. */
export function comparable(values: BonusSchemeFormValues, money: MoneyFormat): string {
  const amount = (text: string) => moneyOf(text, money) ?? `text:${text.trim()}`;
  return JSON.stringify({
    fixedSalary: amount(values.fixedSalary),
    tierMode: values.tierMode,
    levels: values.levels.map((level) => [
      percentValue(level.threshold),
      level.kind,
      level.kind === 'rate' ? percentValue(level.rate) : amount(level.amount),
    ]),
    fixedBonusAt120: amount(values.fixedBonusAt120),
    abovePlanRate: percentValue(values.abovePlanRate),
  });
}

/** Why an amount as typed is not one the scheme takes, as a message key; null when it is. */
function moneyProblem(text: string, money: MoneyFormat): string | null {
  const read = readMoney(text, money.digits, money.language, BONUS_MONEY_MAX_MINOR);
  switch (read.problem) {
    case undefined:
      return null;
    case 'empty':
      return `${MESSAGES}.required`;
    case 'notANumber':
      return `${MESSAGES}.amountInvalid`;
    case 'tooManyDecimals':
      return money.digits === 0 ? `${MESSAGES}.amountWhole` : `${MESSAGES}.amountDecimals`;
    case 'tooLarge':
      return `${MESSAGES}.amountTooLarge`;
  }
}

type PercentKind = 'threshold' | 'rate';

/** Why a percentage the contract refused as text ("invalid_format") is not one, from what was typed. */
function percentProblem(text: string, kind: PercentKind): string {
  const normalised = normalisePercent(text);
  if (normalised === '') return `${MESSAGES}.required`;
  const number = /^-?\d+(?:\.(\d+))?$/.exec(normalised);
  if (!number) return `${MESSAGES}.percentInvalid`;
  if ((number[1] ?? '').length > 2) return `${MESSAGES}.percentDecimals`;
  // A sign or too many digits: outside what the field takes.
  return kind === 'threshold' ? `${MESSAGES}.thresholdRange` : `${MESSAGES}.rateRange`;
}

/** The contract's rules that name their own code (a `custom` issue's `params.code`, or the server's error code). */
const NAMED_RULES: Record<string, string> = {
  threshold_not_increasing: `${MESSAGES}.thresholdNotIncreasing`,
  threshold_out_of_range: `${MESSAGES}.thresholdRange`,
  rate_out_of_range: `${MESSAGES}.rateRange`,
};

/**
 * The form's field for a path of the request (`['levels', 1, 'thresholdPercent']`), with the text typed into
 * it; a level's path without a field (its union of kinds refused as a whole) is the value of the level's kind.
 */
function fieldOf(
  path: readonly PropertyKey[],
  values: BonusSchemeFormValues,
): { field: SchemeField; text: string; kind: 'money' | PercentKind | 'other' } | null {
  const [first, index, leaf] = path.map(String);
  switch (first) {
    case 'fixedSalaryMinor':
      return { field: 'fixedSalary', text: values.fixedSalary, kind: 'money' };
    case 'fixedBonusAt120Minor':
      return { field: 'fixedBonusAt120', text: values.fixedBonusAt120, kind: 'money' };
    case 'abovePlanRatePercent':
      return { field: 'abovePlanRate', text: values.abovePlanRate, kind: 'rate' };
    case 'tierMode':
      return { field: 'tierMode', text: values.tierMode, kind: 'other' };
    case 'levels': {
      const row = index === undefined ? undefined : values.levels[Number(index)];
      if (!row) return { field: 'levels', text: '', kind: 'other' };
      if (leaf === 'thresholdPercent')
        return { field: `levels.${Number(index)}.threshold`, text: row.threshold, kind: 'threshold' };
      if (leaf === 'ratePercent' || (leaf === undefined && row.kind === 'rate')) {
        return { field: `levels.${Number(index)}.rate`, text: row.rate, kind: 'rate' };
      }
      return { field: `levels.${Number(index)}.amount`, text: row.amount, kind: 'money' };
    }
    default:
      return null;
  }
}

/** The message key for a rule a field broke, worded from what was typed when the rule alone is too vague. */
function messageOf(
  target: { field: SchemeField; text: string; kind: 'money' | PercentKind | 'other' },
  code: string,
  money: MoneyFormat,
): string {
  const named = NAMED_RULES[code];
  if (named) return named;
  if (target.field === 'levels') return code === 'too_big' ? `${MESSAGES}.tooManyLevels` : `${MESSAGES}.invalid`;
  if (target.kind === 'money') return moneyProblem(target.text, money) ?? `${MESSAGES}.amountTooLarge`;
  if (target.kind === 'threshold' || target.kind === 'rate') return percentProblem(target.text, target.kind);
  return `${MESSAGES}.invalid`;
}

/**
 * Checks the values with the contract's BonusSchemeRequest schema and converts them: amounts typed in the
 * organisation currency to minor units (which the schema cannot read), percentages to its decimal text.
 * `errors` holds the first problem of each field and is empty when `request` is set.
 */
export function toRequest(
  values: BonusSchemeFormValues,
  money: MoneyFormat,
): { request: BonusSchemeRequest | null; errors: SchemeFieldErrors } {
  const errors: SchemeFieldErrors = {};
  // An amount that cannot be read is the form's own finding; the schema checks the rest with 0 in its place.
  const amount = (field: SchemeField, text: string): number => {
    const problem = moneyProblem(text, money);
    if (problem) errors[field] = problem;
    return problem ? 0 : (moneyOf(text, money) ?? 0);
  };
  const candidate = {
    fixedSalaryMinor: amount('fixedSalary', values.fixedSalary),
    tierMode: values.tierMode,
    levels: values.levels.map((level, index) =>
      level.kind === 'rate'
        ? { thresholdPercent: normalisePercent(level.threshold), ratePercent: normalisePercent(level.rate) }
        : {
            thresholdPercent: normalisePercent(level.threshold),
            fixedMinor: amount(`levels.${index}.amount`, level.amount),
          },
    ),
    fixedBonusAt120Minor: amount('fixedBonusAt120', values.fixedBonusAt120),
    abovePlanRatePercent: normalisePercent(values.abovePlanRate),
  };
  const parsed = BonusSchemeRequest.safeParse(candidate);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const target = fieldOf(issue.path, values);
    if (!target || errors[target.field]) continue;
    const named = (issue as { params?: { code?: unknown } }).params?.code;
    errors[target.field] = messageOf(target, typeof named === 'string' ? named : issue.code, money);
  }
  if (values.levels.length > MAX_BONUS_LEVELS) errors.levels ??= `${MESSAGES}.tooManyLevels`;
  if (parsed.success && Object.keys(errors).length === 0) return { request: parsed.data, errors };
  return { request: null, errors };
}

/**
 * Field messages from a refused save: the server's field errors by their path (`body.levels.1.thresholdPercent`)
 * and code (`threshold_not_increasing`, or zod's own), worded from what the form holds.
 */
export function serverFieldErrors(
  problem: Problem | undefined,
  values: BonusSchemeFormValues,
  money: MoneyFormat,
): SchemeFieldErrors {
  const errors: SchemeFieldErrors = {};
  for (const error of problem?.errors ?? []) {
    if (!error.path.startsWith('body')) continue;
    const target = fieldOf(
      error.path
        .replace(/^body\.?/, '')
        .split('.')
        .filter(Boolean),
      values,
    );
    if (target) errors[target.field] ??= messageOf(target, error.code, money);
  }
  return errors;
}

/** The errors without the levels': once a row is added or removed, they no longer match their rows' numbers. */
export function withoutLevelErrors(errors: SchemeFieldErrors): SchemeFieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !field.startsWith('levels')),
  ) as SchemeFieldErrors;
}
