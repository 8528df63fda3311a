/**
 * Test support: builds a game from a picture. Each cell is `OtLu`:
 * O owner (G P R Y or . for none), t type (n Nomad, s Settled), L landmark (- none, B banner,
 * M mountains, F forest, C chest), u unit (- none, g p r y a fresh unit; uppercase = moved and attacked).
 */
import {
  COUNTRY,
  LANDMARK,
  TILE_TYPE,
  TURN_TYPE,
  type CountryId,
  type Landmark,
  type PlayableCountry,
} from '../constants.js';
import type { Country, GameData, Tile } from '../types.js';

const OWNERS: Record<string, CountryId> = { '.': COUNTRY.none, G: 0, P: 1, R: 2, Y: 3 };
const LANDMARKS: Record<string, Landmark> = {
  '-': LANDMARK.none,
  B: LANDMARK.banner,
  M: LANDMARK.mountains,
  F: LANDMARK.forest,
  C: LANDMARK.chest,
};
const UNITS: Record<string, PlayableCountry> = { g: 0, p: 1, r: 2, y: 3 };

/** A running game drawn from `picture`, with `countries` (default: every owner seen, 1 banner) and `turn` to move. */
export function board(
  picture: string,
  options: { turn?: PlayableCountry; countries?: Country[]; running?: boolean; count?: number } = {},
): GameData {
  const rows = picture
    .trim()
    .split('\n')
    .map((r) => r.trim().split(/\s+/));
  const height = rows.length;
  const width = rows[0]!.length;
  const tiles: Tile[] = [];
  const seen = new Set<PlayableCountry>();
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`row ${y} has ${row.length} cells, not ${width}`);
    row.forEach((cell, x) => {
      const [o, t, l, u] = cell.split('');
      const owner = OWNERS[o!];
      const landmark = LANDMARKS[l!];
      if (owner === undefined || landmark === undefined || (t !== 'n' && t !== 's'))
        throw new Error(`bad cell ${cell}`);
      if (owner !== COUNTRY.none) seen.add(owner as PlayableCountry);
      const tile: Tile = { pos: { x, y }, owner, type: t === 's' ? TILE_TYPE.settled : TILE_TYPE.nomad, landmark };
      if (u && u !== '-') {
        const id = UNITS[u.toLowerCase()];
        if (id === undefined) throw new Error(`bad unit in ${cell}`);
        seen.add(id);
        const tired = u !== u.toLowerCase();
        tiles.push({ ...tile, unit: { id, attacked: tired, moved: tired } });
      } else tiles.push(tile);
    });
  });
  const countries = options.countries ?? [...seen].sort().map((id) => ({ id, banners: 1 }));
  return {
    countries,
    tiles,
    running: options.running ?? true,
    turn: { count: options.count ?? 1, type: options.turn ?? countries[0]?.id ?? TURN_TYPE.none },
    width,
    height,
    seed: 0,
    rng: 0,
  };
}
