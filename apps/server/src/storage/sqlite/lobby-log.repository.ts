/** The lobby log in SQLite: append-only events, the lobby rows beside them, and snapshots. */
import { Inject, Injectable } from '@nestjs/common';
import type { LobbyEvent } from '@four-banners/engine';
import type { Statement } from 'better-sqlite3';
import { and, asc, desc, eq, getTableColumns, getTableName, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  AppendConflict,
  LobbyLogRepository,
  eventOf,
  type LobbyFacts,
  type LobbyRow,
  type LobbyStatus,
  type LogWrite,
  type OpenLobbyFilter,
  type StoredEvent,
} from '../lobby-log.repository.js';
import { SqliteDatabase } from './database.js';
import { inJsonTextPattern, searchOrder, searchWhere, type LobbySearch } from '../lobby-search.js';
import { auditRow } from '../moderation.repository.js';
import { adminAudit, chatRemovals, lobbies, lobbyEvents, lobbySnapshots, players } from './schema.js';

/** One row of an events page: the stored event and its payload's size in bytes. */
interface PageRow extends StoredEvent {
  readonly bytes: number;
}

@Injectable()
export class SqliteLobbyLogRepository extends LobbyLogRepository {
  private readonly insertEvent: Statement;
  private readonly updateFacts: Statement;
  private readonly updateProgress: Statement;
  private readonly setSeat: Statement;
  private readonly setName: Statement;
  private readonly insertLobby: Statement;
  private readonly lobbyById;
  private readonly pageStatement: Statement<[string, number, number, number], PageRow>;
  private readonly openStatements: ReturnType<typeof openLobbyStatements>;

  constructor(@Inject(SqliteDatabase) private readonly database: SqliteDatabase) {
    super();
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
      `UPDATE ${getTableName(l)} SET ${factColumns(l)
        .slice(0, -1)
        .map((c) => `${c.name} = ?`)
        .join(', ')},
       ${l.startedAt.name} = coalesce(${l.startedAt.name}, ?)
       WHERE ${l.id.name} = ?`,
    );
    this.setSeat = database.sqlite.prepare(
      `UPDATE ${getTableName(players)} SET ${players.lobbyId.name} = ? WHERE ${players.id.name} = ?`,
    );
    this.setName = database.sqlite.prepare(
      `UPDATE ${getTableName(players)} SET ${players.name.name} = ? WHERE ${players.id.name} = ?`,
    );
    // A new lobby's row: its id, creation and rules version, then every fact in `factValues` order.
    const created = [l.id, l.createdAt, l.rulesVersion, ...factColumns(l)];
    this.insertLobby = database.sqlite.prepare(
      `INSERT INTO ${getTableName(l)} (${created.map((c) => c.name).join(', ')}) VALUES (${created.map(() => '?').join(', ')})`,
    );
    this.lobbyById = database.db
      .select()
      .from(lobbies)
      .where(eq(lobbies.id, sql.placeholder('id')))
      .prepare();
    this.openStatements = openLobbyStatements(database);
  }

  /**
   * The whole write in one `BEGIN IMMEDIATE` transaction. It runs synchronously (better-sqlite3), so the
   * returned promise is already settled: the SQLite path costs no more than before the interface was async.
   * Only while a forced WAL checkpoint holds the writer lock does it wait, without blocking the event loop.
   */
  commit(write: LogWrite): Promise<void> {
    const gate = this.database.writable();
    return gate === null ? this.commitNow(write) : gate.then(() => this.commitNow(write));
  }

  private commitNow(write: LogWrite): Promise<void> {
    try {
      this.database.transaction(() => this.writeNow(write));
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(isKeyConflict(e) ? new AppendConflict(write.lobbyId) : e);
    }
  }

  /**
   * One process writes a SQLite file (its lobbies are serialised in memory) and a commit never yields, so
   * nothing more is held here.
   */
  exclusive<T>(_lobbyId: string, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** The statements of `commit`, for a caller already inside `SqliteDatabase.transaction` (benchmarks, SQLite-only tests). */
  writeNow(write: LogWrite): void {
    const { lobbyId, facts } = write;
    if (write.created) this.createLobby(lobbyId, write.created.createdAt, write.created.rulesVersion, facts);
    if (write.events.length > 0) this.append(lobbyId, write.events, facts, write.changed);
    for (const [playerId, seat] of write.seats ?? []) this.setSeat.run(seat, playerId);
    for (const [playerId, name] of write.names ?? []) this.setName.run(name, playerId);
    if (write.rematchOf)
      this.database.db.update(lobbies).set({ rematchId: lobbyId }).where(eq(lobbies.id, write.rematchOf)).run();
    if (write.snapshot) this.saveSnapshot(lobbyId, write.snapshot.seq, write.snapshot.state);
    for (const seq of write.chatRemoved ?? []) this.database.db.insert(chatRemovals).values({ lobbyId, seq }).run();
    if (write.audit) this.database.db.insert(adminAudit).values(auditRow(write.audit)).run();
  }

  async removedChat(lobbyId: string): Promise<number[]> {
    const rows = this.database.db
      .select({ seq: chatRemovals.seq })
      .from(chatRemovals)
      .where(eq(chatRemovals.lobbyId, lobbyId))
      .orderBy(asc(chatRemovals.seq))
      .all();
    return rows.map((r) => r.seq);
  }

  /** Inserts the lobby row (before its first event: the events reference it). */
  createLobby(id: string, createdAt: string, rulesVersion: number, facts: LobbyFacts): void {
    this.insertLobby.run(id, createdAt, rulesVersion, ...factValues(facts));
  }

  /**
   * Appends events (contiguous seqs, checked by the primary key) and updates the lobby row: all its
   * facts, or with `changed: 'progress'` only the seq and time (the other facts are as they were).
   * Call inside `SqliteDatabase.transaction` together with every other write of the same request.
   */
  append(lobbyId: string, events: readonly LobbyEvent[], facts: LobbyFacts, changed: 'all' | 'progress' = 'all'): void {
    for (const e of events)
      this.insertEvent.run(lobbyId, e.seq, e.kind, e.actor, JSON.stringify(e.payload), e.seed, e.at);
    if (changed === 'progress') {
      this.updateProgress.run(facts.lastSeq, facts.updatedAt, lobbyId);
      return;
    }
    this.updateFacts.run(...factValues(facts), lobbyId);
  }

  saveSnapshot(lobbyId: string, seq: number, state: string): void {
    this.database.db.insert(lobbySnapshots).values({ lobbyId, seq, state }).onConflictDoNothing().run();
  }

  /** A commit here returns or rolls back in this process: its answer is never lost, so no key is kept. */
  async requestSeq(): Promise<number | null> {
    return null;
  }

  async rematchOf(lobbyId: string): Promise<string | null> {
    return (
      this.database.db.select({ rematchId: lobbies.rematchId }).from(lobbies).where(eq(lobbies.id, lobbyId)).get()
        ?.rematchId ?? null
    );
  }

  async getLobby(id: string): Promise<LobbyRow | undefined> {
    return this.lobbyById.get({ id });
  }

  async listLobbies(opts: {
    statuses?: readonly LobbyStatus[];
    started?: boolean;
    limit: number;
    offset: number;
  }): Promise<LobbyRow[]> {
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

  async searchLobbies(search: LobbySearch): Promise<{ rows: LobbyRow[]; total: number }> {
    const where = searchWhere(
      lobbies,
      search,
      (q) =>
        sql`${lobbies.players} LIKE ${inJsonTextPattern(q)} ESCAPE '\\' AND EXISTS (SELECT 1 FROM json_each(${lobbies.players}) AS seat WHERE json_extract(seat.value, '$.id') = ${q} OR instr(lower(json_extract(seat.value, '$.name')), lower(${q})) > 0)`,
    );
    const db = this.database.db;
    const count = () => db.select({ n: sql<number>`count(*)` }).from(lobbies).where(where).get()?.n ?? 0;
    if (search.limit === 0) return { rows: [], total: count() };
    if (!search.q) {
      const rows = db
        .select()
        .from(lobbies)
        .where(where)
        .orderBy(...searchOrder(lobbies, search))
        .limit(search.limit)
        .offset(search.offset)
        .all();
      return { rows, total: count() };
    }
    // A text search reads every row: the page and the count in one pass (a few rows match).
    const found = db
      .select({ ...getTableColumns(lobbies), total: sql<number>`count(*) OVER ()` })
      .from(lobbies)
      .where(where)
      .orderBy(...searchOrder(lobbies, search))
      .limit(search.limit)
      .offset(search.offset)
      .all();
    return {
      rows: found.map(({ total: _, ...row }) => row),
      total: found[0]?.total ?? (search.offset > 0 ? count() : 0),
    };
  }

  async openLobbies(filter: OpenLobbyFilter): Promise<LobbyRow[]> {
    if ('listed' in filter) return this.openStatements.listed.all({ limit: filter.limit });
    const { quickSeats, w, limit } = filter;
    return w === null
      ? this.openStatements.quickAnySize.all({ quickSeats, limit })
      : this.openStatements.quickSized.all({ quickSeats, w, limit });
  }

  async readEvents(lobbyId: string, from = 1, to = Number.MAX_SAFE_INTEGER, limit = -1): Promise<LobbyEvent[]> {
    return this.database.db
      .select()
      .from(lobbyEvents)
      .where(and(eq(lobbyEvents.lobbyId, lobbyId), gte(lobbyEvents.seq, from), lte(lobbyEvents.seq, to)))
      .orderBy(asc(lobbyEvents.seq))
      .limit(limit)
      .all()
      .map((r) => eventOf(r as StoredEvent));
  }

  async payloadBytes(lobbyId: string, from: number): Promise<number> {
    const row = this.database.db
      .select({ bytes: sql<number>`coalesce(sum(length(CAST(${lobbyEvents.payload} AS BLOB))), 0)` })
      .from(lobbyEvents)
      .where(and(eq(lobbyEvents.lobbyId, lobbyId), gte(lobbyEvents.seq, from)))
      .get();
    return row?.bytes ?? 0;
  }

  async snapshotSeqs(lobbyId: string): Promise<number[]> {
    return this.database.db
      .select({ seq: lobbySnapshots.seq })
      .from(lobbySnapshots)
      .where(eq(lobbySnapshots.lobbyId, lobbyId))
      .orderBy(asc(lobbySnapshots.seq))
      .all()
      .map((r) => r.seq);
  }

  async latestSnapshot(
    lobbyId: string,
    seq = Number.MAX_SAFE_INTEGER,
  ): Promise<{ seq: number; state: string } | undefined> {
    return this.database.db
      .select({ seq: lobbySnapshots.seq, state: lobbySnapshots.state })
      .from(lobbySnapshots)
      .where(and(eq(lobbySnapshots.lobbyId, lobbyId), lte(lobbySnapshots.seq, seq)))
      .orderBy(desc(lobbySnapshots.seq))
      .limit(1)
      .get();
  }

  async readStoredPage(
    lobbyId: string,
    from: number,
    to: number,
    maxCount: number,
    maxBytes: number,
  ): Promise<StoredEvent[]> {
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

/** A primary-key conflict: an event at a seq already taken, or a lobby id already used. */
function isKeyConflict(e: unknown): boolean {
  return (e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The waiting-lobby queries, prepared once: every quick match press and every open lobbies poll runs one, and
 * building the query each time cost more than running it (attack 8 of the abuse bench).
 */
function openLobbyStatements(database: SqliteDatabase) {
  const waiting = and(eq(lobbies.status, 'open'), gt(lobbies.freeSeats, 0));
  const quick = (sized: boolean) =>
    database.db
      .select()
      .from(lobbies)
      .where(
        and(
          waiting,
          eq(lobbies.quickSeats, sql.placeholder('quickSeats')),
          ...(sized ? [eq(lobbies.w, sql.placeholder('w'))] : []),
        ),
      )
      .orderBy(asc(lobbies.createdAt), asc(lobbies.id))
      .limit(sql.placeholder('limit'))
      .prepare();
  return {
    listed: database.db
      .select()
      .from(lobbies)
      .where(and(waiting, eq(lobbies.listed, true)))
      .orderBy(desc(lobbies.createdAt), desc(lobbies.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
    quickAnySize: quick(false),
    quickSized: quick(true),
  };
}

/** The lobby row's fact columns, in the order `factValues` gives their values (`started_at` last). */
function factColumns(l: typeof lobbies) {
  return [
    l.adminId,
    l.status,
    l.lastSeq,
    l.winner,
    l.players,
    l.updatedAt,
    l.listed,
    l.w,
    l.h,
    l.clock,
    l.botLevel,
    l.quickSeats,
    l.freeSeats,
    l.startedAt,
  ];
}

/** The facts as the driver binds them, in `factColumns` order. */
function factValues(f: LobbyFacts): (string | number | null)[] {
  return [
    f.adminId,
    f.status,
    f.lastSeq,
    f.winner,
    f.players,
    f.updatedAt,
    f.listed ? 1 : 0,
    f.w,
    f.h,
    f.clock,
    f.botLevel,
    f.quickSeats,
    f.freeSeats,
    f.startedAt,
  ];
}
