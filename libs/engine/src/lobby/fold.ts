/**
 * Folding a lobby log into lobby + game state (PROTOCOL §7.3, RULES §7).
 * Before start the map is a pure function of (seated countries, w, h, map seed); a loaded save
 * replaces it until w, h or seed change; once started only game-action events change the game.
 */
import { actionLabel, applyAction, applyLegal } from '../actions/index.js';
import { COUNTRY, ENGINE_MAX_SIDE, RULES_VERSION, SEED_LIMIT, isPlayableCountry } from '../constants.js';
import { isGameOver, newGame, winner } from '../game.js';
import { createHasher, hashGameInto } from '../hash.js';
import { parseGame } from '../serialize.js';
import { err, ok, type GameData, type Result } from '../types.js';
import { LOBBY_EVENT_KINDS, type LobbyEvent, type Player } from './events.js';

export interface ChatMessage {
  readonly seq: number;
  readonly playerId: string;
  readonly msg: string;
  readonly at: string;
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
  }
  return null;
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
    });
  }

  if (event.kind === 'game-action') {
    // The hot path of replays: one copy of the lobby per action.
    const next = applyAction(state.game, event.payload, event.seed);
    if (!next.ok) return bad(event.seq, `${actionLabel(event.payload)} is not actable: ${next.error.message}`);
    return ok({ ...state, seq: event.seq, game: next.value });
  }
  const s: LobbyState = { ...state, seq: event.seq };
  switch (event.kind) {
    case 'lobby-created':
      return bad(event.seq, 'lobby-created may only be the first event.');
    case 'player-joined': {
      if (s.players.some((p) => p.id === event.payload.player.id)) {
        return bad(event.seq, `Player ${event.payload.player.id} is already seated.`);
      }
      return ok(reseat({ ...s, players: [...s.players, event.payload.player] }));
    }
    case 'player-left': {
      if (!s.players.some((p) => p.id === event.payload.playerId)) {
        return bad(event.seq, `Player ${event.payload.playerId} is not seated.`);
      }
      return ok(reseat({ ...s, players: s.players.filter((p) => p.id !== event.payload.playerId) }));
    }
    case 'lobby-updated': {
      const { w, h, seed, adminId, online } = event.payload;
      const mapChanged = w !== undefined || h !== undefined || seed !== undefined;
      const next: LobbyState = {
        ...s,
        w: w ?? s.w,
        h: h ?? s.h,
        seed: seed ?? s.seed,
        adminId: adminId ?? s.adminId,
        online: online ?? s.online,
        loaded: mapChanged ? false : s.loaded,
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
  }
  h.num(state.messages.length);
  for (const m of state.messages) {
    h.str(m.playerId);
    h.str(m.msg);
  }
  hashGameInto(h, state.game);
  return h.digest();
}
