/**
 * The server's answers to requests (PROTOCOL §3.1, §3.4): the closed list of error codes in the order in
 * which they win, and the acknowledgement of each kind of request.
 */
import type { LobbyEvent } from '@four-banners/engine';
import type { StateSnapshot } from './snapshot.js';

/**
 * The acknowledgement error codes, in the order of docs/PROTOCOL.md §3.4: when several apply, the earlier
 * generally wins (the exceptions are listed there). A test reads that table and holds it to this list.
 */
export const ERROR_CODES = [
  'invalid_payload',
  'rate_limited',
  'unavailable',
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

export interface AckError {
  readonly ok: false;
  readonly error: {
    readonly code: ErrorCode;
    readonly message: string;
    /** With `unavailable`: when the same request may be sent again, in ms (PROTOCOL §3.4). */
    readonly retryAfterMs?: number;
  };
}
/** `seq` is the last seq the request appended; absent when it appended nothing. */
export type Ack = { readonly ok: true; readonly seq?: number } | AckError;

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
