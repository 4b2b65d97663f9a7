import { type BonusSchemeVersion, percentHundredths } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import {
  type BonusSchemeFormValues,
  comparable,
  emptyValues,
  type LevelRow,
  newLevelRow,
  relocalised,
  serverFieldErrors,
  toRequest,
  valuesOf,
} from './bonus-scheme-form-values';

const EN = { digits: 2, language: 'en' };
const RU = { digits: 2, language: 'ru' };

/** A complete form as an administrator types it in English. */
function typed(overrides: Partial<BonusSchemeFormValues> = {}): BonusSchemeFormValues {
  return {
    fixedSalary: '60,000',
    tierMode: 'highest',
    levels: [
      newLevelRow({ threshold: '70', rate: '3' }),
      newLevelRow({ threshold: '90.5', kind: 'fixed', amount: '10000.50' }),
      newLevelRow({ threshold: '100', rate: '7.25' }),
    ],
    fixedBonusAt120: '50000',
    abovePlanRate: '2',
    ...overrides,
  };
}

/** The same form with one level's fields replaced. */
function withLevel(index: number, fields: Partial<LevelRow>): BonusSchemeFormValues {
  const values = typed();
  const row = values.levels[index];
  if (!row) throw new Error(`the form has no level ${index}`);
  values.levels[index] = { ...row, ...fields };
  return values;
}

const STORED: BonusSchemeVersion = {
  managementType: 'hybrid',
  effectiveFrom: '2026-01',
  fixedSalaryMinor: 5_500_000,
  tierMode: 'marginal',
  levels: [
    { thresholdPercent: '60.00', fixedMinor: 1_000_050 },
    { thresholdPercent: '80.50', ratePercent: '4.00' },
    { thresholdPercent: '100.00', ratePercent: '6.75' },
  ],
  fixedBonusAt120Minor: 4_500_000,
  abovePlanRatePercent: '2.00',
  updatedAt: '2026-01-10T09:00:00.000Z',
  updatedBy: null,
  locked: false,
};

/** A request's percentages in hundredths, to compare "70" with "70.00". */
function canonical(terms: Pick<BonusSchemeVersion, 'levels' | 'abovePlanRatePercent'>) {
  return {
    ...terms,
    levels: terms.levels.map((level) =>
      'ratePercent' in level
        ? { threshold: percentHundredths(level.thresholdPercent), rate: percentHundredths(level.ratePercent) }
        : { threshold: percentHundredths(level.thresholdPercent), fixedMinor: level.fixedMinor },
    ),
    abovePlanRatePercent: percentHundredths(terms.abovePlanRatePercent),
  };
}

describe('toRequest', () => {
  it('turns amounts typed in major units into minor units and percentages into the contract’s text', () => {
    expect(toRequest(typed(), EN)).toEqual({
      request: {
        fixedSalaryMinor: 6_000_000,
        tierMode: 'highest',
        levels: [
          { thresholdPercent: '70', ratePercent: '3' },
          { thresholdPercent: '90.5', fixedMinor: 1_000_050 },
          { thresholdPercent: '100', ratePercent: '7.25' },
        ],
        fixedBonusAt120Minor: 5_000_000,
        abovePlanRatePercent: '2',
      },
      errors: {},
    });
  });

  it('reads Russian digits: grouped with spaces, a decimal comma, a percent sign', () => {
    const { request } = toRequest(
      {
        fixedSalary: '60\u00a0000,50',
        tierMode: 'marginal',
        levels: [newLevelRow({ threshold: '70,5 %', rate: '3,25' })],
        fixedBonusAt120: '0',
        abovePlanRate: '1,5',
      },
      RU,
    );
    expect(request).toEqual({
      fixedSalaryMinor: 6_000_050,
      tierMode: 'marginal',
      levels: [{ thresholdPercent: '70.5', ratePercent: '3.25' }],
      fixedBonusAt120Minor: 0,
      abovePlanRatePercent: '1.5',
    });
  });

  it('sends only the value of each level’s kind', () => {
    const values = withLevel(0, { kind: 'fixed', rate: '3', amount: '500' });
    expect(toRequest(values, EN).request?.levels[0]).toEqual({ thresholdPercent: '70', fixedMinor: 50_000 });
  });

  it('takes a scheme without levels: only the salary and the bonuses above plan are paid', () => {
    expect(toRequest(typed({ levels: [] }), EN).request?.levels).toEqual([]);
  });
});

describe('the messages of a refused form', () => {
  const errorsOf = (values: BonusSchemeFormValues, money = EN) => toRequest(values, money);

  it('asks for every empty field, at that field', () => {
    const result = errorsOf({ ...emptyValues(), levels: [newLevelRow({ kind: 'fixed' })] });
    expect(result.request).toBeNull();
    expect(result.errors).toEqual({
      fixedSalary: 'bonusSchemes.validation.required',
      'levels.0.threshold': 'bonusSchemes.validation.required',
      'levels.0.amount': 'bonusSchemes.validation.required',
      fixedBonusAt120: 'bonusSchemes.validation.required',
      abovePlanRate: 'bonusSchemes.validation.required',
    });
  });

  it('says a threshold must be higher than the one before it, at the later level', () => {
    expect(errorsOf(withLevel(1, { threshold: '70' })).errors).toEqual({
      'levels.1.threshold': 'bonusSchemes.validation.thresholdNotIncreasing',
    });
    expect(errorsOf(withLevel(2, { threshold: '50' })).errors).toEqual({
      'levels.2.threshold': 'bonusSchemes.validation.thresholdNotIncreasing',
    });
  });

  it('keeps thresholds above 0 and at most 1000 % of the plan', () => {
    const values = typed({
      levels: [newLevelRow({ threshold: '0', rate: '1' }), newLevelRow({ threshold: '1000.01', rate: '1' })],
    });
    expect(errorsOf(values).errors).toEqual({
      'levels.0.threshold': 'bonusSchemes.validation.thresholdRange',
      'levels.1.threshold': 'bonusSchemes.validation.thresholdRange',
    });
    // Beyond what the contract's text takes, or negative: the same rule in words, not a format error.
    expect(errorsOf(withLevel(2, { threshold: '12000' })).errors).toEqual({
      'levels.2.threshold': 'bonusSchemes.validation.thresholdRange',
    });
    expect(errorsOf(withLevel(0, { threshold: '-5' })).errors).toEqual({
      'levels.0.threshold': 'bonusSchemes.validation.thresholdRange',
    });
    expect(errorsOf(withLevel(2, { threshold: '1000' })).errors).toEqual({});
  });

  it('keeps rates from 0 to 100 %, for a level and above the plan', () => {
    expect(errorsOf(typed({ abovePlanRate: '100.01' })).errors).toEqual({
      abovePlanRate: 'bonusSchemes.validation.rateRange',
    });
    expect(errorsOf(withLevel(0, { rate: '150' })).errors).toEqual({
      'levels.0.rate': 'bonusSchemes.validation.rateRange',
    });
    expect(errorsOf(withLevel(0, { rate: '-1' })).errors).toEqual({
      'levels.0.rate': 'bonusSchemes.validation.rateRange',
    });
    expect(errorsOf(typed({ abovePlanRate: '100' })).errors).toEqual({});
  });

  it('takes percentages with at most 2 decimals, in digits', () => {
    expect(errorsOf(withLevel(0, { threshold: '70.125' })).errors).toEqual({
      'levels.0.threshold': 'bonusSchemes.validation.percentDecimals',
    });
    expect(errorsOf(typed({ abovePlanRate: 'two' })).errors).toEqual({
      abovePlanRate: 'bonusSchemes.validation.percentInvalid',
    });
  });

  it('reads amounts in the currency’s digits and up to the scheme’s largest amount', () => {
    expect(errorsOf(typed({ fixedSalary: '60 000.505' })).errors).toEqual({
      fixedSalary: 'bonusSchemes.validation.amountDecimals',
    });
    // A currency without minor units (yen) takes whole amounts only.
    expect(errorsOf(typed({ fixedSalary: '60 000,5' }), { digits: 0, language: 'ru' }).errors.fixedSalary).toBe(
      'bonusSchemes.validation.amountWhole',
    );
    expect(errorsOf(typed({ fixedBonusAt120: 'lots' })).errors).toEqual({
      fixedBonusAt120: 'bonusSchemes.validation.amountInvalid',
    });
    expect(errorsOf(typed({ fixedBonusAt120: '-5' })).errors).toEqual({
      fixedBonusAt120: 'bonusSchemes.validation.amountInvalid',
    });
    // Above the scheme's largest amount (a trillion), and beyond any amount the app reads at all.
    expect(errorsOf(withLevel(1, { amount: '1,000,000,000,000.01' })).errors).toEqual({
      'levels.1.amount': 'bonusSchemes.validation.amountTooLarge',
    });
    expect(errorsOf(typed({ fixedSalary: '99999999999999999999' })).errors).toEqual({
      fixedSalary: 'bonusSchemes.validation.amountTooLarge',
    });
    expect(errorsOf(typed({ fixedSalary: '1 000 000 000 000' })).errors).toEqual({});
  });

  it('finds every problem at once, each at its field', () => {
    const values = {
      ...withLevel(1, { threshold: '60', kind: 'fixed', amount: '' }),
      fixedSalary: 'x',
      abovePlanRate: '101',
    };
    expect(errorsOf(values).errors).toEqual({
      fixedSalary: 'bonusSchemes.validation.amountInvalid',
      'levels.1.threshold': 'bonusSchemes.validation.thresholdNotIncreasing',
      'levels.1.amount': 'bonusSchemes.validation.required',
      abovePlanRate: 'bonusSchemes.validation.rateRange',
    });
  });

  it('takes at most 10 levels', () => {
    const levels = Array.from({ length: 11 }, (_, index) => newLevelRow({ threshold: String(10 + index), rate: '1' }));
    expect(errorsOf(typed({ levels })).errors).toEqual({ levels: 'bonusSchemes.validation.tooManyLevels' });
  });
});

describe('a stored version in the form', () => {
  it.each([EN, RU])('comes back unchanged when saved as it is (%o)', (money) => {
    const values = valuesOf(STORED, money);
    const { request, errors } = toRequest(values, money);
    expect(errors).toEqual({});
    expect(request).not.toBeNull();
    const {
      managementType: _type,
      effectiveFrom: _month,
      updatedAt: _at,
      updatedBy: _by,
      locked: _locked,
      ...terms
    } = STORED;
    expect({ ...request, ...canonical(request ?? terms) }).toEqual({ ...terms, ...canonical(terms) });
  });

  it('is shown as typed in the interface language, without the stored trailing zeros', () => {
    expect(valuesOf(STORED, RU)).toMatchObject({
      fixedSalary: '55\u00a0000,00',
      tierMode: 'marginal',
      levels: [
        { threshold: '60', kind: 'fixed', amount: '10\u00a0000,50' },
        { threshold: '80,5', kind: 'rate', rate: '4' },
        { threshold: '100', kind: 'rate', rate: '6,75' },
      ],
      abovePlanRate: '2',
    });
    expect(valuesOf(STORED, EN).levels[0]?.amount).toBe('10,000.50');
  });

  it('counts as changed only when a save would send something else', () => {
    const values = valuesOf(STORED, RU);
    const baseline = comparable(values, RU);
    const retyped = {
      ...values,
      fixedSalary: '55000',
      abovePlanRate: '2,00',
      levels: values.levels.map((level) => ({ ...level, threshold: `${level.threshold} %` })),
    };
    expect(comparable(retyped, RU)).toBe(baseline);
    // The rate typed into a fixed level is not sent, so it changes nothing.
    const hiddenRate = {
      ...values,
      levels: values.levels.map((level, i) => (i === 0 ? { ...level, rate: '9' } : level)),
    };
    expect(comparable(hiddenRate, RU)).toBe(baseline);
    expect(comparable({ ...values, tierMode: 'highest' }, RU)).not.toBe(baseline);
    expect(comparable({ ...values, abovePlanRate: '2,5' }, RU)).not.toBe(baseline);
    expect(comparable({ ...values, levels: values.levels.slice(1) }, RU)).not.toBe(baseline);
  });
});

describe('serverFieldErrors', () => {
  const refused = (errors: { path: string; code: string }[]) => ({
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'The request is not valid.',
    code: 'VALIDATION_FAILED' as const,
    errors: errors.map((error) => ({ ...error, message: 'English fallback' })),
  });

  it('words the server’s field errors by their code, at the field of their path', () => {
    const values = typed({ abovePlanRate: '2.555' });
    expect(
      serverFieldErrors(
        refused([
          { path: 'body.levels.1.thresholdPercent', code: 'threshold_not_increasing' },
          { path: 'body.levels.2.ratePercent', code: 'rate_out_of_range' },
          { path: 'body.levels.0.thresholdPercent', code: 'threshold_out_of_range' },
          { path: 'body.abovePlanRatePercent', code: 'invalid_format' },
          { path: 'body.fixedSalaryMinor', code: 'too_big' },
          { path: 'body.levels', code: 'too_big' },
        ]),
        values,
        EN,
      ),
    ).toEqual({
      'levels.1.threshold': 'bonusSchemes.validation.thresholdNotIncreasing',
      'levels.2.rate': 'bonusSchemes.validation.rateRange',
      'levels.0.threshold': 'bonusSchemes.validation.thresholdRange',
      abovePlanRate: 'bonusSchemes.validation.percentDecimals',
      fixedSalary: 'bonusSchemes.validation.amountTooLarge',
      levels: 'bonusSchemes.validation.tooManyLevels',
    });
  });

  it('puts a level refused as a whole at the value of its kind, and ignores what the form does not have', () => {
    expect(
      serverFieldErrors(
        refused([
          { path: 'body.levels.1', code: 'invalid_union' },
          { path: 'params.effectiveFrom', code: 'invalid_format' },
          { path: 'body.somethingElse', code: 'custom' },
        ]),
        typed(),
        EN,
      ),
    ).toEqual({ 'levels.1.amount': 'bonusSchemes.validation.amountTooLarge' });
  });
});

describe('relocalised', () => {
  it('rewrites what was typed in the new interface language, keeping what cannot be read as it is', () => {
    const english = typed({ fixedSalary: '60,000.5', abovePlanRate: 'two' });
    const russian = relocalised(english, 2, 'en', 'ru');
    expect(russian).toMatchObject({
      fixedSalary: '60\u00a0000,50',
      levels: [
        { threshold: '70', rate: '3' },
        { threshold: '90,5', kind: 'fixed', amount: '10\u00a0000,50' },
        { threshold: '100', rate: '7,25' },
      ],
      fixedBonusAt120: '50\u00a0000,00',
      abovePlanRate: 'two',
    });
    // Read in Russian, it is the same request as the English form.
    expect(toRequest({ ...russian, abovePlanRate: '2' }, RU)).toEqual(
      toRequest({ ...english, abovePlanRate: '2' }, EN),
    );
    expect(relocalised(russian, 2, 'ru', 'en').fixedSalary).toBe('60,000.50');
  });
});
