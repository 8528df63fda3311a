/**
 * Client → server (PROTOCOL §3): every request's payload schema with its limits, the map of request events
 * that types both ends, and the handshake. Inbound schemas are strict: an unknown key (a client's `bonus`
 * included), a wrong type or an out-of-range value is refused with `invalid_payload`. What the server answers
 * is in `acks.ts`; what it sends unasked is in `payloads.ts`.
 */
import { DIFFICULTIES, QUICK_SEATS, TURN_CLOCKS } from '@four-banners/engine';
import { z } from 'zod';
import type { Ack, SyncAck, WatchAck } from './acks.js';
import {
  clientActionSchema,
  countryIdSchema,
  playableCountrySchema,
  seedSchema,
  serializedGameSchema,
} from './game.js';

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
/**
 * A client's own name for one request (PROTOCOL §3.5): sent again with the same request after `unavailable`,
 * it lets the server answer with what the first try committed, if its answer was lost, instead of doing
 * it twice. Random per request (a UUID, or 16 bytes or more in base64url).
 */
export const requestIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Letters, digits, _ and - only.' });
/** The optional `requestId` key of the requests that take one. */
const withRequestId = { requestId: requestIdSchema.optional() };
export const chatMessageSchema = z.strictObject({ message: chatTextSchema, ...withRequestId });
export const syncStateSchema = z.strictObject({ lobbyId: idSchema, afterSeq: z.number().int().min(0) });
/** A save a lobby can load: a lobby-sized map (5–32 a side), so at most 32×32 tiles. */
export const lobbySaveSchema = serializedGameSchema.extend({
  w: mapSideSchema,
  h: mapSideSchema,
  tiles: serializedGameSchema.shape.tiles.max(LIMITS.mapMax * LIMITS.mapMax),
});
export const loadSaveSchema = z.strictObject({ state: lobbySaveSchema });
/** A game action, with the request's `requestId` beside it (PROTOCOL §3.5). */
const [startAction, nextTurnAction, bannerAction, moveAction] = clientActionSchema.options;
export const clientGameActionSchema = z.discriminatedUnion('id', [
  startAction.extend(withRequestId),
  nextTurnAction.extend(withRequestId),
  bannerAction.extend(withRequestId),
  moveAction.extend(withRequestId),
]);
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
