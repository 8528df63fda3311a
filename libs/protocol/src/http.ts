/** Response shapes of the HTTP API (PROTOCOL §8), for the server that sends them and the clients that read them. */
import type { CountryId, Difficulty, LobbyEvent, QuickSeats, SerializedGame, TurnClock } from '@four-banners/engine';
import { z } from 'zod';
import type { LobbySnapshot } from './snapshot.js';

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
  readonly bot?: { readonly difficulty: Difficulty };
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
  readonly lobbies: readonly AdminLobbySummary[];
  readonly nextOffset: number | null;
  /** How many lobbies match the search (all pages). */
  readonly total: number;
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
 * Error codes of the HTTP API. `forbidden`: a read-only admin token asked for a moderation action (403);
 * `not_actable`: the moderation action does not apply to the lobby as it is now (409);
 * `admin_disabled`: the server runs without `ADMIN_TOKEN` (503);
 * `forbidden_origin`: a browser page from an origin the server does not allow (403);
 * `rate_limited`: too many requests from one address (429, with `Retry-After`);
 * `unavailable`: the server's database or Redis did not answer (503, with `Retry-After`);
 * `server_error`: a bug on the server (500).
 */
export const HTTP_ERROR_CODES = [
  'invalid_payload',
  'not_found',
  'unauthorized',
  'forbidden',
  'admin_disabled',
  'forbidden_origin',
  'rate_limited',
  'not_actable',
  'unavailable',
  'server_error',
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

// ---- the admin console (PROTOCOL §8.4, §4.9) ----

/**
 * A lobby's status as an operator reads it: `waiting` (open, not started), `running` (a game with an
 * append in the last `ABANDONED_AFTER_MINUTES`), `finished`, `abandoned` (started, not finished, and
 * closed or silent for longer than that), `closed` (closed before it started).
 */
export const ADMIN_LOBBY_STATUSES = ['waiting', 'running', 'finished', 'abandoned', 'closed'] as const;
export type AdminLobbyStatus = (typeof ADMIN_LOBBY_STATUSES)[number];

/** One lobby in the admin search. */
export interface AdminLobbySummary extends GameSummary {
  readonly adminStatus: AdminLobbyStatus;
  readonly updatedAt: string;
  readonly startedAt: string | null;
  /** Reports about people of this lobby still waiting in the queue. */
  readonly openReports: number;
}

const isoDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'A date in ISO 8601 (2026-11-25 or 2026-11-25T10:00Z).' })
    .optional(),
);
const emptyAsAbsent = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/**
 * `GET /api/admin/lobbies?q&status&since&until&sort&order&limit&offset`: `q` matches a lobby id (exact or
 * prefix), a person's id (exact) or a seat's name (contains, case-insensitive); `since`/`until` bound the
 * creation time; `sort` by `created` (default) or `updated`, `order` `desc` (default) or `asc`.
 */
export const adminLobbiesQuerySchema = z.object({
  q: emptyAsAbsent(z.string().trim().max(64).optional()),
  status: emptyAsAbsent(z.enum(ADMIN_LOBBY_STATUSES).optional()),
  since: isoDate,
  until: isoDate,
  sort: emptyAsAbsent(z.enum(['created', 'updated']).optional()),
  order: emptyAsAbsent(z.enum(['desc', 'asc']).optional()),
  limit: queryNumber(1, 100),
  offset: queryNumber(0, 10_000),
});
export type AdminLobbiesQuery = z.output<typeof adminLobbiesQuerySchema>;

/** `GET /api/admin/overview`: the counts at the top of the console. */
export interface AdminOverview {
  readonly waitingLobbies: number;
  readonly runningGames: number;
  /** Distinct identities with a connected socket, over every node. */
  readonly peopleOnline: number;
  readonly reportsWaiting: number;
  readonly activeBans: number;
  /** Who is asking (the token's name) and whether that token may moderate. */
  readonly admin: { readonly name: string; readonly canModerate: boolean };
}

/** A seat as the admin console shows it: names, ids, presence and the addresses the limits see. */
export interface AdminSeat extends GameSeat {
  /** A person seat: connected to some node now. Bots and hot-seat seats: false. */
  readonly online: boolean;
  /** The client addresses of the person's open connections as the limits key them (IPv4, or an IPv6 /64). */
  readonly addresses: readonly string[];
  /** Set when the person is away (PROTOCOL §4.8). */
  readonly away?: 'absent' | 'timeouts';
  /** The end of a mute that applies to this person in this lobby (ISO 8601), or null. */
  readonly mutedUntil: string | null;
}

/** `GET /api/admin/lobbies/:id`: one lobby with its people. */
export interface AdminLobbyDetail {
  readonly lobby: AdminLobbySummary;
  readonly seats: readonly AdminSeat[];
  /** Spectators watching now (over every node). */
  readonly watchers: number;
  readonly settings: {
    readonly listed: boolean;
    readonly clock: TurnClock;
    readonly botLevel: Difficulty;
    readonly quick: QuickSeats | null;
  };
  readonly w: number;
  readonly h: number;
}

/** `POST /api/admin/lobbies/:id/verify`: the whole log refolded from seq 1 against every snapshot and the live state. */
export interface VerifyReport {
  readonly lobbyId: string;
  readonly consistent: boolean;
  /** The last seq folded. */
  readonly seq: number;
  /** `stateHash` of the refolded state at `seq` (the hash a third-party checker compares, PROTOCOL §7.5). */
  readonly hash: string;
  readonly eventsChecked: number;
  readonly snapshotsChecked: number;
  /** Whether a node held the lobby in memory and its state was compared too. */
  readonly liveChecked: boolean;
  /** The first place the stored log disagrees with itself, or null. */
  readonly divergence: {
    readonly seq: number;
    /** `fold`: the event does not fold; `snapshot`: a stored snapshot differs; `live`: the node's state; `row`: the lobby row. */
    readonly source: 'fold' | 'snapshot' | 'live' | 'row';
    /** What differs, in words (field paths, at most 20 lines). */
    readonly differences: readonly string[];
  } | null;
  readonly ms: number;
}

/** The longest reason an operator may give for an action. */
export const ADMIN_REASON_MAX = 200;
const reason = z.string().trim().min(1).max(ADMIN_REASON_MAX);
/** Minutes a mute or ban lasts; absent (a ban only): until lifted. At most a year. */
const minutes = z.number().int().min(1).max(525_600);

/** `POST /api/admin/lobbies/:id/close`. */
export const adminCloseSchema = z.strictObject({ reason });
/** `POST /api/admin/lobbies/:id/remove-seat`: the person leaves their seat (a bot takes it in a running game). */
export const adminRemoveSeatSchema = z.strictObject({ playerId: z.string().min(1).max(64), reason });
/** `POST /api/admin/lobbies/:id/remove-chat`: the message logged at `seq` is blanked from now on. */
export const adminRemoveChatSchema = z.strictObject({ seq: z.number().int().min(1), reason });
/** `POST /api/admin/mutes`: `lobbyId` null mutes the person everywhere. */
export const adminMuteSchema = z.strictObject({
  playerId: z.string().min(1).max(64),
  lobbyId: z.string().min(1).max(64).nullable(),
  minutes,
  reason,
});
/** `POST /api/admin/bans`: an identity, or an address (IPv4, or IPv6 counted by its /64). */
export const adminBanSchema = z.strictObject({
  target: z.union([
    z.strictObject({ identity: z.string().min(1).max(64) }),
    z.strictObject({ address: z.string().min(2).max(64) }),
  ]),
  minutes: minutes.optional(),
  reason,
});
/** `POST /api/admin/sanctions/:id/lift`: ends a mute or ban early. */
export const adminLiftSchema = z.strictObject({ reason });
/** `POST /api/admin/reports/:id/resolve`. */
export const adminResolveSchema = z.strictObject({
  resolution: z.enum(['actioned', 'dismissed']),
  note: z.string().trim().max(ADMIN_REASON_MAX).optional(),
});

/** What a moderation request answers: the lobby seq it appended (if any) and its audit entry. */
export interface AdminActionResult {
  readonly ok: true;
  readonly seq?: number;
  /** The audit entry (absent when it was written with the lobby's append). */
  readonly auditId?: number;
  /** The sanction made (mute, ban). */
  readonly sanctionId?: number;
}

/** A mute or a ban (`GET /api/admin/sanctions?active`). */
export interface Sanction {
  readonly id: number;
  readonly kind: 'mute' | 'ban';
  readonly target: { readonly identity: string } | { readonly address: string };
  /** A mute limited to one lobby; null: everywhere. */
  readonly lobbyId: string | null;
  readonly reason: string;
  readonly by: string;
  readonly createdAt: string;
  /** null: until lifted. */
  readonly expiresAt: string | null;
  readonly liftedAt: string | null;
  readonly liftedBy: string | null;
}

/** A player's report (`GET /api/admin/reports?status=open|resolved`). */
export interface Report {
  readonly id: number;
  readonly lobbyId: string;
  /** The moment: the chat message reported, or the lobby's seq when it was sent. */
  readonly seq: number;
  readonly reporterId: string;
  readonly reporterName: string;
  /** The reporter's address as the limits key it (operators only; players never see it). */
  readonly reporterAddress: string;
  readonly targetId: string;
  readonly targetName: string;
  readonly reason: 'abuse' | 'cheating' | 'spam' | 'other';
  readonly note: string;
  readonly createdAt: string;
  readonly resolvedAt: string | null;
  readonly resolvedBy: string | null;
  readonly resolution: 'actioned' | 'dismissed' | null;
}

/** One entry of the audit log (`GET /api/admin/audit`): never changed or deleted through the API. */
export interface AuditEntry {
  readonly id: number;
  readonly at: string;
  /** The admin token's name. */
  readonly admin: string;
  readonly action: string;
  /** What it acted on: a lobby id, an identity, an address, a report or sanction id. */
  readonly target: string;
  readonly reason: string;
  /** Anything else the action recorded (the seq appended, the minutes, the lobby). */
  readonly detail: Readonly<Record<string, unknown>>;
}

/** A page of one of the admin lists. */
export interface AdminListPage<T> {
  readonly items: readonly T[];
  readonly nextOffset: number | null;
}
