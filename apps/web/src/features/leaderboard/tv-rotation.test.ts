import { describe, expect, it } from 'vitest';
import { FIRST_ROTATION, type RotationStep, rotate } from './tv-rotation';

const after = (...steps: RotationStep[]) => steps.reduce(rotate, FIRST_ROTATION);

describe('the rotation of the TV board', () => {
  it('starts with revenue and takes turns with fact/plan', () => {
    expect(FIRST_ROTATION.shown).toBe('revenue');
    expect(after({ type: 'turn' }).shown).toBe('factPlan');
    expect(after({ type: 'turn' }, { type: 'turn' }).shown).toBe('revenue');
  });

  it('stays on the ranking shown while paused, and goes on from it once resumed', () => {
    const paused = after({ type: 'turn' }, { type: 'toggle pause' });
    expect(paused).toMatchObject({ shown: 'factPlan', paused: true });
    expect(rotate(paused, { type: 'turn' })).toBe(paused);
    const resumed = rotate(paused, { type: 'toggle pause' });
    expect(resumed).toMatchObject({ shown: 'factPlan', paused: false });
    expect(rotate(resumed, { type: 'turn' }).shown).toBe('revenue');
  });

  it('shows a ranking picked by hand, or the next or previous one, also while paused', () => {
    const paused = after({ type: 'toggle pause' });
    expect(rotate(paused, { type: 'show', ranking: 'factPlan' })).toMatchObject({ shown: 'factPlan', paused: true });
    expect(rotate(paused, { type: 'step', by: 1 }).shown).toBe('factPlan');
    expect(rotate(paused, { type: 'step', by: -1 }).shown).toBe('factPlan');
    expect(after({ type: 'step', by: 1 }, { type: 'step', by: 1 }).shown).toBe('revenue');
  });

  it('starts the time to the next turn again after every change, also a pick of the ranking already shown', () => {
    const steps: RotationStep[] = [
      { type: 'turn' },
      { type: 'show', ranking: 'factPlan' },
      { type: 'toggle pause' },
      { type: 'toggle pause' },
      { type: 'step', by: -1 },
    ];
    let rotation = FIRST_ROTATION;
    const turns: number[] = [];
    for (const step of steps) {
      rotation = rotate(rotation, step);
      turns.push(rotation.turn);
    }
    expect(turns).toEqual([1, 2, 3, 4, 5]);
  });
});
