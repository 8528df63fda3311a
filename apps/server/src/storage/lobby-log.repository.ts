/**
 * The lobby log's storage (ARCHITECTURE §5.4): append-only events, the lobby rows beside them, and snapshots.
 * One interface, two drivers (storage/sqlite, storage/postgres); nothing outside them knows which one runs.
 */
import type { LobbyEvent } from '@four-banners/engine';
import type { LobbySearch } from './lobby-search.js';
import type { AuditInput } from './moderation.repository.js';

export type LobbyStatus = 'open' | 'running' | 'finished' | 'closed';

/** One row of `lobbies`: derived facts kept beside the log for listings (the log is the truth). */
export interface LobbyRow {
  readonly id: string;
  readonly createdAt: string;
  readonly adminId: string;
  readonly status: LobbyStatus;
  readonly rulesVersion: number;
  readonly lastSeq: number;
  /** The winning country once the game is finished (null: none, or not finished). */
  readonly winner: number | null;
  /** The seats as JSON, for listings without folding. */
  readonly players: string;
  readonly updatedAt: string;
  /** When the game started (null: never started). */
  readonly startedAt: string | null;
  /** The lobby its admin opened as a rematch of this finished game (null: none). */
  readonly rematchId: string | null;
  readonly listed: boolean;
  /** The map's sides (null: a lobby from before these columns). */
  readonly w: number | null;
  readonly h: number | null;
  readonly clock: number;
  readonly botLevel: string;
  readonly quickSeats: number | null;
  readonly freeSeats: number;
}

/** A log entry as stored: its payload is the JSON text the log holds. */
export interface StoredEvent {
  readonly seq: number;
  readonly kind: LobbyEvent['kind'];
  readonly actor: string;
  readonly payload: string;
  readonly seed: number | null;
  readonly at: string;
}

/** Whether the lobby's game has started (a spectator may then see it), even if it was closed since. */
export function isStarted(row: LobbyRow): boolean {
  return row.startedAt !== null;
}

/** What a lobby row says about the folded state after an append. */
export interface LobbyFacts {
  readonly adminId: string;
  readonly status: LobbyStatus;
  readonly lastSeq: number;
  readonly winner: number | null;
  readonly players: string;
  readonly updatedAt: string;
  /** When the game is running (or over), the time of this append; null before a start. */
  readonly startedAt: string | null;
  /** The lobby's settings and free seats, for the open lobbies list and quick match (PROTOCOL §4.7). */
  readonly listed: boolean;
  readonly w: number;
  readonly h: number;
  readonly clock: number;
  readonly botLevel: string;
  readonly quickSeats: number | null;
  /** Seats still free before the start; 0 once started or closed. */
  readonly freeSeats: number;
}

/** The settings facts of a private 10×10 lobby with no seat free (for writers below the store: tools, benches). */
export const UNLISTED_FACTS = {
  listed: false,
  w: 10,
  h: 10,
  clock: 0,
  botLevel: 'normal',
  quickSeats: null,
  freeSeats: 0,
} as const satisfies Partial<LobbyFacts>;

/** Which waiting lobbies `openLobbies` answers with. */
export type OpenLobbyFilter =
  /** The open lobbies list: listed lobbies with a free seat, newest first. */
  | { readonly listed: true; readonly limit: number }
  /** Quick match: quick lobbies for `seats` people (on a `w`-sided map unless null) with a free seat, oldest first. */
  | { readonly quickSeats: number; readonly w: number | null; readonly limit: number };

/** Everything one request writes, committed in one transaction. */
export interface LogWrite {
  readonly lobbyId: string;
  /** A new lobby: its row is inserted first (the events reference it). */
  readonly created?: { readonly createdAt: string; readonly rulesVersion: number };
  /** Contiguous seqs following the lobby's last one (checked by the `(lobby_id, seq)` primary key). */
  readonly events: readonly LobbyEvent[];
  readonly facts: LobbyFacts;
  /** `progress`: only the row's seq and time changed (its other columns, and the indexes over them, are left alone). */
  readonly changed: 'all' | 'progress';
  /** Players whose seat changes: [playerId, lobbyId or null]. */
  readonly seats?: readonly (readonly [string, string | null])[];
  /** Players whose name is set: [playerId, name]. */
  readonly names?: readonly (readonly [string, string])[];
  /** The finished game whose row is to point at this lobby as its rematch. */
  readonly rematchOf?: string;
  readonly snapshot?: { readonly seq: number; readonly state: string };
  /** Chat seqs a moderator removed in this write (`chat_removals`): served blank from now on. */
  readonly chatRemoved?: readonly number[];
  /** The admin action this write carries out, audited in the same transaction (PROTOCOL §4.9). */
  readonly audit?: AuditInput;
  /**
   * `<player id>:<requestId>` of the request this write carries out (PROTOCOL §3.5), kept on its last event
   * where the database can lose a commit's answer (PostgreSQL): the same key never lands twice in a lobby.
   */
  readonly request?: string;
}

/**
 * Another writer (another server node) appended at one of the write's seqs first, or took the new lobby's id:
 * nothing was written. The loser reloads the tail, checks the request again on the new state and retries or refuses.
 */
export class AppendConflict extends Error {
  constructor(readonly lobbyId: string) {
    super(`lobby ${lobbyId}: another writer appended first`);
    this.name = 'AppendConflict';
  }
}

/**
 * The write's request already landed in the lobby (its first try committed, and its answer was lost):
 * nothing was written, and the request is answered with the seq it committed.
 */
export class RequestLanded extends Error {
  constructor(
    readonly lobbyId: string,
    readonly seq: number,
  ) {
    super(`lobby ${lobbyId}: the request already landed at seq ${seq}`);
    this.name = 'RequestLanded';
  }
}

/** The lobby log, whichever database holds it (an abstract class, so it is also the injection token). */
export abstract class LobbyLogRepository {
  /** Commits the write in one transaction; throws `AppendConflict` (and writes nothing) when another writer got there first. */
  abstract commit(write: LogWrite): Promise<void>;

  /**
   * Runs `fn` with the lobby's log held against every other writer (other nodes) until it settles: the tail
   * it reads is the log's end, and what it commits to that lobby cannot lose a race. The retry after a lost
   * race runs in it, so a node that keeps winning cannot starve another one.
   */
  abstract exclusive<T>(lobbyId: string, fn: () => Promise<T>): Promise<T>;

  /**
   * The last seq of the commit that carried request `key` (`LogWrite.request`) in the lobby; null when none
   * did, or when the database never loses a commit's answer and so keeps no keys (SQLite: a commit there is
   * a call in this process, which either returns or rolled back).
   */
  abstract requestSeq(lobbyId: string, key: string): Promise<number | null>;

  /** The rematch opened for the finished game `lobbyId`, if any. */
  abstract rematchOf(lobbyId: string): Promise<string | null>;

  abstract getLobby(id: string): Promise<LobbyRow | undefined>;

  /** Lobbies newest first, optionally only some statuses, or only those whose game started (`limit` -1: all). */
  abstract listLobbies(opts: {
    statuses?: readonly LobbyStatus[];
    started?: boolean;
    limit: number;
    offset: number;
  }): Promise<LobbyRow[]>;

  /** The admin search (PROTOCOL §8.4): a page of matching rows and how many match over all pages. */
  abstract searchLobbies(search: LobbySearch): Promise<{ rows: LobbyRow[]; total: number }>;

  /** Waiting lobbies (open, not started, a seat free): see `OpenLobbyFilter`. */
  abstract openLobbies(filter: OpenLobbyFilter): Promise<LobbyRow[]>;

  /** Events with `from ≤ seq ≤ to`, in order, at most `limit` (-1: all). */
  abstract readEvents(lobbyId: string, from?: number, to?: number, limit?: number): Promise<LobbyEvent[]>;

  /** The size in bytes of the payloads of the events with `seq ≥ from` (what answering with them costs). */
  abstract payloadBytes(lobbyId: string, from: number): Promise<number>;

  /** The seqs of the lobby's stored snapshots, in order (what a log check compares, PROTOCOL §8.4). */
  abstract snapshotSeqs(lobbyId: string): Promise<number[]>;

  /** The latest snapshot at or before `seq`. */
  abstract latestSnapshot(lobbyId: string, seq?: number): Promise<{ seq: number; state: string } | undefined>;

  /** The chat seqs of the lobby a moderator removed (they are served with `msg: ''`). */
  abstract removedChat(lobbyId: string): Promise<number[]>;

  /**
   * A page of events `from..to` as stored (payloads as JSON text, never parsed here): at most `maxCount`,
   * and stopping before the payloads pass `maxBytes` — but at least one event, so a reader always moves on.
   */

  abstract readStoredPage(
    lobbyId: string,
    from: number,
    to: number,
    maxCount: number,
    maxBytes: number,
  ): Promise<StoredEvent[]>;
}

/** A stored row as the event it holds. */
export function eventOf(row: StoredEvent): LobbyEvent {
  return {
    seq: row.seq,
    kind: row.kind,
    actor: row.actor,
    payload: JSON.parse(row.payload),
    seed: row.seed,
    at: row.at,
  } as LobbyEvent;
}
