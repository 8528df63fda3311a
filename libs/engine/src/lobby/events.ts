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
] as const;
export type LobbyEventKind = (typeof LOBBY_EVENT_KINDS)[number];

/** A seat in a lobby: a person, a bot, or a hot-seat player owned by a person's device. */
export interface Player {
  readonly id: string;
  readonly name: string;
  readonly country: CountryId;
  readonly bot?: { readonly difficulty: Difficulty };
  readonly local?: { readonly ownerId: string };
}

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
  };
  'country-changed': { readonly playerId: string; readonly country: CountryId };
  chat: { readonly playerId: string; readonly msg: string };
  'state-loaded': { readonly state: SerializedGame };
  'game-action': GameAction;
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
