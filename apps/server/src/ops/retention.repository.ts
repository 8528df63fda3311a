/** The retention sweep's SQL: lobbies closed before their game ever started, and identities never seated. */
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import { DatabaseService } from '../db/database.js';
import { lobbies, lobbyEvents, lobbySnapshots, players } from '../db/schema.js';

/** A lobby the sweep may delete, with its event count (to keep a batch's work bounded). */
export interface ExpiredLobby {
  readonly id: string;
  readonly lastSeq: number;
}

/** Where a walk over identities (oldest first) stopped. */
export interface IdentityCursor {
  readonly createdAt: string;
  readonly id: string;
}

/** What `deleteLobbies` removed. */
export interface DeletedLobbies {
  readonly lobbies: number;
  readonly events: number;
  readonly snapshots: number;
}

/**
 * An identity that never sat in a lobby: no name (set only on create and join) and no seat. Written as the
 * partial index `players_unseated_idx` says it, so the planner uses that index.
 */
const unseated = sql`${players.name} = '' AND ${players.lobbyId} IS NULL`;

@Injectable()
export class RetentionRepository {
  constructor(@Inject(DatabaseService) private readonly database: DatabaseService) {}

  /** Closed lobbies whose game never started, last changed before `before` (ISO time), oldest first. */
  expiredLobbies(before: string, limit: number): ExpiredLobby[] {
    return this.database.db
      .select({ id: lobbies.id, lastSeq: lobbies.lastSeq })
      .from(lobbies)
      .where(and(eq(lobbies.status, 'closed'), isNull(lobbies.startedAt), lt(lobbies.updatedAt, before)))
      .orderBy(asc(lobbies.updatedAt))
      .limit(limit)
      .all();
  }

  /**
   * Of `ids`, the lobbies whose log holds a `start` game action although `started_at` is unset: sets it to that
   * event's time and returns their ids. A lobby that ever started is a replay and is never deleted.
   */
  markStarted(ids: readonly string[]): string[] {
    if (ids.length === 0) return [];
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

  /**
   * Deletes the lobbies with their events and snapshots, first unseating any player still pointing at one.
   * Call inside `DatabaseService.transaction`, so a lobby goes whole or not at all.
   */
  deleteLobbies(ids: readonly string[]): DeletedLobbies {
    if (ids.length === 0) return { lobbies: 0, events: 0, snapshots: 0 };
    const db = this.database.db;
    const list = [...ids];
    const events = db.delete(lobbyEvents).where(inArray(lobbyEvents.lobbyId, list)).run().changes;
    const snapshots = db.delete(lobbySnapshots).where(inArray(lobbySnapshots.lobbyId, list)).run().changes;
    db.update(players).set({ lobbyId: null }).where(inArray(players.lobbyId, list)).run();
    const deleted = db.delete(lobbies).where(inArray(lobbies.id, list)).run().changes;
    return { lobbies: deleted, events, snapshots };
  }

  /** Identities that never sat in a lobby, created before `before` and after `after`, oldest first. */
  unseatedIdentities(before: string, after: IdentityCursor | null, limit: number): IdentityCursor[] {
    const past = after ? sql`(${players.createdAt}, ${players.id}) > (${after.createdAt}, ${after.id})` : undefined;
    return this.database.db
      .select({ createdAt: players.createdAt, id: players.id })
      .from(players)
      .where(and(unseated, lt(players.createdAt, before), past))
      .orderBy(asc(players.createdAt), asc(players.id))
      .limit(limit)
      .all();
  }

  /** Deletes those of `ids` that are still unseated identities; returns how many. */
  deleteIdentities(ids: readonly string[]): number {
    if (ids.length === 0) return 0;
    return this.database.db
      .delete(players)
      .where(and(inArray(players.id, [...ids]), unseated))
      .run().changes;
  }
}
