/**
 * The saved game of RULES §8: `serializeGame` and the validating `parseGame`.
 * `deserializeGame` also re-adds alive countries missing from the list (RULES §7),
 * which only importing a save does (ARCHITECTURE §8.2).
 */
import {
  ENGINE_MAX_SIDE,
  LANDMARK,
  SEED_LIMIT,
  START_BANNERS,
  TILE_TYPE,
  type CountryId,
  type Landmark,
  type PlayableCountry,
  type TileType,
  type TurnType,
} from './constants.js';
import { isAlive } from './game.js';
import { isCountryTurn } from './turns.js';
import { err, ok, type Country, type GameData, type Result, type Tile } from './types.js';

export interface SerializedTile {
  pos: { x: number; y: number };
  owner: CountryId;
  type: TileType;
  landmark: Landmark;
  unit?: { id: PlayableCountry; attacked: boolean; moved: boolean };
}

export interface SerializedGame {
  w: number;
  h: number;
  mapSeed: number;
  rngSeed: number;
  turnCount: number;
  turnType: TurnType;
  running: boolean;
  countries: { id: PlayableCountry; banners: number }[];
  tiles: SerializedTile[];
}

/** Why a serialized game was refused: where and what. */
export interface SaveError {
  readonly code: 'invalid_save';
  readonly message: string;
}

/** The RULES §8 shape of a game. */
export function serializeGame(game: GameData): SerializedGame {
  return {
    w: game.width,
    h: game.height,
    mapSeed: game.seed,
    rngSeed: game.rng >>> 0,
    turnCount: game.turn.count,
    turnType: game.turn.type,
    running: game.running,
    countries: game.countries.map((c) => ({ id: c.id, banners: c.banners })),
    tiles: game.tiles.map((t) => {
      const tile: SerializedTile = {
        pos: { x: t.pos.x, y: t.pos.y },
        owner: t.owner,
        type: t.type,
        landmark: t.landmark,
      };
      if (t.unit) tile.unit = { id: t.unit.id, attacked: t.unit.attacked, moved: t.unit.moved };
      return tile;
    }),
  };
}

const invalid = (message: string) => err<SaveError>({ code: 'invalid_save', message });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const LANDMARKS: readonly number[] = Object.values(LANDMARK);
const TILE_TYPES: readonly number[] = Object.values(TILE_TYPE);

function parseTile(raw: unknown, index: number, w: number): Result<Tile, SaveError> {
  const where = `tiles[${index}]`;
  if (!isObject(raw)) return invalid(`${where} is not an object.`);
  const pos = raw.pos;
  if (!isObject(pos) || !isInt(pos.x, 0, w - 1) || !isInt(pos.y, 0, ENGINE_MAX_SIDE)) {
    return invalid(`${where}.pos is not a position on the map.`);
  }
  if (pos.x + pos.y * w !== index) {
    return invalid(`${where} is at (${pos.x}, ${pos.y}) but tiles must be row-major, one per position.`);
  }
  if (!isInt(raw.owner, -1, 3)) return invalid(`${where}.owner is not a country id.`);
  if (typeof raw.type !== 'number' || !TILE_TYPES.includes(raw.type))
    return invalid(`${where}.type is not a tile type.`);
  if (typeof raw.landmark !== 'number' || !LANDMARKS.includes(raw.landmark)) {
    return invalid(`${where}.landmark is not a landmark.`);
  }
  const tile: Tile = {
    pos: { x: pos.x, y: pos.y },
    owner: raw.owner as CountryId,
    type: raw.type as TileType,
    landmark: raw.landmark as Landmark,
  };
  if (raw.unit === undefined) return ok(tile);
  const unit = raw.unit;
  if (
    !isObject(unit) ||
    !isInt(unit.id, 0, 3) ||
    typeof unit.attacked !== 'boolean' ||
    typeof unit.moved !== 'boolean'
  ) {
    return invalid(`${where}.unit is not a unit.`);
  }
  return ok({ ...tile, unit: { id: unit.id as PlayableCountry, attacked: unit.attacked, moved: unit.moved } });
}

/** Checks the shape and the field ranges; builds the game without semantic checks. */
function parseStructure(input: unknown): Result<GameData, SaveError> {
  if (!isObject(input)) return invalid('A saved game must be an object.');
  const { w, h, mapSeed, rngSeed, turnCount, turnType, running, countries, tiles } = input;
  if (!isInt(w, 1, ENGINE_MAX_SIDE) || !isInt(h, 1, ENGINE_MAX_SIDE)) {
    return invalid(`w and h must be whole numbers from 1 to ${ENGINE_MAX_SIDE}.`);
  }
  if (!isInt(mapSeed, 0, SEED_LIMIT - 1)) return invalid('mapSeed must be a whole number from 0 to 2^32-1.');
  if (!isInt(rngSeed, 0, SEED_LIMIT - 1)) return invalid('rngSeed must be a whole number from 0 to 2^32-1.');
  if (!isInt(turnCount, 0, Number.MAX_SAFE_INTEGER)) return invalid('turnCount must be a whole number ≥ 0.');
  if (!isInt(turnType, -1, 5)) return invalid('turnType must be a turn type from -1 to 5.');
  if (typeof running !== 'boolean') return invalid('running must be true or false.');
  if (!Array.isArray(countries)) return invalid('countries must be a list.');
  if (!Array.isArray(tiles)) return invalid('tiles must be a list.');

  const parsedCountries: Country[] = [];
  for (const [i, c] of countries.entries()) {
    if (!isObject(c) || !isInt(c.id, 0, 3)) return invalid(`countries[${i}].id is not a country id (0-3).`);
    if (!isInt(c.banners, 0, Number.MAX_SAFE_INTEGER))
      return invalid(`countries[${i}].banners must be a whole number ≥ 0.`);
    if (parsedCountries.some((p) => p.id === c.id)) return invalid(`Country ${c.id} is listed twice.`);
    parsedCountries.push({ id: c.id as PlayableCountry, banners: c.banners });
  }

  if (tiles.length !== 0 && tiles.length !== w * h) {
    return invalid(`A ${w}×${h} map has ${w * h} tiles, not ${tiles.length}.`);
  }
  const parsedTiles: Tile[] = [];
  for (const [i, raw] of tiles.entries()) {
    const tile = parseTile(raw, i, w);
    if (!tile.ok) return tile;
    parsedTiles.push(tile.value);
  }
  return ok({
    countries: parsedCountries,
    tiles: parsedTiles,
    running,
    turn: { count: turnCount, type: turnType as TurnType },
    width: w,
    height: h,
    seed: mapSeed,
    rng: rngSeed,
  });
}

/** The checks no reachable state fails. */
function checkSemantics(game: GameData): Result<GameData, SaveError> {
  if (game.running && game.tiles.length === 0) return invalid('A running game must have a map.');
  if (game.running && isCountryTurn(game.turn.type) && !game.countries.some((c) => c.id === game.turn.type)) {
    return invalid(`It is country ${game.turn.type}'s turn, but that country is not in the game.`);
  }
  return ok(game);
}

/** Parses a serialized game exactly as given, rejecting impossible states with a clear message. */
export function parseGame(input: unknown): Result<GameData, SaveError> {
  const parsed = parseStructure(input);
  return parsed.ok ? checkSemantics(parsed.value) : parsed;
}

/** Re-adds, in id order with 1 banner, every alive country missing from the list (RULES §7). */
export function reAddMissingCountries(game: GameData): GameData {
  const missing: Country[] = [];
  for (const id of [0, 1, 2, 3] as const) {
    if (game.countries.some((c) => c.id === id)) continue;
    // A country missing from the list holds no banners, so a Nomad tile alone does not make it alive:
    // otherwise a country removed as dead (its tiles stay, RULES §3.5) would come back on import.
    if (isAlive(game, id, 0)) missing.push({ id, banners: START_BANNERS });
  }
  return missing.length === 0 ? game : { ...game, countries: [...game.countries, ...missing] };
}

/** Deserialize (RULES §7): parse, then re-add alive countries missing from the list. For imported saves. */
export function deserializeGame(input: unknown): Result<GameData, SaveError> {
  const parsed = parseStructure(input);
  return parsed.ok ? checkSemantics(reAddMissingCountries(parsed.value)) : parsed;
}
