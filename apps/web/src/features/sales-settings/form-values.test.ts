import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './form-values';

const refused = (errors: { path: string; code: string }[]) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  detail: 'The request is not valid.',
  code: 'VALIDATION_FAILED' as const,
  errors: errors.map((error) => ({ ...error, message: 'English fallback' })),
});

describe('serverFieldErrors', () => {
  it("says why the server refused a field, by the error's code", () => {
    expect(
      serverFieldErrors(
        refused([
          { path: 'body.subdomain', code: 'address_not_public' },
          { path: 'body.token', code: 'token_required' },
          { path: 'body.timeZone', code: 'custom' },
        ]),
      ),
    ).toEqual({
      subdomain: 'validation.addressNotPublic',
      token: 'validation.tokenRequired',
      timeZone: 'validation.timeZoneUnknown',
    });
  });

  it('falls back to the field’s own message for a code it does not know, and ignores unknown fields', () => {
    expect(
      serverFieldErrors(
        refused([
          { path: 'body.subdomain', code: 'invalid_string' },
          { path: 'body.somethingElse', code: 'custom' },
        ]),
      ),
    ).toEqual({ subdomain: 'validation.address' });
  });
});
