/**
 * Server → client (PROTOCOL §2.3, §4): the payload of every event the server sends, and the map of those
 * events that types both ends. A logged event's broadcast carries its log entry's payload as the engine
 * types it (`LobbyEventPayloads`), so the two cannot drift apart; how an entry becomes its broadcast and
 * back is `broadcast-codec.ts`.
 */
import type { LobbyEventKind, LobbyEventPayloads, ModerationPayload, Player } from '@four-banners/engine';
import type { StateSnapshot } from './snapshot.js';

/** The payload the engine logs for an event of kind `K` (PROTOCOL §7.2). */
type EventBody<K extends LobbyEventKind> = LobbyEventPayloads[K];

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

/** The settings `lobby-created` and `server-create-lobby` may carry (PROTOCOL §4.1). */
export type CreatedSettings = Pick<EventBody<'lobby-created'>, 'listed' | 'clock' | 'botLevel' | 'quick'>;

/**
 * `lobby-created` (seq 1): the logged payload, plus `playerId` and `playerName`, the creator's. The settings
 * are absent in lobbies from before them (not listed, no clock, normal, not quick).
 */
export interface CreateLobbyPayload extends Logged, EventBody<'lobby-created'> {
  readonly playerId: string;
  readonly playerName: string;
}
/** `player-joined`: `player` is the new seat, `players` every seat after the join, in seat order. */
export interface JoinLobbyPayload extends Logged, EventBody<'player-joined'> {
  readonly playerId: string;
  readonly players: readonly Player[];
  readonly adminId: string;
  readonly online: boolean;
  readonly w: number;
  readonly h: number;
  readonly seed: number;
}
/** `player-left`: `by` is who removed the seat (the player itself when it left). */
export interface LeaveLobbyPayload extends Logged, EventBody<'player-left'> {}
/** `lobby-updated`: the lobby's settings after the event, plus `changed`, the logged payload itself. */
export interface LobbyUpdatePayload extends Logged {
  readonly online: boolean;
  readonly w: number;
  readonly h: number;
  readonly seed: number;
  readonly adminId: string;
  readonly changed: EventBody<'lobby-updated'>;
}
/** `country-changed`, with the player as `id` (the wire's name for it since the first version). */
export interface ChangeCountryPayload extends Logged {
  readonly id: EventBody<'country-changed'>['playerId'];
  readonly country: EventBody<'country-changed'>['country'];
}
/** `chat`, with its author as `id`. */
export interface ChatPayload extends Logged {
  readonly id: EventBody<'chat'>['playerId'];
  readonly msg: EventBody<'chat'>['msg'];
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
/** `game-action`, with the event's seed. */
export interface GameActionPayload extends Logged {
  readonly seed: number;
  readonly id: EventBody<'game-action'>['id'];
  readonly info: EventBody<'game-action'>['info'];
}
/** `turn-timeout`: the clock ran out on `country`, whose person is `playerId`; the server's `next_turn` follows. */
export interface TurnTimeoutPayload extends Logged, EventBody<'turn-timeout'> {}
/** `player-away`: a bot of the lobby's level plays for `playerId` until `player-back`. */
export interface PlayerAwayPayload extends Logged, EventBody<'player-away'> {}
/** `player-back`: `playerId` plays their country again from its next turn. */
export interface PlayerBackPayload extends Logged, EventBody<'player-back'> {}
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

/** The payload the server sends with event `E`. */
export type ServerPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** One server event with its payload, as the server sends it and a client receives it. */
export type Broadcast = {
  [E in keyof ServerToClientEvents]: { readonly name: E; readonly payload: ServerPayload<E> };
}[keyof ServerToClientEvents];

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
