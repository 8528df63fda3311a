/**
 * The public games API is bounded and spectator-safe (PROTOCOL §8.3): event pages are capped in bytes as
 * well as count (a large event still comes, alone), only started games are shown, and chat text is
 * private to the players seated in the lobby. The admin API sees everything, in byte-capped pages too.
 */
import { applyLegal, newGame, serializeGame, whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/common/config.js';
import { ADMIN_TOKEN, expectOk as ok, getJson, isContiguous, serverRig, type TestClient } from './harness.js';

/** A 32×32 save of two countries, not started: each load logs a `state-loaded` event this large. */
const SAVE = (() => {
  let game = newGame(32, 32, 5);
  for (const country of [0, 1] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
  game = applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: 5 } }, 0);
  return serializeGame(game);
})();
const SAVE_BYTES = Buffer.byteLength(JSON.stringify({ state: SAVE }));
/** Half a save: a page holds many small events, and a save's event only alone (over the cap). */
const PAGE_BYTES = Math.floor(SAVE_BYTES / 2);
const SECRET = 'meet at the mountain';

const { server, boot, client, serverState, reset } = serverRig();
/** Admin of the started game (green), with a bot. */
let alice: TestClient;
/** Seated in another lobby, never started. */
let bob: TestClient;
let gameId: string;
let openLobbyId: string;

beforeAll(async () => {
  await boot({ bytes: { ...configFromEnv({}).bytes, eventsPage: PAGE_BYTES } });
  alice = await client();
  await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
  await alice.untilSeq(2);
  gameId = alice.state!.lobbyId;
  await ok(alice.emit('client-change-country', { country: 0 }));
  await ok(alice.emit('client-chat-message', { message: SECRET }));
  for (let i = 0; i < 3; i++) await ok(alice.emit('client-load-save', { state: SAVE }));
  await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
  await ok(alice.emit('client-chat-message', { message: 'good luck, bot' }));
  await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
  // Let the bot finish any turn it has, so the log stands still while it is paged.
  const aliceCountry = serverState(gameId).players.find((p) => p.id === alice.playerId)!.country;
  await alice.until((c) => {
    const live = serverState(gameId);
    return c.state?.seq === live.seq && whoseTurn(live.game) === aliceCountry;
  }, "alice's turn");

  bob = await client();
  await ok(bob.emit('client-create-lobby', { playerName: 'Bob' }));
  await bob.untilSeq(2);
  openLobbyId = bob.state!.lobbyId;
  await ok(bob.emit('client-chat-message', { message: 'anyone?' }));
}, 60_000);
afterAll(reset);

const payloadBytes = (events: readonly LobbyEvent[]) =>
  events.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e.payload)), 0);

interface Paged {
  pages: LobbyEvent[][];
  events: LobbyEvent[];
  lastSeq: number;
}

/** Reads a log page by page as a client does: each page from the last seq + 1, until lastSeq. */
async function pageThrough(path: string, headers: Record<string, string> = {}): Promise<Paged> {
  const pages: LobbyEvent[][] = [];
  let from = 1;
  let lastSeq = 0;
  for (;;) {
    const res = await fetch(`${server().url}${path}?from=${from}&to=${from + 999}`, { headers });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { events: LobbyEvent[]; lastSeq: number };
    expect(page.events.length, `page from ${from}`).toBeGreaterThan(0);
    pages.push(page.events);
    lastSeq = page.lastSeq;
    const last = page.events.at(-1)!.seq;
    if (last >= lastSeq) break;
    from = last + 1;
  }
  return { pages, events: pages.flat(), lastSeq };
}

const asAdmin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const asPlayer = (c: TestClient, token = c.hello.token) => ({ 'x-player-id': c.playerId, 'x-player-token': token });
const chatTexts = (events: readonly LobbyEvent[]) => events.flatMap((e) => (e.kind === 'chat' ? [e.payload.msg] : []));

describe('byte-capped event pages', () => {
  it('every page stays under the byte cap or is a single event; paging reaches lastSeq; the pages make the admin log', async () => {
    expect(SAVE_BYTES).toBeGreaterThan(PAGE_BYTES);
    const admin = await pageThrough(`/api/admin/lobbies/${gameId}/events`, asAdmin);
    const seated = await pageThrough(`/api/games/${gameId}/events`, asPlayer(alice));
    for (const paged of [admin, seated]) {
      for (const page of paged.pages) {
        if (page.length > 1) expect(payloadBytes(page)).toBeLessThanOrEqual(PAGE_BYTES);
      }
      expect(paged.events.at(-1)!.seq).toBe(paged.lastSeq);
      expect(isContiguous(paged.events.map((e) => e.seq))).toBe(true);
      expect(paged.events[0]!.seq).toBe(1);
    }
    // The cap bites both ways: small events share pages, each save's event comes alone.
    expect(admin.pages.some((p) => p.length > 1)).toBe(true);
    const loads = admin.pages.filter((p) => p.some((e) => e.kind === 'state-loaded'));
    expect(loads).toHaveLength(3);
    expect(loads.every((p) => p.length === 1)).toBe(true);
    expect(seated.events).toEqual(admin.events);
    expect(admin.lastSeq).toBe(serverState(gameId).seq);
  });

  it('from and to bound a page, both inclusive', async () => {
    const page = await getJson(`${server().url}/api/games/${gameId}/events?from=2&to=4`);
    expect(page.body.events.map((e: LobbyEvent) => e.seq)).toEqual([2, 3, 4]);
  });
});

describe('what a spectator may see', () => {
  it('a lobby that never started answers 404 on the public API (the admin API still sees it)', async () => {
    const res = await getJson(`${server().url}/api/games/${openLobbyId}/events`);
    expect(res).toEqual({ status: 404, body: { error: { code: 'not_found', message: expect.any(String) } } });
    const asSeated = await fetch(`${server().url}/api/games/${openLobbyId}/events`, { headers: asPlayer(bob) });
    expect(asSeated.status).toBe(404);
    const admin = await getJson(`${server().url}/api/admin/lobbies/${openLobbyId}/events`, ADMIN_TOKEN);
    expect(admin.status).toBe(200);
    expect(chatTexts(admin.body.events)).toEqual(['anyone?']);
  });

  it('the public listing shows the started game and not the open lobby', async () => {
    const list = await getJson(`${server().url}/api/games?limit=100`);
    const ids = list.body.games.map((g: { id: string }) => g.id);
    expect(ids).toContain(gameId);
    expect(ids).not.toContain(openLobbyId);
  });

  it('chat text is blank for an anonymous reader and for a player of another lobby, and kept in place', async () => {
    const admin = await pageThrough(`/api/admin/lobbies/${gameId}/events`, asAdmin);
    expect(chatTexts(admin.events)).toEqual([SECRET, 'good luck, bot']);
    const readers: Record<string, string>[] = [
      {},
      asPlayer(bob),
      asPlayer(alice, 'not-her-token'),
      { 'x-player-id': alice.playerId },
    ];
    for (const headers of readers) {
      const reader = await pageThrough(`/api/games/${gameId}/events`, headers);
      expect(chatTexts(reader.events)).toEqual(['', '']);
      // Same events otherwise: seqs contiguous, so the log still folds.
      const blanked = admin.events.map((e) => (e.kind === 'chat' ? { ...e, payload: { ...e.payload, msg: '' } } : e));
      expect(reader.events).toEqual(blanked);
    }
  });

  it('a player seated in the game reads the chat', async () => {
    const seated = await pageThrough(`/api/games/${gameId}/events`, asPlayer(alice));
    expect(chatTexts(seated.events)).toEqual([SECRET, 'good luck, bot']);
  });
});
