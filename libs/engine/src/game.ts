/** Creating games and the derived facts every caller needs: alive countries, winner, game over. */
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, LANDMARK, TILE_TYPE, TURN_TYPE, type PlayableCountry } from './constants.js';
import type { Country, GameData } from './types.js';

/** A game with no countries and no map yet (10×10 by default, RULES §2.2). */
export function newGame(width = DEFAULT_WIDTH, height = DEFAULT_HEIGHT, seed = 0): GameData {
  return {
    countries: [],
    tiles: [],
    running: false,
    turn: { count: 0, type: TURN_TYPE.none },
    width,
    height,
    seed,
    rng: seed >>> 0,
  };
}

export function findCountry(game: GameData, id: number): Country | undefined {
  return game.countries.find((c) => c.id === id);
}

/**
 * Alive (RULES §3.5): owns a banner tile, or has a unit anywhere, or owns a Nomad tile while
 * holding at least one banner.
 */
export function isAlive(game: GameData, id: PlayableCountry, banners = findCountry(game, id)?.banners ?? 0): boolean {
  for (const tile of game.tiles) {
    if (tile.unit?.id === id) return true;
    if (tile.owner !== id) continue;
    if (tile.landmark === LANDMARK.banner) return true;
    if (tile.type === TILE_TYPE.nomad && banners > 0) return true;
  }
  return false;
}

/** The countries in the list that are alive right now (the list itself shrinks only between turns). */
export function aliveCountries(game: GameData): PlayableCountry[] {
  return game.countries.filter((c) => isAlive(game, c.id, c.banners)).map((c) => c.id);
}

/** Game over (RULES §3.7): running with at most one country left in the list. */
export function isGameOver(game: GameData): boolean {
  return game.running && game.countries.length <= 1;
}

/** The winner once the game is over: the last country, or null (none left, or not over). */
export function winner(game: GameData): PlayableCountry | null {
  return isGameOver(game) ? (game.countries[0]?.id ?? null) : null;
}
