/** The lobby log's event kinds and payloads (PROTOCOL §7.2). The log format is a public contract. */
import type { CountryId, Difficulty } from '../constants.js';
import type { GameAction } from '../actions/types.js';
import type { SerializedGame } from '../serialize.js';

export const LOBBY_EVENT_KINDS = [
  'lobby-created',
  'player-joined',
  'player-left',
  'lobby-updated',
  'country-changed',
  'chat',
  'state-loaded',
  'game-action',
  'turn-timeout',
  'player-away',
  'player-back',
  'moderation',
] as const;
export type LobbyEventKind = (typeof LOBBY_EVENT_KINDS)[number];

/** A seat in a lobby: a person, a bot, or a hot-seat player owned by a person's device. */
export interface Player {
  readonly id: string;
  readonly name: string;
  readonly country: CountryId;
  readonly bot?: { readonly difficulty: Difficulty };
  readonly local?: { readonly ownerId: string };
  /**
   * Set by the fold, never in a `player-joined` payload: the person is away and a bot of the lobby's
   * `botLevel` plays their country until `player-back` (PROTOCOL §4.8).
   */
  readonly away?: AwayReason;
  /** Set by the fold: how many of this person's turns in a row ran out on the clock (PROTOCOL §4.8). */
  readonly missed?: number;
}

/** The turn clock settings a lobby may have, in seconds per turn (0: no clock). */
export const TURN_CLOCKS = [0, 30, 60, 120] as const;
export type TurnClock = (typeof TURN_CLOCKS)[number];

/** Why a person was marked away: disconnected through the grace period on their turn, or two clocks run out in a row. */
export const AWAY_REASONS = ['absent', 'timeouts'] as const;
export type AwayReason = (typeof AWAY_REASONS)[number];

/** How many people a quick-match lobby seats before it starts. */
export const QUICK_SEATS = [2, 4] as const;
export type QuickSeats = (typeof QUICK_SEATS)[number];

/** A quick-match lobby: the server seats whoever asks for this many seats and starts it (PROTOCOL §4.7). */
export interface QuickMatch {
  readonly seats: QuickSeats;
  /**
   * When the server starts it anyway if at least two people are in, with bots in the empty seats (ISO 8601;
   * the creation's time plus the server's wait, logged so every client shows the same countdown).
   */
  readonly startBy: string;
}

/** The settings a lobby is created with and its admin may change before start (`lobby-updated`). */
export interface LobbySettings {
  /** Listed in the open lobbies (public), or invite only (private). */
  readonly listed: boolean;
  /** Seconds per turn, 0 for none. */
  readonly clock: TurnClock;
  /** The level of the bot that plays for an away person. */
  readonly botLevel: Difficulty;
  /** Set for a quick-match lobby. */
  readonly quick: QuickMatch | null;
}

/** What a lobby created before these settings existed has (and what a private lobby starts with). */
export const DEFAULT_SETTINGS: LobbySettings = { listed: false, clock: 0, botLevel: 'normal', quick: null };

/**
 * What a moderator did to a lobby (PROTOCOL §4.9): closed it, removed a person from their seat, removed a
 * chat message, or muted a person's chat in it. The log stays append-only: a removed message is blanked by
 * the fold from this event on, and by the server in everything it serves afterwards.
 */
export const MODERATION_ACTIONS = ['close', 'remove-seat', 'remove-chat', 'mute'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The longest reason a moderator may give (it is shown to the players). */
export const MODERATION_REASON_MAX = 200;

export type ModerationPayload =
  /** The lobby is closed; every player sees the reason. */
  | { readonly action: 'close'; readonly reason: string }
  /**
   * The person leaves their seat. In a running game `bot` takes the seat in place (same country, a bot of the
   * lobby's `botLevel`); otherwise the seat is removed as by `player-left`.
   */
  | { readonly action: 'remove-seat'; readonly playerId: string; readonly reason: string; readonly bot?: Player }
  /** The chat message logged at `seq` is blanked (`msg: ''`, `removed: true`) in the state from here on. */
  | { readonly action: 'remove-chat'; readonly seq: number; readonly reason: string }
  /** The person's chat is refused until `until` (ISO 8601); informative for the fold, enforced by the server. */
  | { readonly action: 'mute'; readonly playerId: string; readonly until: string; readonly reason: string };

/** The actor of moderation events: the audit log, not the lobby log, says which operator it was. */
export const MODERATOR_ACTOR = 'moderator';

/** Why the server itself closed a lobby (`lobby-updated {online: false, reason}`); informative, never folded. */
export const CLOSE_REASONS = ['idle', 'turn_limit'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export interface LobbyEventPayloads {
  'lobby-created': {
    readonly lobbyId: string;
    readonly adminId: string;
    readonly w: number;
    readonly h: number;
    readonly seed: number;
    readonly rulesVersion: number;
    /** Absent in logs from before lobby settings: `DEFAULT_SETTINGS`. */
    readonly listed?: boolean;
    readonly clock?: TurnClock;
    readonly botLevel?: Difficulty;
    readonly quick?: QuickMatch;
  };
  'player-joined': { readonly player: Player };
  'player-left': { readonly playerId: string; readonly by: string };
  'lobby-updated': {
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
  'country-changed': { readonly playerId: string; readonly country: CountryId };
  chat: { readonly playerId: string; readonly msg: string };
  'state-loaded': { readonly state: SerializedGame };
  'game-action': GameAction;
  /** The clock ran out on `country`'s turn; the server's `next_turn` for it follows in the same append. */
  'turn-timeout': { readonly country: CountryId; readonly playerId: string };
  /** The person is away: a bot of the lobby's level plays their country until they are back. */
  'player-away': { readonly playerId: string; readonly reason: AwayReason };
  /** The person is back: their country is theirs again from its next turn. */
  'player-back': { readonly playerId: string };
  /** A moderator's action (actor `moderator`). */
  moderation: ModerationPayload;
}

/** One log entry in the shape of PROTOCOL §7.1: `seed` is set for game actions only. */
export type LobbyEvent = {
  [K in LobbyEventKind]: {
    readonly seq: number;
    readonly kind: K;
    readonly actor: string;
    readonly payload: LobbyEventPayloads[K];
    readonly seed: K extends 'game-action' ? number : null;
    /** When the event was appended (ISO 8601); informative only, never folded into rules. */
    readonly at: string;
  };
}[LobbyEventKind];

/** An event before the log gives it a seq and a time. */
export type NewLobbyEvent = {
  [K in LobbyEventKind]: Omit<Extract<LobbyEvent, { kind: K }>, 'seq' | 'at'>;
}[LobbyEventKind];

/** The actor of events the server makes itself (PROTOCOL §7.1). */
export const SERVER_ACTOR = 'server';
