/** The lobby log in SQLite: append-only events, the lobby rows beside them, and snapshots. */
import { Inject, Injectable } from '@nestjs/common';
import type { LobbyEvent } from '@four-banners/engine';
import type { Statement } from 'better-sqlite3';
import { and, asc, desc, eq, getTableName, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DatabaseService } from '../db/database.js';
import { lobbies, lobbyEvents, lobbySnapshots } from '../db/schema.js';

export type LobbyRow = typeof lobbies.$inferSelect;
export type LobbyStatus = LobbyRow['status'];

/** A log entry as stored: its payload is the JSON text the log holds. */
export interface StoredEvent {
  readonly seq: number;
  readonly kind: LobbyEvent['kind'];
  readonly actor: string;
  readonly payload: string;
  readonly seed: number | null;
  readonly at: string;
}

/** One row of an events page: the stored event and its payload's size in bytes. */
interface PageRow extends StoredEvent {
  readonly bytes: number;
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
}

@Injectable()
export class LobbyLogRepository {
  private readonly insertEvent: Statement;
  private readonly updateFacts: Statement;
  private readonly updateProgress: Statement;
  private readonly pageStatement: Statement<[string, number, number, number], PageRow>;

  constructor(@Inject(DatabaseService) private readonly database: DatabaseService) {
    // The hot path (one insert per event, one update per append) runs better-sqlite3 statements directly:
    // drizzle's prepared queries map placeholders on every run, which halves the append rate (see bench/).
    // Table and column names still come from the drizzle schema.
    const e = lobbyEvents;
    const l = lobbies;
    this.insertEvent = database.sqlite.prepare(
      `INSERT INTO ${getTableName(e)} (${[e.lobbyId, e.seq, e.kind, e.actor, e.payload, e.seed, e.at].map((c) => c.name).join(', ')})
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    // A page of events with each payload's size in bytes, read row by row until the byte cap.
    const columns = { seq: e.seq, kind: e.kind, actor: e.actor, payload: e.payload, seed: e.seed, at: e.at };
    this.pageStatement = database.sqlite.prepare(
      `SELECT ${Object.entries(columns)
        .map(([key, c]) => `${c.name} AS ${key}`)
        .join(', ')}, length(CAST(${e.payload.name} AS BLOB)) AS bytes
       FROM ${getTableName(e)}
       WHERE ${e.lobbyId.name} = ? AND ${e.seq.name} >= ? AND ${e.seq.name} <= ?
       ORDER BY ${e.seq.name} LIMIT ?`,
    );
    this.updateProgress = database.sqlite.prepare(
      `UPDATE ${getTableName(l)} SET ${l.lastSeq.name} = ?, ${l.updatedAt.name} = ? WHERE ${l.id.name} = ?`,
    );
    // started_at keeps the first start's time.
    this.updateFacts = database.sqlite.prepare(
      `UPDATE ${getTableName(l)} SET ${[l.adminId, l.status, l.lastSeq, l.winner, l.players, l.updatedAt].map((c) => `${c.name} = ?`).join(', ')},
       ${l.startedAt.name} = coalesce(${l.startedAt.name}, ?)
       WHERE ${l.id.name} = ?`,
    );
  }

  /** Inserts the lobby row (before its first event: the events reference it). */
  createLobby(id: string, createdAt: string, rulesVersion: number, facts: LobbyFacts): void {
    this.database.db
      .insert(lobbies)
      .values({ id, createdAt, rulesVersion, ...facts })
      .run();
  }

  /**
   * Appends events (contiguous seqs, checked by the primary key) and updates the lobby row: all its
   * facts, or with `changed: 'progress'` only the seq and time (the other facts are as they were).
   * Call inside `DatabaseService.transaction` together with every other write of the same request.
   */
  append(lobbyId: string, events: readonly LobbyEvent[], facts: LobbyFacts, changed: 'all' | 'progress' = 'all'): void {
    for (const e of events)
      this.insertEvent.run(lobbyId, e.seq, e.kind, e.actor, JSON.stringify(e.payload), e.seed, e.at);
    if (changed === 'progress') {
      this.updateProgress.run(facts.lastSeq, facts.updatedAt, lobbyId);
      return;
    }
    this.updateFacts.run(
      facts.adminId,
      facts.status,
      facts.lastSeq,
      facts.winner,
      facts.players,
      facts.updatedAt,
      facts.startedAt,
      lobbyId,
    );
  }

  /** Records that `rematchId` is the rematch of the finished game `lobbyId`. */
  setRematch(lobbyId: string, rematchId: string): void {
    this.database.db.update(lobbies).set({ rematchId }).where(eq(lobbies.id, lobbyId)).run();
  }

  /** The rematch opened for the finished game `lobbyId`, if any. */
  rematchOf(lobbyId: string): string | null {
    return (
      this.database.db.select({ rematchId: lobbies.rematchId }).from(lobbies).where(eq(lobbies.id, lobbyId)).get()
        ?.rematchId ?? null
    );
  }

  getLobby(id: string): LobbyRow | undefined {
    return this.database.db.select().from(lobbies).where(eq(lobbies.id, id)).get();
  }

  /** Lobbies newest first, optionally only some statuses, or only those whose game started. */
  listLobbies(opts: { statuses?: readonly LobbyStatus[]; started?: boolean; limit: number; offset: number }): LobbyRow[] {
    const filters = [
      ...(opts.statuses ? [inArray(lobbies.status, [...opts.statuses])] : []),
      ...(opts.started ? [isNotNull(lobbies.startedAt)] : []),
    ];
    return this.database.db
      .select()
      .from(lobbies)
      .where(and(...filters))
      .orderBy(desc(lobbies.createdAt), desc(lobbies.id))
      .limit(opts.limit)
      .offset(opts.offset)
      .all();
  }

  /** Events with `from ≤ seq ≤ to`, in order, at most `limit`. */
  readEvents(lobbyId: string, from = 1, to = Number.MAX_SAFE_INTEGER, limit = -1): LobbyEvent[] {
    return this.database.db
      .select()
      .from(lobbyEvents)
      .where(and(eq(lobbyEvents.lobbyId, lobbyId), gte(lobbyEvents.seq, from), lte(lobbyEvents.seq, to)))
      .orderBy(asc(lobbyEvents.seq))
      .limit(limit)
      .all()
      .map(
        (r) =>
          ({
            seq: r.seq,
            kind: r.kind,
            actor: r.actor,
            payload: JSON.parse(r.payload),
            seed: r.seed,
            at: r.at,
          }) as LobbyEvent,
      );
  }

  /** The size in bytes of the payloads of the events with `seq ≥ from` (what answering with them costs). */
  payloadBytes(lobbyId: string, from: number): number {
    const row = this.database.db
      .select({ bytes: sql<number>`coalesce(sum(length(CAST(${lobbyEvents.payload} AS BLOB))), 0)` })
      .from(lobbyEvents)
      .where(and(eq(lobbyEvents.lobbyId, lobbyId), gte(lobbyEvents.seq, from)))
      .get();
    return row?.bytes ?? 0;
  }

  saveSnapshot(lobbyId: string, seq: number, state: string): void {
    this.database.db.insert(lobbySnapshots).values({ lobbyId, seq, state }).onConflictDoNothing().run();
  }

  /** The latest snapshot at or before `seq`. */
  latestSnapshot(lobbyId: string, seq = Number.MAX_SAFE_INTEGER): { seq: number; state: string } | undefined {
    return this.database.db
      .select({ seq: lobbySnapshots.seq, state: lobbySnapshots.state })
      .from(lobbySnapshots)
      .where(and(eq(lobbySnapshots.lobbyId, lobbyId), lte(lobbySnapshots.seq, seq)))
      .orderBy(desc(lobbySnapshots.seq))
      .limit(1)
      .get();
  }

  /**
   * A page of events `from..to` as stored (payloads as JSON text, never parsed here): at most `maxCount`,
   * and stopping before the payloads pass `maxBytes` — but at least one event, so a reader always moves on.
   */
  readStoredPage(lobbyId: string, from: number, to: number, maxCount: number, maxBytes: number): StoredEvent[] {
    const page: StoredEvent[] = [];
    let bytes = 0;
    for (const row of this.pageStatement.iterate(lobbyId, from, to, maxCount)) {
      if (page.length > 0 && bytes + row.bytes > maxBytes) break;
      bytes += row.bytes;
      const { seq, kind, actor, payload, seed, at } = row;
      page.push({ seq, kind, actor, payload, seed, at });
    }
    return page;
  }

}
