/**
 * Seats over time (PROTOCOL §2.2 identity, §2.3 greeting, §5.2 resync, §4.3 presence, §3.3 seats,
 * PROTOCOL §7.3 hand-over): reconnecting, resync with events or a snapshot, leaving, kicks, closing,
 * hot-seat players, bots' colours and loading a save.
 */
import { createHash } from 'node:crypto';
import {
  applyLegal,
  fold,
  foldFrom,
  newGame,
  playBotTurn,
  serializeGame,
  stateHash,
  whoseTurn,
} from '@four-banners/engine';
import { lobbyStateFromSnapshot, type PresencePayload, type SyncAck } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyLogRepository } from '../src/storage/lobby-log.repository.js';
import { LobbyIdleSweep } from '../src/lobby/play/lobby-idle.service.js';
import { LobbyHub } from '../src/lobby/core/lobby.hub.js';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { PlayerRepository } from '../src/storage/player.repository.js';
import { asClientAction } from './drive.js';
import { ADMIN_TOKEN, LENIENT, expectOk as ok, getJson, serverRig, type TestClient } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();

beforeAll(async () => {
  await boot({ rates: { ...LENIENT.rates, chat: { capacity: 5000, refillPerSecond: 0 } }, lobbyChatMax: 5000 });
});
afterAll(reset);

async function lobbyOf(admin: TestClient, ...others: TestClient[]): Promise<string> {
  await ok(admin.emit('client-create-lobby', { playerName: 'Admin' }));
  await admin.untilSeq(2);
  const lobbyId = admin.state!.lobbyId;
  for (const [i, o] of others.entries()) await ok(o.emit('client-join-lobby', { lobbyId, playerName: `P${i}` }));
  return lobbyId;
}

const presence = (c: TestClient) =>
  c.received.filter((r) => r.name === 'server-presence').map((r) => r.payload as PresencePayload);

describe('reconnect and resync (PROTOCOL §2.2, §5.2, §4.3)', () => {
  it('a dropped player keeps the seat, shows offline, comes back with the token and catches up to equal hashes', async () => {
    const alice = await client();
    const bob = await client();
    const lobbyId = await lobbyOf(alice, bob);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    await ok(alice.emit('client-add-bot', { country: 2, difficulty: 'easy' }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    const seq = serverState(lobbyId).seq;
    await bob.untilSeq(seq);
    const bobsState = bob.state!;
    const auth = { playerId: bob.playerId, token: bob.hello.token };

    bob.close();
    await alice.until(() => presence(alice).some((p) => p.playerId === auth.playerId && !p.online), 'bob offline');
    expect(serverState(lobbyId).players.some((p) => p.id === auth.playerId)).toBe(true);
    // Presence is not logged (PROTOCOL §4.3).
    expect(serverState(lobbyId).seq).toBe(seq);

    // Alice plays her turn and passes; the bot plays; it comes back to... Bob, who is away.
    for (let i = 0; i < 3; i++) {
      const planned = playBotTurn(alice.state!.game, 0, 'easy', i + 1)[0]!;
      const s = await ok(alice.emit('client-game-action', asClientAction(planned.action)));
      await alice.untilSeq(s!);
      if (whoseTurn(alice.state!.game) !== 0) break;
    }
    await ok(alice.emit('client-chat-message', { message: 'where are you?' }));

    const back = await client(auth);
    expect(back.hello).toEqual({ playerId: auth.playerId, token: auth.token, lobbyId, seq: serverState(lobbyId).seq });
    await alice.until(() => presence(alice).some((p) => p.playerId === auth.playerId && p.online), 'bob online');

    const res = (await back.emit('client-sync-state', { lobbyId, afterSeq: bobsState.seq })) as SyncAck;
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.snapshot).toBeUndefined();
    expect(res.events[0]!.seq).toBe(bobsState.seq + 1);
    const caughtUp = foldFrom(bobsState, res.events);
    expect(caughtUp.ok && stateHash(caughtUp.value)).toBe(stateHash(serverState(lobbyId)));
  });

  it('answers a gap over 1,000 events with a snapshot + tail that folds to the same hash', async () => {
    const alice = await client();
    const bob = await client();
    const lobbyId = await lobbyOf(alice, bob);
    const acks = Array.from({ length: 1005 }, (_, i) => alice.emit('client-chat-message', { message: `spam ${i}` }));
    expect((await Promise.all(acks)).every((a) => a.ok)).toBe(true);
    const res = (await bob.emit('client-sync-state', { lobbyId, afterSeq: 1 })) as SyncAck;
    expect(res.ok && res.snapshot).toBeTruthy();
    if (!res.ok || !res.snapshot) return;
    const rebuilt = foldFrom(lobbyStateFromSnapshot(res.snapshot), res.events);
    expect(rebuilt.ok && stateHash(rebuilt.value)).toBe(stateHash(serverState(lobbyId)));
    // An events page holds at most 1,000 events, whatever the byte cap allows; lastSeq says there is more.
    const page = await getJson(`${server().url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
    expect(page.body.events).toHaveLength(1000);
    expect(page.body.lastSeq).toBeGreaterThan(1000);
    // Snapshots were stored on the way (every SNAPSHOT_EVERY events) and restoring from one + its tail agrees with a full fold.
    const store = server().app.get(LobbyCache);
    const repo = server().app.get(LobbyLogRepository);
    expect((await repo.latestSnapshot(lobbyId))?.seq).toBeGreaterThanOrEqual(1000);
    expect(stateHash((await store.restore(lobbyId))!)).toBe(stateHash(serverState(lobbyId)));
    const at700 = fold(await repo.readEvents(lobbyId, 1, 700));
    expect(at700.ok && stateHash((await store.restore(lobbyId, 700))!)).toBe(at700.ok && stateHash(at700.value));
    // A small gap gets events only.
    const small = (await bob.emit('client-sync-state', { lobbyId, afterSeq: serverState(lobbyId).seq - 3 })) as SyncAck;
    expect(small.ok && small.events.length).toBe(3);
  });

  it('a missing or wrong token gets a fresh identity (PROTOCOL §2.3); tokens are stored hashed (ARCHITECTURE §5.5)', async () => {
    const alice = await client();
    const row = (await server().app.get(PlayerRepository).find(alice.playerId))!;
    expect(row.tokenHash).not.toContain(alice.hello.token);
    expect(row.tokenHash).toBe(createHash('sha256').update(alice.hello.token).digest('hex'));
    const forged = await client({ playerId: alice.playerId, token: 'not-the-token' });
    expect(forged.playerId).not.toBe(alice.playerId);
    expect(forged.hello.lobbyId).toBeNull();
  });
});

describe('leaving, kicks and closing (PROTOCOL §3.3)', () => {
  it('the admin leaving hands the lobby to the earliest remaining human; the last human leaving closes it', async () => {
    const alice = await client();
    const bob = await client();
    const carol = await client();
    const lobbyId = await lobbyOf(alice, bob, carol);
    await ok(alice.emit('client-add-bot', { country: 3, difficulty: 'hard' }));
    const seq = await ok(alice.emit('client-leave-lobby', { playerId: alice.playerId }));
    await bob.untilSeq(seq!);
    expect(bob.state!.adminId).toBe(bob.playerId);
    const handover = bob.events.find((e) => e.kind === 'lobby-updated' && 'adminId' in e.payload)!;
    expect(handover.actor).toBe('server');
    expect(
      alice.received.some(
        (r) => r.name === 'server-leave-lobby' && (r.payload as { playerId: string }).playerId === alice.playerId,
      ),
    ).toBe(true);

    // Bob (now admin) removes Carol, then leaves: only a bot is left, so the lobby closes.
    await ok(bob.emit('client-leave-lobby', { playerId: carol.playerId }));
    await ok(bob.emit('client-leave-lobby', { playerId: bob.playerId }));
    const dave = await client();
    const joined = await dave.emit('client-join-lobby', { lobbyId, playerName: 'Dave' });
    expect(joined).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // Everyone is free to start again.
    for (const c of [alice, bob, carol])
      expect((await c.emit('client-create-lobby', { playerName: 'Again' })).ok).toBe(true);
  });

  it('online:false closes the lobby for everyone; a kicked player is greeted with no lobby', async () => {
    const alice = await client();
    const bob = await client();
    const lobbyId = await lobbyOf(alice, bob);
    const seq = await ok(alice.emit('client-lobby-update', { online: false }));
    await bob.until(
      (c) => c.received.some((r) => r.name === 'server-lobby-update' && (r.payload as { seq: number }).seq === seq),
      'close',
    );
    expect(bob.received.at(-1)?.payload).toMatchObject({ online: false, changed: { online: false } });
    expect((await bob.emit('client-chat-message', { message: 'anyone?' })).ok).toBe(false);
    const again = await client({ playerId: bob.playerId, token: bob.hello.token });
    expect(again.hello.lobbyId).toBeNull();
    expect((await alice.emit('client-join-lobby', { lobbyId, playerName: 'A' })).ok).toBe(false);
  });
});

describe('seats of every kind (PROTOCOL §3.3)', () => {
  it('a hot-seat player is played only from its owner connection; the admin recolours bots', async () => {
    const alice = await client();
    const bob = await client();
    const lobbyId = await lobbyOf(alice, bob);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(bob.emit('client-add-local', { name: 'Bobby', country: 2 }));
    await ok(alice.emit('client-add-bot', { country: 3, difficulty: 'easy' }));
    const bot = serverState(lobbyId).players.find((p) => p.bot)!;
    await ok(alice.emit('client-change-country', { playerId: bot.id, country: 1 }));
    expect((await bob.emit('client-change-country', { playerId: bot.id, country: 3 })).ok).toBe(false);
    const local = serverState(lobbyId).players.find((p) => p.local)!;
    expect(local).toMatchObject({ name: 'Bobby', country: 2, local: { ownerId: bob.playerId } });
    await ok(alice.emit('client-lobby-update', { w: 6, h: 6 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    // Turn order is seat order: Alice (0), Bobby (2), bot (1).
    await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await bob.untilSeq(serverState(lobbyId).seq);
    expect(whoseTurn(bob.state!.game)).toBe(2);
    expect(await alice.emit('client-game-action', { id: 'next_turn', info: { country: 2 } })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    const seq = await ok(bob.emit('client-game-action', { id: 'next_turn', info: { country: 2 } }));
    const logged = (await bob.emit('client-sync-state', { lobbyId, afterSeq: seq! - 1 })) as SyncAck;
    expect(logged.ok && logged.events[0]).toMatchObject({ kind: 'game-action', actor: local.id });
    // The bot then plays its turn on the server and hands back to Alice.
    await alice.until((c) => whoseTurn(c.state!.game) === 0, 'the bot to pass');
    expect(alice.events.some((e) => e.kind === 'game-action' && e.actor === bot.id)).toBe(true);
  });

  it('the admin removes a bot; the map is regenerated without its country', async () => {
    const alice = await client();
    const lobbyId = await lobbyOf(alice);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    await ok(alice.emit('client-add-bot', { country: 2, difficulty: 'hard' }));
    const bot = serverState(lobbyId).players.find((p) => p.country === 2)!;
    const seq = await ok(alice.emit('client-leave-lobby', { playerId: bot.id }));
    await alice.untilSeq(seq!);
    expect(alice.state!.players.map((p) => p.country)).toEqual([0, 1]);
    expect(alice.state!.game.countries.map((c) => c.id)).toEqual([0, 1]);
    expect(alice.state!.game.tiles.every((t) => t.owner !== 2)).toBe(true);
    expect(stateHash(alice.state!)).toBe(stateHash(serverState(lobbyId)));
  });

  it('the admin loads a save before start: players are seated onto its countries and play on from its turn', async () => {
    let game = newGame(6, 6, 77);
    for (const country of [0, 1, 3] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 6, h: 6, seed: 77 } }, 0);
    game = applyLegal(game, { id: 'start', info: {} }, 3);
    game = applyLegal(game, { id: 'next_turn', info: { country: 0 } }, 4);
    expect(whoseTurn(game)).toBe(1);
    const save = serializeGame(game);

    const alice = await client();
    const bob = await client();
    const lobbyId = await lobbyOf(alice, bob);
    await ok(alice.emit('client-change-country', { country: 3 }));
    expect((await bob.emit('client-load-save', { state: save })).ok).toBe(false);
    expect(await alice.emit('client-load-save', { state: { ...save, w: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    const seq = await ok(alice.emit('client-load-save', { state: save }));
    await bob.untilSeq(seq!);
    const s = serverState(lobbyId);
    expect(s.loaded).toBe(true);
    expect(s.players.map((p) => p.country)).toEqual([3, 0]);
    expect(stateHash(bob.state!)).toBe(stateHash(s));
    // Country 1 has nobody yet: start is refused until a bot takes it.
    expect(await alice.emit('client-game-action', { id: 'start', info: {} })).toMatchObject({
      ok: false,
      error: { code: 'not_actable' },
    });
    await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'normal' }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    // Purple (the bot) was to move in the save; it plays on, then yellow (Alice) moves.
    await bob.until((c) => whoseTurn(c.state!.game) === 3, 'alice to move');
    expect(stateHash(bob.state!)).toBe(stateHash(serverState(lobbyId)));
  });
});

describe('lobbies end (PROTOCOL §4.4, §7.3)', () => {
  it('closes a lobby whose humans have all been offline for the idle time; the log stays', async () => {
    const alice = await client();
    const lobbyId = await lobbyOf(alice);
    await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    const service = server().app.get(LobbyCache);
    const idleSweep = server().app.get(LobbyIdleSweep);
    const t = Date.now();
    expect(await idleSweep.sweep(t)).not.toContain(lobbyId);
    alice.close();
    const hub = server().app.get(LobbyHub);
    while (hub.isOnline(alice.playerId)) await new Promise((r) => setTimeout(r, 10));
    const idle = server().config.idleCloseMs;
    expect(await idleSweep.sweep(t + 1)).not.toContain(lobbyId);
    expect(await idleSweep.sweep(t + 1 + idle)).toContain(lobbyId);
    expect(await service.getLobby(lobbyId)).toBeUndefined();
    // Closed by the server for idleness, and said so in the log.
    const closing = (await server().app.get(LobbyLogRepository).readEvents(lobbyId)).at(-1)!;
    expect(closing).toMatchObject({
      kind: 'lobby-updated',
      actor: 'server',
      payload: { online: false, reason: 'idle' },
    });
    const again = await client({ playerId: alice.playerId, token: alice.hello.token });
    expect(again.hello.lobbyId).toBeNull();
  });

  it('leaving a finished game happens by itself when its player creates or joins another lobby', async () => {
    const alice = await client();
    const bob = await client();
    const lobbyId = await lobbyOf(alice, bob);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await ok(bob.emit('client-leave-lobby', { playerId: bob.playerId }));
    expect(serverState(lobbyId).game.countries).toHaveLength(1);
    const seq = serverState(lobbyId).seq;
    await ok(alice.emit('client-create-lobby', { playerName: 'Alice again' }));
    const log = (await bob.emit('client-sync-state', { lobbyId, afterSeq: seq })) as SyncAck;
    expect(log).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('answers an unknown event with invalid_payload', async () => {
    const c = await client();
    expect(await c.emitRaw('client-teleport', { x: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
  });

  it('a 32×32 save fits in one message (maxHttpBufferSize)', async () => {
    let game = newGame(32, 32, 5);
    for (const country of [0, 1, 2, 3] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: 5 } }, 0);
    const alice = await client();
    await lobbyOf(alice);
    expect((await alice.emit('client-load-save', { state: serializeGame(game) })).ok).toBe(true);
  });
});
