/** Copy-on-write edits of the tile array: an action copies the array once and replaces changed tiles. */
import type { Tile, Unit } from './types.js';

/** A copy of `tile` holding `unit`, or holding no unit (the key is absent, not undefined). */
export function withUnit(tile: Tile, unit: Unit | undefined): Tile {
  if (unit) return { ...tile, unit };
  if (!tile.unit) return tile;
  const { unit: _removed, ...rest } = tile;
  return rest;
}

/** A unit of `id` as newly created: both flags set (RULES §1.2). */
export function newUnit(id: Unit['id']): Unit {
  return { id, attacked: true, moved: true };
}
