/** Response shapes of the HTTP API (PROTOCOL §8), for the server that sends them and the clients that read them. */
import type { CountryId, Difficulty, LobbyEvent, QuickSeats, SerializedGame, TurnClock } from '@four-banners/engine';
import { z } from 'zod';
import type { LobbySnapshot } from './socket.js';

/** `GET /api/health`. */
export interface HealthResponse {
  readonly ok: true;
  readonly version: string;
  readonly rulesVersion: number;
}

export const LOBBY_STATUSES = ['open', 'running', 'finished', 'closed'] as const;
export type LobbyStatus = (typeof LOBBY_STATUSES)[number];

/** A seat as listed by the HTTP API. */
export interface GameSeat {
  readonly id: string;
  readonly name: string;
  readonly country: CountryId;
  readonly bot?: { readonly difficulty: 'easy' | 'normal' | 'hard' };
  readonly local?: { readonly ownerId: string };
}

/** One lobby in a listing. `winner` is set once the game is finished (a country id, or null). */
export interface GameSummary {
  readonly id: string;
  readonly createdAt: string;
  readonly status: LobbyStatus;
  readonly adminId: string;
  readonly rulesVersion: number;
  readonly lastSeq: number;
  readonly winner: number | null;
  readonly players: readonly GameSeat[];
  /** The lobby its admin opened as this finished game's rematch (null: none; absent from older servers). */
  readonly rematchId?: string | null;
}

/** `GET /api/games?limit&offset`: recent started (running or finished) games, newest first. */
export interface GamesPage {
  readonly games: readonly GameSummary[];
  /** The `offset` of the next page, or null on the last page. */
  readonly nextOffset: number | null;
}

/** `GET /api/admin/lobbies?limit&offset`: every lobby, newest first. */
export interface AdminLobbiesPage {
  readonly lobbies: readonly GameSummary[];
  readonly nextOffset: number | null;
}

/**
 * `GET /api/games/:id/events` and `GET /api/admin/lobbies/:id/events?from&to`: events in log shape,
 * `from`/`to` inclusive, at most `EVENTS_PAGE_MAX` a page and at most the server's page byte cap of
 * payloads (but always at least one event), so a page may hold fewer events than asked: read on from
 * the last seq + 1 until `lastSeq`, the lobby's last seq. The public endpoint serves started games only
 * and blanks chat text (`msg: ''`) unless `X-Player-Id` and `X-Player-Token` name a player seated there.
 */
export interface EventsPage {
  readonly events: readonly LobbyEvent[];
  readonly lastSeq: number;
}
export const EVENTS_PAGE_MAX = 1000;

/**
 * A lobby waiting for players, as the open lobbies list and the invite page show it: who opened it, the
 * seats taken (people, bots and hot-seat seats, with their colours), the map, the clock.
 */
export interface OpenLobby {
  readonly id: string;
  /** The admin's name (who invited you). */
  readonly adminName: string;
  readonly players: readonly { readonly name: string; readonly country: CountryId; readonly bot: boolean }[];
  /** Seats still free (4 at most in a lobby; a quick match's own count). */
  readonly free: number;
  readonly w: number;
  readonly h: number;
  /** Seconds per turn, 0 for none. */
  readonly clock: TurnClock;
  readonly botLevel: Difficulty;
  readonly listed: boolean;
  /** Set for a quick-match lobby: how many people it starts with. */
  readonly quick: QuickSeats | null;
  readonly createdAt: string;
}

/** `GET /api/lobbies`: listed lobbies waiting for players, newest first, at most `OPEN_LOBBIES_MAX`. */
export interface OpenLobbiesPage {
  readonly lobbies: readonly OpenLobby[];
}
export const OPEN_LOBBIES_MAX = 50;

/** `GET /api/lobbies/:id`: one lobby waiting for players (listed or not: its id is the invitation). */
export type InviteResponse = OpenLobby;

/** `GET /api/admin/lobbies/:id/state?seq=`: the state at `seq` (latest without it); `state` null before a map exists. */
export interface StateAtSeq {
  readonly seq: number;
  readonly lobby: LobbySnapshot;
  readonly state: SerializedGame | null;
}

/**
 * Error codes of the HTTP API. `admin_disabled`: the server runs without `ADMIN_TOKEN` (503);
 * `forbidden_origin`: a browser page from an origin the server does not allow (403);
 * `rate_limited`: too many requests from one address (429, with `Retry-After`).
 */
export const HTTP_ERROR_CODES = [
  'invalid_payload',
  'not_found',
  'unauthorized',
  'admin_disabled',
  'forbidden_origin',
  'rate_limited',
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];
export interface HttpError {
  readonly error: { readonly code: HttpErrorCode; readonly message: string };
}

/**
 * An optional whole-number query parameter: `?seq=` (an empty value) is the same as no `seq` at all
 * (docs/PROTOCOL.md §8.1), anything else must be a number in range.
 */
function queryNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(min).max(max).optional());
}
/** Query of the events endpoints: `from`/`to` inclusive seqs. */
export const eventsQuerySchema = z.object({ from: queryNumber(0), to: queryNumber(0) });
/** Query of the state endpoint. */
export const stateQuerySchema = z.object({ seq: queryNumber(0) });
/** Query of the listings. */
export const pageQuerySchema = z.object({
  limit: queryNumber(1, 100),
  // Deep pages cost a scan of everything before them: listings go back 10,000 games.
  offset: queryNumber(0, 10_000),
});
