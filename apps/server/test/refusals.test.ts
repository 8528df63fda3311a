/**
 * Refusals (PROTOCOL §3.4 codes and precedence, §3.3 who may send what): every error code is provoked,
 * and a refused request changes nothing in the log.
 */
import { LANDMARK, playBotTurn, whoseTurn } from '@four-banners/engine';
import { ERROR_CODES, type Ack, type ErrorCode } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestRunner } from '../src/gateway/request-runner.js';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { postJson } from './admin-post.js';
import { asClientAction } from './drive.js';
import { expectOk as ok, serverRig, type TestClient } from './harness.js';

const { server, boot, client, serverState: stateOf, reset } = serverRig();
const provoked = new Set<ErrorCode>();

beforeAll(async () => {
  await boot();
});
afterAll(reset);

const lastSeq = (lobbyId: string) => server().app.get(LobbyCache).cached(lobbyId)?.seq ?? -1;

/** Expects a refusal with `code`, and that the lobby's log did not grow. */
async function refused(ack: Promise<Ack>, code: ErrorCode, lobbyId?: string): Promise<void> {
  const before = lobbyId ? lastSeq(lobbyId) : 0;
  const res = await ack;
  expect(res.ok, JSON.stringify(res)).toBe(false);
  if (!res.ok) {
    expect(res.error.code).toBe(code);
    expect(res.error.message.length).toBeGreaterThan(0);
  }
  provoked.add(code);
  if (lobbyId) expect(lastSeq(lobbyId)).toBe(before);
}

/** Alice (admin, green) and Bob (purple) in a 5×5 lobby, not started. */
async function twoPlayerLobby(): Promise<{ alice: TestClient; bob: TestClient; lobbyId: string }> {
  const alice = await client();
  const bob = await client();
  await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
  await alice.untilSeq(2);
  const lobbyId = alice.state!.lobbyId;
  await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
  await ok(alice.emit('client-change-country', { country: 0 }));
  await ok(bob.emit('client-change-country', { country: 1 }));
  const seq = await ok(alice.emit('client-lobby-update', { w: 5, h: 5, seed: 99 }));
  await Promise.all([alice.untilSeq(seq!), bob.untilSeq(seq!)]);
  return { alice, bob, lobbyId };
}

/** The mover plays its planner's first action. */
async function playPlanned(c: TestClient, country: 0 | 1): Promise<void> {
  const planned = playBotTurn(c.state!.game, country, 'easy', 5)[0]!;
  const seq = await ok(c.emit('client-game-action', asClientAction(planned.action)));
  await c.untilSeq(seq!);
}

describe('payloads are checked first (PROTOCOL §3.2, §6.1)', () => {
  it('refuses malformed, unknown-key, __proto__ and out-of-range payloads with invalid_payload', async () => {
    const c = await client();
    await refused(c.emit('client-create-lobby', {}), 'invalid_payload');
    await refused(c.emit('client-create-lobby', { playerName: 'A', extra: 1 }), 'invalid_payload');
    await refused(
      c.emit('client-create-lobby', JSON.parse('{"playerName":"A","__proto__":{"x":1}}')),
      'invalid_payload',
    );
    await refused(c.emit('client-create-lobby', { playerName: 'x'.repeat(33) }), 'invalid_payload');
    await refused(c.emit('client-create-lobby', { playerName: '   ' }), 'invalid_payload');
    await refused(c.emitRaw('client-create-lobby', 'not an object'), 'invalid_payload');
    await refused(c.emitRaw('client-create-lobby'), 'invalid_payload');
    await refused(c.emit('client-lobby-update', { w: 4 }), 'invalid_payload');
    await refused(c.emit('client-lobby-update', { seed: 2 ** 32 }), 'invalid_payload');
    await refused(c.emit('client-lobby-update', {}), 'invalid_payload');
    await refused(c.emit('client-add-bot', { country: 1, difficulty: 'brutal' }), 'invalid_payload');
    await refused(c.emit('client-game-action', { id: 'pause', info: {} }), 'invalid_payload');
    // invalid_payload wins over not_in_lobby (PROTOCOL §3.4).
    await refused(c.emit('client-chat-message', { message: '' }), 'invalid_payload');
  });

  it('counts chat length in UTF-16 units: 100 emoji + 1 letter is too long, 100 emoji fit', async () => {
    const { alice, lobbyId } = await twoPlayerLobby();
    await refused(alice.emit('client-chat-message', { message: `${'😀'.repeat(100)}a` }), 'invalid_payload', lobbyId);
    await ok(alice.emit('client-chat-message', { message: '😀'.repeat(100) }));
  });

  it('takes a requestId on chat lines and moves; a malformed one is invalid_payload and writes nothing; on PostgreSQL the same one again is answered with its seq, writing nothing (PROTOCOL §3.5)', async () => {
    const { alice, bob, lobbyId } = await twoPlayerLobby();
    for (const requestId of ['short', 'x'.repeat(65), 'no spaces here', 42])
      await refused(
        alice.emit('client-chat-message', { message: 'hi', requestId } as never),
        'invalid_payload',
        lobbyId,
      );
    const line = { message: 'named', requestId: 'chat-request-0001' };
    const seq = await ok(alice.emit('client-chat-message', line));
    await alice.untilSeq(seq!);
    expect(alice.state!.messages.at(-1)).toMatchObject({ msg: 'named' });
    await ok(alice.emit('client-game-action', { id: 'start', info: {}, requestId: 'start-request-0001' }));
    await Promise.all([alice, bob].map((c) => c.until((me) => me.state!.game.running, 'the start')));
    if (server().config.databaseUrl !== null) {
      const before = lastSeq(lobbyId);
      expect(await alice.emit('client-chat-message', line)).toEqual({ ok: true, seq });
      expect(lastSeq(lobbyId)).toBe(before);
    }
  });
});

describe('lobby requests (PROTOCOL §3.3)', () => {
  it('refuses unknown lobbies, requests outside a lobby, and a second seat', async () => {
    const c = await client();
    await refused(c.emit('client-join-lobby', { lobbyId: 'NOPE42', playerName: 'C' }), 'not_found');
    await refused(c.emit('client-sync-state', { lobbyId: 'NOPE42', afterSeq: 0 }) as Promise<Ack>, 'not_found');
    await refused(c.emit('client-chat-message', { message: 'hi' }), 'not_in_lobby');
    await refused(c.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }), 'not_in_lobby');
    await refused(c.emit('client-leave-lobby', { playerId: c.playerId }), 'not_in_lobby');
    await ok(c.emit('client-create-lobby', { playerName: 'C' }));
    await c.untilSeq(2);
    const lobbyId = c.state!.lobbyId;
    await refused(c.emit('client-create-lobby', { playerName: 'C' }), 'not_actable', lobbyId);
  });

  it('only the admin updates, adds bots, removes players and starts; colours are exclusive', async () => {
    const { alice, bob, lobbyId } = await twoPlayerLobby();
    await refused(bob.emit('client-lobby-update', { w: 6 }), 'not_admin', lobbyId);
    await refused(bob.emit('client-lobby-update', { online: false }), 'not_admin', lobbyId);
    await refused(bob.emit('client-add-bot', { country: 2, difficulty: 'easy' }), 'not_admin', lobbyId);
    await refused(bob.emit('client-leave-lobby', { playerId: alice.playerId }), 'not_admin', lobbyId);
    await refused(bob.emit('client-game-action', { id: 'start', info: {} }), 'not_admin', lobbyId);
    await refused(bob.emit('client-change-country', { playerId: alice.playerId, country: 3 }), 'unauthorized', lobbyId);
    await refused(bob.emit('client-change-country', { country: 0 }), 'not_actable', lobbyId);
    await refused(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }), 'not_actable', lobbyId);
    await refused(alice.emit('client-leave-lobby', { playerId: 'someone-else' }), 'not_actable', lobbyId);
  });

  it('a lobby holds 4 seats, bots and hot-seat players included', async () => {
    const { alice, bob, lobbyId } = await twoPlayerLobby();
    await ok(alice.emit('client-add-bot', { country: 2, difficulty: 'normal' }));
    await ok(bob.emit('client-add-local', { name: 'Bob2', country: 3 }));
    const carol = await client();
    await refused(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }), 'lobby_full', lobbyId);
    await refused(alice.emit('client-add-bot', { country: 3, difficulty: 'easy' }), 'lobby_full', lobbyId);
    await refused(bob.emit('client-add-local', { name: 'Bob3', country: -1 }), 'lobby_full', lobbyId);
    // A full lobby that is also running answers lobby_full first (PROTOCOL §3.4).
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await refused(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }), 'lobby_full', lobbyId);
  });

  it('a full sender over its chat burst is rate limited', async () => {
    const { alice, lobbyId } = await twoPlayerLobby();
    for (let i = 0; i < 5; i++) await ok(alice.emit('client-chat-message', { message: `m${i}` }));
    await refused(alice.emit('client-chat-message', { message: 'one too many' }), 'rate_limited', lobbyId);
    // invalid_payload still wins over rate_limited.
    await refused(alice.emit('client-chat-message', { message: 7 }), 'invalid_payload', lobbyId);
  });
});

describe('game actions (PROTOCOL §3.3, §3.4)', () => {
  it('refuses out-of-turn moves, other countries, client bonus, off-map tiles and illegal moves; the log is unchanged', async () => {
    const { alice, bob, lobbyId } = await twoPlayerLobby();
    const carol = await client();
    await ok(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await Promise.all([alice.untilSeq(lastSeq(lobbyId)), bob.untilSeq(lastSeq(lobbyId))]);
    expect(whoseTurn(alice.state!.game)).toBe(0);

    await refused(carol.emit('client-lobby-update', { w: 6 }), 'not_admin', lobbyId);
    const dave = await client();
    await refused(dave.emit('client-join-lobby', { lobbyId, playerName: 'Dave' }), 'game_running', lobbyId);
    await refused(alice.emit('client-lobby-update', { w: 6 }), 'game_running', lobbyId);
    await refused(bob.emit('client-change-country', { country: 2 }), 'game_running', lobbyId);
    await refused(alice.emit('client-add-bot', { country: 2, difficulty: 'easy' }), 'game_running', lobbyId);
    await refused(alice.emit('client-game-action', { id: 'start', info: {} }), 'game_running', lobbyId);
    // Out of turn: Bob's own country, but it is Alice's turn.
    await refused(bob.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }), 'not_your_turn', lobbyId);
    // Acting for a country you do not control.
    await refused(bob.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }), 'unauthorized', lobbyId);
    await refused(carol.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }), 'unauthorized', lobbyId);

    // Alice and Bob each place a banner, so both have a unit.
    await playPlanned(alice, 0);
    await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await bob.untilSeq(lastSeq(lobbyId));
    await playPlanned(bob, 1);
    await ok(bob.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }));
    await alice.untilSeq(lastSeq(lobbyId));
    expect(whoseTurn(alice.state!.game)).toBe(0);
    const game = stateOf(lobbyId).game;
    const unitOf = (id: number) => game.tiles.find((t) => t.unit?.id === id)!.pos;
    const bobsUnit = unitOf(1);
    const alicesUnit = unitOf(0);
    const next = (p: { x: number; y: number }) => ({ x: p.x === 0 ? 1 : p.x - 1, y: p.y });

    // Moving Bob's unit as Alice (her own turn and country): not actable. Bob moving Alice's unit: unauthorized.
    await refused(
      alice.emit('client-game-action', { id: 'move_unit', info: { country: 0, from: bobsUnit, to: next(bobsUnit) } }),
      'not_actable',
      lobbyId,
    );
    await refused(
      bob.emit('client-game-action', { id: 'move_unit', info: { country: 0, from: alicesUnit, to: next(alicesUnit) } }),
      'unauthorized',
      lobbyId,
    );
    // A client bonus is refused even when 0 (strict schema).
    await refused(
      alice.emit('client-game-action', {
        id: 'move_unit',
        info: { country: 0, from: alicesUnit, to: next(alicesUnit), bonus: 0 },
      }),
      'invalid_payload',
      lobbyId,
    );
    await refused(
      alice.emit('client-game-action', { id: 'move_unit', info: { country: 0, from: alicesUnit, to: { x: 5, y: 0 } } }),
      'invalid_payload',
      lobbyId,
    );
    await refused(
      alice.emit('client-game-action', { id: 'place_banner', info: { country: 0, x: 0, y: 9 } }),
      'invalid_payload',
      lobbyId,
    );
    // A banner on a tile Alice does not own.
    const foreign = game.tiles.find((t) => t.owner !== 0 && t.landmark === LANDMARK.none)!.pos;
    await refused(
      alice.emit('client-game-action', { id: 'place_banner', info: { country: 0, ...foreign } }),
      'not_actable',
      lobbyId,
    );

    // Bob leaves a 2-country game: his country is removed and the game is over.
    const leftSeq = await ok(bob.emit('client-leave-lobby', { playerId: bob.playerId }));
    await alice.untilSeq(leftSeq!);
    expect(alice.state!.game.countries.map((c) => c.id)).toEqual([0]);
    await refused(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }), 'game_over', lobbyId);
    await refused(alice.emit('client-lobby-update', { seed: 5 }), 'game_over', lobbyId);
  });

  it('start needs 2 countries (not_actable)', async () => {
    const c = await client();
    await ok(c.emit('client-create-lobby', { playerName: 'Solo' }));
    await c.untilSeq(2);
    await ok(c.emit('client-change-country', { country: 3 }));
    await refused(c.emit('client-game-action', { id: 'start', info: {} }), 'not_actable', c.state!.lobbyId);
  });

  it('refuses a muted person chat with muted, saying until when (PROTOCOL §3.4, §4.9)', async () => {
    const c = await client();
    await ok(c.emit('client-create-lobby', { playerName: 'Loud' }));
    await c.untilSeq(2);
    const mute = { playerId: c.playerId, lobbyId: null, minutes: 10, reason: 'spam' };
    expect((await postJson(`${server().url}/api/admin/mutes`, mute)).status).toBe(200);
    await refused(c.emit('client-chat-message', { message: 'hi' }), 'muted', c.state!.lobbyId);
  });

  // Last: the server then takes no more requests. The storage's own outages are storage-faults.test.ts's.
  it('refuses with unavailable and a retry hint once the node is stopping, writing nothing (PROTOCOL §3.4)', async () => {
    const c = await client();
    await ok(c.emit('client-create-lobby', { playerName: 'Late' }));
    await c.untilSeq(2);
    await server().app.get(RequestRunner).stop();
    const ack = c.emit('client-chat-message', { message: 'still there?' });
    await refused(ack, 'unavailable', c.state!.lobbyId);
    expect(await ack).toMatchObject({ error: { retryAfterMs: 2000 } });
  });

  it('has provoked every error code of PROTOCOL §3.4', () => {
    expect([...provoked].sort()).toEqual([...ERROR_CODES].sort());
  });
});
