/**
 * Keeps the board's tile objects when a seek lands on tiles that look the same. The board redraws a
 * tile only when it gets a new tile object, and a state folded from a checkpoint has new objects for
 * every tile an action touched since then, even where the tile ended up as it was: reusing the shown
 * tile wherever it is equal keeps a far seek down to the tiles that really changed.
 */
import type { GameData, Tile } from '@four-banners/engine';

/** Whether two tiles look the same (owner, type, landmark and unit with its flags). */
export function sameTile(a: Tile, b: Tile): boolean {
  if (a === b) return true;
  if (a.owner !== b.owner || a.type !== b.type || a.landmark !== b.landmark) return false;
  const u = a.unit;
  const v = b.unit;
  if (!u || !v) return u === v;
  return u.id === v.id && u.attacked === v.attacked && u.moved === v.moved;
}

/** `next` with every tile equal to the one `shown` at the same place replaced by that object. */
export function steadyGame(shown: GameData | null, next: GameData): GameData {
  if (!shown || shown === next || shown.width !== next.width || shown.tiles.length !== next.tiles.length) return next;
  let tiles: Tile[] | null = null;
  for (let i = 0; i < next.tiles.length; i++) {
    const t = next.tiles[i]!;
    const old = shown.tiles[i]!;
    if (t !== old && sameTile(old, t)) {
      tiles ??= next.tiles.slice();
      tiles[i] = old;
    }
  }
  return tiles ? { ...next, tiles } : next;
}
