/**
 * Three server nodes on one database and one Redis (ARCHITECTURE §6; issue 8 "Several nodes, one log",
 * "Broadcasts across nodes"). Players connected to different nodes play one lobby: each node folds what the
 * others commit when Redis tells it (the lobby follower) and sends the log's events to its own clients, so
 * every client sees every seq once and in order. A real `redis-server` on a free port, started here.
 */
import { fold, isGameOver, stateHash, type LobbyState } from '@four-banners/engine';
import { lobbyStateFromSnapshot, type StateSnapshot } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyHub } from '../src/lobby/core/lobby.hub.js';
import { LobbyIdleSweep } from '../src/lobby/play/lobby-idle.service.js';
import { LobbyLogRepository } from '../src/storage/lobby-log.repository.js';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { playToEnd } from './drive.js';
import { nodesRig } from './fixtures/nodes-rig.js';
import {
  ADMIN_TOKEN,
  LENIENT,
  TestClient,
  createdLobby,
  expectOk as ok,
  getJson,
  isContiguous,
  waitFor,
  type Identity,
  type TestServer,
} from './harness.js';

const CHATS_PER_NODE = 30;
const { nodes, startRedis, redisServer, boot, connect: connectTo, stop } = nodesRig('three-nodes');

beforeAll(async () => {
  await startRedis();
  await boot(3, { rates: { ...LENIENT.rates, chat: LENIENT.rates.actions }, lobbyChatMax: 1_000_000 });
});
afterAll(stop);

const connect = async (node: TestServer, auth?: Identity): Promise<TestClient> =>
  (await connectTo(node, auth)).trackHashes();

const logOf = (lobbyId: string) => nodes[0]!.app.get(LobbyLogRepository).readEvents(lobbyId);
const heldBy = (node: TestServer, lobbyId: string) => node.app.get(LobbyCache).cached(lobbyId);

/** A node's `fb_follows_total` by source (notice, database). */
async function followsBySource(node: TestServer): Promise<Record<string, number>> {
  const text = await (await fetch(`${node.url}/api/metrics`)).text();
  return Object.fromEntries(
    [...text.matchAll(/^fb_follows_total\{source="(\w+)"\} (\d+)/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
}

/** Waits until the nodes hold the lobby at the log's last seq (from the notices alone: nobody calls sync). */
async function nodesCaughtUp(lobbyId: string, among: readonly TestServer[] = nodes): Promise<LobbyState[]> {
  const last = (await logOf(lobbyId)).length;
  await waitFor(() => among.every((n) => heldBy(n, lobbyId)?.seq === last), `the nodes at seq ${last}`);
  return among.map((n) => heldBy(n, lobbyId)!);
}

/** The log is 1..n without a gap, folds, and `states` all hash as its fold does. */
async function expectOneLog(lobbyId: string, states: readonly LobbyState[]): Promise<number> {
  const events = await logOf(lobbyId);
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  const folded = fold(events);
  if (!folded.ok) throw new Error(`the log does not fold: ${folded.error.message}`);
  for (const state of states) {
    expect(state.seq).toBe(events.length);
    expect(stateHash(state)).toBe(stateHash(folded.value));
  }
  return events.length;
}

describe('three nodes, one PostgreSQL or SQLite log, one Redis (issue 8)', () => {
  it('players on three nodes create, join, chat and play a game with a bot; every client hashes as the admin API at every seq', async () => {
    const [n0, n1, n2] = nodes as [TestServer, TestServer, TestServer];
    const alice = await connect(n0);
    const bob = await connect(n1);
    const carol = await connect(n2);

    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await ok(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }));
    // Bob's join, appended by node 1, reached Alice through node 0.
    await alice.until((c) => c.state!.players.length === 3, 'the joins on other nodes');
    // Presence crosses nodes: Carol learns Alice and Bob are online, though they sit elsewhere.
    await carol.until(
      (c) =>
        [alice, bob].every((p) => c.payloads('server-presence').some((x) => x.playerId === p.playerId && x.online)),
      'presence from the other nodes',
    );

    const chat = await ok(bob.emit('client-chat-message', { message: 'hello from node 1' }));
    await Promise.all([alice.untilSeq(chat), carol.untilSeq(chat)]);
    expect(alice.state!.messages.at(-1)).toMatchObject({ playerId: bob.playerId, msg: 'hello from node 1' });

    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    await ok(carol.emit('client-change-country', { country: 2 }));
    await ok(alice.emit('client-add-bot', { country: 3, difficulty: 'normal' }));
    await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed: 808 }));
    const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await Promise.all([alice, bob, carol].map((c) => c.untilSeq(started)));

    // Every node holds a person of the lobby, so each schedules the bot's turns: one lands each time.
    await playToEnd([alice, bob, carol], 11);
    const states = await nodesCaughtUp(lobbyId);
    const last = await expectOneLog(lobbyId, states);
    expect(isGameOver(states[0]!.game)).toBe(true);
    await Promise.all([alice, bob, carol].map((c) => c.untilSeq(last)));

    const events = await logOf(lobbyId);
    const botId = states[0]!.players.find((p) => p.bot)!.id;
    expect(events.some((e) => e.kind === 'game-action' && e.actor === botId)).toBe(true);

    for (const c of [alice, bob, carol]) {
      expect(isContiguous(c.seqs)).toBe(true);
      expect(c.seqs[0]).toBeLessThanOrEqual(started);
      expect(c.gap).toBe(false);
    }
    // The admin API (asked of another node each time) at every seq, against every client that saw that seq.
    for (let seq = 1; seq <= last; seq++) {
      const node = nodes[seq % 3]!;
      const { status, body } = await getJson(`${node.url}/api/admin/lobbies/${lobbyId}/state?seq=${seq}`, ADMIN_TOKEN);
      expect(status).toBe(200);
      const hash = stateHash(lobbyStateFromSnapshot(body as StateSnapshot));
      for (const c of [alice, bob, carol]) if (c.hashes!.has(seq)) expect(c.hashes!.get(seq), `seq ${seq}`).toBe(hash);
    }
    expect(alice.hashes!.size).toBe(last);
    // Most commits reached the other nodes with their events (a move, a chat line): no database read for them.
    const follows = await Promise.all(nodes.map((n) => followsBySource(n)));
    const sum = (source: string) => follows.reduce((n, f) => n + (f[source] ?? 0), 0);
    expect(sum('notice')).toBeGreaterThan(sum('database'));
  });

  it('chats sent to the three nodes at once all land once; the log stays contiguous and every node and client follows it', async () => {
    const people = await Promise.all(nodes.map((n) => connect(n)));
    const [alice, bob, carol] = people as [TestClient, TestClient, TestClient];
    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await ok(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }));

    const sent = await Promise.all(
      Array.from({ length: CHATS_PER_NODE }, (_, i) =>
        people.map((c, n) => c.emit('client-chat-message', { message: `${n}:${i}` })),
      ).flat(),
    );
    for (const ack of sent) expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    const seqs = sent.map((ack) => (ack.ok ? ack.seq! : 0));
    expect(new Set(seqs).size).toBe(seqs.length);

    const states = await nodesCaughtUp(lobbyId);
    const total = await expectOneLog(lobbyId, states);
    expect(total).toBe(4 + 3 * CHATS_PER_NODE);
    await Promise.all(people.map((c) => c.untilSeq(total)));
    for (const c of people) {
      expect(isContiguous(c.seqs)).toBe(true);
      expect(c.gap).toBe(false);
    }
    await expectOneLog(
      lobbyId,
      people.map((c) => c.state!),
    );
  });

  it('the same turn ended on two nodes at once: exactly one lands, the other is refused; no fork, no skipped seq', async () => {
    const [n0, n1] = nodes as [TestServer, TestServer, TestServer];
    const alice = await connect(n0);
    const aliceOnN1 = await connect(n1, { playerId: alice.playerId, token: alice.hello.token });
    const bob = await connect(n1);
    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    await ok(alice.emit('client-change-country', { country: 0 }));
    const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await Promise.all([alice, aliceOnN1, bob].map((c) => c.untilSeq(started)));

    for (let round = 0; round < 5; round++) {
      const seq = alice.state!.seq;
      const endTurn = { id: 'next_turn', info: { country: 0 } };
      const answers = await Promise.all([
        alice.emit('client-game-action', endTurn),
        aliceOnN1.emit('client-game-action', endTurn),
      ]);
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, error: { code: 'not_your_turn' } });
      await Promise.all([alice, bob].map((c) => c.untilSeq(seq + 1)));
      const bobEnds = await ok(bob.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }));
      await Promise.all([alice, aliceOnN1, bob].map((c) => c.untilSeq(bobEnds)));
    }
    // Node 2 serves nobody of this lobby: it never loaded it.
    expect(heldBy(nodes[2]!, lobbyId)).toBeUndefined();
    const states = await nodesCaughtUp(lobbyId, [n0, n1]);
    await expectOneLog(lobbyId, [...states, alice.state!, aliceOnN1.state!, bob.state!]);
    for (const c of [alice, aliceOnN1, bob]) expect(isContiguous(c.seqs) && !c.gap).toBe(true);
  });

  it('the idle sweep asks every node: a lobby whose people are all on other nodes stays open, and closes once they are gone everywhere', async () => {
    const [n0, n1] = nodes as [TestServer, TestServer, TestServer];
    const alice = await connect(n0);
    const bob = await connect(n1);
    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    alice.close();
    await waitFor(() => !n0.app.get(LobbyHub).isOnline(alice.playerId), 'Alice gone from node 0');
    // Node 0 holds the lobby with nobody of it connected there; Bob is on node 1.
    const sweep = n0.app.get(LobbyIdleSweep);
    const idle = n0.config.idleCloseMs;
    const t = Date.now();
    expect(await sweep.sweep(t)).toEqual([]);
    expect(await sweep.sweep(t + idle + 1)).toEqual([]);
    expect(heldBy(n0, lobbyId)?.online).toBe(true);

    bob.close();
    await waitFor(() => !n1.app.get(LobbyHub).isOnline(bob.playerId), 'Bob gone from node 1');
    expect(await sweep.sweep(t + 3 * idle)).toEqual([lobbyId]);
    // Node 1 folds the closing from the notice.
    await waitFor(() => heldBy(n1, lobbyId) === undefined, 'node 1 forgets the closed lobby');
    const events = await logOf(lobbyId);
    expect(events.at(-1)).toMatchObject({ kind: 'lobby-updated', payload: { online: false, reason: 'idle' } });
  });

  it("a request refused on a node that has not heard of another node's commit is decided again on the log and lands", async () => {
    const [n0, n1] = nodes as [TestServer, TestServer, TestServer];
    const alice = await connect(n0);
    const bob = await connect(n1);
    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await ok(alice.emit('client-change-country', { country: 0 }));
    await nodesCaughtUp(lobbyId, [n0, n1]);
    // No notices while Redis is away: each node hears of the other's commits only by asking the log.
    redisServer().kill();
    try {
      await ok(bob.emit('client-change-country', { country: 1 }));
      // Node 0 still sees one country: it would refuse the start, so it reads the tail and starts.
      const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
      const passed = await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
      expect(passed).toBe(started + 1);
      // Node 1 has not seen the start nor Alice's pass: "not your turn" there, until it reads the tail.
      const bobPassed = await ok(bob.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }));
      expect(bobPassed).toBe(passed + 1);
    } finally {
      await redisServer().start();
    }
    const states = await nodesCaughtUp(lobbyId, [n0, n1]);
    await expectOneLog(lobbyId, states);
    await Promise.all([alice, bob].map((c) => c.untilSeq(states[0]!.seq)));
    for (const c of [alice, bob]) expect(isContiguous(c.seqs) && !c.gap).toBe(true);
  });

  it('Redis killed mid-game and started again: what was committed meanwhile reaches every node and client', async () => {
    const people = await Promise.all(nodes.map((n) => connect(n)));
    const [alice, bob, carol] = people as [TestClient, TestClient, TestClient];
    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await ok(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }));
    await nodesCaughtUp(lobbyId);

    redisServer().kill();
    // Written while no node hears of the others' commits: each lands (the database decides), unseen elsewhere.
    for (const [n, c] of people.entries())
      await ok(c.emit('client-chat-message', { message: `during the outage ${n}` }));
    await redisServer().start();

    const states = await nodesCaughtUp(lobbyId);
    const total = await expectOneLog(lobbyId, states);
    await Promise.all(people.map((c) => c.untilSeq(total)));
    for (const c of people) {
      expect(isContiguous(c.seqs)).toBe(true);
      expect(c.gap).toBe(false);
      expect(c.state!.messages.map((m) => m.msg)).toEqual([0, 1, 2].map((n) => `during the outage ${n}`));
    }
  });
});
