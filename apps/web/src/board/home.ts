/** Where a board opens for a player (ARCHITECTURE §7.11): among their own units, or on their land. */
import type { GameData, Pos } from '@four-banners/engine';

const median = (xs: number[]) => {
  xs.sort((a, b) => a - b);
  return xs[Math.floor((xs.length - 1) / 2)]!;
};

/**
 * The tile a board opens on for countries `countries`: the own unit nearest the middle of them all (the
 * median across and down, so one far-off unit does not pull the view into empty land), or, with no unit
 * yet, the own tile nearest the middle of their land; null when they have neither.
 */
export function homeTile(game: GameData, countries: readonly number[]): Pos | null {
  if (countries.length === 0) return null;
  const own = new Set(countries);
  let tiles = game.tiles.filter((t) => t.unit && own.has(t.unit.id));
  if (tiles.length === 0) tiles = game.tiles.filter((t) => own.has(t.owner));
  if (tiles.length === 0) return null;
  const mx = median(tiles.map((t) => t.pos.x));
  const my = median(tiles.map((t) => t.pos.y));
  let best = tiles[0]!.pos;
  let bestD = Number.POSITIVE_INFINITY;
  for (const t of tiles) {
    const d = Math.max(Math.abs(t.pos.x - mx), Math.abs(t.pos.y - my));
    if (d < bestD) {
      best = t.pos;
      bestD = d;
    }
  }
  return best;
}
