import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import errorsRu from '../locales/ru/errors.json';
import screenErrorsRu from '../locales/ru/screen-errors.json';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'ru', resources: { ru: { errors: { ...errorsRu, ...screenErrorsRu } } } });

const insufficient = new ApiError(409, 'INSUFFICIENT_STOCK', {
  type: 'about:blank',
  title: 'Conflict',
  detail: 'Not enough stock.',
  status: 409,
  code: 'INSUFFICIENT_STOCK',
  available: '9.5',
});

describe('errorMessage', () => {
  it('shows the available stock as the screen shows quantities, when given how', () => {
    const metres = (quantity: string) => `${quantity.replace('.', ',')} м`;
    expect(errorMessage(i18n.t, insufficient, metres)).toBe('Недостаточно остатка в этом месте. Доступно: 9,5 м.');
  });

  it('shows the number as sent without a formatter, and a sentence for a code it does not know', () => {
    expect(errorMessage(i18n.t, insufficient)).toBe('Недостаточно остатка в этом месте. Доступно: 9.5.');
    // A code a newer server sends that this client's catalogue does not have yet.
    const unknown = new ApiError(409, 'STOCK_FROZEN' as ApiError['code']);
    expect(errorMessage(i18n.t, unknown)).toBe(errorsRu.INTERNAL_ERROR);
  });
});
