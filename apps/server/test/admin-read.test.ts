/**
 * The admin console's read side (PROTOCOL §8.4): the lobby search (by id, person, name, status and dates,
 * with the total over all pages), the overview counts, one lobby with its people, and the NDJSON exports
 * (admin: chat included; public: started games, chat blank), each folding to the state the server holds.
 */
import { applyLegal, fold, newGame, serializeGame, stateHash, type LobbyEvent } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  LENIENT,
  createdLobby,
  expectOk as ok,
  getJson,
  serverRig,
  sqlRows,
  startedGameWithBot,
} from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();
afterEach(reset);

const admin = (path: string) => getJson(`${server().url}/api/admin/${path}`, ADMIN_TOKEN);

/** The records of an NDJSON answer. */
async function ndjson(
  path: string,
  token?: string,
): Promise<{ status: number; type: string | null; disposition: string | null; events: LobbyEvent[] }> {
  const res = await fetch(`${server().url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const text = await res.text();
  const events = res.ok
    ? text
        .split('\n')
        .filter((l) => l.length > 0)
        .map((l) => JSON.parse(l) as LobbyEvent)
    : [];
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    events,
  };
}

describe('the admin lobby search (PROTOCOL §8.4)', () => {
  it('finds lobbies by id prefix, by a person id and by a seat name, and counts every match', async () => {
    await boot();
    const ann = await client();
    const bob = await client();
    const annLobby = await createdLobby(ann);
    await ok(ann.emit('client-chat-message', { message: 'hello' }));
    await ok(bob.emit('client-create-lobby', { playerName: 'Bobby Tables' }));
    await bob.untilSeq(2);
    const bobLobby = bob.state!.lobbyId;

    const byPrefix = await admin(`lobbies?q=${annLobby.slice(0, 4)}`);
    expect(byPrefix.status).toBe(200);
    expect(byPrefix.body.lobbies.map((l: { id: string }) => l.id)).toContain(annLobby);

    const byPerson = await admin(`lobbies?q=${bob.playerId}`);
    expect(byPerson.body).toMatchObject({
      total: 1,
      nextOffset: null,
      lobbies: [{ id: bobLobby, adminStatus: 'waiting', openReports: 0 }],
    });

    const byName = await admin('lobbies?q=tables');
    expect(byName.body.lobbies.map((l: { id: string }) => l.id)).toEqual([bobLobby]);

    const all = await admin('lobbies?limit=1');
    expect(all.body.total).toBe(2);
    expect(all.body.lobbies).toHaveLength(1);
    expect(all.body.nextOffset).toBe(1);
    const second = await admin('lobbies?limit=1&offset=1');
    expect(second.body.nextOffset).toBeNull();
    expect(second.body.lobbies[0].id).not.toBe(all.body.lobbies[0].id);

    const none = await admin('lobbies?q=nobody-at-all');
    expect(none.body).toEqual({ lobbies: [], nextOffset: null, total: 0 });
  });

  it('takes a name search literally: quotes, backslashes, % and _ match themselves', async () => {
    await boot();
    const odd = await client();
    await ok(odd.emit('client-create-lobby', { playerName: 'Zed "the" 50%_\\' }));
    await odd.untilSeq(2);
    await createdLobby(await client());
    const ids = async (q: string) =>
      (await admin(`lobbies?q=${encodeURIComponent(q)}`)).body.lobbies.map((l: { id: string }) => l.id) as string[];
    for (const q of ['"the"', '50%', '%_', '_', '\\', 'ZED']) expect(await ids(q), q).toEqual([odd.state!.lobbyId]);
    // As LIKE wildcards these would match the other lobby's "Admin" or Zed's name.
    for (const q of ['A_min', 'Ad%', '5_%', 'Z%d']) expect(await ids(q), q).toEqual([]);
  });

  it('filters by the operator status: running, abandoned (silent too long, or closed after a start), closed, waiting', async () => {
    await boot();
    const ann = await client();
    const bea = await client();
    const { lobbyId: running } = await startedGameWithBot(ann, bea, 5);
    const cid = await client();
    const waiting = await createdLobby(cid);
    const dan = await client();
    const closed = await createdLobby(dan);
    await ok(dan.emit('client-leave-lobby', { playerId: dan.playerId }));

    const status = async (s: string) =>
      (await admin(`lobbies?status=${s}`)).body.lobbies.map((l: { id: string }) => l.id) as string[];
    expect(await status('running')).toEqual([running]);
    expect(await status('waiting')).toEqual([waiting]);
    expect(await status('closed')).toEqual([closed]);
    expect(await status('abandoned')).toEqual([]);

    // The game falls silent for longer than ABANDONED_AFTER_MINUTES: it reads as abandoned.
    await sqlRows(server(), 'UPDATE lobbies SET updated_at = ? WHERE id = ?', '2020-01-01T00:00:00.000Z', running);
    expect(await status('abandoned')).toEqual([running]);
    expect(await status('running')).toEqual([]);
    const found = (await admin(`lobbies?q=${running}`)).body.lobbies[0];
    expect(found).toMatchObject({
      adminStatus: 'abandoned',
      startedAt: expect.any(String),
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
  });

  it('bounds the creation time with since and until, sorts by update time, and refuses a bad query', async () => {
    await boot();
    const ann = await client();
    const lobbyId = await createdLobby(ann);
    expect((await admin('lobbies?since=2020-01-01')).body.total).toBe(1);
    expect((await admin('lobbies?until=2020-01-01')).body.total).toBe(0);
    expect((await admin(`lobbies?since=${new Date(Date.now() + 60_000).toISOString()}`)).body.total).toBe(0);
    expect((await admin('lobbies?sort=updated&order=asc')).body.lobbies[0].id).toBe(lobbyId);
    for (const bad of ['status=lost', 'since=yesterday', 'limit=500', 'sort=name']) {
      const res = await admin(`lobbies?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('invalid_payload');
    }
    const anonymous = await getJson(`${server().url}/api/admin/lobbies`);
    expect(anonymous.status).toBe(401);
  });
});

describe('the admin overview and lobby detail (PROTOCOL §8.4)', () => {
  it('counts waiting lobbies, running games and people online, and names the token', async () => {
    await boot({ adminTokens: [{ name: 'ops-reader', token: 'reader-token-1', canModerate: false }] });
    const ann = await client();
    const bea = await client();
    await startedGameWithBot(ann, bea, 9);
    const cid = await client();
    await createdLobby(cid);
    await client();
    const res = await getJson(`${server().url}/api/admin/overview`, 'reader-token-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      waitingLobbies: 1,
      runningGames: 1,
      peopleOnline: 4,
      admin: { name: 'ops-reader', canModerate: false },
    });
    expect(res.body.reportsWaiting).toEqual(expect.any(Number));
    expect(res.body.activeBans).toEqual(expect.any(Number));
  });

  it('shows each seat with presence and the addresses of its connections, the watchers and the settings', async () => {
    await boot();
    const ann = await client();
    const bea = await client();
    const { lobbyId } = await startedGameWithBot(ann, bea, 11);
    bea.close();
    const watcher = await client();
    expect(await watcher.watch(lobbyId)).toMatchObject({ ok: true });
    const res = await admin(`lobbies/${lobbyId}`);
    expect(res.status).toBe(200);
    const detail = res.body;
    expect(detail.lobby).toMatchObject({ id: lobbyId, adminStatus: 'running', status: 'running' });
    expect(detail).toMatchObject({ watchers: 1, w: 6, h: 6, settings: { listed: false, clock: 0, quick: null } });
    const seat = (id: string) => detail.seats.find((s: { id: string }) => s.id === id);
    expect(seat(ann.playerId)).toMatchObject({
      name: 'Admin',
      online: true,
      addresses: ['127.0.0.1'],
      mutedUntil: null,
    });
    await expect.poll(async () => (await admin(`lobbies/${lobbyId}`)).body.seats[1].online).toBe(false);
    expect((await admin(`lobbies/${lobbyId}`)).body.seats[1]).toMatchObject({ id: bea.playerId, addresses: [] });
    const bot = detail.seats.find((s: { bot?: unknown }) => s.bot);
    expect(bot).toMatchObject({ online: false, addresses: [] });
    expect((await admin('lobbies/NOSUCH')).status).toBe(404);
  });
});

describe('exports (PROTOCOL §8.3, §8.4)', () => {
  it('the admin export is the whole log as NDJSON with the chat, and folds to the state the server holds', async () => {
    await boot();
    const ann = await client();
    const bea = await client();
    const lobbyId = await createdLobby(ann);
    await ok(ann.emit('client-chat-message', { message: 'good luck' }));
    await ok(bea.emit('client-join-lobby', { lobbyId, playerName: 'Bea' }));
    const seq = await ok(ann.emit('client-chat-message', { message: 'welcome Bea' }));
    await ann.untilSeq(seq);
    const res = await ndjson(`/api/admin/lobbies/${lobbyId}/export`, ADMIN_TOKEN);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/x-ndjson');
    expect(res.disposition).toBe(`attachment; filename="${lobbyId}.ndjson"`);
    expect(res.events.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    const chats = res.events.filter((e) => e.kind === 'chat').map((e) => (e.payload as { msg: string }).msg);
    expect(chats).toEqual(['good luck', 'welcome Bea']);
    const folded = fold(res.events);
    expect(folded.ok && stateHash(folded.value)).toBe(stateHash(serverState(lobbyId)));
    const state = (await admin(`lobbies/${lobbyId}/state`)).body;
    expect(state.seq).toBe(seq);
  });

  it('the public export serves started games only, with every chat text blank', async () => {
    await boot();
    const ann = await client();
    const bea = await client();
    const waiting = await createdLobby(await client());
    const { lobbyId, started } = await startedGameWithBot(ann, bea, 3);
    const said = await ok(ann.emit('client-chat-message', { message: 'private words' }));
    await ann.untilSeq(said);
    expect((await ndjson(`/api/games/${waiting}/export`)).status).toBe(404);
    const res = await ndjson(`/api/games/${lobbyId}/export`);
    expect(res.status).toBe(200);
    expect(res.events.length).toBe(said);
    expect(res.events.at(-1)).toMatchObject({ seq: said, kind: 'chat', payload: { msg: '' } });
    expect(
      res.events
        .filter((e) => e.seq <= started)
        .every((e) => e.kind !== 'chat' || (e.payload as { msg: string }).msg === ''),
    ).toBe(true);
    expect(fold(res.events).ok).toBe(true);
  });
});

describe('the public export is bounded by the HTTP rate (PROTOCOL §8.3)', () => {
  it('costs one more token per 64 KiB past its first, as a big page does', async () => {
    await boot({ address: { ...LENIENT.address, http: { capacity: 10, refillPerSecond: 0 } } });
    // A game whose log holds three 32×32 saves (about 60 KB each) before its start.
    let game = newGame(32, 32, 5);
    for (const country of [0, 1] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: 5 } }, 0);
    const ann = await client();
    const lobbyId = await createdLobby(ann);
    await ok(ann.emit('client-change-country', { country: 0 }));
    await ok(ann.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    for (let i = 0; i < 3; i++) await ok(ann.emit('client-load-save', { state: serializeGame(game) }));
    await ok(ann.emit('client-game-action', { id: 'start', info: {} }));
    const res = await fetch(`${server().url}/api/games/${lobbyId}/export`);
    expect(res.status).toBe(200);
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(2 * 64 * 1024);
    const cost = Math.ceil(bytes / (64 * 1024));
    let allowed = 0;
    while ((await fetch(`${server().url}/api/health`)).status === 200) allowed += 1;
    expect(allowed).toBe(10 - cost);
  });
});

describe('reports and sanctions in the read side (PROTOCOL §8.4, §4.9)', () => {
  it('counts a lobby open reports in the search and the overview, and shows a seat mute end', async () => {
    await boot();
    const ann = await client();
    const bea = await client();
    const lobbyId = await createdLobby(ann);
    await ok(bea.emit('client-join-lobby', { lobbyId, playerName: 'Bea' }));
    await ok(ann.emit('client-report', { playerId: bea.playerId, reason: 'spam' }));
    expect((await admin(`lobbies?q=${lobbyId}`)).body.lobbies[0].openReports).toBe(1);
    expect((await admin('overview')).body).toMatchObject({ reportsWaiting: 1, activeBans: 0 });
    const muted = await fetch(`${server().url}/api/admin/mutes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ playerId: bea.playerId, lobbyId, minutes: 30, reason: 'spam' }),
    });
    expect(muted.status).toBe(200);
    const seats = (await admin(`lobbies/${lobbyId}`)).body.seats;
    const until = seats.find((s: { id: string }) => s.id === bea.playerId).mutedUntil;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(seats.find((s: { id: string }) => s.id === ann.playerId).mutedUntil).toBeNull();
  });
});
