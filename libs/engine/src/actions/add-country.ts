/** add_country (RULES §4.1, §2.1). */
import { START_BANNERS, isPlayableCountry } from '../constants.js';
import { findCountry, isGameOver } from '../game.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import type { CountryInfo } from './types.js';

/** Allowed only when not running, for a real country not yet present. */
export function actable(game: GameData, info: CountryInfo): Result<void, RuleError> {
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (game.running) return refuse('game_running', 'Countries cannot join a running game.');
  if (!isPlayableCountry(info.country)) return refuse('not_actable', 'That is not a country.');
  if (findCountry(game, info.country)) return refuse('not_actable', 'That country is already in the game.');
  return ok(undefined);
}

/** Appends the country with its starting banner. */
export function apply(game: GameData, info: CountryInfo): GameData {
  return { ...game, countries: [...game.countries, { id: info.country, banners: START_BANNERS }] };
}
