import { describe, expect, it } from 'vitest';
import {
  type ChosenComponent,
  checkMovement,
  hasTypedText,
  initialFields,
  type MovementFields,
  NOTE_MAX,
  quantityAt,
  REFERENCE_MAX,
  simulateMovement,
} from './movement-form-model';

const RESISTOR = '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f';
const SHELF_A = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SHELF_B = '9b2d4f6a-1c3e-4a5b-8d7f-0e1f2a3b4c5d';
const EMPTY_SHELF = 'c56a4180-65aa-42ec-a945-5fd21dec0538';

/** 10 pieces on Shelf A, 2 on Shelf B. */
const pieces: ChosenComponent = {
  unit: 'pcs',
  stock: [
    { locationId: SHELF_A, quantity: '10' },
    { locationId: SHELF_B, quantity: '2' },
  ],
};
/** 1.25 kg on Shelf A. */
const solder: ChosenComponent = { unit: 'kg', stock: [{ locationId: SHELF_A, quantity: '1.25' }] };

const english = { digits: 2, language: 'en' };
const russian = { digits: 2, language: 'ru' };

function fields(change: Partial<MovementFields>): MovementFields {
  return { ...initialFields({ componentId: RESISTOR, locationId: SHELF_A }), ...change };
}

describe('the fields', () => {
  it('start with what the quick action names and nothing typed', () => {
    expect(initialFields({ componentId: RESISTOR })).toEqual({
      componentId: RESISTOR,
      locationId: null,
      toLocationId: null,
      quantity: '',
      unitCost: '',
      reference: '',
      note: '',
    });
  });

  it('count as typed once a box holds text, not when only choices were made', () => {
    expect(hasTypedText(fields({ toLocationId: SHELF_B }))).toBe(false);
    expect(hasTypedText(fields({ quantity: '   ' }))).toBe(false);
    expect(hasTypedText(fields({ note: 'counted twice' }))).toBe(true);
  });

  it('read what a location holds, zero where it holds none or none is chosen', () => {
    expect(quantityAt(pieces.stock, SHELF_B)).toBe('2');
    expect(quantityAt(pieces.stock, EMPTY_SHELF)).toBe('0');
    expect(quantityAt(pieces.stock, null)).toBe('0');
    expect(quantityAt(undefined, SHELF_A)).toBe('0');
  });

  it('take the reference and note lengths the contract allows', () => {
    expect(REFERENCE_MAX).toBe(100);
    expect(NOTE_MAX).toBe(1000);
  });
});

describe('the simulation', () => {
  it('adds a receipt to what the location holds', () => {
    expect(simulateMovement('receipt', fields({ locationId: EMPTY_SHELF, quantity: '10' }), pieces)).toEqual([
      { locationId: EMPTY_SHELF, before: 0n, after: 10_000n, difference: null },
    ]);
  });

  it('takes an issue from the location, below zero when it holds too little', () => {
    expect(simulateMovement('issue', fields({ quantity: '3' }), pieces)).toEqual([
      { locationId: SHELF_A, before: 10_000n, after: 7_000n, difference: null },
    ]);
    expect(simulateMovement('issue', fields({ quantity: '30' }), pieces)).toEqual([
      { locationId: SHELF_A, before: 10_000n, after: -20_000n, difference: null },
    ]);
  });

  it('moves a transfer from the source to the destination, and shows only the source until they differ', () => {
    expect(simulateMovement('transfer', fields({ toLocationId: SHELF_B, quantity: '4' }), pieces)).toEqual([
      { locationId: SHELF_A, before: 10_000n, after: 6_000n, difference: null },
      { locationId: SHELF_B, before: 2_000n, after: 6_000n, difference: null },
    ]);
    expect(simulateMovement('transfer', fields({ toLocationId: SHELF_A, quantity: '4' }), pieces)).toEqual([
      { locationId: SHELF_A, before: 10_000n, after: 6_000n, difference: null },
    ]);
  });

  it('sets an adjustment to the count and records the difference, negative when less was counted', () => {
    expect(simulateMovement('adjustment', fields({ quantity: '7' }), pieces)).toEqual([
      { locationId: SHELF_A, before: 10_000n, after: 7_000n, difference: -3_000n },
    ]);
    expect(simulateMovement('adjustment', fields({ locationId: EMPTY_SHELF, quantity: '0' }), pieces)).toEqual([
      { locationId: EMPTY_SHELF, before: 0n, after: 0n, difference: 0n },
    ]);
  });

  it('counts a measured unit in thousandths, a decimal comma as typed in Russian included', () => {
    expect(simulateMovement('issue', fields({ quantity: '0,755' }), solder)).toEqual([
      { locationId: SHELF_A, before: 1_250n, after: 495n, difference: null },
    ]);
  });

  it('waits for the component, a location and a quantity its unit takes', () => {
    expect(simulateMovement('receipt', fields({ quantity: '10' }), undefined)).toBeNull();
    expect(simulateMovement('receipt', fields({ locationId: null, quantity: '10' }), pieces)).toBeNull();
    expect(simulateMovement('receipt', fields({ quantity: '2.5' }), pieces)).toBeNull();
    expect(simulateMovement('issue', fields({ quantity: '0' }), pieces)).toBeNull();
  });
});

describe('the check', () => {
  it('asks for a component, a location and a quantity when nothing is filled in', () => {
    const check = checkMovement('issue', initialFields({}), { component: undefined, ...english });
    expect(check.problems).toEqual({ componentId: 'required', locationId: 'required', quantity: 'required' });
    expect(check.request).toBeNull();
    expect(check.simulation).toBeNull();
  });

  it('asks a transfer for a destination other than its source', () => {
    const missing = checkMovement('transfer', fields({ quantity: '1' }), { component: pieces, ...english });
    expect(missing.problems).toEqual({ toLocationId: 'required' });
    const same = checkMovement('transfer', fields({ toLocationId: SHELF_A, quantity: '1' }), {
      component: pieces,
      ...english,
    });
    expect(same.problems).toEqual({ toLocationId: 'sameLocation' });
    expect(same.request).toBeNull();
  });

  it('takes whole numbers of a counted unit and up to three decimals of a measured one', () => {
    expect(checkMovement('receipt', fields({ quantity: '2,5' }), { component: pieces, ...russian }).problems).toEqual({
      quantity: 'whole',
    });
    expect(checkMovement('receipt', fields({ quantity: '2,5' }), { component: solder, ...russian }).problems).toEqual(
      {},
    );
    expect(
      checkMovement('receipt', fields({ quantity: '2,5001' }), { component: solder, ...russian }).problems,
    ).toEqual({ quantity: 'format' });
  });

  it('refuses more than the source holds, as the server would', () => {
    const check = checkMovement('transfer', fields({ toLocationId: SHELF_B, quantity: '11' }), {
      component: pieces,
      ...english,
    });
    expect(check.problems).toEqual({ quantity: 'notEnough' });
    expect(check.request).toBeNull();
    expect(check.simulation?.[0]).toEqual({ locationId: SHELF_A, before: 10_000n, after: -1_000n, difference: null });
  });

  it('refuses a count equal to the books, and takes zero and less than recorded as counts', () => {
    const check = (quantity: string) =>
      checkMovement('adjustment', fields({ quantity }), { component: pieces, ...english }).problems;
    expect(check('10')).toEqual({ quantity: 'unchanged' });
    expect(check('0')).toEqual({});
    expect(check('4')).toEqual({});
    expect(check('-1')).toEqual({ quantity: 'negative' });
  });

  it('asks the other kinds for more than zero', () => {
    expect(checkMovement('issue', fields({ quantity: '0' }), { component: pieces, ...english }).problems).toEqual({
      quantity: 'positive',
    });
    expect(checkMovement('receipt', fields({ quantity: '-3' }), { component: pieces, ...english }).problems).toEqual({
      quantity: 'positive',
    });
  });

  it('reads the unit cost as typed in the reader language, with the digits of the currency', () => {
    const cost = (unitCost: string, context: { digits: number; language: string }) =>
      checkMovement('receipt', fields({ quantity: '1', unitCost }), { component: pieces, ...context });
    expect(cost('1 234,56', russian).request).toMatchObject({ unitCostMinor: 123_456 });
    expect(cost('1,234.56', english).request).toMatchObject({ unitCostMinor: 123_456 });
    expect(cost('12,345', russian).problems).toEqual({ unitCost: 'format' });
    expect(cost('12.5', { digits: 0, language: 'en' }).problems).toEqual({ unitCost: 'format' });
    expect(cost('ten', english).problems).toEqual({ unitCost: 'format' });
  });

  it('refuses a reference or note longer than the contract allows, counted without the spaces around', () => {
    const padded = ` ${'R'.repeat(REFERENCE_MAX)} `;
    expect(
      checkMovement('issue', fields({ quantity: '1', reference: padded }), { component: pieces, ...english }).problems,
    ).toEqual({});
    expect(
      checkMovement(
        'issue',
        fields({ quantity: '1', reference: 'R'.repeat(REFERENCE_MAX + 1), note: 'N'.repeat(NOTE_MAX + 1) }),
        {
          component: pieces,
          ...english,
        },
      ).problems,
    ).toEqual({ reference: 'tooLong', note: 'tooLong' });
  });

  it('checks what it can before the component is read: the quantity then has no unit to be whole in', () => {
    const check = checkMovement('receipt', fields({ quantity: '2.5' }), { component: undefined, ...english });
    expect(check.problems).toEqual({});
    expect(check.simulation).toBeNull();
  });
});

describe('the request', () => {
  it('of a receipt carries the unit cost, or leaves it to the component default when blank', () => {
    const typed = fields({ quantity: ' 1 000 ', unitCost: '12,50', reference: ' INV-42 ', note: ' first delivery ' });
    expect(checkMovement('receipt', typed, { component: pieces, ...russian }).request).toEqual({
      type: 'receipt',
      componentId: RESISTOR,
      locationId: SHELF_A,
      quantity: '1000',
      unitCostMinor: 1250,
      reference: 'INV-42',
      note: 'first delivery',
    });
    const blank = checkMovement('receipt', fields({ quantity: '5' }), { component: pieces, ...english });
    expect(blank.request).toEqual({
      type: 'receipt',
      componentId: RESISTOR,
      locationId: SHELF_A,
      quantity: '5',
      reference: '',
      note: '',
    });
  });

  it('of an issue, with a decimal comma typed in Russian', () => {
    expect(checkMovement('issue', fields({ quantity: '0,5' }), { component: solder, ...russian }).request).toEqual({
      type: 'issue',
      componentId: RESISTOR,
      locationId: SHELF_A,
      quantity: '0.5',
      reference: '',
      note: '',
    });
  });

  it('of a transfer, from its source to its destination', () => {
    const typed = fields({ toLocationId: SHELF_B, quantity: '10', reference: 'WO-7' });
    expect(checkMovement('transfer', typed, { component: pieces, ...english }).request).toEqual({
      type: 'transfer',
      componentId: RESISTOR,
      fromLocationId: SHELF_A,
      toLocationId: SHELF_B,
      quantity: '10',
      reference: 'WO-7',
      note: '',
    });
  });

  it('of an adjustment, with the counted quantity', () => {
    expect(checkMovement('adjustment', fields({ quantity: '0' }), { component: pieces, ...english }).request).toEqual({
      type: 'adjustment',
      componentId: RESISTOR,
      locationId: SHELF_A,
      countedQuantity: '0',
      reference: '',
      note: '',
    });
  });
});
