import { describe, expect, it } from 'vitest';
import { secondFactorCode } from './second-factor-code';

describe("sign-in's second-factor code", () => {
  it('is sent without the spaces an app shows in the middle of its code', () => {
    expect(secondFactorCode(' 123 456 ', false)).toEqual({ code: '123456' });
    expect(secondFactorCode('abcde-fghjk ', true)).toEqual({ code: 'abcde-fghjk' });
  });

  it("is refused when nothing is typed, or in the app's mode when it is not six digits", () => {
    expect(secondFactorCode('  ', false)).toEqual({ problem: 'required' });
    expect(secondFactorCode('  ', true)).toEqual({ problem: 'required' });
    expect(secondFactorCode('12345', false)).toEqual({ problem: 'digits' });
    expect(secondFactorCode('1234567', false)).toEqual({ problem: 'digits' });
    expect(secondFactorCode('12a456', false)).toEqual({ problem: 'digits' });
    expect(secondFactorCode('abcde-fghjk', true)).toEqual({ code: 'abcde-fghjk' });
  });
});
