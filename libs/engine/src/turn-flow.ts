/**
 * Advancing turns (RULES §3.3, §3.4): removing dead countries, banner and chest turns,
 * and the start-of-turn effects of a country. Shared by start, next_turn and remove_country.
 */
import { LANDMARK, TILE_TYPE, TURN_TYPE, type PlayableCountry } from './constants.js';
import { findCountry } from './game.js';
import type { Rng } from './rng.js';
import { withUnit } from './tiles.js';
import { isCountryTurn, turnTypeOf } from './turns.js';
import type { GameData, Tile } from './types.js';

/** Every country gains one banner (a banner turn). */
function bannerTurn(game: GameData): GameData {
  return { ...game, countries: game.countries.map((c) => ({ ...c, banners: c.banners + 1 })) };
}

/** A chest appears on a random tile with no unit and no landmark, if there is one (a chest turn). */
function chestTurn(game: GameData, rng: Rng): GameData {
  const empty: number[] = [];
  game.tiles.forEach((tile, i) => {
    if (!tile.unit && tile.landmark === LANDMARK.none) empty.push(i);
  });
  if (empty.length === 0) return game;
  const index = empty[rng.int(0, empty.length)]!;
  const tiles = game.tiles.slice();
  tiles[index] = { ...tiles[index]!, landmark: LANDMARK.chest };
  return { ...game, tiles };
}

/** Resolves the turn at the current count if it is a banner or chest turn; reports whether it was. */
function resolveSpecialTurn(game: GameData, rng: Rng): GameData | null {
  const type = turnTypeOf(game.turn.count, game.countries);
  if (type === TURN_TYPE.banner) return bannerTurn(game);
  if (type === TURN_TYPE.chest) return chestTurn(game, rng);
  return null;
}

/** Removes every country that is not alive. */
export function removeDeadCountries(game: GameData): GameData {
  // One pass over the tiles for every country at once (this runs at every turn).
  const alive = [false, false, false, false];
  for (const tile of game.tiles) {
    if (tile.unit) alive[tile.unit.id] = true;
    if (tile.owner < 0) continue;
    if (tile.landmark === LANDMARK.banner) alive[tile.owner] = true;
    else if (tile.type === TILE_TYPE.nomad && (findCountry(game, tile.owner)?.banners ?? 0) > 0)
      alive[tile.owner] = true;
  }
  const kept = game.countries.filter((c) => alive[c.id]);
  return kept.length === game.countries.length ? game : { ...game, countries: kept };
}

/**
 * Start-of-turn effects for `country` (RULES §3.4): spawn on empty Settled banner tiles,
 * reset its units, then take over the tiles its units stand on.
 */
export function startOfTurn(game: GameData, country: PlayableCountry): GameData {
  let tiles: Tile[] | null = null;
  for (let i = 0; i < game.tiles.length; i++) {
    const tile = game.tiles[i]!;
    let next = tile;
    if (tile.owner === country && tile.landmark === LANDMARK.banner && tile.type === TILE_TYPE.settled && !tile.unit) {
      // A new unit is created with both flags set; the reset below readies it for this turn.
      next = withUnit(next, { id: country, attacked: false, moved: false });
    } else if (tile.unit?.id === country && (tile.unit.attacked || tile.unit.moved)) {
      next = withUnit(next, { id: country, attacked: false, moved: false });
    }
    if (next.unit?.id === country && next.owner !== country) {
      if (next.landmark === LANDMARK.banner && next.type === TILE_TYPE.settled)
        next = { ...next, type: TILE_TYPE.nomad };
      else next = { ...next, owner: country };
    }
    if (next !== tile) {
      tiles ??= game.tiles.slice();
      tiles[i] = next;
    }
  }
  return tiles ? { ...game, tiles } : game;
}

/**
 * The next_turn loop (RULES §3.3): remove the dead, count up, resolve banner and chest turns,
 * and stop at the next country's turn after its start-of-turn effects (or at none when no country is left).
 */
export function advanceTurn(game: GameData, rng: Rng): GameData {
  let g = game;
  for (;;) {
    g = removeDeadCountries(g);
    const count = g.turn.count + 1;
    const type = turnTypeOf(count, g.countries);
    g = { ...g, turn: { count, type } };
    if (type === TURN_TYPE.none) return g;
    if (isCountryTurn(type)) return startOfTurn(g, type);
    g = resolveSpecialTurn(g, rng) ?? g;
  }
}

/**
 * What start does with the turn (RULES §2.3): a count that maps to a country plays on with no
 * start-of-turn effects; a banner or chest turn is resolved and the turn advances as in next_turn.
 */
export function beginPlay(game: GameData, rng: Rng): GameData {
  const type = turnTypeOf(game.turn.count, game.countries);
  if (isCountryTurn(type)) return { ...game, turn: { count: game.turn.count, type } };
  const resolved = resolveSpecialTurn(game, rng) ?? game;
  return advanceTurn(resolved, rng);
}
