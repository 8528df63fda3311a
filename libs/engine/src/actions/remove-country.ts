/** remove_country (RULES §3.6). */
import { findCountry, isGameOver } from '../game.js';
import type { Rng } from '../rng.js';
import { advanceTurn } from '../turn-flow.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import type { CountryInfo } from './types.js';

/** Allowed when the country is present and the game is not over. */
export function actable(game: GameData, info: CountryInfo): Result<void, RuleError> {
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (!findCountry(game, info.country)) return refuse('not_actable', 'That country is not in the game.');
  return ok(undefined);
}

/** Drops the country from the list (its tiles and units stay); its own turn advances. */
export function apply(game: GameData, info: CountryInfo, rng: Rng): GameData {
  const removed: GameData = { ...game, countries: game.countries.filter((c) => c.id !== info.country) };
  return game.running && game.turn.type === info.country ? advanceTurn(removed, rng) : removed;
}
