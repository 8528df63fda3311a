/**
 * Two server nodes on one database (ARCHITECTURE §6.2, issue 8 "Several nodes, one log"): each appends at its
 * last seq + 1, and the `(lobby_id, seq)` primary key refuses a second append at a seq. The node that loses
 * a race reloads the log's tail, checks the request again with the engine on the new state, and retries
 * or refuses; the events it missed reach its own clients, so they stay contiguous. Runs on both drivers.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fold, stateHash, type LobbyState } from '@four-banners/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyLogRepository } from '../src/storage/lobby-log.repository.js';
import { LobbyStore } from '../src/lobby/core/lobby.store.js';
import { MetricsService } from '../src/common/metrics.service.js';
import {
  LENIENT,
  TestClient,
  bootServer,
  createdLobby,
  expectOk as ok,
  isContiguous,
  removeDir,
  type TestServer,
} from './harness.js';

const CHATS_PER_NODE = 40;
const dir = mkdtempSync(join(tmpdir(), 'fb-two-nodes-'));
// The smallest PostgreSQL pool: a node retrying with the log held keeps one connection, all else shares the other.
const settings = {
  rates: { ...LENIENT.rates, chat: LENIENT.rates.actions },
  lobbyChatMax: 1_000_000,
  databasePoolSize: 2,
};
let nodeA: TestServer;
let nodeB: TestServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  // One after the other: the second finds the database the first made and migrated.
  nodeA = await bootServer(settings, dir);
  nodeB = await bootServer(settings, dir);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await nodeA?.stop();
  await nodeB?.stop();
  removeDir(dir);
});

async function connect(node: TestServer, auth?: { playerId: string; token: string }): Promise<TestClient> {
  const c = await TestClient.connect(node.url, auth);
  clients.push(c);
  return c;
}

/** The lobby's whole log, as either node reads it (they share the database). */
const logOf = (lobbyId: string) => nodeA.app.get(LobbyLogRepository).readEvents(lobbyId);

/** How many appends the node lost to another writer (each was decided again). */
async function conflicts(node: TestServer): Promise<number> {
  const { body } = await node.app.get(MetricsService).render();
  return Number(/^fb_append_conflicts_total (\d+)/m.exec(body)?.[1] ?? 0);
}

/** Expects the log to run 1..n without a gap, to fold to `states`' hash, and every state to be at its end. */
async function expectOneLog(lobbyId: string, states: readonly (LobbyState | null | undefined)[]): Promise<number> {
  const events = await logOf(lobbyId);
  const seqs = events.map((e) => e.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  const folded = fold(events);
  expect(folded.ok).toBe(true);
  for (const state of states) {
    expect(state?.seq).toBe(events.length);
    expect(folded.ok && stateHash(state!)).toBe(folded.ok && stateHash(folded.value));
  }
  return events.length;
}

describe('two nodes append to one lobby (optimistic concurrency on the primary key)', () => {
  it('chats sent to both nodes at once all land once; the log stays contiguous and folds to what both nodes and their clients hold', async () => {
    const alice = await connect(nodeA);
    const bob = await connect(nodeB);
    const lobbyId = await createdLobby(alice);
    // Node B restores the lobby from the log; node A does not know of the join until its next append loses.
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    const before = await conflicts(nodeA);

    const sent = await Promise.all(
      Array.from({ length: CHATS_PER_NODE }, (_, i) => [
        alice.emit('client-chat-message', { message: `a${i}` }),
        bob.emit('client-chat-message', { message: `b${i}` }),
      ]).flat(),
    );
    for (const ack of sent) expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    const acked = sent.map((ack) => (ack.ok ? ack.seq! : 0));
    expect(new Set(acked).size).toBe(acked.length);
    expect(await conflicts(nodeA)).toBeGreaterThan(before);

    // Each node catches up on what the other appended (slice 2 does this on the other node's notice).
    const [onA, onB] = await Promise.all([
      nodeA.app.get(LobbyStore).sync(lobbyId),
      nodeB.app.get(LobbyStore).sync(lobbyId),
    ]);
    const total = await expectOneLog(lobbyId, [onA, onB]);
    expect(total).toBe(3 + 2 * CHATS_PER_NODE);
    const messages = onA!.messages.map((m) => m.msg);
    for (let i = 0; i < CHATS_PER_NODE; i++)
      expect(messages.filter((m) => m === `a${i}` || m === `b${i}`)).toHaveLength(2);

    // Clients saw every event once, in order, whichever node appended it.
    await Promise.all([alice.untilSeq(total), bob.untilSeq(total)]);
    for (const c of [alice, bob]) {
      expect(isContiguous(c.seqs)).toBe(true);
      expect(c.gap).toBe(false);
    }
    await expectOneLog(lobbyId, [alice.state, bob.state]);
  });

  it('one turn ended on both nodes at once: exactly one lands, the other is checked again on the new state and refused', async () => {
    const alice = await connect(nodeA);
    const aliceOnB = await connect(nodeB, { playerId: alice.playerId, token: alice.hello.token });
    const bob = await connect(nodeB);
    const lobbyId = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    // Node A is behind (Bob joined and picked a colour on B): its next append loses, and it catches up.
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await nodeB.app.get(LobbyStore).sync(lobbyId);

    const endTurn = { id: 'next_turn', info: { country: 0 } };
    const answers = await Promise.all([
      alice.emit('client-game-action', endTurn),
      aliceOnB.emit('client-game-action', endTurn),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, error: { code: 'not_your_turn' } });
    const turnsEnded = (await logOf(lobbyId)).filter((e) => e.kind === 'game-action' && e.payload.id === 'next_turn');
    expect(turnsEnded).toHaveLength(1);

    const [onA, onB] = await Promise.all([
      nodeA.app.get(LobbyStore).sync(lobbyId),
      nodeB.app.get(LobbyStore).sync(lobbyId),
    ]);
    await expectOneLog(lobbyId, [onA, onB]);
    expect(onA!.game.turn.type).toBe(1);
  });
});
