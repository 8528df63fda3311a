/**
 * A node dies (issue 8 "A node dies"): three BUILT server nodes as child processes on one database and one
 * Redis; the node a player is on is killed with SIGKILL mid-game, right after the turn passed to a bot. The
 * player reconnects to another node, is greeted with their seat, resyncs from their last seq and the game is
 * played to its end; the bot's turn in flight is played by a node still running.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from './drive.js';
import { buildServer, startBuiltNode, type BuiltNode } from './fixtures/built-node.js';
import { startRedis, type RedisServer } from './fixtures/redis-server.js';
import {
  ADMIN_TOKEN,
  TestClient,
  expectOk as ok,
  expectPlayedOnAfterKill,
  getJson,
  removeDir,
  startedGameWithBot,
  storageEnv,
} from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-failover-'));
const children: ChildProcess[] = [];
const clients: TestClient[] = [];
let redis: RedisServer;

beforeAll(async () => {
  buildServer();
  redis = await startRedis();
}, 180_000);
afterAll(() => {
  for (const c of clients) c.close();
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  redis?.stop();
  removeDir(dir);
});

/** Starts one built node on the test's database and Redis (`env` on top). */
async function startNode(env: Record<string, string> = {}): Promise<BuiltNode> {
  const node = await startBuiltNode({
    ...(await storageEnv(dir)),
    REDIS_URL: redis.url,
    ADMIN_TOKEN,
    LOG: 'off',
    // The test plays as fast as the acks come: no per-player rate gets in the way.
    ACTION_BURST: '100000',
    ACTION_PER_SECOND: '100000',
    BOT_ACTION_MS: '0',
    BOT_TURN_MS: '0',
    ...env,
  });
  children.push(node.child);
  return node;
}

async function connect(url: string, auth?: { playerId: string; token: string }): Promise<TestClient> {
  const c = await TestClient.connect(url, auth);
  clients.push(c);
  return c;
}

describe('a node is killed mid-game; its player goes on through another node (issue 8)', () => {
  it('SIGKILL of the node a player is on, just after the turn passed to a bot: they reconnect elsewhere, resync and finish', async () => {
    // One after the other: the first makes and migrates the database the others find.
    const a = await startNode();
    const b = await startNode();
    const c = await startNode();
    const alice = await connect(a.url);
    const bob = await connect(b.url);
    const { lobbyId } = await startedGameWithBot(alice, bob, 77);

    // Alice and Bob pass; the turn goes to the bot, and Alice's node dies at once.
    const alicePasses = await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await bob.untilSeq(alicePasses);
    const bobPasses = await ok(bob.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }));
    await alice.untilSeq(bobPasses);
    expect(whoseTurn(alice.state!.game)).toBe(2);
    a.child.kill('SIGKILL');
    const held = alice.state!;

    // She comes back through node C: greeted with her seat, she resyncs from what she held.
    const alice2 = await connect(c.url, { playerId: alice.playerId, token: alice.hello.token });
    expect(alice2.hello.lobbyId).toBe(lobbyId);
    await alice2.resync(lobbyId, held);
    expect(alice2.state!.seq).toBeGreaterThanOrEqual(bobPasses);

    await playToEnd([alice2, bob], 5);
    const final = await getJson(`${c.url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
    // Bob's node never died: he saw every seq once, in order, whoever appended it.
    await expectPlayedOnAfterKill(final.body.events as LobbyEvent[], [alice2, bob], bob, bobPasses);
  });

  it('a killed node is found dead by the others: its players are announced offline and its connections stop counting', async () => {
    // Its own Redis: the nodes of the test above still hold connections there.
    const own = await startRedis();
    try {
      const env = { REDIS_URL: own.url, NODE_HEARTBEAT_MS: '200', CONNECTIONS_PER_ADDRESS: '3' };
      const x = await startNode(env);
      const y = await startNode(env);
      const alice = await connect(x.url);
      await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
      await alice.untilSeq(2);
      const lobbyId = alice.state!.lobbyId;
      const bob = await connect(y.url);
      await alice.untilSeq(await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' })));
      await connect(y.url);
      // Three connections from this address, one on X and two on Y: X refuses a fourth.
      await expect(connect(x.url)).rejects.toThrow();

      y.child.kill('SIGKILL');
      // Nobody told X: it finds Y's beats gone (3 × 200 ms), announces Bob gone, and forgets Y's connections.
      await alice.until(
        (me) => me.payloads('server-presence').some((p) => p.playerId === bob.playerId && !p.online),
        'Bob announced offline after his node died',
      );
      await connect(x.url);
      await connect(x.url);
    } finally {
      own.stop();
    }
  });
});
