/**
 * Four Banners' rules engine: pure, deterministic, plain data in and out (docs/RULES.md).
 *
 * This is the public surface the server, the web app, the protocol library and the end-to-end tests use:
 * the game and its actions, the lobby log and its fold, saves, hashes and the bot planner. Two more
 * entry points stay out of it: `@four-banners/engine/runner` plays whole bot matches (the `match` script,
 * benchmarks, logs for tests) and `@four-banners/engine/testing` draws boards and checks invariants in
 * tests. Anything else in `src/` is internal.
 */

// ---- constants and shapes (docs/RULES.md §1) ----
export {
  BOT_NAMES,
  COUNTRY,
  COUNTRY_COLOURS,
  COUNTRY_NAMES,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  DIFFICULTIES,
  ENGINE_MAX_SIDE,
  FOREST_ATTACK,
  LANDMARK,
  MOUNTAINS_DEFENCE,
  NEIGHBOUR_SUPPORT,
  PLAYABLE_COUNTRIES,
  RULES_VERSION,
  SEED_LIMIT,
  TILE_TYPE,
  TURN_TYPE,
  type CountryId,
  type Difficulty,
  type Landmark,
  type PlayableCountry,
  type TileType,
  type TurnType,
} from './constants.js';
export type {
  Country,
  GameData,
  Pos,
  Result,
  RuleError,
  RuleErrorCode,
  Tile,
  Turn,
  Unit,
} from './types.js';

// ---- the game: a new one, reading it, the map ----
export { createRng, drawSeed, type Rng } from './rng.js';
export { indexOf, samePos, tileAt } from './grid.js';
export { findCountry, isGameOver, newGame, winner } from './game.js';
export { isCountryTurn, turnStrip, whoseTurn } from './turns.js';
export { attackWinChance, moveableTiles, warModifier, warOfParts, warParts, type WarParts } from './war.js';

// ---- actions (docs/RULES.md §4) ----
export {
  actable,
  applyLegal,
  fightOutcome,
  offMapProblem,
  type CountryInfo,
  type FightResult,
  type GameAction,
  type MoveUnitInfo,
  type PlaceBannerInfo,
  type SeededAction,
  type StartInfo,
} from './actions/index.js';

// ---- saves and hashes (docs/RULES.md §8, docs/PROTOCOL.md §5.4) ----
export { deserializeGame, parseGame, serializeGame, type SaveError, type SerializedGame } from './serialize.js';
export { gameHash } from './hash.js';

// ---- the lobby log and its fold (docs/RULES.md §7, docs/PROTOCOL.md §7) ----
export {
  AWAY_REASONS,
  DEFAULT_SETTINGS,
  LOBBY_EVENT_KINDS,
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  MODERATOR_ACTOR,
  QUICK_SEATS,
  SERVER_ACTOR,
  TURN_CLOCKS,
  type AwayReason,
  type LobbySettings,
  type ModerationAction,
  type ModerationPayload,
  type QuickMatch,
  type QuickSeats,
  type TurnClock,
  type CloseReason,
  type LobbyEvent,
  type LobbyEventKind,
  type LobbyEventPayloads,
  type NewLobbyEvent,
  type Player,
} from './lobby/events.js';
export {
  applyEvent,
  fold,
  foldFrom,
  foldTo,
  isPaused,
  lobbyStatus,
  lobbyWinner,
  playerOfCountry,
  seatedGame,
  stateHash,
  turnDeadline,
  type ChatMessage,
  type LobbyState,
  type LogError,
} from './lobby/fold.js';

// ---- bots (docs/RULES.md §6) ----
export { botTurn, playBotTurn, type BotTurn, type BotTurnOptions } from './bot/bot.js';
export { EXPERT_NODE_BUDGET, planExpertTurn, type ExpertOptions, type ExpertTurn } from './bot/expert.js';
