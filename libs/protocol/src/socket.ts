/**
 * The realtime contract (PROTOCOL §3, §4): every client → server payload schema with its limits,
 * the typed event maps for both ends, the closed list of error codes and the acknowledgement shapes.
 * Inbound schemas are strict: an unknown key (a client's `bonus` included), a wrong type or an
 * out-of-range value is refused with `invalid_payload`. The contract stays one file past 400 lines so that a
 * client's author reads every request, broadcast and code in one place, in PROTOCOL's order.
 */
import {
  DEFAULT_SETTINGS,
  DIFFICULTIES,
  QUICK_SEATS,
  TURN_CLOCKS,
  applyEvent,
  parseGame,
  seatedGame,
  serializeGame,
  type AwayReason,
  type CloseReason,
  type CountryId,
  type Difficulty,
  type QuickMatch,
  type TurnClock,
  type LobbyEvent,
  type LobbyState,
  type ModerationPayload,
  type Player,
  type SerializedGame,
} from '@four-banners/engine';
import { z } from 'zod';
import {
  clientActionSchema,
  countryIdSchema,
  playableCountrySchema,
  seedSchema,
  serializedGameSchema,
} from './game.js';

/**
 * The acknowledgement error codes, in the order of docs/PROTOCOL.md §3.4: when several apply, the earlier
 * generally wins (the exceptions are listed there). A test reads that table and holds it to this list.
 */
export const ERROR_CODES = [
  'invalid_payload',
  'rate_limited',
  'not_found',
  'not_in_lobby',
  'lobby_full',
  'unauthorized',
  'not_admin',
  'muted',
  'game_running',
  'game_over',
  'not_your_turn',
  'not_actable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Limits of PROTOCOL §3.2 and §6.1. Lengths count UTF-16 units (what `String.length` counts). */
export const LIMITS = {
  nameMax: 32,
  chatMax: 200,
  mapMin: 5,
  mapMax: 32,
  playersPerLobby: 4,
  idMax: 64,
  /** socket.io `maxHttpBufferSize`: the largest inbound message in bytes, so the largest save (a 32×32 save fits). */
  maxMessageBytes: 128 * 1024,
  /** A resync gap above this many events is answered with a snapshot + tail. */
  resyncSnapshotGap: 1000,
  /**
   * What a resync tail counts per event besides its payload (about what seq, kind, actor, seed and at weigh
   * in JSON): the tail is sent when its payloads plus this much per event fit `RESYNC_MAX_BYTES`.
   */
  resyncEventEnvelopeBytes: 120,
} as const;

/** A trimmed string of 1..max UTF-16 units (zod's own max counts code points, so refine on `.length`). */
function boundedText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .refine((s) => s.length <= max, { message: `At most ${max} characters.` });
}

export const playerNameSchema = boundedText(LIMITS.nameMax);
export const chatTextSchema = boundedText(LIMITS.chatMax);
export const idSchema = z.string().min(1).max(LIMITS.idMax);
export const mapSideSchema = z.number().int().min(LIMITS.mapMin).max(LIMITS.mapMax);
export const difficultySchema = z.enum(DIFFICULTIES);

/** Seconds per turn: one of `TURN_CLOCKS` (0: no clock). */
export const turnClockSchema = z.union(TURN_CLOCKS.map((c) => z.literal(c)));
/** The map sides a quick match offers (null in a request: any of them). */
export const QUICK_SIZES = [10, 16, 24] as const;
export type QuickSize = (typeof QUICK_SIZES)[number];

/**
 * Create a lobby. `country` seats the creator on a colour at once (default -1, none); `listed` puts it in
 * the open lobbies (default false, invite only); `clock` is its turn clock (default 60 s when listed, else none).
 */
export const createLobbySchema = z.strictObject({
  playerName: playerNameSchema,
  country: countryIdSchema.optional(),
  listed: z.boolean().optional(),
  clock: turnClockSchema.optional(),
});
/** Join a lobby; `country` seats you on that colour in the same request (refused if taken). */
export const joinLobbySchema = z.strictObject({
  lobbyId: idSchema,
  playerName: playerNameSchema,
  country: countryIdSchema.optional(),
});
/** Leave (your own id), remove your hot-seat player, or (admin) remove any seat. */
export const leaveLobbySchema = z.strictObject({ playerId: idSchema });
export const lobbyUpdateSchema = z
  .strictObject({
    online: z.boolean().optional(),
    w: mapSideSchema.optional(),
    h: mapSideSchema.optional(),
    seed: seedSchema.optional(),
    listed: z.boolean().optional(),
    clock: turnClockSchema.optional(),
    botLevel: difficultySchema.optional(),
  })
  .refine((u) => Object.keys(u).length > 0, { message: 'Nothing to update.' });
/** `playerId` defaults to the caller; `country` -1 (none) gives the colour back. */
export const changeCountrySchema = z.strictObject({ playerId: idSchema.optional(), country: countryIdSchema });
export const addBotSchema = z.strictObject({ country: playableCountrySchema, difficulty: difficultySchema });
export const addLocalSchema = z.strictObject({ name: playerNameSchema, country: countryIdSchema });
export const chatMessageSchema = z.strictObject({ message: chatTextSchema });
export const syncStateSchema = z.strictObject({ lobbyId: idSchema, afterSeq: z.number().int().min(0) });
/** A save a lobby can load: a lobby-sized map (5–32 a side), so at most 32×32 tiles. */
export const lobbySaveSchema = serializedGameSchema.extend({
  w: mapSideSchema,
  h: mapSideSchema,
  tiles: serializedGameSchema.shape.tiles.max(LIMITS.mapMax * LIMITS.mapMax),
});
export const loadSaveSchema = z.strictObject({ state: lobbySaveSchema });
export const clientGameActionSchema = clientActionSchema;
/**
 * Watch a lobby read-only (a spectator): the answer has the resync contract of `client-sync-state`
 * (the events after `afterSeq`, or a snapshot), then the socket receives every logged broadcast of the
 * lobby, chat text blanked. Sent again, it is the spectator's resync; it replaces any earlier watch.
 */
export const watchLobbySchema = z.strictObject({ lobbyId: idSchema, afterSeq: z.number().int().min(0) });
/** Stop watching (leaving the page); nothing to say. */
export const unwatchLobbySchema = z.strictObject({});
/**
 * The admin of a finished online game opens a rematch: a new lobby with the same map size, the same
 * bots and hot-seat players on their colours and the admin on theirs, on a fresh seed; the other
 * people of the game are invited (`server-rematch`) and accept by joining it.
 */
export const rematchSchema = z.strictObject({});
/**
 * Quick match (PROTOCOL §4.7): seats the caller in a waiting quick-match lobby for `seats` people on a
 * `size` × `size` map (null: any size), or opens one; the server starts it when it is full, or after the
 * wait with bots in the empty seats.
 */
export const quickMatchSchema = z.strictObject({
  playerName: playerNameSchema,
  seats: z.union(QUICK_SEATS.map((n) => z.literal(n))),
  size: z.union([...QUICK_SIZES.map((n) => z.literal(n)), z.null()]),
});
/** In a waiting quick-match lobby: fill the empty seats with bots and start now ("Play with bots now"). */
export const quickStartSchema = z.strictObject({});
/** An away person is back (PROTOCOL §4.8): their country is theirs again from its next turn. */
export const backSchema = z.strictObject({});

/** Why a player reports another (PROTOCOL §4.9). */
export const REPORT_REASONS = ['abuse', 'cheating', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The longest note a report may carry. */
export const REPORT_NOTE_MAX = 300;
/**
 * Report a person seated in the caller's lobby to the operators (PROTOCOL §4.9): the report waits in the
 * admin console's queue with the lobby and the moment (`seq`: the chat message reported, else the lobby's
 * current seq). Not logged in the lobby; the reported person is not told.
 */
export const reportSchema = z.strictObject({
  playerId: idSchema,
  reason: z.enum(REPORT_REASONS),
  note: z
    .string()
    .trim()
    .refine((s) => s.length <= REPORT_NOTE_MAX, { message: `At most ${REPORT_NOTE_MAX} characters.` })
    .optional(),
  seq: z.number().int().min(1).optional(),
});
/**
 * An operator follows a lobby live (PROTOCOL §4.9): as `client-watch-lobby`, but `token` is an admin token,
 * the answer and the broadcasts carry chat text, and the operator is neither counted nor shown as a watcher.
 */
export const adminWatchSchema = z.strictObject({
  lobbyId: idSchema,
  afterSeq: z.number().int().min(0),
  token: z.string().min(1).max(256),
});

/** Every inbound event with its payload schema. */
export const CLIENT_EVENT_SCHEMAS = {
  'client-create-lobby': createLobbySchema,
  'client-join-lobby': joinLobbySchema,
  'client-leave-lobby': leaveLobbySchema,
  'client-lobby-update': lobbyUpdateSchema,
  'client-change-country': changeCountrySchema,
  'client-add-bot': addBotSchema,
  'client-add-local': addLocalSchema,
  'client-chat-message': chatMessageSchema,
  'client-sync-state': syncStateSchema,
  'client-load-save': loadSaveSchema,
  'client-game-action': clientGameActionSchema,
  'client-watch-lobby': watchLobbySchema,
  'client-unwatch-lobby': unwatchLobbySchema,
  'client-rematch': rematchSchema,
  'client-quick-match': quickMatchSchema,
  'client-quick-start': quickStartSchema,
  'client-back': backSchema,
  'client-report': reportSchema,
  'client-admin-watch': adminWatchSchema,
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;
export const CLIENT_EVENT_NAMES = Object.keys(CLIENT_EVENT_SCHEMAS) as ClientEventName[];
/** The payload a client sends for `E` (before trimming). */
export type ClientPayload<E extends ClientEventName> = z.input<(typeof CLIENT_EVENT_SCHEMAS)[E]>;

// ---- acknowledgements ----

export interface AckError {
  readonly ok: false;
  readonly error: { readonly code: ErrorCode; readonly message: string };
}
/** `seq` is the last seq the request appended; absent when it appended nothing. */
export type Ack = { readonly ok: true; readonly seq?: number } | AckError;

/** The lobby part of a full state: everything of `LobbyState` but the game. */
export type LobbySnapshot = Omit<LobbyState, 'game'>;

/**
 * A full state at `seq`: the lobby and the serialized game (RULES §8), or `state: null` before a map
 * exists (fewer than 2 countries seated and no save loaded: the game is then the seated countries alone).
 */
export interface StateSnapshot {
  readonly seq: number;
  readonly lobby: LobbySnapshot;
  readonly state: SerializedGame | null;
}

/** The serialized game of a folded lobby, or null before a map exists (every answer says it the same way). */
export function serializedGameOf(state: LobbyState): SerializedGame | null {
  const g = state.game;
  return g.tiles.length === 0 && !g.running && !state.loaded ? null : serializeGame(g);
}

/** The answer to `client-sync-state` (PROTOCOL §5.2). */
export type SyncAck =
  | { readonly ok: true; readonly events: readonly LobbyEvent[]; readonly snapshot?: StateSnapshot }
  | AckError;

/** The answer to `client-watch-lobby`: a resync (chat text blank) and how many are watching now. */
export type WatchAck =
  | {
      readonly ok: true;
      readonly events: readonly LobbyEvent[];
      readonly snapshot?: StateSnapshot;
      readonly watchers: number;
    }
  | AckError;

// ---- server → client payloads ----

/**
 * Every logged broadcast carries its lobby, its event's seq, actor and time, so a client can rebuild the
 * log entry (and one socket can follow its own lobby and a watched one apart).
 */
interface Logged {
  readonly lobbyId: string;
  readonly seq: number;
  readonly actor: string;
  readonly at: string;
}

export interface HelloPayload {
  readonly playerId: string;
  readonly token: string;
  readonly lobbyId: string | null;
  readonly seq: number;
  /** Set when the lobby is a finished game whose admin opened a rematch: the new lobby's id. */
  readonly rematchId?: string;
}
/**
 * `lobby-created` (seq 1). `playerId` and `adminId` are the creator. The settings are absent in lobbies from
 * before them (not listed, no clock, normal, not quick).
 */
export interface CreateLobbyPayload extends Logged, CreatedSettings {
  readonly lobbyId: string;
  readonly playerId: string;
  readonly adminId: string;
  readonly playerName: string;
  readonly w: number;
  readonly h: number;
  readonly seed: number;
  readonly rulesVersion: number;
}
/** `player-joined`: `player` is the new seat, `players` every seat after the join, in seat order. */
export interface JoinLobbyPayload extends Logged {
  readonly lobbyId: string;
  readonly playerId: string;
  readonly player: Player;
  readonly players: readonly Player[];
  readonly adminId: string;
  readonly online: boolean;
  readonly w: number;
  readonly h: number;
  readonly seed: number;
}
/** `player-left`: `by` is who removed the seat (the player itself when it left). */
export interface LeaveLobbyPayload extends Logged {
  readonly playerId: string;
  readonly by: string;
}
/** `lobby-updated`: the lobby's settings after the event, plus `changed`, the logged payload itself. */
export interface LobbyUpdatePayload extends Logged {
  readonly online: boolean;
  readonly w: number;
  readonly h: number;
  readonly seed: number;
  readonly adminId: string;
  readonly changed: {
    readonly w?: number;
    readonly h?: number;
    readonly seed?: number;
    readonly adminId?: string;
    readonly online?: boolean;
    readonly reason?: CloseReason;
    readonly listed?: boolean;
    readonly clock?: TurnClock;
    readonly botLevel?: Difficulty;
  };
}
export interface ChangeCountryPayload extends Logged {
  readonly id: string;
  readonly country: CountryId;
}
export interface ChatPayload extends Logged {
  readonly id: string;
  readonly msg: string;
}
/**
 * A full state that replaces the client's. With `event: 'state-loaded'` it is that logged event
 * (its `state` is the event's payload); otherwise it is a sync (a join, or a resync).
 */
export interface SyncStatePayload extends StateSnapshot {
  /** Set when this is the logged `state-loaded` event; its `state` is then never null. */
  readonly event?: 'state-loaded';
  readonly actor?: string;
  readonly at?: string;
}
export interface GameActionPayload extends Logged {
  readonly seed: number;
  readonly id: Extract<LobbyEvent, { kind: 'game-action' }>['payload']['id'];
  readonly info: Extract<LobbyEvent, { kind: 'game-action' }>['payload']['info'];
}
/** `turn-timeout`: the clock ran out on `country`, whose person is `playerId`; the server's `next_turn` follows. */
export interface TurnTimeoutPayload extends Logged {
  readonly country: CountryId;
  readonly playerId: string;
}
/** `player-away`: a bot of the lobby's level plays for `playerId` until `player-back`. */
export interface PlayerAwayPayload extends Logged {
  readonly playerId: string;
  readonly reason: AwayReason;
}
/** `player-back`: `playerId` plays their country again from its next turn. */
export interface PlayerBackPayload extends Logged {
  readonly playerId: string;
}
/**
 * `moderation`: a moderator's action (PROTOCOL §4.9), with the event's payload as logged, except that a
 * `remove-chat`'s `seq` (the chat message's) travels as `chatSeq`: `seq` is the event's own.
 */
export type ModerationBroadcastPayload = Logged &
  (
    | Exclude<ModerationPayload, { readonly action: 'remove-chat' }>
    | { readonly action: 'remove-chat'; readonly chatSeq: number; readonly reason: string }
  );
/** Presence is not logged and has no seq. */
export interface PresencePayload {
  readonly playerId: string;
  readonly online: boolean;
}
/** How many distinct people watch the lobby (not logged; sent to its players and watchers when it changes). */
export interface WatchersPayload {
  readonly lobbyId: string;
  readonly count: number;
}
/** A rematch of the finished game `lobbyId` is open in `rematchId` (not logged); `by` is its admin. */
export interface RematchPayload {
  readonly lobbyId: string;
  readonly rematchId: string;
  readonly by: string;
}

/** Server → client events (typing both socket.io's `Server` and the client `Socket`). */
export interface ServerToClientEvents {
  'server-hello': (payload: HelloPayload) => void;
  'server-create-lobby': (payload: CreateLobbyPayload) => void;
  'server-join-lobby': (payload: JoinLobbyPayload) => void;
  'server-leave-lobby': (payload: LeaveLobbyPayload) => void;
  'server-lobby-update': (payload: LobbyUpdatePayload) => void;
  'server-change-country': (payload: ChangeCountryPayload) => void;
  'server-chat-message': (payload: ChatPayload) => void;
  'server-sync-state': (payload: SyncStatePayload) => void;
  'server-game-action': (payload: GameActionPayload) => void;
  'server-presence': (payload: PresencePayload) => void;
  'server-watchers': (payload: WatchersPayload) => void;
  'server-rematch': (payload: RematchPayload) => void;
  'server-turn-timeout': (payload: TurnTimeoutPayload) => void;
  'server-player-away': (payload: PlayerAwayPayload) => void;
  'server-player-back': (payload: PlayerBackPayload) => void;
  'server-moderation': (payload: ModerationBroadcastPayload) => void;
}

/** The server events that announce a logged event (everything but the greeting and presence), for listeners that fold. */
export const LOGGED_BROADCAST_NAMES = [
  'server-create-lobby',
  'server-join-lobby',
  'server-leave-lobby',
  'server-lobby-update',
  'server-change-country',
  'server-chat-message',
  'server-sync-state',
  'server-game-action',
  'server-turn-timeout',
  'server-player-away',
  'server-player-back',
  'server-moderation',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/** Client → server events; every one takes an acknowledgement callback. */
export interface ClientToServerEvents {
  'client-create-lobby': (payload: ClientPayload<'client-create-lobby'>, ack: (res: Ack) => void) => void;
  'client-join-lobby': (payload: ClientPayload<'client-join-lobby'>, ack: (res: Ack) => void) => void;
  'client-leave-lobby': (payload: ClientPayload<'client-leave-lobby'>, ack: (res: Ack) => void) => void;
  'client-lobby-update': (payload: ClientPayload<'client-lobby-update'>, ack: (res: Ack) => void) => void;
  'client-change-country': (payload: ClientPayload<'client-change-country'>, ack: (res: Ack) => void) => void;
  'client-add-bot': (payload: ClientPayload<'client-add-bot'>, ack: (res: Ack) => void) => void;
  'client-add-local': (payload: ClientPayload<'client-add-local'>, ack: (res: Ack) => void) => void;
  'client-chat-message': (payload: ClientPayload<'client-chat-message'>, ack: (res: Ack) => void) => void;
  'client-sync-state': (payload: ClientPayload<'client-sync-state'>, ack: (res: SyncAck) => void) => void;
  'client-load-save': (payload: ClientPayload<'client-load-save'>, ack: (res: Ack) => void) => void;
  'client-game-action': (payload: ClientPayload<'client-game-action'>, ack: (res: Ack) => void) => void;
  'client-watch-lobby': (payload: ClientPayload<'client-watch-lobby'>, ack: (res: WatchAck) => void) => void;
  'client-unwatch-lobby': (payload: ClientPayload<'client-unwatch-lobby'>, ack: (res: Ack) => void) => void;
  'client-rematch': (payload: ClientPayload<'client-rematch'>, ack: (res: Ack) => void) => void;
  'client-quick-match': (payload: ClientPayload<'client-quick-match'>, ack: (res: Ack) => void) => void;
  'client-quick-start': (payload: ClientPayload<'client-quick-start'>, ack: (res: Ack) => void) => void;
  'client-back': (payload: ClientPayload<'client-back'>, ack: (res: Ack) => void) => void;
  'client-report': (payload: ClientPayload<'client-report'>, ack: (res: Ack) => void) => void;
  'client-admin-watch': (payload: ClientPayload<'client-admin-watch'>, ack: (res: WatchAck) => void) => void;
}

/** The handshake `auth` a returning client sends (PROTOCOL §2.2). */
export interface HandshakeAuth {
  readonly playerId?: string;
  readonly token?: string;
}

/** A returning client's handshake `auth`; anything else (absent, malformed) means "a new player". */
export const handshakeAuthSchema = z.object({ playerId: idSchema, token: z.string().min(1).max(256) });

// ---- helpers for clients that fold ----

type LogEventFor<K extends LobbyEvent['kind']> = Extract<LobbyEvent, { kind: K }>;

/** The settings `lobby-created` and `server-create-lobby` may carry (PROTOCOL §4.1). */
export interface CreatedSettings {
  readonly listed?: boolean;
  readonly clock?: TurnClock;
  readonly botLevel?: Difficulty;
  readonly quick?: QuickMatch;
}

/** The settings of `from` that are present, and only those (an absent one stays absent, never `undefined`). */
export function settingsGiven(from: CreatedSettings): CreatedSettings {
  return {
    ...(from.listed !== undefined ? { listed: from.listed } : {}),
    ...(from.clock !== undefined ? { clock: from.clock } : {}),
    ...(from.botLevel !== undefined ? { botLevel: from.botLevel } : {}),
    ...(from.quick !== undefined ? { quick: from.quick } : {}),
  };
}

/**
 * The log entry a logged broadcast announces, so a client can keep the log and fold it with the engine.
 * Returns null for payloads that are not log entries (a sync without `event`, presence, hello).
 */
export function broadcastToEvent<E extends keyof ServerToClientEvents>(
  name: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): LobbyEvent | null {
  switch (name) {
    case 'server-create-lobby': {
      const p = payload as CreateLobbyPayload;
      return {
        seq: p.seq,
        kind: 'lobby-created',
        actor: p.actor,
        at: p.at,
        seed: null,
        payload: {
          lobbyId: p.lobbyId,
          adminId: p.adminId,
          w: p.w,
          h: p.h,
          seed: p.seed,
          rulesVersion: p.rulesVersion,
          ...settingsGiven(p),
        },
      } satisfies LogEventFor<'lobby-created'>;
    }
    case 'server-join-lobby': {
      const p = payload as JoinLobbyPayload;
      return { seq: p.seq, kind: 'player-joined', actor: p.actor, at: p.at, seed: null, payload: { player: p.player } };
    }
    case 'server-leave-lobby': {
      const p = payload as LeaveLobbyPayload;
      return {
        seq: p.seq,
        kind: 'player-left',
        actor: p.actor,
        at: p.at,
        seed: null,
        payload: { playerId: p.playerId, by: p.by },
      };
    }
    case 'server-lobby-update': {
      const p = payload as LobbyUpdatePayload;
      return { seq: p.seq, kind: 'lobby-updated', actor: p.actor, at: p.at, seed: null, payload: { ...p.changed } };
    }
    case 'server-change-country': {
      const p = payload as ChangeCountryPayload;
      return {
        seq: p.seq,
        kind: 'country-changed',
        actor: p.actor,
        at: p.at,
        seed: null,
        payload: { playerId: p.id, country: p.country },
      };
    }
    case 'server-chat-message': {
      const p = payload as ChatPayload;
      return {
        seq: p.seq,
        kind: 'chat',
        actor: p.actor,
        at: p.at,
        seed: null,
        payload: { playerId: p.id, msg: p.msg },
      };
    }
    case 'server-sync-state': {
      const p = payload as SyncStatePayload;
      if (p.event !== 'state-loaded' || p.state === null) return null;
      return {
        seq: p.seq,
        kind: 'state-loaded',
        actor: p.actor ?? '',
        at: p.at ?? '',
        seed: null,
        payload: { state: p.state },
      };
    }
    case 'server-game-action': {
      const p = payload as GameActionPayload;
      return {
        seq: p.seq,
        kind: 'game-action',
        actor: p.actor,
        at: p.at,
        seed: p.seed,
        payload: { id: p.id, info: p.info } as LogEventFor<'game-action'>['payload'],
      };
    }
    case 'server-turn-timeout': {
      const p = payload as TurnTimeoutPayload;
      const body = { country: p.country, playerId: p.playerId };
      return { seq: p.seq, kind: 'turn-timeout', actor: p.actor, at: p.at, seed: null, payload: body };
    }
    case 'server-player-away': {
      const p = payload as PlayerAwayPayload;
      const body = { playerId: p.playerId, reason: p.reason };
      return { seq: p.seq, kind: 'player-away', actor: p.actor, at: p.at, seed: null, payload: body };
    }
    case 'server-player-back': {
      const p = payload as PlayerBackPayload;
      return {
        seq: p.seq,
        kind: 'player-back',
        actor: p.actor,
        at: p.at,
        seed: null,
        payload: { playerId: p.playerId },
      };
    }
    case 'server-moderation': {
      const { lobbyId: _lobbyId, seq, actor, at, ...body } = payload as ModerationBroadcastPayload;
      const logged: ModerationPayload =
        body.action === 'remove-chat' ? { action: 'remove-chat', seq: body.chatSeq, reason: body.reason } : body;
      return { seq, kind: 'moderation', actor, at, seed: null, payload: logged };
    }
    default:
      return null;
  }
}

/** The lobby part of a folded state. */
export function lobbySnapshotOf(state: LobbyState): LobbySnapshot {
  return {
    lobbyId: state.lobbyId,
    adminId: state.adminId,
    rulesVersion: state.rulesVersion,
    online: state.online,
    w: state.w,
    h: state.h,
    seed: state.seed,
    players: state.players,
    messages: state.messages,
    loaded: state.loaded,
    seq: state.seq,
    settings: state.settings,
    turnStartedAt: state.turnStartedAt,
  };
}

/**
 * Rebuilds a `LobbyState` from a full state (a sync, or a resync snapshot) so the client can fold
 * the events after it with `foldFrom`; `state: null` is the seated countries without a map, exactly as
 * the fold holds them. Throws only if the server sent an impossible game (a bug).
 */
export function lobbyStateFromSnapshot(snapshot: StateSnapshot): LobbyState {
  const { lobby } = snapshot;
  const game =
    snapshot.state === null
      ? { ok: true as const, value: seatedGame(lobby.players, lobby.w, lobby.h, lobby.seed) }
      : parseGame(snapshot.state);
  if (!game.ok) throw new Error(`server sent an invalid game: ${game.error.message}`);
  return {
    lobbyId: lobby.lobbyId,
    adminId: lobby.adminId,
    rulesVersion: lobby.rulesVersion,
    online: lobby.online,
    w: lobby.w,
    h: lobby.h,
    seed: lobby.seed,
    players: lobby.players,
    messages: lobby.messages,
    loaded: lobby.loaded,
    seq: snapshot.seq,
    game: game.value,
    // Snapshots stored before lobby settings existed lack them.
    settings: lobby.settings ?? DEFAULT_SETTINGS,
    turnStartedAt: lobby.turnStartedAt ?? null,
  };
}

/** What folding one broadcast did: the new state, the log entry it carried, and whether to resync. */
export interface FollowResult {
  readonly state: LobbyState | null;
  readonly event: LobbyEvent | null;
  /** True when a seq was skipped (or did not fold): send `client-sync-state {lobbyId, afterSeq: state.seq}`. */
  readonly gap: boolean;
}

/**
 * Folds one server broadcast onto the state a client holds (null before its first sync): a full sync
 * replaces it, the next seq is applied, an old seq is ignored, a skipped seq reports a gap.
 */
export function applyBroadcast<E extends keyof ServerToClientEvents>(
  state: LobbyState | null,
  name: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): FollowResult {
  if (name === 'server-sync-state' && (payload as SyncStatePayload).event === undefined) {
    return { state: lobbyStateFromSnapshot(payload as SyncStatePayload), event: null, gap: false };
  }
  const event = broadcastToEvent(name, payload);
  if (!event) return { state, event: null, gap: false };
  // Before the first sync only a lobby's very first event can be folded (the creator's case).
  if (state === null) {
    if (event.seq !== 1) return { state, event, gap: false };
    const created = applyEvent(null, event);
    return created.ok ? { state: created.value, event, gap: false } : { state, event, gap: true };
  }
  if (event.seq <= state.seq) return { state, event, gap: false };
  if (event.seq !== state.seq + 1) return { state, event, gap: true };
  const next = applyEvent(state, event);
  return next.ok ? { state: next.value, event, gap: false } : { state, event, gap: true };
}
