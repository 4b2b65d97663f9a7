import { describe, expect, it } from 'vitest';
import type { AmoLead } from '../amocrm/types.js';
import { leadFactsFromApi } from './leads.js';

const lead: AmoLead = {
  id: 17_001,
  name: 'Example lead',
  price: 1_234,
  responsible_user_id: 320_001,
  status_id: 2_001,
  pipeline_id: 1_101,
  created_at: 1_587_741_000,
  updated_at: 1_588_241_000,
};

const context = (currencyExponent: number) => ({ accountId: 115_001, paymentMethodFieldId: null, currencyExponent });

describe('the budget of a lead read from amoCRM', () => {
  it('is read from the whole units of `price` where amoCRM gives nothing finer', () => {
    expect(leadFactsFromApi(lead, context(2)).budgetMinor).toBe(123_400);
    expect(leadFactsFromApi({ ...lead, price: 99.5 }, context(2)).budgetMinor).toBe(9_950);
  });

  it('takes the kopecks of `price_with_minor_units`, which `price` has lost, in the currency of the organisation', () => {
    const withKopecks = { ...lead, price_with_minor_units: 123_456 };
    expect(leadFactsFromApi(withKopecks, context(2)).budgetMinor).toBe(123_456);
    expect(leadFactsFromApi(withKopecks, context(3)).budgetMinor).toBe(1_234_560);
    expect(leadFactsFromApi(withKopecks, context(0)).budgetMinor).toBe(1_235);
  });
});
