/** The retention sweep's SQL in PostgreSQL (the same rules as the SQLite driver's). */
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import {
  RetentionRepository,
  type DeletedLobbies,
  type ExpiredLobby,
  type IdentityCursor,
} from '../retention.repository.js';
import { PostgresDatabase } from './database.js';
import { chatRemovals, lobbies, lobbyEvents, lobbySnapshots, players } from './schema.js';

/** An identity that never sat in a lobby, written as the partial index `players_unseated_idx` says it. */
const unseated = sql`${players.name} = '' AND ${players.lobbyId} IS NULL`;

@Injectable()
export class PostgresRetentionRepository extends RetentionRepository {
  constructor(@Inject(PostgresDatabase) private readonly database: PostgresDatabase) {
    super();
  }

  async expiredLobbies(before: string, limit: number): Promise<ExpiredLobby[]> {
    return this.database.db
      .select({ id: lobbies.id, lastSeq: lobbies.lastSeq })
      .from(lobbies)
      .where(and(eq(lobbies.status, 'closed'), isNull(lobbies.startedAt), lt(lobbies.updatedAt, before)))
      .orderBy(asc(lobbies.updatedAt))
      .limit(limit);
  }

  async deleteLobbies(ids: readonly string[]): Promise<DeletedLobbies> {
    if (ids.length === 0) return { lobbies: 0, events: 0, snapshots: 0, markedStarted: 0 };
    return this.database.transaction(async (tx) => {
      const starts = await tx
        .select({ lobbyId: lobbyEvents.lobbyId, at: min(lobbyEvents.at) })
        .from(lobbyEvents)
        .where(
          and(
            inArray(lobbyEvents.lobbyId, [...ids]),
            eq(lobbyEvents.kind, 'game-action'),
            sql`(${lobbyEvents.payload}::jsonb ->> 'id') = 'start'`,
          ),
        )
        .groupBy(lobbyEvents.lobbyId);
      for (const { lobbyId, at } of starts)
        await tx.update(lobbies).set({ startedAt: at }).where(eq(lobbies.id, lobbyId));
      const started = new Set(starts.map((s) => s.lobbyId));
      const list = ids.filter((id) => !started.has(id));
      if (list.length === 0) return { lobbies: 0, events: 0, snapshots: 0, markedStarted: started.size };
      const events = (await tx.delete(lobbyEvents).where(inArray(lobbyEvents.lobbyId, list))).rowCount ?? 0;
      const snapshots = (await tx.delete(lobbySnapshots).where(inArray(lobbySnapshots.lobbyId, list))).rowCount ?? 0;
      await tx.update(players).set({ lobbyId: null }).where(inArray(players.lobbyId, list));
      // Before the lobby rows: a removed chat references its lobby (PROTOCOL §4.9).
      await tx.delete(chatRemovals).where(inArray(chatRemovals.lobbyId, list));
      const deleted = (await tx.delete(lobbies).where(inArray(lobbies.id, list))).rowCount ?? 0;
      return { lobbies: deleted, events, snapshots, markedStarted: started.size };
    });
  }

  async unseatedIdentities(before: string, after: IdentityCursor | null, limit: number): Promise<IdentityCursor[]> {
    const past = after ? sql`(${players.createdAt}, ${players.id}) > (${after.createdAt}, ${after.id})` : undefined;
    return this.database.db
      .select({ createdAt: players.createdAt, id: players.id })
      .from(players)
      .where(and(unseated, lt(players.createdAt, before), past))
      .orderBy(asc(players.createdAt), asc(players.id))
      .limit(limit);
  }

  async deleteIdentities(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.database.db.delete(players).where(and(inArray(players.id, [...ids]), unseated));
    return result.rowCount ?? 0;
  }
}
