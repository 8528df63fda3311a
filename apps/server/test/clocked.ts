/**
 * Helpers for the tests of turn clocks and absent players (docs/PROTOCOL.md §4.8): a started game of two
 * people (and bots) with a clock, a person who passes every turn of theirs, and reading the log and metrics.
 */
import { fold, stateHash, type LobbyEvent, type TurnClock } from '@four-banners/engine';
import { expect } from 'vitest';
import { LobbyLogRepository } from '../src/storage/lobby-log.repository.js';
import { countryToMove } from './drive.js';
import { expectOk as ok, sleep, type TestClient, type TestServer } from './harness.js';

/**
 * Alice (admin, country 0) and Bob (1), with bots on `bots`, on a 6×6 map, the clock set by Alice's
 * `client-lobby-update`, started; returns the lobby id and the start's seq.
 */
export async function clockedGame(
  alice: TestClient,
  bob: TestClient,
  clock: TurnClock,
  bots: readonly (2 | 3)[] = [],
): Promise<{ lobbyId: string; started: number }> {
  await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
  await alice.untilSeq(2);
  const lobbyId = alice.state!.lobbyId;
  await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
  await ok(alice.emit('client-change-country', { country: 0 }));
  await ok(bob.emit('client-change-country', { country: 1 }));
  for (const country of bots) await ok(alice.emit('client-add-bot', { country, difficulty: 'easy' }));
  await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed: 7, clock }));
  const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
  await Promise.all([alice.untilSeq(started), bob.untilSeq(started)]);
  return { lobbyId, started };
}

/** `client` passes each of its turns as soon as it sees it, until the returned function is called. */
export function passesEveryTurn(client: TestClient): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    let passed = -1;
    while (running) {
      await client.until(
        (c) => !running || (countryToMove(c) !== null && c.state!.game.turn.count !== passed),
        'my turn',
      );
      if (!running) break;
      const country = countryToMove(client)!;
      passed = client.state!.game.turn.count;
      await client.emit('client-game-action', { id: 'next_turn', info: { country } });
    }
  })();
  return async () => {
    running = false;
    await sleep(250);
    await loop;
  };
}

/** The lobby's whole log, from the database. */
export function logOf(server: TestServer, lobbyId: string): Promise<LobbyEvent[]> {
  return server.app.get(LobbyLogRepository).readEvents(lobbyId);
}

/** Expects a fresh fold of the whole log to hash as `client` held it at the log's last seq. */
export async function expectLogFoldsLike(server: TestServer, lobbyId: string, client: TestClient): Promise<void> {
  const events = await logOf(server, lobbyId);
  const folded = fold(events);
  if (!folded.ok) throw new Error(folded.error.message);
  const last = events.at(-1)!.seq;
  await client.untilSeq(last);
  expect(client.hashes?.get(last)).toBe(stateHash(folded.value));
}

/** A counter's value on the node's `/api/metrics` (summed over label sets matching `labels`). */
export async function metric(server: TestServer, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${server.url}/api/metrics`)).text();
  let sum = 0;
  for (const m of text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm')))
    if ((m[1] ?? '').includes(labels)) sum += Number(m[2]);
  return sum;
}
