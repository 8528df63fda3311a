/** Opens the SQLite file (WAL, synchronous=NORMAL, foreign keys) and applies the drizzle migrations. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { CONFIG, type ServerConfig } from '../config.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema>;

/** Applies the pragmas of DESIGN.md §4 to a connection (the benchmark's raw baseline uses the same). */
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

/** The one connection of the process. better-sqlite3 is synchronous: a transaction never interleaves. */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly sqlite: Database.Database;
  readonly db: Db;
  private readonly checkpointer: Checkpointer | null;
  private readonly runInTransaction: Database.Transaction<(fn: () => unknown) => unknown>;

  constructor(@Inject(CONFIG) config: ServerConfig) {
    const opened = openDatabase(config.databasePath, config.migrationsDir);
    this.sqlite = opened.sqlite;
    this.db = opened.db;
    this.runInTransaction = this.sqlite.transaction((fn: () => unknown) => fn());
    this.checkpointer = config.databasePath === ':memory:' ? null : startCheckpointer(this.sqlite, config.databasePath);
  }

  /** Runs `fn` in one transaction (BEGIN IMMEDIATE … COMMIT; ROLLBACK if it throws). */
  transaction<T>(fn: () => T): T {
    return this.runInTransaction.immediate(fn) as T;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checkpointer?.stop();
    if (this.sqlite.open) this.sqlite.close();
  }
}
