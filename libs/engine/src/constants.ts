/** Vocabularies and constants of the rules (RULES §1), as `as const` data so zod and types derive from them. */

/** Country ids (RULES §1.1): none -1, green 0, purple 1, red 2, yellow 3. */
export const COUNTRY = { none: -1, green: 0, purple: 1, red: 2, yellow: 3 } as const;
export type CountryId = (typeof COUNTRY)[keyof typeof COUNTRY];
/** A real country: one that can be in a game. */
export type PlayableCountry = Exclude<CountryId, -1>;
/** The four playable countries in id order. */
export const PLAYABLE_COUNTRIES = [0, 1, 2, 3] as const satisfies readonly PlayableCountry[];
export const COUNTRY_NAMES = ['green', 'purple', 'red', 'yellow'] as const satisfies readonly string[];
export type CountryName = (typeof COUNTRY_NAMES)[number];

/** Country colours (RULES §1.1), indexed by country id. */
export const COUNTRY_COLOURS = ['#37D98C', '#9179FF', '#FC5C65', '#FFB600'] as const;

/** Tile type (RULES §1.2): Nomad 0, Settled 1. */
export const TILE_TYPE = { nomad: 0, settled: 1 } as const;
export type TileType = (typeof TILE_TYPE)[keyof typeof TILE_TYPE];

/** Landmark (RULES §1.2): none -1, banner 0, mountains 1, forest 2, chest 3. */
export const LANDMARK = { none: -1, banner: 0, mountains: 1, forest: 2, chest: 3 } as const;
export type Landmark = (typeof LANDMARK)[keyof typeof LANDMARK];

/** Turn type (RULES §1.4): none -1, a country 0-3, chest 4, banner 5. */
export const TURN_TYPE = { none: -1, chest: 4, banner: 5 } as const;
export type TurnType = -1 | PlayableCountry | 4 | 5;

/** Action ids (RULES §4.1); only the handled ones have an effect. */
export const ACTION_IDS = [
  'start',
  'pause',
  'resume',
  'stop',
  'next_turn',
  'generate',
  'add_country',
  'remove_country',
  'place_banner',
  'move_unit',
] as const;
export type ActionId = (typeof ACTION_IDS)[number];
export const HANDLED_ACTION_IDS = [
  'start',
  'next_turn',
  'generate',
  'add_country',
  'remove_country',
  'place_banner',
  'move_unit',
] as const satisfies readonly ActionId[];
export type HandledActionId = (typeof HANDLED_ACTION_IDS)[number];

/**
 * Bot difficulties and their attack bonus / extra margin (RULES §6). The expert fights with hard's bonus
 * but searches its turn instead of following the steps, so it never reads the margin.
 */
export const DIFFICULTIES = ['easy', 'normal', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const BOT_TUNING = {
  easy: { bonus: 0, margin: 0 },
  normal: { bonus: 2, margin: 1 },
  hard: { bonus: 4, margin: 2 },
  expert: { bonus: 4, margin: 2 },
} as const satisfies Record<Difficulty, { bonus: number; margin: number }>;
/** Bot display names (ARCHITECTURE §7.4). */
export const BOT_NAMES = {
  easy: 'Easy Bot',
  normal: 'Normal Bot',
  hard: 'Hard Bot',
  expert: 'Expert Bot',
} as const satisfies Record<Difficulty, string>;

/** Fixed numbers of the rules: map size (RULES §2.2), countries and banners (RULES §1.1), dice (RULES §5.1). */
export const DEFAULT_WIDTH = 10;
export const DEFAULT_HEIGHT = 10;
export const MAX_COUNTRIES = 4;
export const START_BANNERS = 1;
export const DICE_SIDES = 6;
/** Landmark odds used by map generation (RULES §2.2 step 3), in draw order. */
export const LANDMARK_ODDS = [
  { value: LANDMARK.mountains, percent: 10 },
  { value: LANDMARK.forest, percent: 15 },
  { value: LANDMARK.none, percent: 75 },
] as const;
export const MOUNTAINS_DEFENCE = 2;
export const FOREST_ATTACK = 2;
export const NEIGHBOUR_SUPPORT = 0.5;

/** The largest map side the engine accepts; lobbies limit this further (PROTOCOL §3.2). */
export const ENGINE_MAX_SIDE = 256;
/** Seeds are integers 0 ≤ seed < 2^32 (RULES §5.2). */
export const SEED_LIMIT = 2 ** 32;

/** Bumped whenever a rule change would fold an existing log differently (RULES §9). */
export const RULES_VERSION = 1;

/** Whether `value` is one of the four playable country ids. */
export function isPlayableCountry(value: number): value is PlayableCountry {
  return value === 0 || value === 1 || value === 2 || value === 3;
}
