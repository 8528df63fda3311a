/**
 * The abuse limits hold across nodes (issue 8: "presence, rate limits per identity and the idle sweep work
 * across nodes"; PROTOCOL §6, docs/OPERATIONS.md §10). Two nodes on one database and one real
 * `redis-server`: a player or an address spreading requests over both gets one allowance, not two. With
 * Redis away each node still keeps its own limits, and answers without waiting on Redis.
 */
import type { Ack } from '@four-banners/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../src/common/config.js';
import { NodeRegistry } from '../src/cluster/node-registry.js';
import { REDIS, type RedisClients } from '../src/cluster/redis.js';
import { LobbyHub } from '../src/lobby/core/lobby.hub.js';
import { nodesRig } from './fixtures/nodes-rig.js';
import {
  LENIENT,
  TestClient,
  createdLobby,
  expectOk as ok,
  tryConnectTo,
  waitFor,
  type ConnectOutcome,
  type Identity,
  type TestServer,
} from './harness.js';

const { nodes, clients, startRedis, redisServer, boot, connect, stopNodes, stop } = nodesRig('shared-limits');
beforeAll(startRedis);
afterAll(stop);
afterEach(stopNodes);

/** Two nodes on a fresh database and the shared Redis, with `overrides` on both. */
async function twoNodes(overrides: Partial<ServerConfig>): Promise<[TestServer, TestServer]> {
  const [a, b] = await boot(2, { nodeHeartbeatMs: 200, ...overrides });
  return [a!, b!];
}

const tryConnect = (node: TestServer, auth?: Identity): Promise<ConnectOutcome> => tryConnectTo(node.url, auth);

const identity = (c: TestClient): Identity => ({ playerId: c.hello!.playerId, token: c.hello!.token });

const accepted = (acks: readonly Ack[]) => acks.filter((a) => a.ok).length;

describe('rate limits per identity hold across nodes (issue 8)', () => {
  it('a player chatting through two nodes at once shares one chat bucket', async () => {
    const [a, b] = await twoNodes({ rates: { ...LENIENT.rates, chat: { capacity: 6, refillPerSecond: 0 } } });
    const onA = await connect(a);
    await createdLobby(onA);
    // The same player, a second connection on the other node.
    const onB = await connect(b, identity(onA));
    const acks: Ack[] = [];
    for (let i = 0; i < 12; i++)
      acks.push(await (i % 2 === 0 ? onA : onB).emit('client-chat-message', { message: `m${i}` }));
    expect(accepted(acks)).toBe(6);
    expect(acks.slice(6).every((r) => !r.ok && r.error.code === 'rate_limited')).toBe(true);
    // Sent at once to both nodes, still one bucket: nothing more gets through.
    const burst = await Promise.all(
      [onA, onB, onA, onB].map((c, i) => c.emit('client-chat-message', { message: `x${i}` })),
    );
    expect(accepted(burst)).toBe(0);
  });

  it('the bucket refills once for the player, whichever node they use next', async () => {
    const [a, b] = await twoNodes({ rates: { ...LENIENT.rates, chat: { capacity: 2, refillPerSecond: 4 } } });
    const onA = await connect(a);
    await createdLobby(onA);
    const onB = await connect(b, identity(onA));
    const spent = [
      await onA.emit('client-chat-message', { message: '1' }),
      await onA.emit('client-chat-message', { message: '2' }),
    ];
    expect(accepted(spent)).toBe(2);
    expect((await onB.emit('client-chat-message', { message: 'too soon' })).ok).toBe(false);
    await new Promise((r) => setTimeout(r, 600));
    expect((await onB.emit('client-chat-message', { message: 'refilled' })).ok).toBe(true);
  });

  it('the HTTP rate per address counts requests to every node', async () => {
    const [a, b] = await twoNodes({ address: { ...LENIENT.address, http: { capacity: 6, refillPerSecond: 0 } } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await fetch(`${(i % 2 === 0 ? a : b).url}/api/health`)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
  });

  it('connection attempts per address are one allowance across nodes', async () => {
    const [a, b] = await twoNodes({ address: { ...LENIENT.address, connects: { capacity: 4, refillPerSecond: 0 } } });
    const outcomes: ConnectOutcome[] = [];
    for (let i = 0; i < 6; i++) outcomes.push(await tryConnect(i % 2 === 0 ? a : b));
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, true, false, false]);
  });
});

describe('caps count every node (issue 8)', () => {
  it('open connections per address: two on each node fill a cap of four; one closed frees a place anywhere', async () => {
    const [a, b] = await twoNodes({ address: { ...LENIENT.address, connections: 4 } });
    const open = [await connect(a), await connect(a), await connect(b), await connect(b)];
    for (const node of [a, b]) {
      expect((await tryConnect(node)).ok).toBe(false);
    }
    open[0]!.close();
    // Node A's count drops at once; node B reads it from Redis.
    await waitFor(async () => (await tryConnect(b)).ok, 'a place freed on node A usable on node B', 5000);
  });

  it('sockets per player: one connection on each node fills a cap of two', async () => {
    const [a, b] = await twoNodes({ socketsPerPlayer: 2 });
    const first = await connect(a);
    await connect(b, identity(first));
    for (const node of [a, b]) {
      expect(await tryConnect(node, identity(first))).toMatchObject({
        ok: false,
        data: { code: 'rate_limited', message: expect.stringMatching(/connections for this player/i) },
      });
    }
  });
});

describe('caps under handshakes arriving together (issue 8)', () => {
  it('ten connections of one player at once: no more than SOCKETS_PER_PLAYER get through', async () => {
    const [a, b] = await twoNodes({ socketsPerPlayer: 3 });
    const first = await connect(b);
    const tries = await Promise.allSettled(Array.from({ length: 10 }, () => connect(a, identity(first))));
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(2);
  });

  it('ten connections from one address at once: no more than CONNECTIONS_PER_ADDRESS get through', async () => {
    const [a, b] = await twoNodes({ address: { ...LENIENT.address, connections: 4 } });
    await connect(b);
    const tries = await Promise.allSettled(Array.from({ length: 10 }, () => connect(a)));
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(3);
  });
});

describe('Redis away: each node keeps its own limits (issue 8)', () => {
  it('requests are still answered, and a node refuses past the allowance it last knew', async () => {
    const [a, b] = await twoNodes({ rates: { ...LENIENT.rates, chat: { capacity: 4, refillPerSecond: 0 } } });
    const onA = await connect(a);
    await createdLobby(onA);
    const onB = await connect(b, identity(onA));
    // Two through B while Redis is up: A's copy of the bucket does not know of them yet.
    expect(
      accepted([
        await onB.emit('client-chat-message', { message: 'b1' }),
        await onB.emit('client-chat-message', { message: 'b2' }),
      ]),
    ).toBe(2);
    redisServer().kill();
    try {
      const acks: Ack[] = [];
      for (let i = 0; i < 6; i++) acks.push(await onA.emit('client-chat-message', { message: `a${i}` }));
      // Alone, node A allows at most its whole bucket; never more.
      expect(accepted(acks)).toBeLessThanOrEqual(4);
      expect(acks.at(-1)).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
      const metrics = await (await fetch(`${a.url}/api/metrics`)).text();
      expect(metrics).toMatch(/^fb_shared_limit_fallbacks_total [1-9]/m);
    } finally {
      await redisServer().start();
    }
  });
});

describe('nodes that stop beating (issue 8: presence and caps across nodes)', () => {
  it('a node that missed its beats but still answers: its counts are dropped, its players stay online, and it comes back whole', async () => {
    const [a, b] = await twoNodes({});
    const alice = await connect(a);
    const lobbyId = await createdLobby(alice);
    const bob = await connect(b);
    await alice.untilSeq(await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' })));
    const seenAtA = () => a.app.get(NodeRegistry).elsewhere('sockets', bob.playerId);
    expect(await seenAtA()).toBe(1);

    // Node B stops beating: after three beats node A takes it for dead and drops its counts. But B still
    // answers "who is connected to you?", so Bob is not announced offline (a dead node would not answer).
    const registry = b.app.get(NodeRegistry);
    registry.stopBeating();
    await waitFor(async () => (await seenAtA()) === 0, "node B's counts dropped at node A", 5000);
    expect(alice.payloads('server-presence').filter((p) => p.playerId === bob.playerId && !p.online)).toEqual([]);
    // B beats again, finds itself forgotten and writes its counts back.
    await registry.beat();
    expect(await seenAtA()).toBe(1);
  });
});

describe('counts and presence when a node loses Redis or stops (issue 8)', () => {
  it('a count that changed while a node could not write it is right again at its next beat', async () => {
    const [a, b] = await twoNodes({});
    const player = await connect(a);
    await connect(a, identity(player));
    const seenAtB = () => b.app.get(NodeRegistry).elsewhere('sockets', player.playerId);
    expect(await seenAtB()).toBe(2);
    // Node A's connection to Redis drops (Redis itself keeps everything): the player leaves meanwhile.
    const pub = a.app.get<RedisClients>(REDIS).pub;
    await pub.close();
    for (const c of clients.splice(0)) c.close();
    await waitFor(() => !a.app.get(LobbyHub).isOnline(player.playerId), 'the player gone from node A');
    expect(await seenAtB()).toBe(2);
    await pub.connect();
    await a.app.get(NodeRegistry).beat();
    expect(await seenAtB()).toBe(0);
  });

  it('a node stopped cleanly: its players are announced offline to the others, and its counts leave with it', async () => {
    const [a, b] = await twoNodes({});
    const alice = await connect(a);
    const lobbyId = await createdLobby(alice);
    const bob = await connect(b);
    await alice.untilSeq(await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' })));
    await b.stop();
    nodes.splice(nodes.indexOf(b), 1);
    await alice.until(
      (c) => c.payloads('server-presence').some((p) => p.playerId === bob.playerId && !p.online),
      'Bob announced offline by his stopping node',
    );
    expect(await a.app.get(NodeRegistry).elsewhere('sockets', bob.playerId)).toBe(0);
  });
});

describe('spectators across nodes (issue 8; PROTOCOL §4.5)', () => {
  it('the watcher count and WATCHERS_PER_LOBBY sum every node; the lobby hears the sum wherever it watches from', async () => {
    const [a, b] = await twoNodes({ watchers: { perLobby: 2, noticeMs: 50 } });
    const alice = await connect(a);
    const lobbyId = await createdLobby(alice);
    const bob = await connect(b);
    await alice.untilSeq(await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' })));
    const lastCount = (c: TestClient) => c.payloads('server-watchers').at(-1)?.count;

    const onA = await connect(a);
    expect(await onA.watch(lobbyId)).toMatchObject({ ok: true, watchers: 1 });
    const onB = await connect(b);
    // Node B counts node A's watcher too.
    expect(await onB.watch(lobbyId)).toMatchObject({ ok: true, watchers: 2 });
    // Both players hear 2, whichever node they are on.
    await alice.until((c) => lastCount(c) === 2, 'Alice hears 2 watching');
    await bob.until((c) => lastCount(c) === 2, 'Bob hears 2 watching');
    // The cap counts both nodes: a third watcher is refused on either.
    for (const node of [a, b]) {
      expect(await (await connect(node)).watch(lobbyId)).toMatchObject({ ok: false, error: { code: 'lobby_full' } });
    }
    await ok(onB.emit('client-unwatch-lobby', {}));
    await alice.until((c) => lastCount(c) === 1, 'Alice hears 1 watching');
    await bob.until((c) => lastCount(c) === 1, 'Bob hears 1 watching');
  });
});
