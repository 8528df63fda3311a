/**
 * Online rematch (docs/PROTOCOL.md §3.3 `client-rematch`, §4.6): the admin of a finished online game opens
 * a new lobby like `client-create-lobby` does, with the same map size, a fresh seed, the admin on their
 * colour and the same bots and hot-seat players; the admin leaves the finished game, whose people are told
 * (`server-rematch`, and `server-hello` for whoever was away) and accept by joining the new lobby.
 */
import { isGameOver, stateHash } from '@four-banners/engine';
import type { RematchPayload } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { oneAliveSave } from './drive.js';
import {
  ADMIN_TOKEN,
  LENIENT,
  createdLobby,
  expectOk as ok,
  getJson,
  serverRig,
  sleep,
  waitFor,
  type TestClient,
} from './harness.js';

const { server, boot, client, sameIdentity, serverState, hub, watchers, refused, reset } = serverRig();
afterEach(reset);

const lobbies = () => server().app.get(LobbyCache);

/**
 * A 7×5 lobby: Alice (admin, green) with her hot-seat player Dora (yellow), Bob (purple) and a hard bot
 * (red), playing a save in which only green is alive. Not started unless `start`; starting ends it (green wins).
 */
async function lobbyOfFour(alice: TestClient, bob: TestClient, start = true): Promise<string> {
  const lobbyId = await createdLobby(alice);
  await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
  await ok(alice.emit('client-change-country', { country: 0 }));
  await ok(bob.emit('client-change-country', { country: 1 }));
  await ok(alice.emit('client-add-bot', { country: 2, difficulty: 'hard' }));
  await ok(alice.emit('client-add-local', { name: 'Dora', country: 3 }));
  await ok(alice.emit('client-load-save', { state: oneAliveSave([0, 1, 2, 3], 7, 5) }));
  if (start) {
    const seq = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await Promise.all([alice.untilSeq(seq), bob.untilSeq(seq)]);
    expect(isGameOver(serverState(lobbyId).game)).toBe(true);
  }
  return lobbyId;
}

describe('the admin of a finished game opens a rematch', () => {
  it('same size, fresh seed, same bots and hot-seat players, the admin on their colour; the others are invited and join', async () => {
    await boot();
    const alice = await client();
    const bob = await client();
    const carol = await client();
    const oldId = await lobbyOfFour(alice, bob);
    const old = serverState(oldId);
    // Carol watches the finished game.
    await ok(carol.watch(oldId));

    const ack = await alice.emit('client-rematch', {});
    expect(ack).toMatchObject({ ok: true, seq: expect.any(Number) });
    if (!ack.ok) return;
    const newId = (await lobbies().seatOf(alice.playerId))!.lobbyId;
    expect(newId).not.toBe(oldId);
    const fresh = serverState(newId);
    // The ack carries the new lobby's seq; Alice got its full state, as after a create.
    expect(ack.seq).toBe(fresh.seq);
    await alice.until((c) => c.state?.lobbyId === newId && c.state.seq === fresh.seq, 'the new lobby');
    expect(alice.payloads('server-sync-state').at(-1)).toMatchObject({ seq: fresh.seq, lobby: { lobbyId: newId } });
    expect(stateHash(alice.state!)).toBe(stateHash(fresh));

    expect(fresh).toMatchObject({ adminId: alice.playerId, w: 7, h: 5, online: true, loaded: false });
    expect(fresh.seed).not.toBe(old.seed);
    expect(fresh.game.running).toBe(false);
    expect(fresh.game.tiles).toHaveLength(35);
    const bot = old.players.find((p) => p.bot)!;
    expect(fresh.players).toEqual([
      { id: alice.playerId, name: 'Admin', country: 0 },
      { id: expect.stringMatching(/^bot-/), name: bot.name, country: 2, bot: { difficulty: 'hard' } },
      { id: expect.stringMatching(/^local-/), name: 'Dora', country: 3, local: { ownerId: alice.playerId } },
    ]);
    expect(fresh.players.map((p) => p.id)).not.toContain(bot.id);

    // Alice left the finished game with Dora (logged there), Bob is its admin now, and he and its watcher are told.
    await bob.until((c) => c.payloads('server-rematch').length === 1, 'the invitation');
    const invitation: RematchPayload = { lobbyId: oldId, rematchId: newId, by: alice.playerId };
    expect(bob.payloads('server-rematch')).toEqual([invitation]);
    await carol.until((c) => c.payloads('server-rematch').length === 1, 'the watcher told');
    expect(carol.payloads('server-rematch')).toEqual([invitation]);
    const afterLeave = serverState(oldId);
    await bob.untilSeq(afterLeave.seq);
    expect(bob.events.filter((e) => e.kind === 'player-left').map((e) => e.payload)).toEqual([
      { playerId: alice.playerId, by: alice.playerId },
      { playerId: old.players.find((p) => p.local)!.id, by: alice.playerId },
    ]);
    expect(afterLeave.adminId).toBe(bob.playerId);
    expect(isGameOver(afterLeave.game)).toBe(true);

    // The finished game points at its rematch in both listings.
    const adminList = await getJson(`${server().url}/api/admin/lobbies`, ADMIN_TOKEN);
    expect(adminList.body.lobbies.find((l: { id: string }) => l.id === oldId)).toMatchObject({ rematchId: newId });
    expect(adminList.body.lobbies.find((l: { id: string }) => l.id === newId)).toMatchObject({ rematchId: null });
    const games = await getJson(`${server().url}/api/games`);
    expect(games.body.games.find((g: { id: string }) => g.id === oldId)).toMatchObject({ rematchId: newId });

    // Bob accepts: joining leaves the finished game (it closes: no person is left in it), then he takes his colour.
    const joined = await ok(bob.emit('client-join-lobby', { lobbyId: newId, playerName: 'Bob' }));
    await bob.until((c) => c.state?.lobbyId === newId && c.state.seq >= joined, 'Bob in the rematch');
    expect(await lobbies().getLobby(oldId)).toBeUndefined();
    await ok(bob.emit('client-change-country', { country: 1 }));
    const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await Promise.all([alice.untilSeq(started), bob.untilSeq(started)]);
    const playing = serverState(newId);
    expect(playing.game.running).toBe(true);
    expect(playing.game.countries.map((c) => c.id).sort()).toEqual([0, 1, 2, 3]);
    expect(stateHash(bob.state!)).toBe(stateHash(alice.state!));
  });

  it('refused with a reason, changing nothing: no seat, not the admin, not over, a rematch already open, a bad payload', async () => {
    await boot();
    const alice = await client();
    const bob = await client();
    const carol = await client();
    const oldId = await lobbyOfFour(alice, bob, false);
    await refused(carol.emit('client-rematch', {}), 'not_in_lobby', oldId, 'You are not in a lobby.');
    await refused(alice.emit('client-rematch', {}), 'not_actable', oldId, 'The game is not over yet.');
    await refused(bob.emit('client-rematch', {}), 'not_admin', oldId, 'Only the lobby admin opens a rematch.');
    await refused(alice.emitRaw('client-rematch', { lobbyId: oldId }), 'invalid_payload', oldId);

    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await ok(alice.emit('client-rematch', {}));
    const newId = (await lobbies().seatOf(alice.playerId))!.lobbyId;
    // Bob is the finished game's admin now, but its rematch is open already.
    expect(serverState(oldId).adminId).toBe(bob.playerId);
    await refused(bob.emit('client-rematch', {}), 'not_actable', oldId, 'A rematch is already open.');
    // Alice sits in the rematch, whose game has not even started.
    await refused(alice.emit('client-rematch', {}), 'not_actable', newId, 'The game is not over yet.');
  });

  it('counts against the lobbies created per hour; refused, the admin stays in the finished game', async () => {
    await boot({ rates: { ...LENIENT.rates, lobbiesCreated: { capacity: 1, refillPerSecond: 0 } } });
    const alice = await client();
    const bob = await client();
    const oldId = await lobbyOfFour(alice, bob);
    await refused(alice.emit('client-rematch', {}), 'rate_limited', oldId, /lobbies/);
    expect((await lobbies().seatOf(alice.playerId))?.lobbyId).toBe(oldId);
    expect(serverState(oldId).players.map((p) => p.name)).toContain('Admin');
    await sleep(50);
    expect(bob.payloads('server-rematch')).toEqual([]);
  });

  it('someone away when it opened learns it from the greeting on reconnect', async () => {
    await boot();
    const alice = await client();
    const bob = await client();
    const oldId = await lobbyOfFour(alice, bob);
    // Seated in a finished game without a rematch: the greeting says nothing of one.
    const bobAgain = await sameIdentity(bob);
    expect(bobAgain.hello).toEqual({
      playerId: bob.playerId,
      token: bob.hello.token,
      lobbyId: oldId,
      seq: serverState(oldId).seq,
    });
    bob.close();
    bobAgain.close();
    await waitFor(() => !hub().isOnline(bob.playerId), 'Bob offline');

    await ok(alice.emit('client-rematch', {}));
    const newId = (await lobbies().seatOf(alice.playerId))!.lobbyId;
    const back = await sameIdentity(bob);
    expect(back.hello).toMatchObject({ playerId: bob.playerId, lobbyId: oldId, rematchId: newId });
    // The admin, seated in the new lobby, is greeted with it and no rematch.
    const aliceAgain = await sameIdentity(alice);
    expect(aliceAgain.hello.lobbyId).toBe(newId);
    expect(aliceAgain.hello.rematchId).toBeUndefined();

    await ok(back.emit('client-join-lobby', { lobbyId: newId, playerName: 'Bob' }));
    expect((await lobbies().seatOf(bob.playerId))?.lobbyId).toBe(newId);
    expect(serverState(newId).players.map((p) => p.name)).toEqual(['Admin', expect.any(String), 'Dora', 'Bob']);
  });

  it('watchers hear of it even when the admin was the last person in the finished game, which then closes (PROTOCOL §4.6)', async () => {
    await boot();
    const alice = await client();
    const bob = await client();
    const carol = await client();
    const oldId = await lobbyOfFour(alice, bob);
    // Bob leaves the finished game: Alice is the last person in it; Carol watches it.
    await ok(bob.emit('client-leave-lobby', { playerId: bob.playerId }));
    await ok(carol.watch(oldId));
    expect(serverState(oldId).adminId).toBe(alice.playerId);

    await ok(alice.emit('client-rematch', {}));
    const newId = (await lobbies().seatOf(alice.playerId))!.lobbyId;
    await carol.until((c) => c.payloads('server-rematch').length === 1, 'the watcher told');
    expect(carol.payloads('server-rematch')).toEqual([{ lobbyId: oldId, rematchId: newId, by: alice.playerId }]);
    // Then the finished game closes (nobody is left in it); its log stays, and Carol is no longer watching it.
    await carol.until((c) => c.state?.online === false, 'the closing');
    expect(await lobbies().getLobby(oldId)).toBeUndefined();
    expect(watchers().watcherCount(oldId)).toBe(0);
  });
});
