import type { LeaderboardRankBy } from '@cm/contract';
import { RANKINGS } from './ranking';

/** How long the TV board shows one ranking before the other: long enough to find one's name from across a room. */
export const ROTATION_MS = 15_000;

/**
 * The ranking shown and whether the turns are paused; `turn` counts every change of what is shown, so that the time
 * to the next turn starts again from each.
 */
export type Rotation = { shown: LeaderboardRankBy; paused: boolean; turn: number };

export type RotationStep =
  /** The time of a ranking is up: the next one, unless paused. */
  | { type: 'turn' }
  /** Pause, or go on from the ranking shown. */
  | { type: 'toggle pause' }
  /** A person picked a ranking (a click, the arrow keys): it is shown for a whole turn. */
  | { type: 'show'; ranking: LeaderboardRankBy }
  | { type: 'step'; by: 1 | -1 };

export const FIRST_ROTATION: Rotation = { shown: 'revenue', paused: false, turn: 0 };

function show(rotation: Rotation, ranking: LeaderboardRankBy): Rotation {
  return { ...rotation, shown: ranking, turn: rotation.turn + 1 };
}

/** The TV board's rotation after a step: it takes turns with the RANKINGS in their order. */
export function rotate(rotation: Rotation, step: RotationStep): Rotation {
  const at = RANKINGS.indexOf(rotation.shown);
  const by = (offset: number) => RANKINGS[(at + offset + RANKINGS.length) % RANKINGS.length] ?? rotation.shown;
  switch (step.type) {
    case 'turn':
      return rotation.paused ? rotation : show(rotation, by(1));
    case 'toggle pause':
      return { ...rotation, paused: !rotation.paused, turn: rotation.turn + 1 };
    case 'show':
      return show(rotation, step.ranking);
    case 'step':
      return show(rotation, by(step.by));
  }
}
