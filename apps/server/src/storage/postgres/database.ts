/**
 * The PostgreSQL driver's connection pool (DATABASE_URL): drizzle over node-postgres, a pool of a bounded
 * size, and the migrations of migrations/postgres applied at start — by one node at a time, under an
 * advisory lock, so several nodes starting together never race on them.
 */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type PgDb = NodePgDatabase<typeof schema>;

/** The advisory lock key the migrations run under (any constant shared by every node). */
const MIGRATION_LOCK = 4_184_001;

/** How the pool is opened. */
export interface PostgresOptions {
  readonly url: string;
  /** Connections at most (DATABASE_POOL_SIZE). */
  readonly poolSize: number;
  /** The PostgreSQL migrations folder (drizzle-kit's output). */
  readonly migrationsDir: string;
  /** Told about a connection the pool lost while idle (the pool replaces it; nothing is lost). */
  readonly onIdleError?: (error: Error) => void;
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
    // An idle connection dropped by the server emits here; without a listener it would end the process.
    pool.on('error', (error) => options.onIdleError?.(error));
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

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/** Whether `e` (or what it wraps: drizzle wraps the driver's errors) is a unique or primary-key violation. */
export function isKeyConflict(e: unknown): boolean {
  for (let cause: unknown = e; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
