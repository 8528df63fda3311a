/** Server settings, read once from the environment (README documents each variable). */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, whether this file runs from src/ (tsx, vitest) or dist/ (node). */
const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RateLimit {
  /** Burst size. */
  readonly capacity: number;
  /** Tokens regained per second (0: never, for deterministic tests). */
  readonly refillPerSecond: number;
}

export interface ServerConfig {
  readonly port: number;
  /** Unset: Node's default (every interface, IPv6 and IPv4 where available). */
  readonly host: string | undefined;
  readonly databasePath: string;
  readonly migrationsDir: string;
  /** ADMIN_TOKEN; the admin API is off (503) without it. */
  readonly adminToken: string | null;
  /** The built web app; served with SPA fallback when the folder exists. */
  readonly webDist: string | null;
  /** Structured logs to stdout; off in tests and benchmarks. */
  readonly log: boolean;
  readonly chatLimit: RateLimit;
  readonly actionLimit: RateLimit;
  /** Write a snapshot every this many events (0: never). */
  readonly snapshotEvery: number;
  /** An open lobby with no human online for this long is closed (DESIGN.md §5 Presence); 0: never. */
  readonly idleCloseMs: number;
}

export const CONFIG = Symbol('ServerConfig');

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}

/** The settings from `env`, with the defaults of DESIGN.md (PORT 3000, ./data/four-banners.db). */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const webDist = env.WEB_DIST ?? resolve(SERVER_ROOT, '../web/dist');
  return {
    port: intFrom(env.PORT, 3000),
    host: env.HOST || undefined,
    databasePath: env.DATABASE_PATH ?? './data/four-banners.db',
    migrationsDir: env.MIGRATIONS_DIR ?? resolve(SERVER_ROOT, '../../migrations'),
    adminToken: env.ADMIN_TOKEN ? env.ADMIN_TOKEN : null,
    webDist: existsSync(webDist) ? webDist : null,
    log: env.LOG !== 'off',
    chatLimit: { capacity: intFrom(env.CHAT_BURST, 5), refillPerSecond: intFrom(env.CHAT_PER_SECOND, 1) },
    actionLimit: { capacity: intFrom(env.ACTION_BURST, 40), refillPerSecond: intFrom(env.ACTION_PER_SECOND, 20) },
    snapshotEvery: intFrom(env.SNAPSHOT_EVERY, 500),
    idleCloseMs: intFrom(env.LOBBY_IDLE_MINUTES, 60) * 60_000,
    ...overrides,
  };
}
