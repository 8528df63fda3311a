/** Enumerating the legal actions of the country to move (for property tests, hints and simple players). */
import { actable } from './actions/index.js';
import type { GameAction } from './actions/types.js';
import { whoseTurn } from './turns.js';
import type { GameData } from './types.js';
import { moveableTiles } from './war.js';

/** Every place_banner, move_unit and next_turn the country to move may take now, in row-major order. */
export function legalActions(game: GameData): GameAction[] {
  const country = whoseTurn(game);
  if (country === null) return [];
  const out: GameAction[] = [];
  for (const tile of game.tiles) {
    const place: GameAction = { id: 'place_banner', info: { country, x: tile.pos.x, y: tile.pos.y } };
    if (actable(game, place).ok) out.push(place);
    if (tile.unit?.id === country) {
      for (const to of moveableTiles(game, tile.pos, country)) {
        out.push({ id: 'move_unit', info: { country, from: tile.pos, to } });
      }
    }
  }
  const pass: GameAction = { id: 'next_turn', info: { country } };
  if (actable(game, pass).ok) out.push(pass);
  return out;
}
