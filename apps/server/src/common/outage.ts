/**
 * Whether an error means the database or Redis is away for now, rather than a bug: a request that met one
 * is refused with `unavailable` (PROTOCOL §3.4) and may be sent again, and a background job tries again
 * (ARCHITECTURE §5.10). Drizzle and the services wrap the driver's error, so the causes are searched too.
 */
import type { AckError } from '@four-banners/protocol';
import type { UnavailableCause } from './metrics.service.js';

/** How soon a request refused with `unavailable` may be sent again, by cause (PROTOCOL §3.4). */
export const RETRY_AFTER_MS: Readonly<Record<UnavailableCause, number>> = { storage: 1000, stopping: 2000, busy: 200 };

/** A retryable refusal: nothing was decided (the storage or Redis away, the server stopping, a lobby too busy). */
export function unavailable(cause: UnavailableCause, message: string): AckError {
  return { ok: false, error: { code: 'unavailable', message, retryAfterMs: RETRY_AFTER_MS[cause] } };
}

/** Socket and DNS errors of a connection to PostgreSQL or Redis. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going or gone, or out of room: connection exceptions (class 08), operator
 * intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), insufficient resources
 * (53xxx), and a serialization failure or deadlock, which the same request passes when tried again.
 */
const PG_CLASSES = ['08', '53'];
const PG_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '40001', '40P01']);

/** SQLite's codes of a file it cannot write for now (locked, full, an I/O error, read-only). */
const SQLITE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
];

/** node-postgres and ioredis say so in words, without a code. */
const MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  'Reached the max retries per request limit',
  "Stream isn't writeable",
];

function isOutageError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_CODES.has(code)) return true;
    if (code.length === 5 && PG_CLASSES.includes(code.slice(0, 2))) return true;
    if (SQLITE_CODES.some((c) => code === c || code.startsWith(`${c}_`))) return true;
  }
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return MESSAGES.some((m) => error.message.includes(m));
}

export function isOutage(e: unknown): boolean {
  const seen = new Set<unknown>();
  for (let cause: unknown = e; cause instanceof Error && !seen.has(cause); cause = cause.cause) {
    seen.add(cause);
    if (isOutageError(cause)) return true;
    if (cause instanceof AggregateError && cause.errors.some((inner) => isOutage(inner))) return true;
  }
  return false;
}
