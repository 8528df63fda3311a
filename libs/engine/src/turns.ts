/** Turn order (RULES §3.1). */
import { TURN_TYPE, type PlayableCountry, type TurnType } from './constants.js';
import type { Country, GameData } from './types.js';

/** The cycle length 3N+1 for N countries. */
export function cycleLength(countryCount: number): number {
  return 3 * countryCount + 1;
}

/**
 * The turn type of turn `count` with `countries` in play: a multiple of the cycle is a chest turn
 * when odd and a banner turn when even; any other turn belongs to a country in list order.
 */
export function turnTypeOf(count: number, countries: readonly Pick<Country, 'id'>[]): TurnType {
  const n = countries.length;
  if (n === 0) return TURN_TYPE.none;
  const cycle = cycleLength(n);
  if (count % cycle === 0) return count % 2 === 1 ? TURN_TYPE.chest : TURN_TYPE.banner;
  const index = (count - 1 - Math.floor(count / cycle)) % n;
  return countries[index]!.id;
}

/** Whether a turn type is a country's turn. */
export function isCountryTurn(type: TurnType): type is PlayableCountry {
  return type >= 0 && type <= 3;
}

/** The country whose turn it is, or null on a non-country turn. */
export function whoseTurn(game: GameData): PlayableCountry | null {
  return game.running && isCountryTurn(game.turn.type) ? game.turn.type : null;
}

/**
 * The turn types of `count` consecutive turns from turn `from` with today's countries, for a turn strip.
 * Past turns are shown as the current country list would order them (removals shift history).
 */
export function turnTypesFrom(game: GameData, from: number, count: number): { turn: number; type: TurnType }[] {
  const out: { turn: number; type: TurnType }[] = [];
  for (let t = Math.max(0, from); out.length < count; t++) out.push({ turn: t, type: turnTypeOf(t, game.countries) });
  return out;
}

/** The last `before` and next `after` turns around the current one, for the header strip. */
export function turnStrip(game: GameData, before = 4, after = 4): { turn: number; type: TurnType; current: boolean }[] {
  const now = game.turn.count;
  const from = Math.max(0, now - before);
  return turnTypesFrom(game, from, now - from + 1 + after).map((t) => ({
    ...t,
    type: t.turn === now ? game.turn.type : t.type,
    current: t.turn === now,
  }));
}
