/**
 * Bounded answers (docs/PROTOCOL.md "Limits"): a resync answer is never larger than a snapshot or the
 * byte cap, a lobby's chat and a save are capped, an oversized frame is refused, and every full state
 * says `state: null` the same way before a map exists.
 */
import { applyLegal, newGame, serializeGame, stateHash } from '@four-banners/engine';
import { LIMITS, lobbyStateFromSnapshot, type SyncAck, type SyncStatePayload } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LENIENT, createdLobby, expectOk as ok, getJson, serverRig } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();
const RESYNC_TAIL = 4096;
const CHAT_MAX = 30;
const PRE_START_MAX = 60;

beforeAll(async () => {
  await boot({
    rates: { ...LENIENT.rates, chat: { capacity: 1000, refillPerSecond: 0 } },
    bytes: { eventsPage: 1 << 20, resyncTail: RESYNC_TAIL, socketBuffer: 8 << 20, stalledMs: 60_000 },
    lobbyChatMax: CHAT_MAX,
    lobbyEventsBeforeStart: PRE_START_MAX,
  });
});
afterAll(reset);

describe('resync answers are bounded in bytes as well as events (PROTOCOL §5.2)', () => {
  it('a small tail comes as events; a tail over the byte cap comes as a snapshot of the current state', async () => {
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    await ok(alice.emit('client-chat-message', { message: 'short' }));
    const small = (await alice.emit('client-sync-state', { lobbyId, afterSeq: 2 })) as SyncAck;
    expect(small).toMatchObject({ ok: true, events: [expect.objectContaining({ kind: 'chat' })] });
    expect(small.ok && small.snapshot).toBeFalsy();

    // 25 messages of ~200 characters: about 5 KB of payload, over the 4 KB cap, but far under 1,000 events.
    for (let i = 0; i < 25; i++) await ok(alice.emit('client-chat-message', { message: `${i} ${'y'.repeat(195)}` }));
    const big = (await alice.emit('client-sync-state', { lobbyId, afterSeq: 2 })) as SyncAck;
    expect(big.ok).toBe(true);
    if (!big.ok) return;
    expect(big.events).toEqual([]);
    expect(big.snapshot?.seq).toBe(serverState(lobbyId).seq);
    expect(stateHash(lobbyStateFromSnapshot(big.snapshot!))).toBe(stateHash(serverState(lobbyId)));
  });
});

describe("a lobby's chat is capped", () => {
  it('past lobbyChatMax messages chat is refused with rate_limited and the log does not grow', async () => {
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    for (let i = 0; i < CHAT_MAX; i++) await ok(alice.emit('client-chat-message', { message: `m${i}` }));
    const seq = serverState(lobbyId).seq;
    expect(await alice.emit('client-chat-message', { message: 'one more' })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/chat is full/) },
    });
    expect(serverState(lobbyId).seq).toBe(seq);
    expect(serverState(lobbyId).messages).toHaveLength(CHAT_MAX);
  });
});

describe('a lobby that never starts stops growing', () => {
  it('past lobbyEventsBeforeStart events, changes are refused with rate_limited; start and leave still work', async () => {
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    let seed = 0;
    while (serverState(lobbyId).seq < PRE_START_MAX) await ok(alice.emit('client-lobby-update', { seed: seed++ }));
    const seq = serverState(lobbyId).seq;
    const refusals = await Promise.all([
      alice.emit('client-lobby-update', { seed: 12345 }),
      alice.emit('client-chat-message', { message: 'still there?' }),
      alice.emit('client-add-bot', { country: 2, difficulty: 'easy' }),
      (await client()).emit('client-join-lobby', { lobbyId, playerName: 'Late' }),
    ]);
    for (const r of refusals)
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'rate_limited', message: expect.stringMatching(/too often/) },
      });
    expect(serverState(lobbyId).seq).toBe(seq);
    // Starting is always possible, and then the game's own limits apply.
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await ok(alice.emit('client-chat-message', { message: 'gl' }));
  });
});

describe('saves and frames are capped in size', () => {
  it('a save larger than a lobby map (33×33) is invalid_payload', async () => {
    let game = newGame(33, 33, 5);
    for (const country of [0, 1] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 33, h: 33, seed: 5 } }, 0);
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    const seq = serverState(lobbyId).seq;
    const save = serializeGame(game);
    // It fits in one frame: the schema, not the frame cap, refuses it.
    expect(JSON.stringify(save).length).toBeLessThan(LIMITS.maxMessageBytes);
    expect(await alice.emit('client-load-save', { state: save })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(serverState(lobbyId).seq).toBe(seq);
  });

  it('a frame over maxHttpBufferSize closes the connection and changes nothing', async () => {
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    const seq = serverState(lobbyId).seq;
    const closed = new Promise<string>((resolve) => alice.socket.once('disconnect', resolve));
    alice.socket.emit('client-chat-message', { message: 'x'.repeat(200 * 1024) }, () => undefined);
    expect(await closed).toBe('transport close');
    expect(serverState(lobbyId).seq).toBe(seq);
  });
});

describe('one answer for "no map yet": state null everywhere', () => {
  it('the join sync, the resync snapshot and the admin API all say state: null, and fold to the same lobby', async () => {
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    await ok(alice.emit('client-change-country', { country: 0 }));
    const joinSync = alice.received.find((r) => r.name === 'server-sync-state')!.payload as SyncStatePayload;
    expect(joinSync.state).toBeNull();
    const res = await getJson(`${server().url}/api/admin/lobbies/${lobbyId}/state`, ADMIN_TOKEN);
    expect(res.body.state).toBeNull();
    const snapshot = { seq: res.body.seq, lobby: res.body.lobby, state: res.body.state };
    expect(stateHash(lobbyStateFromSnapshot(snapshot))).toBe(stateHash(serverState(lobbyId)));
    expect(stateHash(alice.state!)).toBe(stateHash(serverState(lobbyId)));
    // A second country makes a map: now every answer carries it.
    await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
    const withMap = await getJson(`${server().url}/api/admin/lobbies/${lobbyId}/state`, ADMIN_TOKEN);
    expect(withMap.body.state.tiles).toHaveLength(100);
  });

  it('a resync snapshot before a map exists is state: null too', async () => {
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    for (let i = 0; i < 25; i++) await ok(alice.emit('client-chat-message', { message: `${i} ${'z'.repeat(195)}` }));
    const answer = (await alice.emit('client-sync-state', { lobbyId, afterSeq: 0 })) as SyncAck;
    expect(answer.ok && answer.snapshot?.state).toBeNull();
    expect(answer.ok && stateHash(lobbyStateFromSnapshot(answer.snapshot!))).toBe(stateHash(serverState(lobbyId)));
  });
});
