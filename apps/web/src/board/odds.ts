/** The odds of an attack, as the board and the tile panel show them. */
import { attackWinChance, warModifier, type GameData, type Pos } from '@four-banners/engine';

/**
 * The chance, in whole percent, that the unit at `from` wins an attack on the unit at `to`: the
 * engine's exact count over the 36 rolls of two dice with the modifier (a result of 0 loses, RULES §4.4).
 */
export function attackOdds(game: GameData, from: Pos, to: Pos): number {
  return Math.round(attackWinChance(warModifier(game, from, to)) * 100);
}
