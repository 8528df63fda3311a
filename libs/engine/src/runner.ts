/** Headless bot-vs-bot matches: the match runner behind `npm start` (until the server lands), tests and benchmarks. */
import { applyLegal } from './actions/index.js';
import { type BotTurnOptions, playBotTurn } from './bot/bot.js';
import {
  COUNTRY_NAMES,
  LANDMARK,
  PLAYABLE_COUNTRIES,
  RULES_VERSION,
  TILE_TYPE,
  type Difficulty,
  type PlayableCountry,
} from './constants.js';
import { isGameOver, newGame, winner } from './game.js';
import { brokenInvariants } from './invariants.js';
import type { LobbyEvent, NewLobbyEvent, Player } from './lobby/events.js';
import { applyEvent, type LobbyState } from './lobby/fold.js';
import { createRng, drawSeed } from './rng.js';
import { tileAt } from './grid.js';
import { whoseTurn } from './turns.js';
import type { GameData } from './types.js';

export interface MatchOptions {
  /** One difficulty per seat; seat i plays country i (green, purple, red, yellow). */
  readonly bots: readonly Difficulty[];
  readonly w: number;
  readonly h: number;
  readonly seed: number;
  /** A game still running after this many turns counts as stuck. */
  readonly turnCap?: number;
  /** Check every invariant after every action (slower; tests turn it on). */
  readonly checkInvariants?: boolean;
  /** Passed to every bot turn (the expert's node budget). */
  readonly botOptions?: BotTurnOptions;
  /** With a clock (say `performance.now`), `onTurn` hears how long each bot turn took to choose. */
  readonly clock?: () => number;
  readonly onTurn?: (difficulty: Difficulty, ms: number) => void;
}

export interface MatchResult {
  readonly seed: number;
  readonly winner: PlayableCountry | null;
  readonly winnerDifficulty: Difficulty | null;
  readonly turns: number;
  readonly actions: number;
  /** True when one country (or none) is left. */
  readonly finished: boolean;
  /**
   * True when the game stopped as a draw: no spawn point (Settled banner tile) was placed or captured and
   * no country fell for STALEMATE_TURNS turns while the fighting went on (at least one fight a turn on
   * average): a stable front. A game that stops making progress without fights is stuck, not a draw. A game that is neither finished nor a stalemate
   * ran into the turn cap: that is a stuck game.
   */
  readonly stalemate: boolean;
  readonly game: GameData;
}

export const DEFAULT_TURN_CAP = 5000;
/** Turns without progress after which a game where everyone still fights is a draw. */
export const STALEMATE_TURNS = 1000;

/**
 * A signature of the game's lasting progress: the countries left and every Settled banner tile (a
 * spawn point). Spawn points are only gained by placing banners and only lost for good when captured,
 * so a front that sways back and forth without taking one makes no progress.
 */
function progressSignature(game: GameData): number {
  let h = game.countries.length;
  for (let i = 0; i < game.tiles.length; i++) {
    const t = game.tiles[i]!;
    if (t.landmark === LANDMARK.banner && t.type === TILE_TYPE.settled)
      h = (Math.imul(h, 31) + i * 5 + t.owner + 2) | 0;
  }
  return h;
}

/** Plays one seeded bot-vs-bot game to its end (or the turn cap). Throws if an invariant breaks. */
export function runMatch(options: MatchOptions): MatchResult {
  const { bots, w, h, seed } = options;
  const cap = options.turnCap ?? DEFAULT_TURN_CAP;
  const rng = createRng(seed);
  let game = newGame(w, h, seed);
  const seats = bots.map((difficulty, i) => ({ country: PLAYABLE_COUNTRIES[i]!, difficulty }));
  for (const seat of seats) game = applyLegal(game, { id: 'add_country', info: { country: seat.country } }, 0);
  game = applyLegal(game, { id: 'generate', info: { w, h, seed: drawSeed(rng) } }, 0);
  game = applyLegal(game, { id: 'start', info: {} }, drawSeed(rng));
  let actions = 0;
  let signature = progressSignature(game);
  let lastChange = game.turn.count;
  let fightsSinceChange = 0;
  let stalemate = false;

  while (!isGameOver(game) && game.turn.count < cap) {
    const now = progressSignature(game);
    if (now !== signature) {
      signature = now;
      lastChange = game.turn.count;
      fightsSinceChange = 0;
    } else if (game.turn.count - lastChange >= STALEMATE_TURNS && fightsSinceChange >= STALEMATE_TURNS) {
      stalemate = true;
      break;
    }
    const country = whoseTurn(game);
    const seat = seats.find((s) => s.country === country);
    if (!seat) throw new Error(`turn ${game.turn.count} belongs to no seat (type ${game.turn.type})`);
    const turnSeed = drawSeed(rng);
    const started = options.clock?.() ?? 0;
    const turn = playBotTurn(game, seat.country, seat.difficulty, turnSeed, options.botOptions);
    if (options.clock) options.onTurn?.(seat.difficulty, options.clock() - started);
    for (const { action, seed: actionSeed } of turn) {
      if (action.id === 'move_unit' && tileAt(game, action.info.to.x, action.info.to.y)?.unit) fightsSinceChange++;
      game = applyLegal(game, action, actionSeed);
      actions++;
      if (options.checkInvariants) {
        const broken = brokenInvariants(game);
        if (broken.length > 0) throw new Error(`seed ${seed}, after ${action.id}: ${broken.join('; ')}`);
      }
    }
  }
  const won = winner(game);
  return {
    seed,
    winner: won,
    winnerDifficulty: seats.find((s) => s.country === won)?.difficulty ?? null,
    turns: game.turn.count,
    actions,
    finished: isGameOver(game),
    stalemate,
    game,
  };
}

export interface SeriesSummary {
  readonly games: number;
  readonly finished: number;
  /** Games stopped as a draw (a stable front, see MatchResult.stalemate). */
  readonly stalemates: number;
  /** Games that ran into the turn cap: neither finished nor a stalemate. */
  readonly stuck: number;
  /** Wins by difficulty; in mirror matches (one difficulty for all) by country name instead. */
  readonly wins: Readonly<Record<string, number>>;
  readonly turns: { readonly mean: number; readonly max: number };
}

/** Plays `games` matches with seeds `firstSeed`, `firstSeed + 1`, …; seats alternate so no side always moves first. */
export function runSeries(
  bots: readonly Difficulty[],
  games: number,
  opts: {
    w: number;
    h: number;
    firstSeed?: number;
    turnCap?: number;
    checkInvariants?: boolean;
    botOptions?: BotTurnOptions;
  },
): { summary: SeriesSummary; results: MatchResult[] } {
  const results: MatchResult[] = [];
  const wins: Record<string, number> = {};
  const mirror = new Set(bots).size === 1;
  for (let i = 0; i < games; i++) {
    const order = i % 2 === 0 ? bots : [...bots.slice(1), bots[0]!];
    const result = runMatch({ ...opts, bots: order, seed: (opts.firstSeed ?? 1) + i });
    results.push(result);
    if (result.winner !== null) {
      const key = mirror ? COUNTRY_NAMES[result.winner] : result.winnerDifficulty!;
      wins[key] = (wins[key] ?? 0) + 1;
    }
  }
  const turns = results.map((r) => r.turns);
  return {
    results,
    summary: {
      games,
      finished: results.filter((r) => r.finished).length,
      stalemates: results.filter((r) => r.stalemate).length,
      stuck: results.filter((r) => !r.finished && !r.stalemate).length,
      wins,
      turns: { mean: turns.reduce((a, b) => a + b, 0) / Math.max(1, games), max: Math.max(0, ...turns) },
    },
  };
}

export interface LoggedBotGameOptions {
  readonly lobbyId: string;
  readonly adminId: string;
  readonly w: number;
  readonly h: number;
  /** The map seed. */
  readonly seed: number;
  /** Everyone who joins, in order, each seated by the admin. A bot plays the turns of every seated country. */
  readonly players: readonly Player[];
  /** The difficulty `country`'s turns are played at. */
  readonly difficulty: (country: PlayableCountry) => Difficulty;
  /** Events after the seats, before the start (a chat line). */
  readonly beforeStart?: readonly NewLobbyEvent[];
  /** The start action's seed. */
  readonly startSeed: number;
  /** The seed the bot plays turn number `turn` (0, 1, 2, … from the start) from; called once per turn, in order. */
  readonly turnSeed: (turn: number) => number;
  /** Stop once the log holds this many events, even within a turn (a running game's log). */
  readonly maxEvents?: number;
  /** Stop before the game's turn count reaches this. */
  readonly turnCap?: number;
  /** Every event's time (ISO). */
  readonly at: string;
}

/**
 * A bot game logged the way a server logs a lobby: created, seats, start, then each bot action its own
 * `game-action` by the seat's player; played to the game's end, `maxEvents` or `turnCap`. Every event is
 * folded as it is logged, so a log the fold refuses throws (a bug). Returns the log and its fold.
 */
export function loggedBotGame(o: LoggedBotGameOptions): { events: LobbyEvent[]; state: LobbyState } {
  const events: LobbyEvent[] = [];
  let state: LobbyState | null = null;
  const add = (event: NewLobbyEvent): LobbyState => {
    const stamped = { ...event, seq: events.length + 1, at: o.at } as LobbyEvent;
    const next = applyEvent(state, stamped);
    if (!next.ok) throw new Error(next.error.message);
    events.push(stamped);
    return (state = next.value);
  };
  add({
    kind: 'lobby-created',
    actor: o.adminId,
    seed: null,
    payload: { lobbyId: o.lobbyId, adminId: o.adminId, w: o.w, h: o.h, seed: o.seed, rulesVersion: RULES_VERSION },
  });
  for (const player of o.players) add({ kind: 'player-joined', actor: o.adminId, seed: null, payload: { player } });
  for (const event of o.beforeStart ?? []) add(event);
  let now = add({ kind: 'game-action', actor: o.adminId, seed: o.startSeed, payload: { id: 'start', info: {} } });
  const maxEvents = o.maxEvents ?? Infinity;
  const turnCap = o.turnCap ?? Infinity;
  for (let turn = 0; events.length < maxEvents; turn++) {
    const game = now.game;
    const country = whoseTurn(game);
    if (isGameOver(game) || country === null || game.turn.count >= turnCap) break;
    const actor = o.players.find((p) => p.country === country)?.id;
    if (actor === undefined) throw new Error(`turn ${game.turn.count} belongs to no seat`);
    for (const { action, seed } of playBotTurn(game, country, o.difficulty(country), o.turnSeed(turn))) {
      if (events.length >= maxEvents) break;
      now = add({ kind: 'game-action', actor, seed, payload: action });
    }
  }
  return { events, state: now };
}
