/** place_banner (RULES §4.2). */
import { LANDMARK, TILE_TYPE } from '../constants.js';
import { findCountry, isGameOver } from '../game.js';
import { indexOf, neighbourIndices } from '../grid.js';
import { newUnit } from '../tiles.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import type { PlaceBannerInfo } from './types.js';

/** Requires (the tile is on the map: the dispatcher's `offMapProblem`): running, the country's turn, banners left, an own empty Nomad tile with no own banner adjacent. */
export function actable(game: GameData, info: PlaceBannerInfo): Result<void, RuleError> {
  if (!game.running) return refuse('not_actable', 'The game has not started.');
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (game.turn.type !== info.country) return refuse('not_your_turn', 'It is not your turn.');
  const country = findCountry(game, info.country);
  if (!country || country.banners <= 0) return refuse('not_actable', 'You have no banners left.');
  const tile = game.tiles[indexOf(game, info.x, info.y)]!;
  if (tile.owner !== info.country) return refuse('not_actable', 'Banners go on your own tiles.');
  if (tile.type !== TILE_TYPE.nomad) return refuse('not_actable', 'Banners go on Nomad tiles, not Settled ones.');
  if (tile.landmark !== LANDMARK.none) return refuse('not_actable', 'That tile already has a landmark.');
  if (tile.unit) return refuse('not_actable', 'A unit stands on that tile.');
  for (const n of neighbourIndices(game, info.x, info.y)) {
    const t = game.tiles[n]!;
    if (t.owner === info.country && t.landmark === LANDMARK.banner) {
      return refuse('not_actable', 'Banners cannot be placed next to one of your banners.');
    }
  }
  return ok(undefined);
}

/** The tile becomes a Settled banner with a new unit; adjacent own tiles become Settled. */
export function apply(game: GameData, info: PlaceBannerInfo): GameData {
  const tiles = game.tiles.slice();
  const index = indexOf(game, info.x, info.y);
  tiles[index] = { ...tiles[index]!, type: TILE_TYPE.settled, landmark: LANDMARK.banner, unit: newUnit(info.country) };
  for (const n of neighbourIndices(game, info.x, info.y)) {
    const t = tiles[n]!;
    if (t.owner === info.country && t.type !== TILE_TYPE.settled) tiles[n] = { ...t, type: TILE_TYPE.settled };
  }
  const countries = game.countries.map((c) => (c.id === info.country ? { ...c, banners: c.banners - 1 } : c));
  return { ...game, tiles, countries };
}
