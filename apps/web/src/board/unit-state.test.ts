import { LANDMARK, TILE_TYPE, type Tile, type Unit } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { unitState } from './unit-state';

const G = 0;
const P = 1;
const tile = (patch: Partial<Tile>): Tile => ({
  pos: { x: 0, y: 0 },
  owner: G,
  type: TILE_TYPE.nomad,
  landmark: LANDMARK.none,
  ...patch,
});
const unit = (id: 0 | 1, attacked: boolean, moved: boolean): Unit => ({ id, attacked, moved });
const banner = { landmark: LANDMARK.banner, type: TILE_TYPE.settled } as const;

describe('unitState: a raised unit reads "new", not "has attacked" (issue 9; RULES §4.2: a planted unit has both flags)', () => {
  it.each([
    ['no unit', tile({}), null],
    ['a unit raised on its own Settled banner this turn', tile({ ...banner, unit: unit(G, true, true) }), 'new'],
    ['a unit that moved and won a fight, off any banner', tile({ unit: unit(G, true, true) }), 'attacked'],
    [
      'a unit with both flags on an enemy banner it took',
      tile({ ...banner, owner: P, unit: unit(G, true, true) }),
      'attacked',
    ],
    ['a unit that won a fight without moving', tile({ ...banner, unit: unit(G, true, false) }), 'attacked'],
    ['a unit that moved', tile({ unit: unit(G, false, true) }), 'moved'],
    ['a unit that has not acted', tile({ ...banner, unit: unit(G, false, false) }), 'ready'],
  ] as const)('%s → %s', (_name, t, expected) => {
    expect(unitState(t)).toBe(expected);
  });
});
