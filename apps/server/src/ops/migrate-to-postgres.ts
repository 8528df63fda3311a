/**
 * Moves a SQLite database into PostgreSQL (docs/OPERATIONS.md §4.5): every lobby, event, player and
 * snapshot is copied in one PostgreSQL transaction, then verified — the tables' rows compared, and each
 * lobby's log folded on both sides to the same state hash. The source is read through an online backup
 * (a consistent copy of one moment, brought to the current schema), so it is never written to.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fold, stateHash, type LobbyEvent } from '@four-banners/engine';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { configFromEnv } from '../common/config.js';
import { PostgresDatabase } from '../storage/postgres/database.js';
import { PostgresLobbyLogRepository } from '../storage/postgres/lobby-log.repository.js';
import * as pgSchema from '../storage/postgres/schema.js';
import { SqliteDatabase } from '../storage/sqlite/database.js';
import { SqliteLobbyLogRepository } from '../storage/sqlite/lobby-log.repository.js';
import * as sqliteSchema from '../storage/sqlite/schema.js';
import { BackupError, backupDatabase } from './backup.js';

/** A refusal or a failed check, with a message for the operator. */
export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationSummary {
  readonly source: string;
  readonly lobbies: number;
  readonly events: number;
  readonly players: number;
  readonly snapshots: number;
  /** Lobbies whose log folded to the same state (or failed to fold the same way) on both sides. */
  readonly verified: number;
  readonly ms: number;
}

export interface MigrationOptions {
  /** The PostgreSQL database (DATABASE_URL); it must hold no lobby and no player yet. */
  readonly databaseUrl: string;
  /** The SQLite migrations (the PostgreSQL ones are in its `postgres` folder). */
  readonly migrationsDir: string;
  /** Where the consistent copy of the source is made (removed after). */
  readonly workDir?: string;
}

/** Rows per INSERT (snapshots hold whole states, so fewer of them). */
const BATCH = 500;
const SNAPSHOT_BATCH = 20;

/** Copies the SQLite database at `sqlitePath` into the empty PostgreSQL database, then verifies the copy. */
export async function migrateToPostgres(sqlitePath: string, options: MigrationOptions): Promise<MigrationSummary> {
  const started = performance.now();
  const copy = join(options.workDir ?? tmpdir(), `fb-migrate-${process.pid}-${Date.now()}.db`);
  let source: SqliteDatabase | null = null;
  let target: PostgresDatabase | null = null;
  try {
    try {
      await backupDatabase(sqlitePath, copy);
    } catch (e) {
      if (e instanceof BackupError) throw new MigrationError(e.message);
      throw e;
    }
    source = new SqliteDatabase(
      configFromEnv({}, { databasePath: copy, migrationsDir: options.migrationsDir, log: false }),
    );
    target = await PostgresDatabase.open({
      url: options.databaseUrl,
      poolSize: 2,
      migrationsDir: join(options.migrationsDir, 'postgres'),
    });
    await refuseUnlessEmpty(target);
    const copied = await copyTables(source, target);
    const verified = await verify(source, target);
    return { source: sqlitePath, ...copied, verified, ms: Math.round(performance.now() - started) };
  } finally {
    await source?.onApplicationShutdown();
    await target?.onApplicationShutdown();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
  }
}

async function refuseUnlessEmpty(target: PostgresDatabase): Promise<void> {
  for (const table of [pgSchema.lobbies, pgSchema.players]) {
    const [row] = await target.db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0)
      throw new MigrationError('The PostgreSQL database already holds lobbies or players: migrate into an empty one.');
  }
}

/**
 * Every row, in an order the foreign keys accept (lobbies, then players, events and snapshots), in one
 * transaction; read in pages (by key), so a big log never sits in memory whole.
 */
async function copyTables(source: SqliteDatabase, target: PostgresDatabase) {
  const from = source.db;
  const { lobbies, players, lobbyEvents, lobbySnapshots } = sqliteSchema;
  const counts = { lobbies: 0, events: 0, players: 0, snapshots: 0 };
  const lobbyRows = from.select().from(lobbies).orderBy(asc(lobbies.id)).all();
  await target.db.transaction(async (tx) => {
    for (let i = 0; i < lobbyRows.length; i += BATCH)
      await tx.insert(pgSchema.lobbies).values(lobbyRows.slice(i, i + BATCH));
    counts.lobbies = lobbyRows.length;
    for (let after = ''; ; ) {
      const page = from.select().from(players).where(gt(players.id, after)).orderBy(asc(players.id)).limit(BATCH).all();
      if (page.length === 0) break;
      await tx.insert(pgSchema.players).values(page);
      counts.players += page.length;
      after = page.at(-1)!.id;
    }
    for (const { id } of lobbyRows) {
      for (let after = 0; ; ) {
        const page = from
          .select()
          .from(lobbyEvents)
          .where(and(eq(lobbyEvents.lobbyId, id), gt(lobbyEvents.seq, after)))
          .orderBy(asc(lobbyEvents.seq))
          .limit(BATCH)
          .all();
        if (page.length === 0) break;
        await tx.insert(pgSchema.lobbyEvents).values(page);
        counts.events += page.length;
        after = page.at(-1)!.seq;
      }
      for (let after = 0; ; ) {
        const page = from
          .select()
          .from(lobbySnapshots)
          .where(and(eq(lobbySnapshots.lobbyId, id), gt(lobbySnapshots.seq, after)))
          .orderBy(asc(lobbySnapshots.seq))
          .limit(SNAPSHOT_BATCH)
          .all();
        if (page.length === 0) break;
        await tx.insert(pgSchema.lobbySnapshots).values(page);
        counts.snapshots += page.length;
        after = page.at(-1)!.seq;
      }
    }
  });
  return counts;
}

/** What a lobby's log folds to: its state's hash, or the fold's error. */
function foldedHash(events: readonly LobbyEvent[]): string {
  const folded = fold(events);
  return folded.ok ? stateHash(folded.value) : `unfoldable at ${folded.error.seq}: ${folded.error.message}`;
}

/** The copy equals the source: the same rows in every table, and each lobby's log folds the same. Returns the lobbies checked. */
async function verify(source: SqliteDatabase, target: PostgresDatabase): Promise<number> {
  const differs = (what: string) => {
    throw new MigrationError(`The copy differs from the source: ${what}. Drop the PostgreSQL database and try again.`);
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const [s, t] = [source.db, target.db];
  // Sorted here: the two databases' collations may order text differently.
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const players = [
    s.select().from(sqliteSchema.players).all().sort(byId),
    (await t.select().from(pgSchema.players)).sort(byId),
  ];
  if (!same(players[0], players[1])) differs('players');
  const sourceLog = new SqliteLobbyLogRepository(source);
  const targetLog = new PostgresLobbyLogRepository(target);
  let verified = 0;
  for (const lobby of s.select().from(sqliteSchema.lobbies).orderBy(asc(sqliteSchema.lobbies.id)).all()) {
    if (!same(lobby, await targetLog.getLobby(lobby.id))) differs(`lobby ${lobby.id}'s row`);
    const [ours, theirs] = [await sourceLog.readEvents(lobby.id), await targetLog.readEvents(lobby.id)];
    if (!same(ours, theirs)) differs(`lobby ${lobby.id}'s events`);
    if (foldedHash(ours) !== foldedHash(theirs)) differs(`lobby ${lobby.id}'s folded state`);
    const snapshots = [
      s
        .select()
        .from(sqliteSchema.lobbySnapshots)
        .where(eq(sqliteSchema.lobbySnapshots.lobbyId, lobby.id))
        .orderBy(asc(sqliteSchema.lobbySnapshots.seq))
        .all(),
      await t
        .select()
        .from(pgSchema.lobbySnapshots)
        .where(eq(pgSchema.lobbySnapshots.lobbyId, lobby.id))
        .orderBy(asc(pgSchema.lobbySnapshots.seq)),
    ];
    if (!same(snapshots[0], snapshots[1])) differs(`lobby ${lobby.id}'s snapshots`);
    verified += 1;
  }
  return verified;
}
