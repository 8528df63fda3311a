/**
 * Turn clocks (docs/PROTOCOL.md §4.8): when a person's clock runs out the server logs `turn-timeout` and
 * its own `next_turn` in one append; two in a row mark the person away and a bot of the lobby's level plays
 * their country until `client-back`; acting resets the run; a restart keeps the logged deadline.
 * Clocks are shortened with `clockMsPerSecond` (TURN_CLOCK_MS_PER_SECOND).
 */
import { readFileSync } from 'node:fs';
import { whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { countryToMove } from './drive.js';
import { TurnClock } from '../src/lobby/play/turn-clock.service.js';
import { clockedGame, expectLogFoldsLike, logOf, metric, passesEveryTurn } from './clocked.js';
import { LENIENT, createdLobby, expectOk as ok, serverRig, sleep, waitFor, type TestClient } from './harness.js';

const { server, boot, client, sameIdentity, stop, serverState, refused, reset } = serverRig();
afterEach(reset);

/** The fields PROTOCOL §4.1's table gives each of `names`, with the ones every logged broadcast carries. */
function documentedFields(names: readonly string[]): Map<string, Set<string>> {
  const doc = readFileSync(new URL('../../../docs/PROTOCOL.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### 4.1 '), doc.indexOf('### 4.2 '));
  const found = new Map<string, Set<string>>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = cells[2]?.replace(/`/g, '');
    if (name && names.includes(name)) {
      const fields = [...(cells[3] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      found.set(name, new Set(['lobbyId', 'seq', 'actor', 'at', ...fields]));
    }
  }
  expect([...found.keys()].sort()).toEqual([...names].sort());
  return found;
}

const timeouts = (c: TestClient) => c.events.filter((e) => e.kind === 'turn-timeout');
const missedOf = (lobbyId: string, playerId: string) =>
  serverState(lobbyId).players.find((p) => p.id === playerId)?.missed ?? 0;

describe('a turn clock that runs out passes the turn (PROTOCOL §4.8)', () => {
  it('logs turn-timeout and the server’s next_turn in one append; a fresh fold of the log hashes as the clients', async () => {
    // 30 clock seconds of 20 ms: 600 ms a turn.
    await boot({ clockMsPerSecond: 20 });
    const alice = (await client()).trackHashes();
    const bob = (await client()).trackHashes();
    const { lobbyId, started } = await clockedGame(alice, bob, 30);
    const startedAt = Date.parse(serverState(lobbyId).turnStartedAt!);
    expect(whoseTurn(serverState(lobbyId).game)).toBe(0);

    await bob.until((c) => timeouts(c).length >= 1, 'a timeout');
    const [timeout] = timeouts(bob) as [LobbyEvent & { kind: 'turn-timeout' }];
    expect(timeout).toMatchObject({ actor: 'server', payload: { country: 0, playerId: alice.playerId } });
    expect(Date.parse(timeout.at) - startedAt).toBeGreaterThanOrEqual(600);
    const pass = bob.events.find((e) => e.seq === timeout.seq + 1);
    expect(pass).toMatchObject({
      kind: 'game-action',
      actor: 'server',
      payload: { id: 'next_turn', info: { country: 0 } },
      at: timeout.at,
    });
    expect(timeout.seq).toBe(started + 1);
    await bob.untilSeq(pass!.seq);
    expect(whoseTurn(bob.state!.game)).toBe(1);
    expect(bob.state!.players.find((p) => p.id === alice.playerId)?.missed).toBe(1);
    // Bob's clock runs out too; the log alone gives what the clients folded.
    await bob.until((c) => timeouts(c).length >= 2, 'a second timeout');
    await expectLogFoldsLike(server(), lobbyId, alice);
    await expectLogFoldsLike(server(), lobbyId, bob);
    expect(await metric(server(), 'fb_turn_timeouts_total')).toBeGreaterThanOrEqual(2);
  });

  it('two in a row mark the person away; a bot plays their country; client-back gives it back; acting resets the run', async () => {
    await boot({ clockMsPerSecond: 20 });
    const alice = await client();
    const bob = await client();
    const stopPassing = passesEveryTurn(alice);
    const { lobbyId } = await clockedGame(alice, bob, 30);

    // Bob never acts: his second timeout marks him away in the same append, before the pass.
    await bob.until((c) => c.events.some((e) => e.kind === 'player-away'), 'bob away');
    const away = bob.events.find((e) => e.kind === 'player-away')!;
    expect(away).toMatchObject({ actor: 'server', payload: { playerId: bob.playerId, reason: 'timeouts' } });
    expect(bob.events.find((e) => e.seq === away.seq - 1)).toMatchObject({
      kind: 'turn-timeout',
      payload: { playerId: bob.playerId },
    });
    expect(bob.events.find((e) => e.seq === away.seq + 1)).toMatchObject({
      kind: 'game-action',
      actor: 'server',
      payload: { id: 'next_turn', info: { country: 1 } },
    });
    // Alice is the admin: it stays with her.
    expect(serverState(lobbyId).adminId).toBe(alice.playerId);

    // A bot plays Bob's next turn, its actions logged by the server, and no clock runs for it.
    const awayTurn = serverState(lobbyId).game.turn.count;
    await bob.until(
      (c) => c.events.some((e) => e.seq > away.seq + 1 && e.actor === 'server' && e.kind === 'game-action'),
      'a turn played for bob',
    );
    await waitFor(async () => (await metric(server(), 'fb_takeover_turns_total')) >= 1, 'takeover counted');
    expect(timeouts(bob).filter((e) => e.seq > away.seq)).toEqual([]);
    expect(serverState(lobbyId).game.turn.count).toBeGreaterThan(awayTurn);
    expect(await metric(server(), 'fb_players_away_total', 'reason="timeouts"')).toBe(1);

    // Bob asks for his country back.
    const back = await ok(bob.emit('client-back', {}));
    await bob.untilSeq(back);
    expect(bob.events.find((e) => e.seq === back)).toMatchObject({
      kind: 'player-back',
      actor: bob.playerId,
      payload: { playerId: bob.playerId },
    });
    expect(serverState(lobbyId).players.find((p) => p.id === bob.playerId)).not.toHaveProperty('away');
    expect(missedOf(lobbyId, bob.playerId)).toBe(0);
    // Asking again appends nothing.
    expect(await bob.emit('client-back', {})).toEqual({ ok: true });

    // His next turn is his: it runs out on the clock once (a run of one)…
    const from = bob.events.at(-1)!.seq;
    await bob.until((c) => timeouts(c).some((e) => e.seq > from), 'bob times out again');
    expect(missedOf(lobbyId, bob.playerId)).toBe(1);
    // …then he acts on his next turn, which starts the run again: the next timeout is the first of a run.
    await bob.until((c) => countryToMove(c) === 1, "bob's turn");
    await ok(bob.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }));
    expect(missedOf(lobbyId, bob.playerId)).toBe(0);
    const acted = bob.events.at(-1)!.seq;
    await bob.until((c) => timeouts(c).some((e) => e.seq > acted && e.payload.playerId === bob.playerId), 'timeout');
    expect(missedOf(lobbyId, bob.playerId)).toBe(1);
    expect(bob.events.filter((e) => e.kind === 'player-away')).toHaveLength(1);
    await stopPassing();
    expect(await metric(server(), 'fb_players_back_total')).toBe(1);

    // PROTOCOL §4.1: each of the three broadcasts carries exactly the fields its row names.
    for (const [name, fields] of documentedFields([
      'server-turn-timeout',
      'server-player-away',
      'server-player-back',
    ])) {
      const payloads = bob.received.filter((r) => r.name === name);
      expect(payloads.length, name).toBeGreaterThan(0);
      for (const { payload } of payloads) expect(new Set(Object.keys(payload as object)), name).toEqual(fields);
    }
  });

  it('a restart mid-turn fires at the deadline the log gives (±1 s)', async () => {
    // 120 clock seconds of 50 ms: 6 s, longer than a restart.
    const settings = { clockMsPerSecond: 50 };
    await boot(settings);
    const alice = await client();
    const bob = await client();
    const { lobbyId } = await clockedGame(alice, bob, 120);
    const deadline = Date.parse(serverState(lobbyId).turnStartedAt!) + 6000;
    const dir = server().dir;
    await stop();
    await boot(settings, dir);
    const alice2 = await sameIdentity(alice);
    await sameIdentity(bob);
    await alice2.resync(lobbyId, null);
    await alice2.until((c) => timeouts(c).length >= 1, 'the timeout');
    const at = Date.parse(timeouts(alice2)[0]!.at);
    expect(at).toBeGreaterThanOrEqual(deadline);
    expect(at - deadline).toBeLessThan(1000);
    const log = await logOf(server(), lobbyId);
    expect(log.filter((e) => e.kind === 'turn-timeout')).toHaveLength(1);
  });
});

describe('a hot-seat player has no clock (PROTOCOL §4.8: it limits a person’s turn)', () => {
  it('their turn waits, with no timer kept for it', async () => {
    await boot({ clockMsPerSecond: 20 });
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(alice.emit('client-add-local', { name: 'Dora', country: 1 }));
    await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed: 7, clock: 30 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    // Alice's clock runs out; then it is Dora's turn, which waits.
    await alice.until((c) => timeouts(c).length === 1, "alice's timeout");
    await waitFor(() => whoseTurn(serverState(lobbyId).game) === 1, "dora's turn");
    expect(server().app.get(TurnClock).scheduled).toBe(0);
    const seq = serverState(lobbyId).seq;
    await sleep(800);
    expect(serverState(lobbyId).seq).toBe(seq);
  });
});

describe('client-back refusals (PROTOCOL §4.8)', () => {
  it('extra keys are invalid_payload; not seated is not_in_lobby; not away is ok with nothing appended', async () => {
    await boot({});
    const alice = await client();
    const bob = await client();
    const { lobbyId } = await clockedGame(alice, bob, 0);
    await refused(alice.emit('client-back', { now: true }), 'invalid_payload', lobbyId);
    const carol = await client();
    expect(await carol.emit('client-back', {})).toMatchObject({ ok: false, error: { code: 'not_in_lobby' } });
    const seq = serverState(lobbyId).seq;
    expect(await alice.emit('client-back', {})).toEqual({ ok: true });
    expect(serverState(lobbyId).seq).toBe(seq);
  });

  it('counts against the player’s action rate (PROTOCOL §6.2)', async () => {
    await boot({ rates: { ...LENIENT.rates, actions: { capacity: 3, refillPerSecond: 0 } } });
    const carol = await client();
    for (let i = 0; i < 3; i++)
      expect(await carol.emit('client-back', {})).toMatchObject({ ok: false, error: { code: 'not_in_lobby' } });
    expect(await carol.emit('client-back', {})).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
  });
});
