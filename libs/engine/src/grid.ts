/** Tile addressing on the row-major grid, and the neighbour orders of RULES §1.2 and §2.2. */
import type { GameData, Pos, Tile } from './types.js';

/** The 8 neighbours, scanned row-major: the fixed order every rule and bot uses. */
export const NEIGHBOURS_8: readonly Pos[] = [
  { x: -1, y: -1 },
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: -1, y: 0 },
  { x: 1, y: 0 },
  { x: -1, y: 1 },
  { x: 0, y: 1 },
  { x: 1, y: 1 },
];

/** The 4 neighbours of map growth: up, right, down, left (RULES §2.2 step 2). */
export const NEIGHBOURS_4: readonly Pos[] = [
  { x: 0, y: -1 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
];

export function inBounds(game: Pick<GameData, 'width' | 'height'>, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < game.width && y < game.height && Number.isInteger(x) && Number.isInteger(y);
}

export function indexOf(game: Pick<GameData, 'width'>, x: number, y: number): number {
  return x + y * game.width;
}

/** The tile at (x, y), or undefined off the map or before the map exists. */
export function tileAt(game: GameData, x: number, y: number): Tile | undefined {
  return inBounds(game, x, y) ? game.tiles[indexOf(game, x, y)] : undefined;
}

/** Indices of the in-bounds 8 neighbours of (x, y), in NEIGHBOURS_8 order. */
export function neighbourIndices(game: Pick<GameData, 'width' | 'height'>, x: number, y: number): number[] {
  const out: number[] = [];
  for (const d of NEIGHBOURS_8) {
    const nx = x + d.x;
    const ny = y + d.y;
    if (nx >= 0 && ny >= 0 && nx < game.width && ny < game.height) out.push(nx + ny * game.width);
  }
  return out;
}

/** Whether two positions are 8-neighbours (Chebyshev distance 1). */
export function isAdjacent(a: Pos, b: Pos): boolean {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  return Math.max(dx, dy) === 1;
}

export function samePos(a: Pos, b: Pos): boolean {
  return a.x === b.x && a.y === b.y;
}
