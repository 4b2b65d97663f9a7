import { Unit } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { GENERATED_COUNT, generateComponents, generatedComponents } from './generated-components';

describe('the generated components', () => {
  const rows = generatedComponents();

  it('are 10 000, each with its own id and code', () => {
    expect(rows).toHaveLength(GENERATED_COUNT);
    expect(new Set(rows.map((row) => row.id)).size).toBe(GENERATED_COUNT);
    expect(new Set(rows.map((row) => row.code)).size).toBe(GENERATED_COUNT);
  });

  it('are the same for one seed and differ for another', () => {
    expect(generateComponents(50)).toEqual(generateComponents(50));
    expect(generateComponents(50, 1)).not.toEqual(generateComponents(50));
  });

  it('are generated once per visit', () => {
    expect(generatedComponents()).toBe(rows);
  });

  it('have names in Russian and in English, some far longer than a column', () => {
    const russian = rows.filter((row) => /[а-я]/i.test(row.name)).length;
    expect(russian).toBeGreaterThan(GENERATED_COUNT * 0.25);
    expect(russian).toBeLessThan(GENERATED_COUNT * 0.45);
    expect(rows.filter((row) => row.name.length > 120).length).toBeGreaterThanOrEqual(GENERATED_COUNT / 50);
    expect(rows.some((row) => row.code.length > 40)).toBe(true);
  });

  it('hold quantities, minimums and costs the API could send', () => {
    for (const row of rows) {
      expect(Unit.options).toContain(row.unit);
      expect(row.quantity).toMatch(/^\d+(\.\d{1,3})?$/);
      expect(row.minimumStock).toMatch(/^\d+$/);
      expect(Number.isInteger(row.unitCostMinor) && row.unitCostMinor > 0).toBe(true);
      expect(new Date(row.updatedAt).toISOString()).toBe(row.updatedAt);
    }
    expect(rows.some((row) => row.quantity === '0')).toBe(true);
    expect(rows.some((row) => row.quantity.includes('.'))).toBe(true);
  });

  it('are updated at a time of day that is the same calendar day from UTC−9 to UTC+9', () => {
    for (const row of rows) {
      const hour = new Date(row.updatedAt).getUTCHours();
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(15);
    }
  });
});
