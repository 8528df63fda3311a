import { LANDMARK, TILE_TYPE, warModifier, type GameData, type Landmark, type Tile } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { attackOdds } from './odds';

const G = 0;
const P = 1;

/** A 4×1 row: green's unit at (1,0) attacks purple's at (2,0); `extra` adds units or landmarks. */
function row(extra: { at: number; unit?: 0 | 1; landmark?: Landmark }[] = []): GameData {
  const tiles: Tile[] = [0, 1, 2, 3].map((x) => ({
    pos: { x, y: 0 },
    owner: G,
    type: TILE_TYPE.nomad,
    landmark: LANDMARK.none,
  }));
  const put = (x: number, patch: Partial<Tile>) => (tiles[x] = { ...tiles[x]!, ...patch });
  put(1, { unit: { id: G, attacked: false, moved: false } });
  put(2, { unit: { id: P, attacked: false, moved: false } });
  for (const e of extra)
    put(e.at, {
      ...(e.unit !== undefined ? { unit: { id: e.unit, attacked: false, moved: false } } : {}),
      ...(e.landmark !== undefined ? { landmark: e.landmark } : {}),
    });
  return {
    countries: [
      { id: G, banners: 0 },
      { id: P, banners: 0 },
    ],
    tiles,
    running: true,
    turn: { count: 1, type: G },
    width: 4,
    height: 1,
    seed: 0,
    rng: 0,
  };
}

/** P(a − d + war > 0) by counting the 36 rolls of two six-sided dice. */
function enumerate(war: number): number {
  let wins = 0;
  for (let a = 1; a <= 6; a++) for (let d = 1; d <= 6; d++) if (a - d + war > 0) wins++;
  return Math.round((wins / 36) * 100);
}

describe('attackOdds: the odds shown on an attack target are the exact dice odds (RULES §4.4)', () => {
  it.each([
    // Each side's only neighbour is the other's unit: −0.5 each way, war 0; a tie (result 0) loses.
    ['two lone units', 0, 42, row()],
    ['a friend beside the attacker (+0.5)', 0.5, 58, row([{ at: 0, unit: G }])],
    ['a friend beside the defender (+0.5 for it)', -0.5, 42, row([{ at: 3, unit: P }])],
    ['the defender on mountains (+2)', -2, 17, row([{ at: 2, landmark: LANDMARK.mountains }])],
    ['the attacker in a forest (+2)', 2, 72, row([{ at: 1, landmark: LANDMARK.forest }])],
  ] as const)('%s: war %s → %s%%', (_name, war, percent, game) => {
    expect(warModifier(game, { x: 1, y: 0 }, { x: 2, y: 0 })).toBe(war);
    expect(attackOdds(game, { x: 1, y: 0 }, { x: 2, y: 0 })).toBe(enumerate(war));
    expect(attackOdds(game, { x: 1, y: 0 }, { x: 2, y: 0 })).toBe(percent);
  });
});
