/** What the retention sweep reads and deletes: lobbies closed before their game ever started, and identities never seated. */

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

/** What `deleteLobbies` removed, and how many of the lobbies it was given turned out to have started. */
export interface DeletedLobbies {
  readonly lobbies: number;
  readonly events: number;
  readonly snapshots: number;
  /** Lobbies whose log holds a `start` game action although `started_at` was unset: marked, and kept. */
  readonly markedStarted: number;
}

/** The sweep's queries, whichever database runs (an abstract class, so it is also the injection token). */
export abstract class RetentionRepository {
  /** Closed lobbies whose game never started, last changed before `before` (ISO time), oldest first. */
  abstract expiredLobbies(before: string, limit: number): Promise<ExpiredLobby[]>;

  /**
   * In one transaction, so a lobby goes whole or not at all: of `ids`, those whose log holds a `start` game
   * action get `started_at` set to that event's time and are kept (a lobby that ever started is a replay);
   * the others are deleted with their events and snapshots, unseating any player still pointing at one.
   */
  abstract deleteLobbies(ids: readonly string[]): Promise<DeletedLobbies>;

  /** Identities that never sat in a lobby, created before `before` and after `after`, oldest first. */
  abstract unseatedIdentities(before: string, after: IdentityCursor | null, limit: number): Promise<IdentityCursor[]>;

  /** Deletes those of `ids` that are still unseated identities; returns how many. */
  abstract deleteIdentities(ids: readonly string[]): Promise<number>;
}
