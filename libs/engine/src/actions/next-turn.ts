/** next_turn (RULES §3.3). */
import { isGameOver } from '../game.js';
import type { Rng } from '../rng.js';
import { advanceTurn } from '../turn-flow.js';
import { isCountryTurn } from '../turns.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import type { CountryInfo } from './types.js';

/** Allowed while running when the current turn is the actor's or no country's. */
export function actable(game: GameData, info: CountryInfo): Result<void, RuleError> {
  if (!game.running) return refuse('not_actable', 'The game has not started.');
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (isCountryTurn(game.turn.type) && game.turn.type !== info.country) {
    return refuse('not_your_turn', 'It is not your turn.');
  }
  return ok(undefined);
}

/** Advances to the next country's turn. */
export function apply(game: GameData, _info: CountryInfo, rng: Rng): GameData {
  return advanceTurn(game, rng);
}
