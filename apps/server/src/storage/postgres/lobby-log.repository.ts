/** The lobby log in PostgreSQL: the same tables and behaviour as the SQLite driver, over a connection pool. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { LobbyEvent } from '@four-banners/engine';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  AppendConflict,
  RequestLanded,
  LobbyLogRepository,
  eventOf,
  type LobbyRow,
  type LobbyStatus,
  type LogWrite,
  type OpenLobbyFilter,
  type StoredEvent,
} from '../lobby-log.repository.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Semaphore } from '../../common/keyed-lock.js';
import { PostgresDatabase, isKeyConflict, type PgDb, type PgTx } from './database.js';
import * as schema from './schema.js';
import { inJsonTextPattern, searchOrder, searchWhere, type LobbySearch } from '../lobby-search.js';
import { auditRow } from '../moderation.repository.js';

/** The unique index that keeps a request from landing twice in a lobby (`LogWrite.request`). */
const REQUEST_INDEX = 'lobby_events_request_idx';
import { adminAudit, chatRemovals, lobbies, lobbyEvents, lobbySnapshots, players } from './schema.js';

/** The first key of the lobbies' advisory locks (the second is the lobby id's hash). */
const LOBBY_LOCKS = 8;
const lobbyLock = (lobbyId: string) => sql`${LOBBY_LOCKS}::int, hashtext(${lobbyId})`;

/** `limit` -1 means no limit (SQLite's convention); PostgreSQL takes none then. */
const bounded = (limit: number): number | undefined => (limit < 0 ? undefined : limit);

@Injectable()
export class PostgresLobbyLogRepository extends LobbyLogRepository {
  /** The connection holding a lobby in `exclusive`, for the reads and commits of that lobby made within it. */
  private readonly held = new AsyncLocalStorage<{ readonly lobbyId: string; readonly db: PgDb }>();
  /**
   * Lobbies held at once, at most one less than the pool's connections: whatever else a holder waits for
   * (a player's row, another lobby's commit) always finds a connection, so holders never wait on each other.
   */
  private readonly holders: Semaphore;

  constructor(@Inject(PostgresDatabase) private readonly database: PostgresDatabase) {
    super();
    this.holders = new Semaphore(Math.max(1, database.poolSize - 1));
  }

  /** The connection to read or write `lobbyId` on: the one holding it in `exclusive`, else the pool. */
  private dbFor(lobbyId: string): PgDb {
    const held = this.held.getStore();
    return held?.lobbyId === lobbyId ? held.db : this.database.db;
  }

  /** A transaction on the connection holding `lobbyId` (which `hold` gives back), else on one of its own. */
  private transactionFor<T>(lobbyId: string, fn: (tx: PgTx) => Promise<T>): Promise<T> {
    const held = this.held.getStore();
    return held?.lobbyId === lobbyId ? held.db.transaction(fn) : this.database.transaction(fn);
  }

  /**
   * A session-level advisory lock on the lobby, on a connection of its own: every commit takes the same lock
   * for its transaction, so other writers wait until `fn` settles. Commits of the lobby within `fn` run on
   * this connection (a session may take a lock it holds), each committed when `commit` returns — before
   * memory and broadcasts hear of it, as always.
   */
  exclusive<T>(lobbyId: string, fn: () => Promise<T>): Promise<T> {
    return this.holders.run(() => this.hold(lobbyId, fn));
  }

  private async hold<T>(lobbyId: string, fn: () => Promise<T>): Promise<T> {
    const client = await this.database.pool.connect();
    let broken: Error | undefined;
    try {
      const db = drizzle({ client, schema });
      await db.execute(sql`SELECT pg_advisory_lock(${lobbyLock(lobbyId)})`);
      try {
        return await this.held.run({ lobbyId, db }, fn);
      } finally {
        await db.execute(sql`SELECT pg_advisory_unlock(${lobbyLock(lobbyId)})`).catch((e: Error) => {
          // A connection that cannot unlock is closed, which ends its session and so its lock.
          broken = e;
        });
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * One transaction, holding the lobby's advisory lock (waiting while another node's `exclusive` holds it).
   * Two nodes appending at the same seq: the second insert fails on the `(lobby_id, seq)` primary key, so
   * exactly one lands and the other gets `AppendConflict`.
   */
  async removedChat(lobbyId: string): Promise<number[]> {
    const rows = await this.dbFor(lobbyId)
      .select({ seq: chatRemovals.seq })
      .from(chatRemovals)
      .where(eq(chatRemovals.lobbyId, lobbyId))
      .orderBy(asc(chatRemovals.seq));
    return rows.map((r) => r.seq);
  }

  async commit(write: LogWrite): Promise<void> {
    const { lobbyId, facts } = write;
    try {
      await this.transactionFor(lobbyId, async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${lobbyLock(lobbyId)})`);
        if (write.created) {
          await tx.insert(lobbies).values({ id: lobbyId, ...write.created, ...facts });
        }
        if (write.events.length > 0) {
          const last = write.events.length - 1;
          await tx.insert(lobbyEvents).values(
            write.events.map((e, i) => ({
              lobbyId,
              seq: e.seq,
              kind: e.kind,
              actor: e.actor,
              payload: JSON.stringify(e.payload),
              seed: e.seed,
              at: e.at,
              requestId: i === last ? (write.request ?? null) : null,
            })),
          );
          await tx
            .update(lobbies)
            .set(
              write.changed === 'progress'
                ? { lastSeq: facts.lastSeq, updatedAt: facts.updatedAt }
                : {
                    adminId: facts.adminId,
                    status: facts.status,
                    lastSeq: facts.lastSeq,
                    winner: facts.winner,
                    players: facts.players,
                    updatedAt: facts.updatedAt,
                    // started_at keeps the first start's time.
                    startedAt: sql`coalesce(${lobbies.startedAt}, ${facts.startedAt})`,
                    listed: facts.listed,
                    w: facts.w,
                    h: facts.h,
                    clock: facts.clock,
                    botLevel: facts.botLevel,
                    quickSeats: facts.quickSeats,
                    freeSeats: facts.freeSeats,
                  },
            )
            .where(eq(lobbies.id, lobbyId));
        }
        for (const [playerId, seat] of write.seats ?? [])
          await tx.update(players).set({ lobbyId: seat }).where(eq(players.id, playerId));
        for (const [playerId, name] of write.names ?? [])
          await tx.update(players).set({ name }).where(eq(players.id, playerId));
        if (write.rematchOf)
          await tx.update(lobbies).set({ rematchId: lobbyId }).where(eq(lobbies.id, write.rematchOf));
        if (write.snapshot) {
          await tx
            .insert(lobbySnapshots)
            .values({ lobbyId, seq: write.snapshot.seq, state: write.snapshot.state })
            .onConflictDoNothing();
        }
        if (write.chatRemoved && write.chatRemoved.length > 0)
          await tx.insert(chatRemovals).values(write.chatRemoved.map((seq) => ({ lobbyId, seq })));
        if (write.audit) await tx.insert(adminAudit).values(auditRow(write.audit));
      });
    } catch (e) {
      if (write.request !== undefined && isKeyConflict(e, REQUEST_INDEX)) {
        const seq = await this.requestSeq(lobbyId, write.request);
        if (seq !== null) throw new RequestLanded(lobbyId, seq);
      }
      if (isKeyConflict(e)) throw new AppendConflict(lobbyId);
      throw e;
    }
  }

  async requestSeq(lobbyId: string, key: string): Promise<number | null> {
    const [row] = await this.dbFor(lobbyId)
      .select({ seq: lobbyEvents.seq })
      .from(lobbyEvents)
      .where(and(eq(lobbyEvents.lobbyId, lobbyId), eq(lobbyEvents.requestId, key)));
    return row?.seq ?? null;
  }

  async rematchOf(lobbyId: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ rematchId: lobbies.rematchId })
      .from(lobbies)
      .where(eq(lobbies.id, lobbyId));
    return row?.rematchId ?? null;
  }

  async getLobby(id: string): Promise<LobbyRow | undefined> {
    const [row] = await this.dbFor(id).select().from(lobbies).where(eq(lobbies.id, id));
    return row;
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
    const query = this.database.db
      .select()
      .from(lobbies)
      .where(and(...filters))
      .orderBy(desc(lobbies.createdAt), desc(lobbies.id))
      .offset(opts.offset);
    const limit = bounded(opts.limit);
    return limit === undefined ? query : query.limit(limit);
  }

  async searchLobbies(search: LobbySearch): Promise<{ rows: LobbyRow[]; total: number }> {
    const where = searchWhere(
      lobbies,
      search,
      (q) =>
        sql`${lobbies.players} ILIKE ${inJsonTextPattern(q)} AND EXISTS (SELECT 1 FROM jsonb_array_elements(${lobbies.players}::jsonb) AS seat WHERE seat->>'id' = ${q} OR strpos(lower(seat->>'name'), lower(${q})) > 0)`,
    );
    const db = this.database.db;
    const count = async () => {
      const [counted] = await db.select({ n: sql<string>`count(*)` }).from(lobbies).where(where);
      return Number(counted?.n ?? 0);
    };
    if (search.limit === 0) return { rows: [], total: await count() };
    const order = searchOrder(lobbies, search);
    if (!search.q) {
      const rows = await db
        .select()
        .from(lobbies)
        .where(where)
        .orderBy(...order)
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: await count() };
    }
    // A text search reads every row: the page and the count in one pass (a few rows match).
    const found = await db
      .select({ ...getTableColumns(lobbies), total: sql<string>`count(*) OVER ()` })
      .from(lobbies)
      .where(where)
      .orderBy(...order)
      .limit(search.limit)
      .offset(search.offset);
    const total = found[0] ? Number(found[0].total) : search.offset > 0 ? await count() : 0;
    return { rows: found.map(({ total: _, ...row }) => row), total };
  }

  async openLobbies(filter: OpenLobbyFilter): Promise<LobbyRow[]> {
    const waiting = [eq(lobbies.status, 'open'), gt(lobbies.freeSeats, 0)];
    if ('listed' in filter) {
      return this.database.db
        .select()
        .from(lobbies)
        .where(and(...waiting, eq(lobbies.listed, true)))
        .orderBy(desc(lobbies.createdAt), desc(lobbies.id))
        .limit(filter.limit);
    }
    return this.database.db
      .select()
      .from(lobbies)
      .where(
        and(
          ...waiting,
          eq(lobbies.quickSeats, filter.quickSeats),
          ...(filter.w === null ? [] : [eq(lobbies.w, filter.w)]),
        ),
      )
      .orderBy(asc(lobbies.createdAt), asc(lobbies.id))
      .limit(filter.limit);
  }

  async readEvents(lobbyId: string, from = 1, to = Number.MAX_SAFE_INTEGER, limit = -1): Promise<LobbyEvent[]> {
    const query = this.dbFor(lobbyId)
      .select()
      .from(lobbyEvents)
      .where(
        and(
          eq(lobbyEvents.lobbyId, lobbyId),
          gte(lobbyEvents.seq, from),
          lte(lobbyEvents.seq, Math.min(to, 2 ** 31 - 1)),
        ),
      )
      .orderBy(asc(lobbyEvents.seq));
    const max = bounded(limit);
    const rows = max === undefined ? await query : await query.limit(max);
    return rows.map((r) => eventOf(r as StoredEvent));
  }

  async payloadBytes(lobbyId: string, from: number): Promise<number> {
    const [row] = await this.database.db
      .select({ bytes: sql<number>`coalesce(sum(octet_length(${lobbyEvents.payload})), 0)`.mapWith(Number) })
      .from(lobbyEvents)
      .where(and(eq(lobbyEvents.lobbyId, lobbyId), gte(lobbyEvents.seq, from)));
    return row?.bytes ?? 0;
  }

  async snapshotSeqs(lobbyId: string): Promise<number[]> {
    const rows = await this.dbFor(lobbyId)
      .select({ seq: lobbySnapshots.seq })
      .from(lobbySnapshots)
      .where(eq(lobbySnapshots.lobbyId, lobbyId))
      .orderBy(asc(lobbySnapshots.seq));
    return rows.map((r) => r.seq);
  }

  async latestSnapshot(
    lobbyId: string,
    seq = Number.MAX_SAFE_INTEGER,
  ): Promise<{ seq: number; state: string } | undefined> {
    const [row] = await this.dbFor(lobbyId)
      .select({ seq: lobbySnapshots.seq, state: lobbySnapshots.state })
      .from(lobbySnapshots)
      .where(and(eq(lobbySnapshots.lobbyId, lobbyId), lte(lobbySnapshots.seq, Math.min(seq, 2 ** 31 - 1))))
      .orderBy(desc(lobbySnapshots.seq))
      .limit(1);
    return row;
  }

  /** The page's byte cap is applied in the query (a running sum), so payloads past it never leave the database. */
  async readStoredPage(
    lobbyId: string,
    from: number,
    to: number,
    maxCount: number,
    maxBytes: number,
  ): Promise<StoredEvent[]> {
    const e = lobbyEvents;
    const result = await this.database.db.execute<{
      seq: number;
      kind: StoredEvent['kind'];
      actor: string;
      payload: string;
      seed: string | null;
      at: string;
    }>(sql`
      SELECT seq, kind, actor, payload, seed, at FROM (
        SELECT page.*, sum(octet_length(page.payload)) OVER (ORDER BY page.seq) AS running,
               row_number() OVER (ORDER BY page.seq) AS n
        FROM (
          SELECT ${e.seq} AS seq, ${e.kind} AS kind, ${e.actor} AS actor, ${e.payload} AS payload, ${e.seed} AS seed, ${e.at} AS at
          FROM ${e}
          WHERE ${e.lobbyId} = ${lobbyId} AND ${e.seq} >= ${from} AND ${e.seq} <= ${Math.min(to, 2 ** 31 - 1)}
          ORDER BY ${e.seq} LIMIT ${maxCount}
        ) page
      ) sized
      WHERE n = 1 OR running <= ${maxBytes}
      ORDER BY seq`);
    return result.rows.map((r) => ({ ...r, seed: r.seed === null ? null : Number(r.seed) }));
  }
}
