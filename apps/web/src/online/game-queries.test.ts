/** Fetching a replay's log: byte-capped (short) pages, the stored identity's headers, no endless loop. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveIdentity } from './identity';
import { ApiError } from '../app/api';
import { fetchGameLog } from './game-queries';

const LAST_SEQ = 10;
const log = Array.from({ length: LAST_SEQ }, (_, i) => ({
  seq: i + 1,
  kind: 'chat',
  actor: 'p',
  payload: { playerId: 'p', msg: 'hi' },
  seed: null,
  at: '',
}));

interface Seen {
  url: URL;
  headers: Headers;
}

/** A stand-in for the server's events endpoint that answers at most `pageSize` events (as a byte cap does). */
function serveLog(pageSize: (from: number) => number): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const url = new URL(path, 'http://game.test');
    seen.push({ url, headers: new Headers(init.headers) });
    const from = Number(url.searchParams.get('from'));
    const to = Number(url.searchParams.get('to'));
    const events = log.filter((e) => e.seq >= from && e.seq <= to).slice(0, pageSize(from));
    return new Response(JSON.stringify({ events, lastSeq: LAST_SEQ }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchGameLog', () => {
  it('follows pages that hold fewer events than asked until lastSeq', async () => {
    const seen = serveLog(() => 3);
    const events = await fetchGameLog('GAME01');
    expect(events.map((e) => e.seq)).toEqual(log.map((e) => e.seq));
    expect(seen.map((s) => s.url.searchParams.get('from'))).toEqual(['1', '4', '7', '10']);
  });

  it('stops at `through`: never asks past it, and returns nothing after it', async () => {
    const seen = serveLog(() => 3);
    const events = await fetchGameLog('GAME01', undefined, 0, 5);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((s) => [s.url.searchParams.get('from'), s.url.searchParams.get('to')])).toEqual([
      ['1', '5'],
      ['4', '5'],
    ]);
  });

  it('sends the stored identity as X-Player-Id / X-Player-Token, and nothing without one', async () => {
    let seen = serveLog(() => LAST_SEQ);
    await fetchGameLog('GAME01');
    expect(seen[0]!.headers.has('X-Player-Id')).toBe(false);
    expect(seen[0]!.headers.has('X-Player-Token')).toBe(false);

    saveIdentity('player-1', 'secret-token');
    seen = serveLog(() => LAST_SEQ);
    await fetchGameLog('GAME01');
    expect(seen[0]!.headers.get('X-Player-Id')).toBe('player-1');
    expect(seen[0]!.headers.get('X-Player-Token')).toBe('secret-token');
  });

  it('an empty page before lastSeq fails instead of asking again forever', async () => {
    const seen = serveLog((from) => (from > 5 ? 0 : 5));
    await expect(fetchGameLog('GAME01')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(2);
  });
});
