/**
 * Abuse limits against the real server (docs/OPERATIONS.md "Limits"): every rate is the player's own,
 * shared by all their connections; caps per address and per player; invalid frames slow a socket, then
 * drop it; a reader that stops reading is dropped; foreign origins are refused. Each limit refuses past
 * its threshold with `rate_limited` and a message, changes nothing, and recovers.
 */
import type { Ack } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { MetricsService } from '../src/common/metrics.service.js';
import { LENIENT, createdLobby, serverRig, sleep, sqlRows, waitFor, type TestClient } from './harness.js';

const { server, boot, client, sameIdentity, tryConnect, serverState, hub, reset } = serverRig();
afterEach(reset);

const codes = (acks: Ack[]) => acks.map((a) => (a.ok ? 'ok' : a.error.code));
const countOf = (acks: Ack[], code: string) => codes(acks).filter((c) => c === code).length;

/** The lines of the server's metrics that start with `name`. */
async function metric(name: string): Promise<string> {
  const { body } = await server().app.get(MetricsService).render();
  return body
    .split('\n')
    .filter((l) => l.startsWith(name))
    .join('\n');
}

describe('rates are per player, whatever the number of connections', () => {
  it('chat: three connections of one player share one bucket; it refills', async () => {
    await boot({ rates: { ...LENIENT.rates, chat: { capacity: 3, refillPerSecond: 2 } } });
    const a = await client();
    const lobbyId = await createdLobby(a);
    const b = await sameIdentity(a);
    const c = await sameIdentity(a);
    const seq = serverState(lobbyId).seq;
    const acks = await Promise.all(
      [a, b, c, a, b, c].map((s, i) => s.emit('client-chat-message', { message: `m${i}` })),
    );
    expect(countOf(acks, 'ok')).toBe(3);
    expect(countOf(acks, 'rate_limited')).toBe(3);
    const refusal = acks.find((x) => !x.ok);
    expect(refusal).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/chat/i) },
    });
    // Refused messages changed nothing.
    expect(serverState(lobbyId).seq).toBe(seq + 3);
    await sleep(700);
    expect((await b.emit('client-chat-message', { message: 'again' })).ok).toBe(true);
  });

  it('another player keeps their own allowance', async () => {
    await boot({ rates: { ...LENIENT.rates, chat: { capacity: 2, refillPerSecond: 0 } } });
    const a = await client();
    const lobbyId = await createdLobby(a);
    const b = await client();
    expect((await b.emit('client-join-lobby', { lobbyId, playerName: 'B' })).ok).toBe(true);
    const spent = await Promise.all([1, 2, 3].map((i) => a.emit('client-chat-message', { message: `a${i}` })));
    expect(codes(spent)).toEqual(['ok', 'ok', 'rate_limited']);
    expect((await b.emit('client-chat-message', { message: 'b' })).ok).toBe(true);
  });

  it('actions (every other request): shared across connections, refilled', async () => {
    await boot({ rates: { ...LENIENT.rates, actions: { capacity: 4, refillPerSecond: 2 } } });
    const a = await client();
    await createdLobby(a);
    const b = await sameIdentity(a);
    const acks = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).emit('client-lobby-update', { seed: i })),
    );
    expect(countOf(acks, 'ok')).toBe(4);
    expect(countOf(acks, 'rate_limited')).toBe(4);
    await sleep(700);
    expect((await a.emit('client-lobby-update', { seed: 99 })).ok).toBe(true);
  });

  it('lobby create/join/leave share the lobby bucket', async () => {
    // A token every 2 s: the refusal is seen however slow the machine (or the database), the recovery after a wait.
    await boot({ rates: { ...LENIENT.rates, lobby: { capacity: 3, refillPerSecond: 0.5 } } });
    const a = await client();
    const b = await sameIdentity(a);
    expect((await a.emit('client-create-lobby', { playerName: 'A' })).ok).toBe(true);
    expect((await b.emit('client-leave-lobby', { playerId: a.playerId })).ok).toBe(true);
    expect((await a.emit('client-create-lobby', { playerName: 'A' })).ok).toBe(true);
    const refused = await b.emit('client-leave-lobby', { playerId: a.playerId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    // Still seated: the refused leave changed nothing.
    expect(await server().app.get(LobbyCache).seatOf(a.playerId)).toBeDefined();
    await sleep(2100);
    expect((await b.emit('client-leave-lobby', { playerId: a.playerId })).ok).toBe(true);
  });

  it('saves: loading saves has its own bucket', async () => {
    await boot({ rates: { ...LENIENT.rates, saves: { capacity: 1, refillPerSecond: 2 } } });
    const a = await client();
    await createdLobby(a);
    expect(await a.emit('client-load-save', { state: 'not a save' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    const save = {
      w: 5,
      h: 5,
      mapSeed: 1,
      rngSeed: 1,
      turnCount: 0,
      turnType: -1,
      running: false,
      countries: [],
      tiles: [],
    };
    const first = await a.emit('client-load-save', { state: save });
    expect(first).toMatchObject({ ok: false, error: { code: 'invalid_payload' } }); // a save with no map
    expect(await a.emit('client-load-save', { state: save })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
    await sleep(700);
    expect(await a.emit('client-load-save', { state: save })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
  });

  it('resync answers are charged by the KiB they send: a big answer uses up the allowance, then it refills', async () => {
    await boot({
      rates: {
        ...LENIENT.rates,
        chat: { capacity: 1000, refillPerSecond: 0 },
        syncKiB: { capacity: 8, refillPerSecond: 16 },
      },
    });
    const a = await client();
    const lobbyId = await createdLobby(a);
    // About 10 KiB of chat.
    expect(await postChat(a, 50)).toBe(true);
    expect((await a.emit('client-sync-state', { lobbyId, afterSeq: 0 })).ok).toBe(true);
    expect(await a.emit('client-sync-state', { lobbyId, afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/resync/) },
    });
    await sleep(1200);
    expect((await a.emit('client-sync-state', { lobbyId, afterSeq: 0 })).ok).toBe(true);
  });

  it('lobbies created per hour: counted on creation only', async () => {
    await boot({ rates: { ...LENIENT.rates, lobbiesCreated: { capacity: 2, refillPerSecond: 2 } } });
    const a = await client();
    for (let i = 0; i < 2; i++) {
      expect((await a.emit('client-create-lobby', { playerName: 'A' })).ok).toBe(true);
      // A create refused for another reason costs nothing of the allowance.
      expect(await a.emit('client-create-lobby', { playerName: 'A' })).toMatchObject({
        ok: false,
        error: { code: 'not_actable' },
      });
      expect((await a.emit('client-leave-lobby', { playerId: a.playerId })).ok).toBe(true);
    }
    expect(await a.emit('client-create-lobby', { playerName: 'A' })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/lobbies/) },
    });
    expect(await server().app.get(LobbyCache).seatOf(a.playerId)).toBeUndefined();
    await sleep(700);
    expect((await a.emit('client-create-lobby', { playerName: 'A' })).ok).toBe(true);
  });
});

describe('caps on connections', () => {
  it('a player may hold socketsPerPlayer connections; the next is refused with rate_limited until one closes', async () => {
    await boot({ socketsPerPlayer: 2 });
    const a = await client();
    const b = await sameIdentity(a);
    const third = await tryConnect({ playerId: a.playerId, token: a.hello.token });
    expect(third).toMatchObject({
      ok: false,
      data: { code: 'rate_limited', message: expect.stringMatching(/connections/) },
    });
    b.close();
    await waitFor(() => hub().socketCount(a.playerId) <= 1, 'the second connection to close');
    expect((await tryConnect({ playerId: a.playerId, token: a.hello.token })).ok).toBe(true);
  });

  it('new identities per address: refused past the rate without writing a player row, then allowed again', async () => {
    // A token every 2 s: the refusal is seen however slow the machine, the recovery after a wait.
    await boot({ address: { ...LENIENT.address, newIdentities: { capacity: 3, refillPerSecond: 0.5 } } });
    const players = async () =>
      Number((await sqlRows<{ n: number | string }>(server(), 'SELECT count(*) AS n FROM players'))[0]!.n);
    const known = await client();
    for (let i = 0; i < 2; i++) await client();
    expect(await players()).toBe(3);
    const refused = await tryConnect();
    expect(refused).toMatchObject({
      ok: false,
      data: { code: 'rate_limited', message: expect.stringMatching(/new players/) },
    });
    expect(await players()).toBe(3);
    // A known identity is not a new one: it still connects.
    expect((await tryConnect({ playerId: known.playerId, token: known.hello.token })).ok).toBe(true);
    await sleep(2200);
    expect((await tryConnect()).ok).toBe(true);
  });

  it('open connections per address are capped at the websocket upgrade, and freed on close', async () => {
    await boot({ address: { ...LENIENT.address, connections: 3 } });
    const first = await client();
    await client();
    await client();
    const refused = await tryConnect();
    expect(refused.ok).toBe(false);
    first.close();
    await waitFor(() => !hub().isOnline(first.playerId), 'the first connection to close');
    expect((await tryConnect()).ok).toBe(true);
  });

  it('connection attempts per address are rate-limited', async () => {
    await boot({ address: { ...LENIENT.address, connects: { capacity: 3, refillPerSecond: 0.5 } } });
    for (let i = 0; i < 3; i++) (await client()).close();
    expect((await tryConnect()).ok).toBe(false);
    await sleep(2200);
    expect((await tryConnect()).ok).toBe(true);
  });

  it('a foreign Origin is refused; the server’s own origin and a configured one connect', async () => {
    await boot({ allowedOrigins: ['https://friends.example'] });
    expect((await tryConnect(undefined, { Origin: 'https://evil.example' })).ok).toBe(false);
    expect((await tryConnect(undefined, { Origin: 'null' })).ok).toBe(false);
    expect((await tryConnect(undefined, { Origin: server().url })).ok).toBe(true);
    expect((await tryConnect(undefined, { Origin: 'https://friends.example' })).ok).toBe(true);
  });
});

describe('invalid frames slow a socket down, then drop it', () => {
  it('within the allowance each gets invalid_payload; past it rate_limited and a pause; then a disconnect', async () => {
    await boot({
      strikes: { allowance: { capacity: 3, refillPerSecond: 0 }, pauseMs: 300, disconnectAfter: 3 },
    });
    const a = await client();
    const bad = () => a.emit('client-chat-message', { message: '' });
    expect(codes([await bad(), await bad(), await bad()])).toEqual([
      'invalid_payload',
      'invalid_payload',
      'invalid_payload',
    ]);
    const started = performance.now();
    expect(await bad()).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/invalid/) },
    });
    // The socket's input was paused: the next frame is read only after the pause.
    expect(await a.emitRaw('client-teleport', {})).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    const disconnected = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
    void bad().catch(() => undefined);
    expect(await disconnected).toBe('io server disconnect');
    expect(await metric('fb_connections_dropped_total')).toMatch(/reason="invalid_frames"} 1/);
    expect(await metric('fb_rate_limited_total{limit="invalid_frames"}')).toMatch(/ 3$/);
  });

  it('requests refused by a rate limit count too', async () => {
    await boot({
      rates: { ...LENIENT.rates, chat: { capacity: 1, refillPerSecond: 0 } },
      strikes: { allowance: { capacity: 2, refillPerSecond: 0 }, pauseMs: 0, disconnectAfter: 2 },
    });
    const a = await client();
    await createdLobby(a);
    const disconnected = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
    const acks: Ack[] = [];
    for (let i = 0; i < 4; i++) acks.push(await a.emit('client-chat-message', { message: `m${i}` }));
    expect(codes(acks)).toEqual(['ok', 'rate_limited', 'rate_limited', 'rate_limited']);
    void a.emit('client-chat-message', { message: 'last' }).catch(() => undefined);
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('a reader that stops reading is dropped (bounded memory per connection)', () => {
  it('its unsent output passing socketBuffer closes the connection', async () => {
    await boot({
      rates: { ...LENIENT.rates, chat: { capacity: 1000, refillPerSecond: 0 } },
      bytes: { eventsPage: 1 << 20, resyncTail: 1 << 30, socketBuffer: 256 * 1024, stalledMs: 600_000 },
    });
    const a = await client();
    const lobbyId = await createdLobby(a);
    // A lobby whose resync answer is large: many chat messages.
    expect(await postChat(a, 60)).toBe(true);
    // Ask for ~15 KB answers, many at once, until the server gives up on it (kernel buffers first take MBs).
    expect(await stopReadingUntilDropped(a, lobbyId, 100, 100)).toBe(true);
    expect(await metric('fb_connections_dropped_total')).toMatch(/reason="slow_reader"} 1/);
  });
});

describe('a reader that keeps output waiting is dropped, however small the queue', () => {
  it('output unsent for stalledMs closes the connection', async () => {
    await boot({
      rates: { ...LENIENT.rates, chat: { capacity: 1000, refillPerSecond: 0 } },
      bytes: { eventsPage: 1 << 20, resyncTail: 1 << 30, socketBuffer: 1 << 30, stalledMs: 1500 },
    });
    const a = await client();
    const lobbyId = await createdLobby(a);
    expect(await postChat(a, 60)).toBe(true);
    // Enough to fill the network's buffers, then a little more now and then: the queue stays far under the cap.
    expect(await stopReadingUntilDropped(a, lobbyId, 20, 200)).toBe(true);
    expect(await metric('fb_connections_dropped_total')).toMatch(/reason="slow_reader"} 1/);
  });
});

/**
 * Stops reading (the client's TCP socket takes no more data, so the server's output piles up) and asks
 * for `perRound` resync answers every `everyMs` until the server drops the connection; false if it never does.
 */
async function stopReadingUntilDropped(
  a: TestClient,
  lobbyId: string,
  perRound: number,
  everyMs: number,
): Promise<boolean> {
  const engine = (a.socket.io as unknown as { engine: { transport: { ws: { _socket: { pause(): void } } } } }).engine;
  engine.transport.ws._socket.pause();
  const deadline = Date.now() + 30_000;
  while (hub().isOnline(a.playerId) && Date.now() < deadline) {
    for (let i = 0; i < perRound; i++) a.socket.emit('client-sync-state', { lobbyId, afterSeq: 0 }, () => undefined);
    await sleep(everyMs);
  }
  return !hub().isOnline(a.playerId);
}

/** Posts `n` long chat messages in the client's lobby (the chat limit is out of the way). */
async function postChat(a: TestClient, n: number): Promise<boolean> {
  for (let i = 0; i < n; i++) {
    const ack = await a.emit('client-chat-message', { message: `${i} ${'x'.repeat(190)}` });
    if (!ack.ok) return false;
  }
  return true;
}
