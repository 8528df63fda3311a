/** The retention sweep's SQL in SQLite: lobbies closed before their game ever started, and identities never seated. */
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import {
  RetentionRepository,
  type DeletedLobbies,
  type ExpiredLobby,
  type IdentityCursor,
} from '../retention.repository.js';
import { SqliteDatabase } from './database.js';
import { chatRemovals, lobbies, lobbyEvents, lobbySnapshots, players } from './schema.js';

/**
 * An identity that never sat in a lobby: no name (set only on create and join) and no seat. Written as the
 * partial index `players_unseated_idx` says it, so the planner uses that index.
 */
const unseated = sql`${players.name} = '' AND ${players.lobbyId} IS NULL`;

@Injectable()
export class SqliteRetentionRepository extends RetentionRepository {
  constructor(@Inject(SqliteDatabase) private readonly database: SqliteDatabase) {
    super();
  }

  async expiredLobbies(before: string, limit: number): Promise<ExpiredLobby[]> {
    return this.database.db
      .select({ id: lobbies.id, lastSeq: lobbies.lastSeq })
      .from(lobbies)
      .where(and(eq(lobbies.status, 'closed'), isNull(lobbies.startedAt), lt(lobbies.updatedAt, before)))
      .orderBy(asc(lobbies.updatedAt))
      .limit(limit)
      .all();
  }

  async deleteLobbies(ids: readonly string[]): Promise<DeletedLobbies> {
    if (ids.length === 0) return { lobbies: 0, events: 0, snapshots: 0, markedStarted: 0 };
    return this.database.transaction(() => {
      const started = new Set(this.markStarted(ids));
      const list = ids.filter((id) => !started.has(id));
      if (list.length === 0) return { lobbies: 0, events: 0, snapshots: 0, markedStarted: started.size };
      const db = this.database.db;
      const events = db.delete(lobbyEvents).where(inArray(lobbyEvents.lobbyId, list)).run().changes;
      const snapshots = db.delete(lobbySnapshots).where(inArray(lobbySnapshots.lobbyId, list)).run().changes;
      db.update(players).set({ lobbyId: null }).where(inArray(players.lobbyId, list)).run();
      // Before the lobby rows: a removed chat references its lobby (PROTOCOL §4.9).
      db.delete(chatRemovals).where(inArray(chatRemovals.lobbyId, list)).run();
      const deleted = db.delete(lobbies).where(inArray(lobbies.id, list)).run().changes;
      return { lobbies: deleted, events, snapshots, markedStarted: started.size };
    });
  }

  /** Of `ids`, the lobbies whose log holds a `start` although `started_at` is unset: sets it to that event's time. */
  private markStarted(ids: readonly string[]): string[] {
    const starts = this.database.db
      .select({ lobbyId: lobbyEvents.lobbyId, at: min(lobbyEvents.at) })
      .from(lobbyEvents)
      .where(
        and(
          inArray(lobbyEvents.lobbyId, [...ids]),
          eq(lobbyEvents.kind, 'game-action'),
          sql`json_extract(${lobbyEvents.payload}, '$.id') = 'start'`,
        ),
      )
      .groupBy(lobbyEvents.lobbyId)
      .all();
    for (const { lobbyId, at } of starts)
      this.database.db.update(lobbies).set({ startedAt: at }).where(eq(lobbies.id, lobbyId)).run();
    return starts.map((s) => s.lobbyId);
  }

  async unseatedIdentities(before: string, after: IdentityCursor | null, limit: number): Promise<IdentityCursor[]> {
    const past = after ? sql`(${players.createdAt}, ${players.id}) > (${after.createdAt}, ${after.id})` : undefined;
    return this.database.db
      .select({ createdAt: players.createdAt, id: players.id })
      .from(players)
      .where(and(unseated, lt(players.createdAt, before), past))
      .orderBy(asc(players.createdAt), asc(players.id))
      .limit(limit)
      .all();
  }

  async deleteIdentities(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.database.transaction(
      () =>
        this.database.db
          .delete(players)
          .where(and(inArray(players.id, [...ids]), unseated))
          .run().changes,
    );
  }
}
