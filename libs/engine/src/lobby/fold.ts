/**
 * Folding a lobby log into lobby + game state (PROTOCOL §7.3, RULES §7).
 * Before start the map is a pure function of (seated countries, w, h, map seed); a loaded save
 * replaces it until w, h or seed change; once started only game-action events change the game.
 */
import { actionLabel, applyAction, applyLegal } from '../actions/index.js';
import { COUNTRY, DIFFICULTIES, ENGINE_MAX_SIDE, RULES_VERSION, SEED_LIMIT, isPlayableCountry } from '../constants.js';
import { isGameOver, newGame, winner } from '../game.js';
import { whoseTurn } from '../turns.js';
import { createHasher, hashGameInto } from '../hash.js';
import { parseGame } from '../serialize.js';
import { err, ok, type GameData, type Result } from '../types.js';
import {
  AWAY_REASONS,
  DEFAULT_SETTINGS,
  LOBBY_EVENT_KINDS,
  MODERATION_ACTIONS,
  QUICK_SEATS,
  TURN_CLOCKS,
  type LobbyEvent,
  type LobbySettings,
  type ModerationPayload,
  type Player,
} from './events.js';

export interface ChatMessage {
  readonly seq: number;
  readonly playerId: string;
  readonly msg: string;
  readonly at: string;
  /** Set when a moderator removed the message (`moderation {action: 'remove-chat'}`): `msg` is then ''. */
  readonly removed?: true;
}

export interface LobbyState {
  readonly lobbyId: string;
  readonly adminId: string;
  readonly rulesVersion: number;
  /** False once the lobby was closed (`lobby-updated {online:false}`). */
  readonly online: boolean;
  readonly w: number;
  readonly h: number;
  readonly seed: number;
  /** Seats in join order: turn order is seat order. */
  readonly players: readonly Player[];
  readonly messages: readonly ChatMessage[];
  readonly game: GameData;
  /** True after a save was loaded, until w, h or seed change: the map is then not regenerated. */
  readonly loaded: boolean;
  /** The last folded seq. */
  readonly seq: number;
  /** Listing, turn clock, away bots' level, quick match (PROTOCOL §4.8). */
  readonly settings: LobbySettings;
  /**
   * The `at` of the event that began the current turn of a running game, or that resumed a paused one:
   * the turn clock counts from it (PROTOCOL §4.8). Null before start.
   */
  readonly turnStartedAt: string | null;
}

/** Why a log could not be folded. */
export interface LogError {
  readonly code: 'rules_version' | 'bad_log';
  readonly message: string;
  readonly seq: number;
}

const bad = (seq: number, message: string) => err<LogError>({ code: 'bad_log', message, seq });

/** The game a not-yet-started lobby shows: its seated countries on a map generated from (w, h, seed). */
export function seatedGame(players: readonly Player[], w: number, h: number, seed: number): GameData {
  let game = newGame(w, h, seed);
  for (const p of players) {
    if (isPlayableCountry(p.country) && !game.countries.some((c) => c.id === p.country)) {
      game = applyLegal(game, { id: 'add_country', info: { country: p.country } }, seed);
    }
  }
  if (game.countries.length >= 2) game = applyLegal(game, { id: 'generate', info: { w, h, seed } }, seed);
  return game;
}

/** Regenerates the map after a seating or settings change, unless the game started or a save was loaded. */
function reseat(state: LobbyState): LobbyState {
  if (state.game.running || state.loaded) return state;
  return { ...state, game: seatedGame(state.players, state.w, state.h, state.seed) };
}

const KINDS: ReadonlySet<string> = new Set(LOBBY_EVENT_KINDS);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with an event's envelope (kind, seq, payload object), or null. Payload fields are checked where read. */
function shapeProblem(event: unknown): string | null {
  if (!isRecord(event)) return 'An event must be an object.';
  if (typeof event.seq !== 'number' || !Number.isInteger(event.seq)) return 'An event needs a whole-number seq.';
  if (typeof event.kind !== 'string' || !KINDS.has(event.kind))
    return `Unknown event kind ${String(event.kind).slice(0, 40)}.`;
  if (!isRecord(event.payload)) return `A ${event.kind} event needs a payload object.`;
  const p = event.payload;
  if (event.kind === 'player-joined' && !(isRecord(p.player) && typeof p.player.id === 'string')) {
    return 'A player-joined event needs a player with an id.';
  }
  // The map settings feed map generation, so they must be what generate accepts.
  if (event.kind === 'lobby-created' || event.kind === 'lobby-updated') {
    const required = event.kind === 'lobby-created';
    for (const key of ['w', 'h'] as const) {
      const v = p[key];
      if (
        (required || v !== undefined) &&
        !(Number.isInteger(v) && (v as number) >= 1 && (v as number) <= ENGINE_MAX_SIDE)
      ) {
        return `${event.kind} needs ${key} from 1 to ${ENGINE_MAX_SIDE}.`;
      }
    }
    const seed = p.seed;
    if (
      (required || seed !== undefined) &&
      !(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) < SEED_LIMIT)
    ) {
      return `${event.kind} needs a seed from 0 to 2^32-1.`;
    }
    if (p.listed !== undefined && typeof p.listed !== 'boolean') return `${event.kind} needs listed true or false.`;
    if (p.clock !== undefined && !(TURN_CLOCKS as readonly unknown[]).includes(p.clock))
      return `${event.kind} needs a clock of ${TURN_CLOCKS.join(', ')} seconds.`;
    if (p.botLevel !== undefined && !(DIFFICULTIES as readonly unknown[]).includes(p.botLevel))
      return `${event.kind} needs a botLevel of ${DIFFICULTIES.join(', ')}.`;
    if (
      event.kind === 'lobby-created' &&
      p.quick !== undefined &&
      !(
        isRecord(p.quick) &&
        (QUICK_SEATS as readonly unknown[]).includes(p.quick.seats) &&
        typeof p.quick.startBy === 'string' &&
        !Number.isNaN(Date.parse(p.quick.startBy))
      )
    )
      return `lobby-created needs quick.seats of ${QUICK_SEATS.join(' or ')} and a quick.startBy time.`;
  }
  if (event.kind === 'player-away' && !(AWAY_REASONS as readonly unknown[]).includes(p.reason))
    return `player-away needs a reason of ${AWAY_REASONS.join(', ')}.`;
  if (event.kind === 'moderation') return moderationProblem(p);
  return null;
}

/** What is wrong with a `moderation` payload, or null. */
function moderationProblem(p: Record<string, unknown>): string | null {
  if (!(MODERATION_ACTIONS as readonly unknown[]).includes(p.action))
    return `moderation needs an action of ${MODERATION_ACTIONS.join(', ')}.`;
  if (typeof p.reason !== 'string') return 'moderation needs a reason.';
  if (p.action === 'remove-chat') return Number.isInteger(p.seq) ? null : 'moderation remove-chat needs the seq.';
  if (p.action === 'remove-seat' || p.action === 'mute') {
    if (typeof p.playerId !== 'string') return `moderation ${p.action} needs a playerId.`;
  }
  if (p.action === 'mute' && (typeof p.until !== 'string' || Number.isNaN(Date.parse(p.until))))
    return 'moderation mute needs an until time.';
  if (p.action === 'remove-seat' && p.bot !== undefined) {
    const bot = p.bot;
    if (!(isRecord(bot) && typeof bot.id === 'string' && isRecord(bot.bot)))
      return 'moderation remove-seat needs its bot as a bot seat.';
  }
  return null;
}

/** A seat a person holds (not a bot, not a hot-seat seat). */
function isPersonSeat(p: Player): boolean {
  return p.bot === undefined && p.local === undefined;
}

/** Whether every person seated is away: a running game then waits, and no bot plays (PROTOCOL §4.8). */
export function isPaused(state: LobbyState): boolean {
  const people = state.players.filter(isPersonSeat);
  return people.length > 0 && people.every((p) => p.away !== undefined);
}

/**
 * When the current turn's clock runs out (ms since the epoch), or null when no clock runs: no clock set,
 * no running game, a paused one, or a turn a bot plays (a bot's, or an away person's). PROTOCOL §4.8.
 * `msPerClockSecond` shortens the clock in tests (the server's `TURN_CLOCK_MS_PER_SECOND`).
 */
export function turnDeadline(state: LobbyState, msPerClockSecond = 1000): number | null {
  if (state.settings.clock === 0 || state.turnStartedAt === null || !state.online) return null;
  const country = whoseTurn(state.game);
  if (country === null || isGameOver(state.game) || isPaused(state)) return null;
  const seat = playerOfCountry(state, country);
  if (!seat || seat.bot || seat.away !== undefined) return null;
  return Date.parse(state.turnStartedAt) + state.settings.clock * msPerClockSecond;
}

/** Sets the fields of seat `playerId`. */
function withSeat(state: LobbyState, playerId: string, change: (p: Player) => Player): LobbyState {
  return { ...state, players: state.players.map((p) => (p.id === playerId ? change(p) : p)) };
}

/** `p` without the fold's away and missed marks. */
function present(p: Player): Player {
  const { away: _away, missed: _missed, ...rest } = p;
  return rest;
}

/** Folds one event onto `state` (null before the first event). */
export function applyEvent(state: LobbyState | null, event: LobbyEvent): Result<LobbyState, LogError> {
  // A log comes from outside (a file, the network): its shape is checked before anything is read from it.
  const shape = shapeProblem(event as unknown);
  if (shape) return bad(typeof event?.seq === 'number' ? event.seq : 0, shape);
  const expected = (state?.seq ?? 0) + 1;
  if (event.seq !== expected) return bad(event.seq, `Expected seq ${expected}, got ${event.seq}.`);
  if (state === null) {
    if (event.kind !== 'lobby-created') return bad(event.seq, 'A lobby log must start with lobby-created.');
    const p = event.payload;
    if (p.rulesVersion !== RULES_VERSION) {
      return err({
        code: 'rules_version',
        message: `This log was written under rules version ${p.rulesVersion}; this engine plays version ${RULES_VERSION}.`,
        seq: event.seq,
      });
    }
    return ok({
      lobbyId: p.lobbyId,
      adminId: p.adminId,
      rulesVersion: p.rulesVersion,
      online: true,
      w: p.w,
      h: p.h,
      seed: p.seed,
      players: [],
      messages: [],
      game: newGame(p.w, p.h, p.seed),
      loaded: false,
      seq: event.seq,
      settings: {
        listed: p.listed ?? DEFAULT_SETTINGS.listed,
        clock: p.clock ?? DEFAULT_SETTINGS.clock,
        botLevel: p.botLevel ?? DEFAULT_SETTINGS.botLevel,
        quick: p.quick ? { seats: p.quick.seats, startBy: p.quick.startBy } : null,
      },
      turnStartedAt: null,
    });
  }

  if (event.kind === 'game-action') {
    // The hot path of replays: one copy of the lobby per action.
    const next = applyAction(state.game, event.payload, event.seed);
    if (!next.ok) return bad(event.seq, `${actionLabel(event.payload)} is not actable: ${next.error.message}`);
    const game = next.value;
    const turnBegan = game.turn.count !== state.game.turn.count || game.running !== state.game.running;
    let s: LobbyState = {
      ...state,
      seq: event.seq,
      game,
      turnStartedAt: turnBegan ? (game.running ? event.at : null) : state.turnStartedAt,
    };
    // A person who acts has not missed their turn: the run of clocks run out starts again.
    const actor = state.players.find((p) => p.id === event.actor);
    if (actor?.missed) s = withSeat(s, actor.id, (p) => ({ ...p, missed: 0 }));
    return ok(s);
  }
  const s: LobbyState = { ...state, seq: event.seq };
  switch (event.kind) {
    case 'lobby-created':
      return bad(event.seq, 'lobby-created may only be the first event.');
    case 'player-joined': {
      if (s.players.some((p) => p.id === event.payload.player.id)) {
        return bad(event.seq, `Player ${event.payload.player.id} is already seated.`);
      }
      return ok(reseat({ ...s, players: [...s.players, present(event.payload.player)] }));
    }
    case 'player-left': {
      if (!s.players.some((p) => p.id === event.payload.playerId)) {
        return bad(event.seq, `Player ${event.payload.playerId} is not seated.`);
      }
      return ok(reseat({ ...s, players: s.players.filter((p) => p.id !== event.payload.playerId) }));
    }
    case 'lobby-updated': {
      const { w, h, seed, adminId, online, listed, clock, botLevel } = event.payload;
      const mapChanged = w !== undefined || h !== undefined || seed !== undefined;
      const next: LobbyState = {
        ...s,
        w: w ?? s.w,
        h: h ?? s.h,
        seed: seed ?? s.seed,
        adminId: adminId ?? s.adminId,
        online: online ?? s.online,
        loaded: mapChanged ? false : s.loaded,
        settings: {
          ...s.settings,
          listed: listed ?? s.settings.listed,
          clock: clock ?? s.settings.clock,
          botLevel: botLevel ?? s.settings.botLevel,
        },
      };
      return ok(mapChanged ? reseat(next) : next);
    }
    case 'country-changed': {
      const { playerId, country } = event.payload;
      if (!s.players.some((p) => p.id === playerId)) return bad(event.seq, `Player ${playerId} is not seated.`);
      const players = s.players.map((p) => (p.id === playerId ? { ...p, country } : p));
      return ok(reseat({ ...s, players }));
    }
    case 'chat':
      return ok({
        ...s,
        messages: [
          ...s.messages,
          { seq: event.seq, playerId: event.payload.playerId, msg: event.payload.msg, at: event.at },
        ],
      });
    case 'state-loaded': {
      const game = parseGame(event.payload.state);
      if (!game.ok) return bad(event.seq, `state-loaded holds an invalid game: ${game.error.message}`);
      const g = game.value;
      return ok({ ...s, game: g, w: g.width, h: g.height, seed: g.seed, loaded: true });
    }
    case 'turn-timeout': {
      const { country, playerId } = event.payload;
      const seat = s.players.find((p) => p.id === playerId);
      if (!seat || seat.country !== country || !isPersonSeat(seat))
        return bad(event.seq, `turn-timeout: ${playerId} is not the person playing country ${country}.`);
      if (whoseTurn(s.game) !== country || isGameOver(s.game))
        return bad(event.seq, `turn-timeout: it is not country ${country}'s turn.`);
      return ok(withSeat(s, playerId, (p) => ({ ...p, missed: (p.missed ?? 0) + 1 })));
    }
    case 'player-away': {
      const seat = s.players.find((p) => p.id === event.payload.playerId);
      if (!seat || !isPersonSeat(seat))
        return bad(event.seq, `player-away: ${event.payload.playerId} is not a person seated.`);
      if (seat.away !== undefined) return bad(event.seq, `player-away: ${seat.id} is already away.`);
      if (!s.game.running || isGameOver(s.game)) return bad(event.seq, 'player-away: no game is running.');
      return ok(withSeat(s, seat.id, (p) => ({ ...p, away: event.payload.reason })));
    }
    case 'player-back': {
      const seat = s.players.find((p) => p.id === event.payload.playerId);
      if (seat?.away === undefined) return bad(event.seq, `player-back: ${event.payload.playerId} is not away.`);
      const next = withSeat(s, seat.id, present);
      // A paused game resumes, or the person is back on their own turn before the bot played it: the current
      // turn's clock starts again (else it could have run out while they were away).
      const ownTurn = whoseTurn(s.game) === seat.country;
      return ok((isPaused(s) || ownTurn) && next.game.running ? { ...next, turnStartedAt: event.at } : next);
    }
    case 'moderation':
      return moderate(s, event.seq, event.payload);
  }
}

/** Folds a moderator's action (PROTOCOL §4.9). */
function moderate(s: LobbyState, seq: number, p: ModerationPayload): Result<LobbyState, LogError> {
  switch (p.action) {
    case 'close':
      return ok({ ...s, online: false });
    case 'mute':
      return ok(s);
    case 'remove-chat': {
      if (!s.messages.some((m) => m.seq === p.seq)) return bad(seq, `moderation: no chat message at seq ${p.seq}.`);
      const messages = s.messages.map((m) => (m.seq === p.seq ? { ...m, msg: '', removed: true as const } : m));
      return ok({ ...s, messages });
    }
    case 'remove-seat': {
      const seat = s.players.find((x) => x.id === p.playerId);
      if (!seat || seat.bot) return bad(seq, `moderation: ${p.playerId} is not a person seated.`);
      if (p.bot === undefined) return ok(reseat({ ...s, players: s.players.filter((x) => x.id !== seat.id) }));
      // A running game: the bot takes the seat in place, so the turn order and the country stay.
      if (!s.game.running || isGameOver(s.game))
        return bad(seq, 'moderation: a bot takes a seat only in a running game.');
      if (p.bot.country !== seat.country || !p.bot.bot || s.players.some((x) => x.id === p.bot?.id))
        return bad(seq, 'moderation: the bot must be a new bot seat of the same country.');
      const bot = present(p.bot);
      return ok({ ...s, players: s.players.map((x) => (x.id === seat.id ? bot : x)) });
    }
  }
}

/** Folds a whole log from its first event. */
export function fold(events: readonly LobbyEvent[]): Result<LobbyState, LogError> {
  return foldFrom(null, events);
}

/** Folds the events with seq ≤ `seq` (the state at that point of the log). */
export function foldTo(events: readonly LobbyEvent[], seq: number): Result<LobbyState, LogError> {
  return foldFrom(
    null,
    events.filter((e) => e.seq <= seq),
  );
}

/** Folds `events` onto an earlier state (a snapshot, or what a client already holds). */
export function foldFrom(state: LobbyState | null, events: readonly LobbyEvent[]): Result<LobbyState, LogError> {
  let s = state;
  for (const e of events) {
    const next = applyEvent(s, e);
    if (!next.ok) return next;
    s = next.value;
  }
  if (s === null) return bad(0, 'The log is empty.');
  return ok(s);
}

/** The lobby's status, derived from the game. */
export function lobbyStatus(state: LobbyState): 'open' | 'running' | 'finished' | 'closed' {
  if (isGameOver(state.game)) return 'finished';
  if (!state.online) return 'closed';
  return state.game.running ? 'running' : 'open';
}

/** The winner of a finished lobby's game. */
export function lobbyWinner(state: LobbyState): number | null {
  return winner(state.game);
}

/** The seat controlling `country`, if any. */
export function playerOfCountry(state: LobbyState, country: number): Player | undefined {
  return country === COUNTRY.none ? undefined : state.players.find((p) => p.country === country);
}

/** A stable hash of everything the log decides: seats, settings, chat and the game. */
export function stateHash(state: LobbyState): string {
  const h = createHasher();
  h.str(state.lobbyId);
  h.str(state.adminId);
  h.num(state.seq);
  h.num(state.online ? 1 : 0);
  h.num(state.loaded ? 1 : 0);
  h.num(state.w);
  h.num(state.h);
  h.num(state.seed);
  h.num(state.players.length);
  for (const p of state.players) {
    h.str(p.id);
    h.str(p.name);
    h.num(p.country);
    h.str(p.bot?.difficulty ?? '');
    h.str(p.local?.ownerId ?? '');
    h.str(p.away ?? '');
    h.num(p.missed ?? 0);
  }
  h.num(state.settings.listed ? 1 : 0);
  h.num(state.settings.clock);
  h.str(state.settings.botLevel);
  h.num(state.settings.quick?.seats ?? 0);
  h.str(state.settings.quick?.startBy ?? '');
  h.str(state.turnStartedAt ?? '');
  h.num(state.messages.length);
  for (const m of state.messages) {
    h.str(m.playerId);
    // A removed message's text is '' (no message sent is empty), so `removed` adds nothing to hash and
    // hashes of logs from before moderation stay what they were.
    h.str(m.msg);
  }
  hashGameInto(h, state.game);
  return h.digest();
}
