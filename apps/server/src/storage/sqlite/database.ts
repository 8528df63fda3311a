/** Opens the SQLite file (WAL, synchronous=NORMAL, foreign keys) and applies the drizzle migrations. */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema>;

/** Applies the pragmas of ARCHITECTURE §5.4 to a connection (the benchmark's raw baseline uses the same). */
export function applyPragmas(sqlite: Database.Database): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
}

/** Opens `path` (creating its folder) and migrates it. */
export function openDatabase(path: string, migrationsDir: string): { sqlite: Database.Database; db: Db } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  applyPragmas(sqlite);
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return { sqlite, db };
}

/** The SQLite driver's one connection. better-sqlite3 is synchronous: a transaction never interleaves. */
@Injectable()
export class SqliteDatabase implements OnApplicationShutdown {
  readonly sqlite: Database.Database;
  readonly db: Db;
  private readonly checkpointer: Checkpointer | null;
  private readonly runInTransaction: Database.Transaction<(fn: () => unknown) => unknown>;
  /** The WAL file beside the database (null: in memory). */
  private readonly walPath: string | null;
  private forced = 0;

  constructor(
    @Inject(CONFIG) config: ServerConfig,
    @Optional() @Inject(AppLogger) logger?: AppLogger,
    @Optional() @Inject(MetricsService) metrics?: MetricsService,
  ) {
    const opened = openDatabase(config.databasePath, config.migrationsDir);
    this.sqlite = opened.sqlite;
    this.db = opened.db;
    this.runInTransaction = this.sqlite.transaction((fn: () => unknown) => fn());
    const inMemory = config.databasePath === ':memory:';
    this.walPath = inMemory ? null : `${resolve(config.databasePath)}-wal`;
    this.checkpointer = inMemory
      ? null
      : startCheckpointer(this.sqlite, config.databasePath, {
          walMaxBytes: config.walMaxBytes,
          onForced: (forced) => {
            this.forced += 1;
            logger?.info('wal-checkpoint-forced', {
              walBytes: forced.walBytes,
              ms: Math.round(forced.ms),
              busy: forced.busy,
            });
          },
          onError: (error) => logger?.error('wal-checkpointer-failed', { error }),
        });
    metrics?.gauge('fb_wal_bytes', 'Size of the SQLite write-ahead log file.', () => this.walBytes());
    metrics?.counterFrom(
      'fb_wal_forced_checkpoints_total',
      'TRUNCATE checkpoints forced by the WAL passing WAL_MAX_MB.',
      () => this.forced,
    );
  }

  /** Runs `fn` in one transaction (BEGIN IMMEDIATE … COMMIT; ROLLBACK if it throws). */
  transaction<T>(fn: () => T): T {
    this.checkpointer?.beforeWrite();
    return this.runInTransaction.immediate(fn) as T;
  }

  /**
   * Null when a write may begin now; else a promise settled once the forced WAL checkpoint that waits for
   * the writer lock is done. The event loop runs on meanwhile (`transaction` would block it until then).
   */
  writable(): Promise<void> | null {
    return this.checkpointer?.writable() ?? null;
  }

  /** The WAL file's current size in bytes (0 when there is none, or the database is in memory). */
  walBytes(): number {
    if (this.walPath === null) return 0;
    try {
      return statSync(this.walPath).size;
    } catch {
      return 0;
    }
  }

  /** How many TRUNCATE checkpoints the WAL's size has forced since the database was opened. */
  forcedCheckpoints(): number {
    return this.forced;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checkpointer?.stop();
    if (this.sqlite.open) this.sqlite.close();
  }
}
