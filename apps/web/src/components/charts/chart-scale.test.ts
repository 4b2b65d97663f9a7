import { describe, expect, it } from 'vitest';
import { axisLabel, chartMoney, minorOf } from './chart-scale';

describe('a chart’s scale', () => {
  it('draws money in major units and reads it back in minor units', () => {
    expect(chartMoney('123456', 2)).toBe(1234.56);
    expect(chartMoney('-5', 2)).toBe(-0.05);
    expect(chartMoney('1500', 0)).toBe(1500);
    expect(chartMoney(1_250_000_50, 2)).toBe(1_250_000.5);
    expect(chartMoney(7n, 2)).toBe(0.07);
    expect(minorOf(1234.56, 2)).toBe(123456);
  });

  it('shortens a long name on an axis, keeping the last parts of a path', () => {
    expect(axisLabel('Resistors')).toBe('Resistors');
    expect(axisLabel('Passive components / Resistors / Thick film SMD', 26)).toBe('… / Thick film SMD');
    expect(axisLabel('An extraordinarily long single category name', 20)).toBe('An extraordinarily…');
    expect(axisLabel('An extraordinarily long single category name', 20).length).toBeLessThanOrEqual(20);
  });
});
