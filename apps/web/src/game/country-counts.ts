/** What each country holds on the map right now: land and units (one pass over the tiles). */
import { COUNTRY, type GameData } from '@four-banners/engine';

/** Counts indexed by country id (0 green … 3 yellow). */
export type PerCountry = readonly [number, number, number, number];

export interface CountryCounts {
  /** Tiles owned. */
  readonly land: PerCountry;
  /** Units on the map. */
  readonly units: PerCountry;
}

/** Land and units of every country in `game`. */
export function countCountries(game: GameData): CountryCounts {
  const land: [number, number, number, number] = [0, 0, 0, 0];
  const units: [number, number, number, number] = [0, 0, 0, 0];
  for (const tile of game.tiles) {
    if (tile.unit) units[tile.unit.id]++;
    if (tile.owner !== COUNTRY.none) land[tile.owner]++;
  }
  return { land, units };
}
