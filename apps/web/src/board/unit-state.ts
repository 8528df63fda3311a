/** What a unit on the map may still do this turn, in the words and badges the board shows. */
import { LANDMARK, TILE_TYPE, type Tile } from '@four-banners/engine';

export type UnitState = 'new' | 'attacked' | 'moved' | 'ready';

/**
 * The state of the unit on `tile` (null when there is none). A unit raised by a banner has both flags
 * set until its country's next turn (RULES §4.2, §3.4), so a unit with both flags standing on its own
 * country's Settled banner is read as new: it has not fought, it simply acts next turn.
 */
export function unitState(tile: Tile): UnitState | null {
  const unit = tile.unit;
  if (!unit) return null;
  if (
    unit.attacked &&
    unit.moved &&
    tile.landmark === LANDMARK.banner &&
    tile.type === TILE_TYPE.settled &&
    tile.owner === unit.id
  ) {
    return 'new';
  }
  if (unit.attacked) return 'attacked';
  if (unit.moved) return 'moved';
  return 'ready';
}

/** The words for a unit's state in the tile panel. */
export const UNIT_STATE_WORDS: Record<UnitState, string> = {
  new: 'new — acts next turn',
  attacked: 'has attacked — acts next turn',
  moved: 'has moved — may still attack',
  ready: 'ready',
};
