/**
 * Open lobbies and invitations (PROTOCOL §4.7, §8.7): create and join on a colour, listed lobbies and their
 * settings, the hourly cap on listing, `GET /api/lobbies` (listed lobbies waiting for players, never a
 * private or started one, at most `OPEN_LOBBIES_MAX`) and `GET /api/lobbies/:id` (the invite landing page).
 */
import type { LobbyEvent } from '@four-banners/engine';
import { OPEN_LOBBIES_MAX } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LENIENT, TestClient, expectOk as ok, getJson, serverRig } from './harness.js';

const { boot, client, server, reset, refused } = serverRig();
afterEach(reset);

async function logOf(lobbyId: string): Promise<LobbyEvent[]> {
  return (await getJson(`${server().url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN)).body.events;
}

/** A lobby created by a new client with `options`; returns the client and the lobby id. */
async function opened(options: Record<string, unknown> = {}, name = 'Ann'): Promise<[TestClient, string]> {
  const c = await client();
  const seq = await ok(c.emit('client-create-lobby', { playerName: name, ...options }));
  await c.untilSeq(seq);
  return [c, c.state!.lobbyId];
}

const list = async () => getJson(`${server().url}/api/lobbies`);

describe('create and join on a colour (PROTOCOL §4.7)', () => {
  it('create with country seats the creator on it in the same player-joined; listed gets a 60 s clock', async () => {
    await boot();
    const [, lobbyId] = await opened({ country: 2, listed: true });
    const log = await logOf(lobbyId);
    expect(log).toHaveLength(2);
    expect(log[0]!.payload).toMatchObject({ listed: true, clock: 60 });
    expect(log[1]).toMatchObject({ kind: 'player-joined', payload: { player: { name: 'Ann', country: 2 } } });
  });

  it('create without the new keys logs what it always did (no settings keys)', async () => {
    await boot();
    const [, lobbyId] = await opened();
    const [created, joined] = await logOf(lobbyId);
    expect(Object.keys(created!.payload).sort()).toEqual(['adminId', 'h', 'lobbyId', 'rulesVersion', 'seed', 'w']);
    expect(joined!.payload).toMatchObject({ player: { country: -1 } });
  });

  it('a private lobby may have a clock; a listed one may have none', async () => {
    await boot();
    const [, priv] = await opened({ clock: 30 });
    expect((await logOf(priv))[0]!.payload).toMatchObject({ clock: 30 });
    expect((await logOf(priv))[0]!.payload).not.toHaveProperty('listed');
    const [, open] = await opened({ listed: true, clock: 0 });
    expect((await logOf(open))[0]!.payload).toMatchObject({ listed: true });
    expect((await logOf(open))[0]!.payload).not.toHaveProperty('clock');
  });

  it('join with a free country seats there in one request; a taken one is refused and nothing is written', async () => {
    await boot();
    const [, lobbyId] = await opened({ country: 0 });
    const b = await client();
    await refused(
      b.emit('client-join-lobby', { lobbyId, playerName: 'Bob', country: 0 }),
      'not_actable',
      lobbyId,
      'That colour is taken.',
    );
    const before = (await logOf(lobbyId)).length;
    const seq = await ok(b.emit('client-join-lobby', { lobbyId, playerName: 'Bob', country: 3 }));
    const log = await logOf(lobbyId);
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)).toMatchObject({
      seq,
      kind: 'player-joined',
      payload: { player: { id: b.playerId, country: 3 } },
    });
  });

  it('the admin changes listed, clock and botLevel before the start, logged in lobby-updated as sent', async () => {
    await boot();
    const [a, lobbyId] = await opened();
    const seq = await ok(a.emit('client-lobby-update', { listed: true, clock: 120, botLevel: 'hard' }));
    await a.untilSeq(seq);
    expect((await logOf(lobbyId)).at(-1)).toMatchObject({
      kind: 'lobby-updated',
      payload: { listed: true, clock: 120, botLevel: 'hard' },
    });
    expect(a.state!.settings).toMatchObject({ listed: true, clock: 120, botLevel: 'hard' });
    const b = await client();
    await ok(b.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await refused(b.emit('client-lobby-update', { clock: 30 }), 'not_admin', lobbyId);
  });

  it('lobbies made listed are capped per identity per hour (created or switched), then rate_limited', async () => {
    await boot({ rates: { ...LENIENT.rates, listedLobbies: { capacity: 2, refillPerSecond: 0 } } });
    const a = await client();
    await ok(a.emit('client-create-lobby', { playerName: 'Ann', listed: true }));
    await ok(a.emit('client-leave-lobby', { playerId: a.playerId }));
    // A private lobby is not counted; switching it to listed is.
    const seq = await ok(a.emit('client-create-lobby', { playerName: 'Ann' }));
    await a.untilSeq(seq);
    const lobbyId = a.state!.lobbyId;
    await ok(a.emit('client-lobby-update', { listed: true }));
    await ok(a.emit('client-lobby-update', { listed: false }));
    await refused(a.emit('client-lobby-update', { listed: true }), 'rate_limited', lobbyId, /listed too many/);
    await ok(a.emit('client-leave-lobby', { playerId: a.playerId }));
    expect(await a.emit('client-create-lobby', { playerName: 'Ann', listed: true })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: /listed too many/ },
    });
    // Quick match opens a listed lobby: counted too.
    expect(await a.emit('client-quick-match', { playerName: 'Ann', seats: 2, size: null })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
  });
});

describe('GET /api/lobbies (PROTOCOL §8.7)', () => {
  it('lists listed lobbies waiting for players, newest first, never a private or started one', async () => {
    await boot();
    const [, first] = await opened({ listed: true, country: 0 }, 'First');
    const [, second] = await opened({ listed: true }, 'Second');
    await opened({}, 'Private');
    // A listed lobby whose game started is no longer open.
    const [admin, started] = await opened({ listed: true, country: 0 }, 'Started');
    const guest = await client();
    await ok(guest.emit('client-join-lobby', { lobbyId: started, playerName: 'G', country: 1 }));
    await ok(admin.emit('client-game-action', { id: 'start', info: {} }));

    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.lobbies.map((l: { id: string }) => l.id)).toEqual([second, first]);
    expect(res.body.lobbies[1]).toEqual({
      id: first,
      adminName: 'First',
      players: [{ name: 'First', country: 0, bot: false }],
      free: 3,
      w: 10,
      h: 10,
      clock: 60,
      botLevel: 'normal',
      listed: true,
      quick: null,
      createdAt: expect.any(String),
    });
  });

  it('a full listed lobby and a quick match that started are not listed; a waiting quick match is', async () => {
    await boot();
    const [a, full] = await opened({ listed: true });
    for (let i = 0; i < 3; i++) await ok(a.emit('client-add-bot', { country: i, difficulty: 'easy' }));
    const q = await client();
    await ok(q.emit('client-quick-match', { playerName: 'Q', seats: 2, size: 16 }));
    const ids = (await list()).body.lobbies.map((l: { id: string; quick: number | null }) => [l.id, l.quick]);
    expect(ids.map(([id]: [string]) => id)).not.toContain(full);
    expect(ids).toHaveLength(1);
    expect(ids[0][1]).toBe(2);
    const r = await client();
    await ok(r.emit('client-quick-match', { playerName: 'R', seats: 2, size: 16 }));
    expect((await list()).body.lobbies).toEqual([]);
  });

  it(`answers at most ${OPEN_LOBBIES_MAX} lobbies`, async () => {
    await boot();
    await Promise.all(Array.from({ length: OPEN_LOBBIES_MAX + 3 }, () => opened({ listed: true })));
    expect((await list()).body.lobbies).toHaveLength(OPEN_LOBBIES_MAX);
  });

  it('is rate-limited per address (429)', async () => {
    await boot({ address: { ...LENIENT.address, openLobbies: { capacity: 2, refillPerSecond: 0 } } });
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    const res = await list();
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describe('GET /api/lobbies/:id, the invite landing (PROTOCOL §8.7)', () => {
  it('answers a waiting lobby, listed or not, with its admin, seats, free seats, map and clock', async () => {
    await boot();
    const [a, lobbyId] = await opened({ country: 1, clock: 30 });
    await ok(a.emit('client-add-bot', { country: 3, difficulty: 'hard' }));
    const res = await getJson(`${server().url}/api/lobbies/${lobbyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: lobbyId,
      adminName: 'Ann',
      players: [
        { name: 'Ann', country: 1, bot: false },
        { country: 3, bot: true },
      ],
      free: 2,
      w: 10,
      h: 10,
      clock: 30,
      listed: false,
      quick: null,
    });
  });

  it('404 for an unknown, closed or started lobby; 400 for an invalid id', async () => {
    await boot();
    expect((await getJson(`${server().url}/api/lobbies/NOPE42`)).status).toBe(404);
    const [a, closed] = await opened();
    await ok(a.emit('client-leave-lobby', { playerId: a.playerId }));
    expect((await getJson(`${server().url}/api/lobbies/${closed}`)).body).toMatchObject({
      error: { code: 'not_found' },
    });
    const [b, started] = await opened({ country: 0 });
    await ok(b.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    await ok(b.emit('client-game-action', { id: 'start', info: {} }));
    expect((await getJson(`${server().url}/api/lobbies/${started}`)).status).toBe(404);
    const long = 'x'.repeat(500);
    expect(await getJson(`${server().url}/api/lobbies/${long}`)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_payload' } },
    });
  });
});
