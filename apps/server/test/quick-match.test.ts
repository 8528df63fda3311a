/**
 * Quick match (PROTOCOL §4.7): people pressing Quick match for the same number of seats (and map size) land
 * in one lobby, which the server starts when full, or after the wait with bots in the empty seats when two
 * people or more wait; one person alone waits on until `client-quick-start`. Two nodes share the queue
 * through the database.
 */
import { SERVER_ACTOR, type LobbyEvent } from '@four-banners/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodesRig } from './fixtures/nodes-rig.js';
import { ADMIN_TOKEN, TestClient, expectOk as ok, getJson, serverRig, sleep, waitFor } from './harness.js';

const { boot, client, server, reset, hub, stop } = serverRig();
afterEach(reset);

/** The lobby's whole log, from the admin API. */
async function logOf(url: string, lobbyId: string): Promise<LobbyEvent[]> {
  const res = await getJson(`${url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
  return res.body.events as LobbyEvent[];
}

const starts = (events: readonly LobbyEvent[]) =>
  events.filter((e) => e.kind === 'game-action' && e.payload.id === 'start');

/** Presses Quick match and waits until the client holds the lobby it was seated in. */
async function press(c: TestClient, seats: 2 | 4, size: 10 | 16 | 24 | null, name = 'Pat'): Promise<string> {
  await ok(c.emit('client-quick-match', { playerName: name, seats, size }));
  await c.until((x) => x.state?.players.some((p) => p.id === x.playerId) ?? false, 'seated');
  return c.state!.lobbyId;
}

describe('quick match on one node (PROTOCOL §4.7)', () => {
  it('two people pressing for 2 seats land in one lobby, on green and purple, and the server starts it', async () => {
    await boot();
    const [a, b] = [await client(), await client()];
    const lobbyId = await press(a, 2, null, 'Ann');
    expect(a.state!.settings).toMatchObject({ listed: true, clock: 60, quick: { seats: 2 } });
    expect(await press(b, 2, null, 'Bob')).toBe(lobbyId);
    await a.until((c) => c.state?.game.running === true, 'the start');
    const log = await logOf(server().url, lobbyId);
    expect(log[0]).toMatchObject({ kind: 'lobby-created', payload: { listed: true, clock: 60, w: 10, h: 10 } });
    const started = starts(log);
    expect(started).toHaveLength(1);
    expect(started[0]!.actor).toBe(SERVER_ACTOR);
    // The start is in the same append as the last join.
    expect(log.at(-2)).toMatchObject({ kind: 'player-joined', payload: { player: { id: b.playerId, country: 1 } } });
    expect(a.state!.players.map((p) => [p.name, p.country])).toEqual([
      ['Ann', 0],
      ['Bob', 1],
    ]);
    // Metrics (OPERATIONS §8): a full start, two people's times to match, nobody waiting any more.
    const metrics = await (await fetch(`${server().url}/api/metrics`)).text();
    expect(metrics).toMatch(/^fb_quick_matches_started_total\{how="full"\} 1$/m);
    expect(metrics).toMatch(/^fb_quick_match_seconds_count 2$/m);
    expect(metrics).toMatch(/^fb_quick_match_waiting 0$/m);
  });

  it('four people pressing together for 4 seats end in one lobby that starts without bots', async () => {
    await boot();
    const people = await Promise.all([client(), client(), client(), client()]);
    const lobbies = await Promise.all(people.map((c, i) => press(c, 4, 16, `P${i}`)));
    expect(new Set(lobbies).size).toBe(1);
    await people[0]!.until((c) => c.state?.game.running === true, 'the start');
    const state = people[0]!.state!;
    expect(state.players.filter((p) => p.bot)).toHaveLength(0);
    expect(state.players.map((p) => p.country).sort()).toEqual([0, 1, 2, 3]);
    expect(state.w).toBe(16);
    expect(starts(await logOf(server().url, lobbies[0]!))).toHaveLength(1);
  });

  it('sizes match only themselves; null matches any size', async () => {
    await boot();
    const [a, b, c] = [await client(), await client(), await client()];
    const sixteen = await press(a, 2, 16);
    const ten = await press(b, 2, 10);
    expect(ten).not.toBe(sixteen);
    // Any size takes the oldest waiting lobby for 2: the 16.
    expect(await press(c, 2, null)).toBe(sixteen);
  });

  it('a waiting lobby whose people all went away is passed over', async () => {
    await boot();
    const [a, b, c] = [await client(), await client(), await client()];
    const gone = await press(a, 2, null);
    a.close();
    await waitFor(() => !hub().isOnline(a.playerId), 'the server to see the first person gone');
    await ok(b.emit('client-quick-match', { playerName: 'B', seats: 2, size: null }));
    await b.until((x) => x.state !== null, 'seated');
    expect(b.state!.lobbyId).not.toBe(gone);
    // The next person is matched with the one still there.
    expect(await press(c, 2, null)).toBe(b.state!.lobbyId);
  });

  it('4 seats and 2 seats are separate queues', async () => {
    await boot();
    const [a, b] = [await client(), await client()];
    expect(await press(a, 4, null)).not.toBe(await press(b, 2, null));
  });

  it('a person alone is not started when the wait passes, only by client-quick-start (bots fill the seats)', async () => {
    await boot({ quickMatchWaitMs: 100 });
    const a = await client();
    const lobbyId = await press(a, 4, null);
    // Well past the wait: nothing was appended.
    await sleep(400);
    expect((await logOf(server().url, lobbyId)).map((e) => e.kind)).toEqual(['lobby-created', 'player-joined']);
    const seq = await ok(a.emit('client-quick-start', {}));
    await a.untilSeq(seq);
    expect(a.state!.game.running).toBe(true);
    const bots = a.state!.players.filter((p) => p.bot);
    expect(bots.map((p) => p.country)).toEqual([1, 2, 3]);
    expect(bots.every((p) => p.bot?.difficulty === 'normal')).toBe(true);
    expect(starts(await logOf(server().url, lobbyId))[0]!.actor).toBe(SERVER_ACTOR);
    // Once started, quick-start is refused.
    expect(await a.emit('client-quick-start', {})).toMatchObject({ ok: false, error: { code: 'game_running' } });
  });

  it('two people waiting past the wait: bots fill the empty seats and the server starts it, once', async () => {
    await boot({ quickMatchWaitMs: 300 });
    const [a, b] = [await client(), await client()];
    const lobbyId = await press(a, 4, null);
    await press(b, 4, null);
    await a.until((c) => c.state?.game.running === true, 'the start after the wait');
    expect(a.state!.players.filter((p) => p.bot)).toHaveLength(2);
    expect(starts(await logOf(server().url, lobbyId))).toHaveLength(1);
  });

  it('a wait that ends while the server is down starts the lobby when it is back (the logged startBy)', async () => {
    const first = await boot({ quickMatchWaitMs: 1500 });
    const [a, b] = [await client(), await client()];
    const lobbyId = await press(a, 4, null);
    await press(b, 4, null);
    await stop();
    await boot({ quickMatchWaitMs: 60_000 }, first.dir);
    await waitFor(async () => starts(await logOf(server().url, lobbyId)).length === 1, 'the start after the restart');
    const log = await logOf(server().url, lobbyId);
    expect(log.filter((e) => e.kind === 'player-joined' && 'bot' in e.payload.player)).toHaveLength(2);
  });

  it('client-quick-start outside a quick match is refused (not_actable); a seat elsewhere refuses quick match', async () => {
    await boot();
    const a = await client();
    await ok(a.emit('client-create-lobby', { playerName: 'Ann' }));
    expect(await a.emit('client-quick-start', {})).toMatchObject({ ok: false, error: { code: 'not_actable' } });
    expect(await a.emit('client-quick-match', { playerName: 'Ann', seats: 2, size: null })).toMatchObject({
      ok: false,
      error: { code: 'not_actable' },
    });
  });

  it('leaving the queue is client-leave-lobby: the next person gets a lobby of their own or the next waiting one', async () => {
    await boot();
    const [a, b] = [await client(), await client()];
    const first = await press(a, 2, null);
    await ok(a.emit('client-leave-lobby', { playerId: a.playerId }));
    // The lobby closed with its last person: b opens another.
    expect(await press(b, 2, null)).not.toBe(first);
  });

  it('is rate-limited per player and per address', async () => {
    const bucket = { capacity: 2, refillPerSecond: 0 };
    const s = await boot();
    await s.stop();
    await boot({ rates: { ...s.config.rates, quickMatch: bucket } });
    const a = await client();
    for (let i = 0; i < 2; i++) {
      await ok(a.emit('client-quick-match', { playerName: 'Ann', seats: 2, size: null }));
      await ok(a.emit('client-leave-lobby', { playerId: a.playerId }));
    }
    expect(await a.emit('client-quick-match', { playerName: 'Ann', seats: 2, size: null })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
    await reset();
    await boot({ address: { ...s.config.address, quickMatch: bucket } });
    const people = [await client(), await client(), await client()];
    for (const c of people.slice(0, 2))
      await ok(c.emit('client-quick-match', { playerName: 'P', seats: 4, size: null }));
    expect(await people[2]!.emit('client-quick-match', { playerName: 'P', seats: 4, size: null })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: /address/ },
    });
  });
});

describe('quick match on two nodes (PROTOCOL §4.7)', () => {
  const rig = nodesRig('quick-nodes');
  beforeAll(async () => {
    await rig.startRedis();
    await rig.boot(2);
  });
  afterAll(rig.stop);

  it('a person on node A and one on node B, pressing in turn, land in the same lobby and it starts', async () => {
    const [a, b] = [await rig.connect(rig.nodes[0]!), await rig.connect(rig.nodes[1]!)];
    const lobbyId = await press(a, 2, 24, 'Ann');
    expect(await press(b, 2, 24, 'Bob')).toBe(lobbyId);
    await Promise.all([a, b].map((c) => c.until((x) => x.state?.game.running === true, 'the start')));
    expect(starts(await logOf(rig.nodes[0]!.url, lobbyId))).toHaveLength(1);
  });
});
