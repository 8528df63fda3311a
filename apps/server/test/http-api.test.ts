/** The HTTP API (PROTOCOL §8): health, games, the admin API's token rules and shapes, and the web app. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES_VERSION, fold, stateHash } from '@four-banners/engine';
import { lobbyStateFromSnapshot } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { ADMIN_TOKEN, TestClient, bootServer, getJson, removeDir, type TestServer } from './harness.js';

let server: TestServer;
let alice: TestClient;
let lobbyId: string;

beforeAll(async () => {
  server = await bootServer();
  alice = await TestClient.connect(server.url);
  await alice.emit('client-create-lobby', { playerName: 'Alice' });
  await alice.untilSeq(2);
  lobbyId = alice.state!.lobbyId;
  await alice.emit('client-change-country', { country: 0 });
  await alice.emit('client-add-bot', { country: 1, difficulty: 'easy' });
  await alice.emit('client-chat-message', { message: 'gl hf' });
  const ack = await alice.emit('client-game-action', { id: 'start', info: {} });
  await alice.untilSeq((ack as { seq: number }).seq);
});
afterAll(async () => {
  alice.close();
  await server.stop();
  removeDir(server.dir);
});

const admin = (path: string, token: string | undefined = ADMIN_TOKEN) =>
  getJson(`${server.url}/api/admin${path}`, token);

describe('public endpoints (PROTOCOL §8.2, §8.3)', () => {
  it('GET /api/health says ok, the version and the rules version', async () => {
    const res = await getJson(`${server.url}/api/health`);
    expect(res).toEqual({ status: 200, body: { ok: true, version: expect.any(String), rulesVersion: RULES_VERSION } });
  });

  it('GET /api/games lists started games; /api/games/:id/events returns the log', async () => {
    const games = await getJson(`${server.url}/api/games?limit=10`);
    expect(games.status).toBe(200);
    expect(games.body.nextOffset).toBeNull();
    expect(games.body.games).toEqual([
      expect.objectContaining({
        id: lobbyId,
        status: 'running',
        adminId: alice.playerId,
        rulesVersion: RULES_VERSION,
        winner: null,
      }),
    ]);
    const events = await getJson(`${server.url}/api/games/${lobbyId}/events`);
    expect(events.body.lastSeq).toBe(events.body.events.length);
    expect(events.body.events[0]).toEqual({
      seq: 1,
      kind: 'lobby-created',
      actor: alice.playerId,
      payload: expect.objectContaining({ lobbyId, adminId: alice.playerId, rulesVersion: RULES_VERSION }),
      seed: null,
      at: expect.any(String),
    });
    expect((await getJson(`${server.url}/api/games/NOPE/events`)).status).toBe(404);
  });
});

describe('admin API (PROTOCOL §8.4)', () => {
  it('refuses a missing or wrong bearer token with 401', async () => {
    expect((await getJson(`${server.url}/api/admin/lobbies`)).status).toBe(401);
    const wrong = await admin('/lobbies', 'wrong-token');
    expect(wrong).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: expect.any(String) } } });
    expect((await admin(`/lobbies/${lobbyId}/state`, `${ADMIN_TOKEN}x`)).status).toBe(401);
  });

  it('lists lobbies and pages events with inclusive from/to', async () => {
    const list = await admin('/lobbies');
    expect(list.status).toBe(200);
    expect(list.body.lobbies[0]).toMatchObject({
      id: lobbyId,
      status: 'running',
      lastSeq: expect.any(Number),
      players: expect.any(Array),
    });
    const page = await admin(`/lobbies/${lobbyId}/events?from=2&to=4`);
    expect(page.body.events.map((e: { seq: number }) => e.seq)).toEqual([2, 3, 4]);
    expect(page.body.lastSeq).toBe(list.body.lobbies[0].lastSeq);
    const actions = (await admin(`/lobbies/${lobbyId}/events`)).body.events.filter(
      (e: { kind: string }) => e.kind === 'game-action',
    );
    expect(actions.every((e: { seed: unknown }) => Number.isInteger(e.seed))).toBe(true);
    expect((await admin(`/lobbies/${lobbyId}/events?from=x`)).status).toBe(400);
  });

  it('returns {seq, lobby, state} at any seq (null before a map), latest without seq, 404 beyond the log', async () => {
    const latest = await admin(`/lobbies/${lobbyId}/state`);
    const live = (await server.app.get(LobbyCache).getLobby(lobbyId))!;
    expect(latest.body.seq).toBe(live.seq);
    expect(stateHash(lobbyStateFromSnapshot(latest.body))).toBe(stateHash(live));
    expect(latest.body.state).toMatchObject({
      w: 10,
      h: 10,
      running: true,
      countries: expect.any(Array),
      tiles: expect.any(Array),
    });
    const early = await admin(`/lobbies/${lobbyId}/state?seq=2`);
    expect(early.body).toMatchObject({ seq: 2, lobby: { lobbyId, players: [{ id: alice.playerId }] }, state: null });
    const events = (await admin(`/lobbies/${lobbyId}/events?to=4`)).body.events;
    const folded = fold(events);
    const at4 = await admin(`/lobbies/${lobbyId}/state?seq=4`);
    expect(folded.ok && stateHash(folded.value)).toBe(stateHash(lobbyStateFromSnapshot(at4.body)));
    expect((await admin(`/lobbies/${lobbyId}/state?seq=${live.seq + 1}`)).status).toBe(404);
    expect((await admin('/lobbies/NOPE/state')).body).toEqual({
      error: { code: 'not_found', message: expect.any(String) },
    });
  });

  it('is off with 503 and a clear message when ADMIN_TOKEN is unset', async () => {
    const off = await bootServer({ adminTokens: [] });
    try {
      const res = await getJson(`${off.url}/api/admin/lobbies`, 'anything');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'admin_disabled', message: expect.stringContaining('ADMIN_TOKEN') });
    } finally {
      await off.stop();
      removeDir(off.dir);
    }
  });
});

describe('the built web app (OPERATIONS §1: one process is the whole product)', () => {
  it('serves files, falls back to index.html for app routes, and never for /api', async () => {
    const dir = join(server.dir, 'web');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Four Banners</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    const web = await bootServer({ webDist: dir });
    try {
      const page = await fetch(`${web.url}/lobby`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Four Banners');
      expect(await (await fetch(`${web.url}/`)).text()).toContain('Four Banners');
      expect(await (await fetch(`${web.url}/assets/app.js`)).text()).toBe('console.log(1)');
      const api = await fetch(`${web.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
      expect((await fetch(`${web.url}/api/health`)).status).toBe(200);
    } finally {
      await web.stop();
      removeDir(web.dir);
    }
  });
});
