/**
 * What a tile looks like on the board, as one small number: the owner, Settled or Nomad, the landmark,
 * the unit and its state. Two tiles with the same look are drawn the same, so the canvas board keeps one
 * picture per look, and redraws a tile only when its look changed.
 */
import { LANDMARK, TILE_TYPE, type Tile } from '@four-banners/engine';
import type { ArtPiece, LandKind } from '../art/art';
import { unitState, type UnitState } from './unit-state';

const STATES: readonly (UnitState | null)[] = [null, 'ready', 'moved', 'attacked', 'new'];

/** The look of `tile`; `withoutUnit` leaves its unit out (a unit sliding in is drawn above the board). */
export function tileLook(tile: Tile, withoutUnit = false): number {
  const unit = withoutUnit || !tile.unit ? -1 : tile.unit.id;
  const state = unit < 0 ? 0 : STATES.indexOf(unitState(tile));
  return (((tile.owner + 1) * 2 + tile.type) * 5 + (tile.landmark + 1)) * 25 + (unit + 1) * 5 + state;
}

/** What a look is made of, in the words of the art (art.ts). */
export interface LookParts {
  /** -1: nobody's land. */
  readonly owner: number;
  readonly land: LandKind;
  readonly landmark: ArtPiece | null;
  readonly unit: ArtPiece | null;
  readonly state: UnitState | null;
}

const LANDMARK_PIECES: Record<number, ArtPiece> = {
  [LANDMARK.mountains]: 'mountains',
  [LANDMARK.forest]: 'forest',
  [LANDMARK.chest]: 'chest',
};

/** Takes a look apart again. */
export function lookParts(look: number): LookParts {
  const state = STATES[look % 5] ?? null;
  const unit = (Math.floor(look / 5) % 5) - 1;
  const landmark = (Math.floor(look / 25) % 5) - 1;
  const type = Math.floor(look / 125) % 2;
  const owner = Math.floor(look / 250) - 1;
  return {
    owner,
    land: type === TILE_TYPE.settled ? 'settled' : 'nomad',
    landmark:
      landmark === LANDMARK.banner
        ? (`banner-${owner < 0 ? 0 : (owner as 0)}` as const)
        : (LANDMARK_PIECES[landmark] ?? null),
    unit: unit >= 0 ? (`unit-${unit as 0}` as const) : null,
    state,
  };
}
