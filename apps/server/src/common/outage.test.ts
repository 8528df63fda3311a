import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MS, isOutage, unavailable } from './outage.js';

/** A driver's error as node-postgres or better-sqlite3 makes it: a message and a code. */
const driverError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** As drizzle wraps a driver's error: the query in the message, the driver's error as the cause. */
const wrapped = (cause: Error) => new Error('Failed query: insert into "lobby_events" …', { cause });

describe('an outage is told from a bug (ARCHITECTURE §5.10)', () => {
  it('knows an unreachable or stopping database or Redis, through the causes drizzle wraps', () => {
    expect(isOutage(wrapped(driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isOutage(wrapped(driverError('terminating connection due to administrator command', '57P01')))).toBe(true);
    expect(isOutage(driverError('the database system is starting up', '57P03'))).toBe(true);
    expect(isOutage(driverError('connection failure', '08006'))).toBe(true);
    expect(isOutage(driverError('sorry, too many clients already', '53300'))).toBe(true);
    expect(isOutage(wrapped(driverError('Connection terminated unexpectedly')))).toBe(true);
    expect(isOutage(driverError('database is locked', 'SQLITE_BUSY'))).toBe(true);
    expect(isOutage(driverError('disk I/O error', 'SQLITE_IOERR_WRITE'))).toBe(true);
    expect(isOutage(new AggregateError([driverError('connect ECONNREFUSED ::1:6379', 'ECONNREFUSED')]))).toBe(true);
  });

  it('takes anything else for a bug', () => {
    expect(isOutage(new Error('unfoldable game-action at seq 9: not your turn'))).toBe(false);
    expect(isOutage(wrapped(driverError('duplicate key value violates unique constraint', '23505')))).toBe(false);
    expect(isOutage(driverError('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isOutage('a string')).toBe(false);
    const loop = new Error('loop') as Error & { cause?: unknown };
    loop.cause = loop;
    expect(isOutage(loop)).toBe(false);
  });

  it('answers unavailable with the retry hint of its cause', () => {
    expect(unavailable('storage', 'away')).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'away', retryAfterMs: RETRY_AFTER_MS.storage },
    });
  });
});
