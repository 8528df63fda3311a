/** start (RULES §2.3). */
import { isGameOver } from '../game.js';
import type { Rng } from '../rng.js';
import { beginPlay } from '../turn-flow.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import type { StartInfo } from './types.js';

/** Allowed only when not running, with at least 2 countries and a map. */
export function actable(game: GameData, _info: StartInfo): Result<void, RuleError> {
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (game.running) return refuse('game_running', 'The game has already started.');
  if (game.countries.length < 2) return refuse('not_actable', 'At least 2 countries are needed to start.');
  if (game.tiles.length === 0) return refuse('not_actable', 'There is no map yet.');
  return ok(undefined);
}

/** Sets running and moves to the first country's turn (resolving a banner or chest turn first). */
export function apply(game: GameData, _info: StartInfo, rng: Rng): GameData {
  return beginPlay({ ...game, running: true }, rng);
}
