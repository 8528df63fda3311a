/**
 * Live spectating (docs/PROTOCOL.md §4.5 "Watching a lobby"): anyone connected may watch an open lobby
 * they have no seat in. The answer is the resync of `client-sync-state` with chat text blank; then every
 * logged broadcast reaches the watcher (chat blank), so a watcher folds the same game as the players. A
 * watcher cannot act or chat (PROTOCOL §4.5: a watcher holds no seat). Watcher counts are
 * per person, coalesced, and bounded; every refusal changes nothing. One file past 400 lines because
 * each case shares the same lobbies-with-watchers set-up and reads as one account of PROTOCOL §4.5.
 */
import { fold, isGameOver, serializeGame, stateHash, whoseTurn, type LobbyState } from '@four-banners/engine';
import type { LobbyUpdatePayload, WatchersPayload } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/common/config.js';
import { MetricsService } from '../src/common/metrics.service.js';
import { oneAliveSave } from './drive.js';
import {
  ADMIN_TOKEN,
  LENIENT,
  createdLobby,
  expectOk as ok,
  getJson,
  isContiguous,
  serverRig,
  sleep,
  waitFor,
  type TestClient,
} from './harness.js';

const { server, boot, client, sameIdentity, tryConnect, serverState, hub, watchers, refused, reset } = serverRig();
afterEach(reset);

const SECRET = 'meet at the mountain';

/** The state as a watcher may know it: every chat message's text blank. */
const blankChat = (state: LobbyState): LobbyState => ({
  ...state,
  messages: state.messages.map((m) => ({ ...m, msg: '' })),
});

/** The value of a metric line (`name` with its labels), or 0 when it is not there. */
async function metric(name: string): Promise<number> {
  const { body } = await server().app.get(MetricsService).render();
  const line = body.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

/** Alice (admin, green) said SECRET, then started a 6×6 game against an easy bot (purple); Alice is to move. */
async function runningGame(alice: TestClient): Promise<string> {
  const lobbyId = await createdLobby(alice);
  await ok(alice.emit('client-change-country', { country: 0 }));
  await ok(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
  await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed: 7 }));
  await ok(alice.emit('client-chat-message', { message: SECRET }));
  const seq = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
  await alice.untilSeq(seq);
  expect(whoseTurn(alice.state!.game)).toBe(0);
  return lobbyId;
}

/** Alice passes; the bot plays its turn on the server; resolves when Alice is to move again and has it all. */
async function passAndLetTheBotPlay(alice: TestClient, lobbyId: string): Promise<void> {
  await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
  await waitFor(() => whoseTurn(serverState(lobbyId).game) === 0, 'the bot to pass back');
  await alice.untilSeq(serverState(lobbyId).seq);
}

describe('a watcher follows a running game', () => {
  it('gets the log so far, then every broadcast, and folds the game its players fold; chat text is blank', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    const answer = await carol.watch(lobbyId);
    expect(answer).toMatchObject({ ok: true, watchers: 1 });
    if (!answer.ok) return;
    expect(answer.snapshot).toBeUndefined();
    expect(answer.events.map((e) => e.seq)).toEqual(Array.from({ length: serverState(lobbyId).seq }, (_, i) => i + 1));
    const chat = answer.events.filter((e) => e.kind === 'chat');
    expect(chat).toHaveLength(1);
    expect(chat[0]!.payload).toEqual({ playerId: alice.playerId, msg: '' });
    // Alice is online, and the watcher is told.
    expect(carol.payloads('server-presence')).toContainEqual({ playerId: alice.playerId, online: true });

    await passAndLetTheBotPlay(alice, lobbyId);
    const said = await ok(alice.emit('client-chat-message', { message: 'the bot is slow' }));
    await passAndLetTheBotPlay(alice, lobbyId);
    const final = serverState(lobbyId);
    await carol.untilSeq(final.seq);

    // The live chat broadcast reached the watcher in its place, blank; Alice got the text.
    expect(carol.payloads('server-chat-message')).toEqual([expect.objectContaining({ seq: said, msg: '' })]);
    expect(alice.payloads('server-chat-message').at(-1)).toMatchObject({ seq: said, msg: 'the bot is slow' });
    expect(carol.gap).toBe(false);
    expect(isContiguous(carol.seqs)).toBe(true);
    expect(carol.seqs[0]).toBe(1);
    expect(carol.state!.messages.map((m) => m.msg)).toEqual(['', '']);

    // The same game as Alice's and the server's; the same state as the public log folds to (chat blank there too).
    expect(stateHash(carol.state!)).toBe(stateHash(blankChat(alice.state!)));
    expect(stateHash(carol.state!)).toBe(stateHash(blankChat(final)));
    const admin = await getJson(`${server().url}/api/admin/lobbies/${lobbyId}/state`, ADMIN_TOKEN);
    expect(admin.body.seq).toBe(final.seq);
    expect(admin.body.state).toEqual(serializeGame(carol.state!.game));
    const log = await getJson(`${server().url}/api/games/${lobbyId}/events`);
    const publicFold = fold(log.body.events);
    expect(publicFold.ok && stateHash(publicFold.value)).toBe(stateHash(carol.state!));
  });

  it('catches up after a gap with just the events it missed', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    await ok(carol.watch(lobbyId));
    await carol.untilSeq(serverState(lobbyId).seq);
    const held = carol.state!;
    carol.close();
    await waitFor(() => watchers().watcherCount(lobbyId) === 0, 'the watcher to be gone');

    await passAndLetTheBotPlay(alice, lobbyId);
    await ok(alice.emit('client-chat-message', { message: 'are you there?' }));
    const now = serverState(lobbyId);
    expect(now.seq).toBeGreaterThan(held.seq);

    const back = await sameIdentity(carol);
    back.state = held;
    const answer = await back.watch(lobbyId, held.seq);
    expect(answer).toMatchObject({ ok: true, watchers: 1 });
    if (!answer.ok) return;
    expect(answer.snapshot).toBeUndefined();
    expect(answer.events.map((e) => e.seq)).toEqual(
      Array.from({ length: now.seq - held.seq }, (_, i) => held.seq + 1 + i),
    );
    expect(answer.events.filter((e) => e.kind === 'chat').map((e) => e.payload)).toEqual([
      { playerId: alice.playerId, msg: '' },
    ]);
    expect(stateHash(back.state!)).toBe(stateHash(blankChat(now)));
    // Watching again from the seq it holds is an empty answer.
    expect(await back.emit('client-watch-lobby', { lobbyId, afterSeq: now.seq })).toEqual({
      ok: true,
      events: [],
      watchers: 1,
    });
  });

  it('a tail over the byte cap is answered with a snapshot, chat text blank, that folds on', async () => {
    // Any tail is over one byte: every catch-up is a snapshot.
    await boot({ bytes: { ...configFromEnv({}).bytes, resyncTail: 1 } });
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    const answer = await carol.watch(lobbyId);
    expect(answer).toMatchObject({ ok: true, events: [], watchers: 1 });
    if (!answer.ok) return;
    expect(answer.snapshot!.seq).toBe(serverState(lobbyId).seq);
    expect(answer.snapshot!.lobby.messages).toEqual([expect.objectContaining({ playerId: alice.playerId, msg: '' })]);
    // Alice's own resync still reads the text.
    const own = await alice.emit('client-sync-state', { lobbyId, afterSeq: 0 });
    expect(own.ok && own.snapshot!.lobby.messages[0]!.msg).toBe(SECRET);

    await passAndLetTheBotPlay(alice, lobbyId);
    await carol.untilSeq(serverState(lobbyId).seq);
    expect(carol.gap).toBe(false);
    expect(stateHash(carol.state!)).toBe(stateHash(blankChat(serverState(lobbyId))));
  });

  it('a lobby not started yet and a finished game can be watched too', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    const carol = await client();
    expect(await carol.watch(lobbyId)).toMatchObject({ ok: true, watchers: 1 });
    // Bob joins while Carol watches: Carol sees the seat arrive.
    const bob = await client();
    const joined = await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await carol.untilSeq(joined);
    expect(carol.state!.players.map((p) => p.name)).toEqual(['Admin', 'Bob']);
    // Alice and Bob play a save in which only Alice's country is alive: starting it ends it.
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    await ok(alice.emit('client-chat-message', { message: SECRET }));
    const loaded = await ok(alice.emit('client-load-save', { state: oneAliveSave([0, 1]) }));
    // A loaded save is a full state with the lobby's chat in it: blank for the watcher, not for Bob.
    await Promise.all([carol.untilSeq(loaded), bob.untilSeq(loaded)]);
    expect(carol.payloads('server-sync-state').at(-1)).toMatchObject({ event: 'state-loaded', seq: loaded });
    expect(carol.payloads('server-sync-state').at(-1)!.lobby.messages).toEqual([expect.objectContaining({ msg: '' })]);
    expect(bob.payloads('server-sync-state').at(-1)!.lobby.messages).toEqual([
      expect.objectContaining({ msg: SECRET }),
    ]);
    const over = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await carol.untilSeq(over);
    expect(isGameOver(carol.state!.game)).toBe(true);
    expect(carol.state!.game.countries.map((c) => c.id)).toEqual([0]);
    expect(stateHash(carol.state!)).toBe(stateHash(blankChat(serverState(lobbyId))));
    const dave = await client();
    expect(await dave.watch(lobbyId)).toMatchObject({ ok: true, watchers: 2 });
    expect(stateHash(dave.state!)).toBe(stateHash(blankChat(serverState(lobbyId))));
  });
});

describe('a watcher has no seat (PROTOCOL §4.5: a watcher holds no seat)', () => {
  it('every request that needs a seat is refused with not_in_lobby and changes nothing', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    await ok(carol.watch(lobbyId));
    await refused(carol.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-chat-message', { message: 'hello players' }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-change-country', { country: 2 }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-add-bot', { country: 2, difficulty: 'hard' }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-lobby-update', { seed: 1 }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-leave-lobby', { playerId: alice.playerId }), 'not_in_lobby', lobbyId);
    await refused(carol.emit('client-rematch', {}), 'not_in_lobby', lobbyId);
    // The players' resync is theirs only: a watcher resyncs by watching again.
    expect(await carol.emit('client-sync-state', { lobbyId, afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not_in_lobby' },
    });
    expect(watchers().isWatching(lobbyId, carol.playerId)).toBe(true);
  });

  it('a player seated in the lobby is sent to the game; a closed or unknown lobby is not found', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await runningGame(alice);
    expect(await alice.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toEqual({
      ok: false,
      error: { code: 'not_actable', message: 'You sit in this lobby: open the game.' },
    });
    const bob = await client();
    const closedId = await createdLobby(bob);
    await ok(bob.emit('client-leave-lobby', { playerId: bob.playerId }));
    const carol = await client();
    expect(await carol.emit('client-watch-lobby', { lobbyId: closedId, afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await carol.emit('client-watch-lobby', { lobbyId: 'NOPE42', afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(watchers().watcherTotalCount).toBe(0);
  });

  it('invalid payloads are refused with invalid_payload and change nothing', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    await ok(carol.watch(lobbyId));
    const bad: [string, unknown][] = [
      ['client-watch-lobby', { lobbyId }],
      ['client-watch-lobby', { lobbyId: '', afterSeq: 0 }],
      ['client-watch-lobby', { lobbyId, afterSeq: -1 }],
      ['client-watch-lobby', { lobbyId, afterSeq: 1.5 }],
      ['client-watch-lobby', { lobbyId, afterSeq: 0, bonus: 1 }],
      ['client-watch-lobby', 'everything'],
      ['client-unwatch-lobby', { lobbyId }],
      ['client-unwatch-lobby', null],
      ['client-rematch', { lobbyId }],
    ];
    for (const [name, payload] of bad) {
      expect(await carol.emitRaw(name, payload), `${name} ${JSON.stringify(payload)}`).toMatchObject({
        ok: false,
        error: { code: 'invalid_payload' },
      });
    }
    expect(watchers().isWatching(lobbyId, carol.playerId)).toBe(true);
    expect(watchers().watcherCount(lobbyId)).toBe(1);
  });
});

describe('who watches, and how many', () => {
  it('a new watch replaces the previous one; unwatching stops the broadcasts', async () => {
    await boot();
    const alice = await client();
    const first = await runningGame(alice);
    const bob = await client();
    const second = await createdLobby(bob);
    const carol = await client();
    await ok(carol.watch(first));
    expect(await carol.emit('client-watch-lobby', { lobbyId: second, afterSeq: 0 })).toMatchObject({
      ok: true,
      watchers: 1,
    });
    expect(watchers().watcherCount(first)).toBe(0);
    expect(watchers().isWatching(second, carol.playerId)).toBe(true);
    const heard = carol.received.length;
    await passAndLetTheBotPlay(alice, first);
    await ok(bob.emit('client-chat-message', { message: 'anyone?' }));
    await carol.until((c) => c.payloads('server-chat-message').length === 1, 'the chat of the lobby it watches');
    // Nothing of the first lobby arrived after the switch (only the second lobby's chat, and maybe its count).
    const after = carol.received.slice(heard);
    expect(after.filter((r) => r.name !== 'server-watchers').map((r) => r.name)).toEqual(['server-chat-message']);
    expect(after.filter((r) => r.name === 'server-watchers').map((r) => r.payload)).not.toContainEqual(
      expect.objectContaining({ lobbyId: first }),
    );

    expect(await carol.emit('client-unwatch-lobby', {})).toEqual({ ok: true });
    expect(watchers().watcherTotalCount).toBe(0);
    // Unwatching when watching nothing is fine too.
    expect(await carol.emit('client-unwatch-lobby', {})).toEqual({ ok: true });
    await ok(bob.emit('client-chat-message', { message: 'hello?' }));
    await bob.until((c) => c.payloads('server-chat-message').length === 2, 'the second chat');
    await sleep(100);
    expect(carol.payloads('server-chat-message')).toHaveLength(1);
  });

  it('counts people, not connections; coalesces the counts to one notice a window; unwatch and disconnect count down', async () => {
    // Long enough that the 22 requests below, sent at once, land in one window even on a busy machine.
    const noticeMs = 1500;
    await boot({ watchers: { perLobby: 1000, noticeMs } });
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    const carolAgain = await sameIdentity(carol);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => client()));

    // 22 connections of 21 people arrive at once.
    const acks = await Promise.all(
      [carol, carolAgain, ...crowd].map((c) => c.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })),
    );
    expect(acks.every((a) => a.ok)).toBe(true);
    expect(Math.max(...acks.map((a) => (a.ok ? a.watchers : 0)))).toBe(21);
    expect(watchers().watcherCount(lobbyId)).toBe(21);
    expect(await metric('fb_watchers')).toBe(21);
    await alice.until((c) => c.payloads('server-watchers').length > 0, 'a watcher notice');
    // One notice for all of them, to the players and to the watchers.
    await sleep(noticeMs + 200);
    expect(alice.payloads('server-watchers')).toEqual([{ lobbyId, count: 21 } satisfies WatchersPayload]);
    expect(carol.payloads('server-watchers')).toEqual([{ lobbyId, count: 21 }]);
    expect(crowd[7]!.payloads('server-watchers')).toEqual([{ lobbyId, count: 21 }]);

    // Another connection of a watching person changes nothing; its last one going does.
    carol.close();
    await waitFor(() => hub().socketCount(carol.playerId) === 1, 'carol’s first connection to close');
    expect(watchers().watcherCount(lobbyId)).toBe(21);
    carolAgain.close();
    expect(await crowd[0]!.emit('client-unwatch-lobby', {})).toEqual({ ok: true });
    await waitFor(() => watchers().watcherCount(lobbyId) === 19, 'two people to stop watching');
    expect(await metric('fb_watchers')).toBe(19);
    await alice.until((c) => c.payloads('server-watchers').at(-1)?.count === 19, 'the count to go down');

    // A player who arrives (another connection of Alice) learns the count at once.
    const aliceAgain = await sameIdentity(alice);
    await aliceAgain.until((c) => c.payloads('server-watchers').length > 0, 'the count on connecting');
    expect(aliceAgain.payloads('server-watchers')).toEqual([{ lobbyId, count: 19 }]);
  });

  it('a player joining a watched lobby learns the count', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    const carol = await client();
    await ok(carol.watch(lobbyId));
    const bob = await client();
    await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
    await bob.until((c) => c.payloads('server-watchers').length > 0, 'the count on joining');
    expect(bob.payloads('server-watchers')).toEqual([{ lobbyId, count: 1 }]);
  });

  it('a watcher who takes a seat in the lobby stops watching it', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await createdLobby(alice);
    const carol = await client();
    await ok(carol.watch(lobbyId));
    await ok(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }));
    expect(watchers().watcherCount(lobbyId)).toBe(0);
    await ok(alice.emit('client-chat-message', { message: 'welcome Carol' }));
    await carol.until((c) => c.payloads('server-chat-message').length === 1, 'the chat');
    // Seated, Carol reads the text, once.
    expect(carol.payloads('server-chat-message')).toEqual([expect.objectContaining({ msg: 'welcome Carol' })]);
  });

  it('when the lobby closes its watchers get the closing broadcast and are let go', async () => {
    await boot();
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    await ok(carol.watch(lobbyId));
    const closed = await ok(alice.emit('client-leave-lobby', { playerId: alice.playerId }));
    await carol.untilSeq(closed);
    const closing = carol.payloads('server-lobby-update').at(-1) as LobbyUpdatePayload;
    expect(closing).toMatchObject({ seq: closed, online: false });
    expect(carol.state!.online).toBe(false);
    expect(watchers().watcherCount(lobbyId)).toBe(0);
    expect(watchers().watcherTotalCount).toBe(0);
    expect(await metric('fb_watchers')).toBe(0);
    expect(await carol.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('limits on watching (docs/OPERATIONS.md "Limits")', () => {
  it('watch requests are rate-limited per player; refused requests are counted and change nothing', async () => {
    await boot({ rates: { ...LENIENT.rates, watch: { capacity: 3, refillPerSecond: 0 } } });
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    const carolAgain = await sameIdentity(carol);
    for (const c of [carol, carolAgain, carol]) await ok(c.emit('client-watch-lobby', { lobbyId, afterSeq: 0 }));
    expect(await carolAgain.emit('client-unwatch-lobby', {})).toEqual({ ok: true });
    // The bucket is the player's, shared by their connections.
    expect(await carolAgain.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many requests to watch a game: wait a moment.' },
    });
    expect(watchers().isWatching(lobbyId, carol.playerId)).toBe(true);
    expect(await metric('fb_rate_limited_total{limit="watch"}')).toBe(1);
  });

  it('a watch answer is charged to the resync budget by the KiB it sends', async () => {
    await boot({
      rates: {
        ...LENIENT.rates,
        chat: { capacity: 100, refillPerSecond: 0 },
        syncKiB: { capacity: 4, refillPerSecond: 0 },
      },
    });
    const alice = await client();
    const lobbyId = await runningGame(alice);
    // About 8 KiB of log: the first answer spends the whole budget.
    for (let i = 0; i < 40; i++) await ok(alice.emit('client-chat-message', { message: `${i} ${'x'.repeat(190)}` }));
    const carol = await client();
    await ok(carol.emit('client-watch-lobby', { lobbyId, afterSeq: 0 }));
    expect(await carol.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/resync/) },
    });
  });

  it('past WATCHERS_PER_LOBBY people a new one is refused with lobby_full; those watching keep their place', async () => {
    await boot({ watchers: { perLobby: 2, noticeMs: 50 } });
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    const dave = await client();
    const erin = await client();
    await ok(carol.watch(lobbyId));
    await ok(dave.watch(lobbyId));
    expect(await erin.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toEqual({
      ok: false,
      error: { code: 'lobby_full', message: 'Too many people are watching this game.' },
    });
    expect(watchers().isWatching(lobbyId, erin.playerId)).toBe(false);
    expect(await metric('fb_rate_limited_total{limit="watchers_per_lobby"}')).toBe(1);
    // Another connection of someone already counted, or a re-watch, still fits.
    const carolAgain = await sameIdentity(carol);
    expect(await carolAgain.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toMatchObject({
      ok: true,
      watchers: 2,
    });
    expect(await dave.emit('client-watch-lobby', { lobbyId, afterSeq: serverState(lobbyId).seq })).toMatchObject({
      ok: true,
      watchers: 2,
    });
    // A place freed is a place taken.
    await ok(dave.emit('client-unwatch-lobby', {}));
    expect(await erin.emit('client-watch-lobby', { lobbyId, afterSeq: 0 })).toMatchObject({ ok: true, watchers: 2 });
  });

  it('watchers are connections: they count against the per-address connection cap', async () => {
    await boot({ address: { ...LENIENT.address, connections: 3 } });
    const alice = await client();
    const lobbyId = await runningGame(alice);
    const carol = await client();
    const dave = await client();
    await ok(carol.watch(lobbyId));
    await ok(dave.watch(lobbyId));
    expect(await tryConnect()).toMatchObject({ ok: false });
    expect(watchers().watcherCount(lobbyId)).toBe(2);
  });
});
