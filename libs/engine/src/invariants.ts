/** Invariants every reachable game state keeps; tests and the match runner check them. */
import { isPlayableCountry } from './constants.js';
import type { GameData } from './types.js';

/** The broken invariants of `game` (empty when it is sound). */
export function brokenInvariants(game: GameData): string[] {
  const broken: string[] = [];
  if (game.tiles.length !== 0 && game.tiles.length !== game.width * game.height) {
    broken.push(`tile count ${game.tiles.length} is neither 0 nor ${game.width * game.height}`);
  }
  game.tiles.forEach((t, i) => {
    if (t.pos.x + t.pos.y * game.width !== i) broken.push(`tile ${i} has position (${t.pos.x}, ${t.pos.y})`);
    if (t.owner !== -1 && !isPlayableCountry(t.owner)) broken.push(`tile ${i} has owner ${t.owner}`);
    if (t.unit && !isPlayableCountry(t.unit.id)) broken.push(`tile ${i} has a unit of ${t.unit.id}`);
    if ('unit' in t && t.unit === undefined) broken.push(`tile ${i} has an undefined unit key`);
  });
  const seen = new Set<number>();
  for (const c of game.countries) {
    if (seen.has(c.id)) broken.push(`country ${c.id} is listed twice`);
    seen.add(c.id);
    if (!Number.isInteger(c.banners) || c.banners < 0) broken.push(`country ${c.id} has ${c.banners} banners`);
  }
  if (game.running && game.turn.type >= 0 && game.turn.type <= 3 && !seen.has(game.turn.type)) {
    broken.push(`turn of country ${game.turn.type}, which is not in the game`);
  }
  return broken;
}
