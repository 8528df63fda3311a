/**
 * Turn clocks and absent players on two nodes (docs/PROTOCOL.md §4.8, ARCHITECTURE §6): each node that a
 * person of the lobby is connected to keeps the lobby's timer, and the decision is taken again on the
 * lobby's current state inside its lock, so one timeout (one away, one back) lands per occasion whichever
 * node fires, while clients hammer both nodes. Two nodes on one database and one real `redis-server`.
 */
import { applyEvent, stateHash, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../src/common/config.js';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { clockedGame, logOf, passesEveryTurn } from './clocked.js';
import { oneAliveSave } from './drive.js';
import { nodesRig } from './fixtures/nodes-rig.js';
import {
  LENIENT,
  TestClient,
  createdLobby,
  expectOk as ok,
  isContiguous,
  waitFor,
  type Identity,
  type TestServer,
} from './harness.js';

const rig = nodesRig('clock-nodes');
beforeAll(rig.startRedis);
afterAll(rig.stop);
afterEach(rig.stopNodes);

async function twoNodes(overrides: Partial<ServerConfig>): Promise<[TestServer, TestServer]> {
  const [a, b] = await rig.boot(2, {
    nodeHeartbeatMs: 200,
    rates: { ...LENIENT.rates, chat: LENIENT.rates.actions },
    lobbyChatMax: 1_000_000,
    ...overrides,
  });
  return [a!, b!];
}

const connect = async (node: TestServer, auth?: Identity): Promise<TestClient> =>
  (await rig.connect(node, auth)).trackHashes();

/** Each turn-timeout of the log with the turn count it ended. */
function timeoutTurns(events: readonly LobbyEvent[]): number[] {
  let state: LobbyState | null = null;
  const turns: number[] = [];
  for (const e of events) {
    if (e.kind === 'turn-timeout') turns.push(state!.game.turn.count);
    const next = applyEvent(state, e);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return turns;
}

/** Sends chat and refused moves as fast as the answers come, until stopped. */
function hammer(c: TestClient, wrongCountry: 0 | 1): () => Promise<void> {
  let running = true;
  const loops = [0, 1, 2].map(async (i) => {
    while (running) {
      if (i === 0) await c.emit('client-chat-message', { message: 'hi' });
      else await c.emit('client-game-action', { id: 'next_turn', info: { country: wrongCountry } });
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

describe('two nodes: one decision per occasion (PROTOCOL §4.8)', () => {
  it('exactly one turn-timeout per turn while both nodes are hammered with concurrent requests', async () => {
    const [a, b] = await twoNodes({ clockMsPerSecond: 20 });
    const alice = await connect(a);
    const bob = await connect(b);
    const { lobbyId } = await clockedGame(alice, bob, 30);
    // Each person is connected to both nodes: both keep the lobby's timer at the deadline and race for it.
    const alsoAlice = await connect(b, { playerId: alice.playerId, token: alice.hello.token });
    const alsoBob = await connect(a, { playerId: bob.playerId, token: bob.hello.token });
    const stops = [hammer(alice, 1), hammer(bob, 0), hammer(alsoAlice, 1), hammer(alsoBob, 0)];
    // Nobody acts: two timeouts each, then both are away and the game pauses.
    await waitFor(
      () =>
        a.app
          .get(LobbyCache)
          .cached(lobbyId)
          ?.players.every((p) => p.away === 'timeouts') ?? false,
      'both away',
    );
    for (const stop of stops) await stop();
    const log = await logOf(a, lobbyId);
    const turns = timeoutTurns(log);
    expect(turns).toHaveLength(4);
    expect(new Set(turns).size).toBe(4);
    expect(log.filter((e) => e.kind === 'player-away')).toHaveLength(2);
    expect(log.filter((e) => e.kind === 'game-action' && e.actor === 'server')).toHaveLength(4);
    // Every client saw every seq once and in order, and holds what the log folds to.
    const last = log.at(-1)!.seq;
    await Promise.all([alice.untilSeq(last), bob.untilSeq(last)]);
    for (const c of [alice, bob]) {
      expect(isContiguous(c.seqs)).toBe(true);
      expect(c.gap).toBe(false);
      expect(c.hashes!.get(last)).toBe(stateHash(a.app.get(LobbyCache).cached(lobbyId)!));
    }
  });

  it('a person offline on their turn is marked away by the node of the one still there, and back on reconnecting to the other', async () => {
    const [a, b] = await twoNodes({ awayGraceMs: 300 });
    const alice = await connect(a);
    const bob = await connect(b);
    const { lobbyId } = await clockedGame(alice, bob, 0);
    const stopPassing = passesEveryTurn(bob);
    alice.close();
    await bob.until((c) => c.events.some((e) => e.kind === 'player-away'), 'alice away');
    await bob.until(
      (c) => c.events.some((e) => e.kind === 'game-action' && e.actor === 'server' && e.payload.id === 'next_turn'),
      'a turn played for alice',
    );
    const alice2 = await connect(a, { playerId: alice.playerId, token: alice.hello.token });
    await bob.until((c) => c.events.some((e) => e.kind === 'player-back'), 'alice back');
    await stopPassing();
    const log = await logOf(b, lobbyId);
    expect(log.filter((e) => e.kind === 'player-away')).toHaveLength(1);
    expect(log.filter((e) => e.kind === 'player-back')).toHaveLength(1);
    expect(log.find((e) => e.kind === 'player-away')).toMatchObject({
      payload: { playerId: alice.playerId, reason: 'absent' },
    });
    alice2.close();
  });
});

describe('two nodes: a rematch notice reaches the watchers on every node (PROTOCOL §4.6)', () => {
  it('on both nodes, when the admin was the last person in the finished game', async () => {
    const [a, b] = await twoNodes({});
    const alice = await connect(a);
    const carol = await connect(b);
    const dave = await connect(a);
    const lobbyId = await createdLobby(alice);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    await ok(alice.emit('client-load-save', { state: oneAliveSave([0, 1]) }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    // Carol watches the finished game through the other node (which reads it from the log).
    expect(await carol.watch(lobbyId)).toMatchObject({ ok: true });
    expect(carol.state?.players.map((p) => p.id)).toContain(alice.playerId);
    // Dave watches it through Alice's node.
    await ok(dave.watch(lobbyId));
    await ok(alice.emit('client-rematch', {}));
    for (const watcher of [carol, dave]) {
      await watcher.until((c) => c.payloads('server-rematch').length === 1, 'the watcher told');
      expect(watcher.payloads('server-rematch')[0]).toMatchObject({ lobbyId, by: alice.playerId });
      await watcher.until((c) => c.state?.online === false, 'then the closing');
    }
  });
});
