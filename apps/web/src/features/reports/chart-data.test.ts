import { describe, expect, it } from 'vitest';
import {
  ageBars,
  classSlices,
  consumptionWeeks,
  movementCharts,
  movementHasFigures,
  valuationBars,
} from './chart-data';

describe('the reports’ charts', () => {
  it('show the value of each group and the rest as one more bar when it holds any', () => {
    const chart = [
      { groupId: null, group: null, valueMinor: '5000' },
      { groupId: '6f1f9c1e-3c1e-4f7e-9f55-0d5c6b1f0a11', group: 'Passives / Resistors', valueMinor: '250' },
    ];
    const name = (group: string | null) => group ?? 'Without category';
    expect(valuationBars({ chart, otherValueMinor: '0' }, 2, name, 'Other')).toEqual([
      { group: 'Without category', value: 50, valueMinor: '5000' },
      { group: 'Passives / Resistors', value: 2.5, valueMinor: '250' },
    ]);
    expect(valuationBars({ chart: [], otherValueMinor: '99' }, 2, name, 'Other')).toEqual([
      { group: 'Other', value: 0.99, valueMinor: '99' },
    ]);
  });

  it('draw a movement summary per unit, what left the stock below zero, with the exact figures kept', () => {
    const units = [
      {
        unit: 'm' as const,
        opening: '10.5',
        received: '-2',
        issued: '3.25',
        transferredIn: '0',
        transferredOut: '1',
        adjusted: '-0.5',
        closing: '3.75',
      },
    ];
    const [chart] = movementCharts(units, (figure) => figure);
    expect(chart?.unit).toBe('m');
    expect(chart?.bars.map((bar) => [bar.figure, bar.quantity, bar.exact])).toEqual([
      ['opening', 10.5, '10.5'],
      ['received', -2, '-2'],
      ['issued', -3.25, '3.25'],
      ['transferredIn', 0, '0'],
      ['transferredOut', -1, '1'],
      ['adjusted', -0.5, '-0.5'],
      ['closing', 3.75, '3.75'],
    ]);
    expect(movementHasFigures(units)).toBe(true);
    expect(movementHasFigures([])).toBe(false);
  });

  it('name each week by its Monday and keep its issues', () => {
    expect(consumptionWeeks([{ week: '2026-11-02', issues: 3, valueMinor: '1999' }], 2, (day) => `w ${day}`)).toEqual([
      { week: 'w 2026-11-02', day: '2026-11-02', value: 19.99, valueMinor: '1999', issues: 3 },
    ]);
  });

  it('put the age buckets in their order whatever order they come in', () => {
    const chart = [
      { bucket: 365 as const, components: 1, valueMinor: '100' },
      { bucket: 0 as const, components: 0, valueMinor: '0' },
      { bucket: 90 as const, components: 2, valueMinor: '5' },
    ];
    expect(ageBars(chart, 2, (bucket) => `${bucket}+`).map((bar) => bar.label)).toEqual(['0+', '90+', '365+']);
  });

  it('leave a class without components out of the donut', () => {
    const classes = [
      { class: 'A' as const, components: 2, valueMinor: '8000', sharePercent: 80 },
      { class: 'B' as const, components: 1, valueMinor: '2000', sharePercent: 20 },
      { class: 'C' as const, components: 0, valueMinor: '0', sharePercent: 0 },
    ];
    expect(classSlices(classes, 2, (abcClass) => abcClass).map((slice) => [slice.name, slice.value])).toEqual([
      ['A', 80],
      ['B', 20],
    ]);
  });
});
