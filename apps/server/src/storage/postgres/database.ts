/**
 * The PostgreSQL driver's connection pool (DATABASE_URL): drizzle over node-postgres, a pool of a bounded
 * size, and the migrations of migrations/postgres applied at start — by one node at a time, under an
 * advisory lock, so several nodes starting together never race on them.
 */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isOutage } from '../../common/outage.js';
import * as schema from './schema.js';

export type PgDb = NodePgDatabase<typeof schema>;
/** A transaction of `PgDb`, as its `transaction` callback gets it. */
export type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** How long a stop waits for the pool's connections to close. */
const POOL_END_MS = 5_000;

/** The advisory lock key the migrations run under (any constant shared by every node). */
const MIGRATION_LOCK = 4_184_001;

/** How the pool is opened. */
export interface PostgresOptions {
  readonly url: string;
  /** Connections at most (DATABASE_POOL_SIZE). */
  readonly poolSize: number;
  /** The PostgreSQL migrations folder (drizzle-kit's output). */
  readonly migrationsDir: string;
  /**
   * Told about a connection lost (the server restarted, a backend was terminated, the network dropped):
   * while idle in the pool, or while checked out for a transaction or a held lobby. The pool drops and
   * replaces it; what was in flight on it fails with the driver's error, which callers refuse or retry.
   */
  readonly onConnectionError?: (error: Error) => void;
}

@Injectable()
export class PostgresDatabase implements OnApplicationShutdown {
  private constructor(
    readonly pool: pg.Pool,
    readonly db: PgDb,
    /** Connections of the pool at most. */
    readonly poolSize: number,
  ) {}

  /** Opens the pool and migrates the database. */
  static async open(options: PostgresOptions): Promise<PostgresDatabase> {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
    // A connection dropped by the server emits `error` on its client, and an `error` nobody listens to ends
    // the process. The pool listens only while a client is idle (and re-emits it here): each client also
    // gets its own listener for its whole life, so one checked out (a transaction, a held lobby) is covered.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionError?.(error));
    });
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migrate(drizzle({ client }), { migrationsFolder: options.migrationsDir });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PostgresDatabase(pool, drizzle({ client: pool, schema }), options.poolSize);
  }

  /**
   * One transaction on a connection of its own. Drizzle's transaction over the pool sends `begin` before its
   * `try`: a connection that dies right then never goes back to the pool, and a pool that loses its
   * connections that way serves nobody again and never ends. Here the connection always goes back, and is
   * closed when the transaction failed on a lost connection (ARCHITECTURE §5.10).
   */
  async transaction<T>(fn: (tx: PgTx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let lost: Error | undefined;
    try {
      return await drizzle({ client, schema }).transaction(fn);
    } catch (e) {
      if (isOutage(e)) lost = e instanceof Error ? e : new Error(String(e));
      throw e;
    } finally {
      client.release(lost);
    }
  }

  /** Closes the pool; a connection still out (its query never answered) holds the stop 5 s at most. */
  async onApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, POOL_END_MS);
      timer.unref();
    });
    await Promise.race([this.pool.end(), late]);
    clearTimeout(timer);
  }
}

/**
 * Whether `e` (or what it wraps: drizzle wraps the driver's errors) is a unique or primary-key violation;
 * with `constraint`, of that constraint only.
 */
export function isKeyConflict(e: unknown, constraint?: string): boolean {
  for (let cause: unknown = e; cause instanceof Error; cause = cause.cause) {
    const { code, constraint: violated } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || violated === constraint)) return true;
  }
  return false;
}
