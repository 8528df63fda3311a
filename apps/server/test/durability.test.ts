/**
 * Durability (ARCHITECTURE §5.2 write path: "nothing acknowledged is ever lost"; lobbies restored from their logs):
 * the BUILT server runs as a child process, is killed with SIGKILL right after acks, and restarted on the same
 * database (the SQLite file, or the PostgreSQL database when FB_TEST_DB=postgres).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fold, playBotTurn, stateHash, whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { type Ack } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClientAction, countryToMove } from './drive.js';
import { buildServer, startBuiltNode, type BuiltNode } from './fixtures/built-node.js';
import { ADMIN_TOKEN, TestClient, getJson, removeDir, storageEnv } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-durable-'));
const children: ChildProcess[] = [];

beforeAll(buildServer, 180_000);
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  removeDir(dir);
});

/** The built server on the test's database (a SQLite file in `dir`, or a PostgreSQL database named after it). */
async function startBuilt(): Promise<BuiltNode> {
  const node = await startBuiltNode({ ...(await storageEnv(dir)), ADMIN_TOKEN, CHAT_BURST: '1000' });
  children.push(node.child);
  return node;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((res) => {
    if (child.exitCode !== null || child.signalCode !== null) res({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => res({ code, signal }));
  });

describe('the built server never loses an acknowledged event (ARCHITECTURE §5.2)', () => {
  it('SIGKILL right after acks, restart on the same file: every acked event is there and the lobby plays on', async () => {
    const first = await startBuilt();
    const alice = await TestClient.connect(first.url);
    const bob = await TestClient.connect(first.url);
    await alice.emit('client-create-lobby', { playerName: 'Alice' });
    await alice.untilSeq(2);
    const lobbyId = alice.state!.lobbyId;
    await bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' });
    await alice.emit('client-change-country', { country: 0 });
    await bob.emit('client-change-country', { country: 1 });
    await alice.emit('client-add-bot', { country: 2, difficulty: 'normal' });
    await alice.emit('client-lobby-update', { w: 6, h: 6, seed: 31 });
    const start = await alice.emit('client-game-action', { id: 'start', info: {} });
    await alice.untilSeq((start as { seq: number }).seq);
    // Alice plays the start of her turn; each ack is recorded.
    const acked: number[] = [];
    for (let i = 0; i < 3 && whoseTurn(alice.state!.game) === 0; i++) {
      const planned = playBotTurn(alice.state!.game, 0, 'easy', 10 + i)[0]!;
      const ack = await alice.emit('client-game-action', asClientAction(planned.action));
      expect(ack.ok).toBe(true);
      acked.push((ack as { seq: number }).seq);
      await alice.untilSeq(acked.at(-1)!);
    }
    // A burst of chat, and the process is killed the moment the last ack arrives.
    const burst = Array.from({ length: 50 }, (_, i) => alice.emit('client-chat-message', { message: `msg ${i}` }));
    const last = await burst.at(-1)!;
    first.child.kill('SIGKILL');
    const acks = (await Promise.allSettled(burst)).flatMap((r) =>
      r.status === 'fulfilled' && r.value.ok && r.value.seq ? [r.value.seq] : [],
    );
    acked.push(...acks);
    expect((last as Ack).ok).toBe(true);
    expect(await exited(first.child)).toMatchObject({ signal: 'SIGKILL' });
    alice.close();
    bob.close();
    const seenByAlice = new Map(alice.events.map((e) => [e.seq, e]));

    const second = await startBuilt();
    const log = await getJson(`${second.url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
    const stored = new Map((log.body.events as LobbyEvent[]).map((e) => [e.seq, e]));
    for (const seq of acked) {
      expect(stored.has(seq), `acked seq ${seq} is stored`).toBe(true);
      if (seenByAlice.has(seq)) expect(stored.get(seq)).toEqual(seenByAlice.get(seq));
    }
    const folded = fold(log.body.events);
    expect(folded.ok).toBe(true);

    // Both come back with their tokens and the game goes on to a turn of Bob's.
    const alice2 = await TestClient.connect(second.url, { playerId: alice.playerId, token: alice.hello.token });
    const bob2 = await TestClient.connect(second.url, { playerId: bob.playerId, token: bob.hello.token });
    expect(alice2.hello.lobbyId).toBe(lobbyId);
    expect(alice2.hello.seq).toBeGreaterThanOrEqual(Math.max(...acked));
    for (const c of [alice2, bob2]) {
      const res = await c.emit('client-sync-state', { lobbyId, afterSeq: 0 });
      const rebuilt = res.ok && 'events' in res ? fold(res.events) : null;
      expect(rebuilt?.ok).toBe(true);
      if (rebuilt?.ok) c.state = rebuilt.value;
    }
    // Whoever is to move passes, until both humans have passed once on the restarted server.
    const passed = new Set<string>();
    while (passed.size < 2) {
      const mover = [alice2, bob2].find((c) => countryToMove(c) !== null && !passed.has(c.playerId));
      if (!mover) {
        const seq = alice2.state!.seq;
        await alice2.until(
          (c) => c.state!.seq > seq || [alice2, bob2].some((m) => countryToMove(m) !== null),
          'a turn',
        );
        continue;
      }
      const pass = await mover.emit('client-game-action', {
        id: 'next_turn',
        info: { country: countryToMove(mover)! },
      });
      expect(pass, JSON.stringify(pass)).toMatchObject({ ok: true });
      passed.add(mover.playerId);
      await Promise.all([alice2.untilSeq((pass as { seq: number }).seq), bob2.untilSeq((pass as { seq: number }).seq)]);
    }
    const final = await getJson(`${second.url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
    const serverFold = fold(final.body.events);
    const aliceSeq = alice2.state!.seq;
    expect(serverFold.ok && serverFold.value.seq).toBeGreaterThanOrEqual(aliceSeq);
    const events = (final.body.events as LobbyEvent[]).filter((e) => e.seq <= aliceSeq);
    const atAlice = fold(events);
    expect(atAlice.ok && stateHash(atAlice.value)).toBe(stateHash(alice2.state!));
    alice2.close();
    bob2.close();

    // SIGTERM shuts down cleanly.
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toMatchObject({ code: 0 });
    expect(second.lines.some((l) => l.includes('"shutdown"'))).toBe(true);
    expect(second.lines.some((l) => l.includes('"lobby-event"') && l.includes(lobbyId))).toBe(true);
  });
});
