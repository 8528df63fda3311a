/**
 * Following a lobby as an operator (PROTOCOL §4.9 "Following a lobby as an operator"): `client-admin-watch`
 * answers like a watch but with the chat text, then the lobby's broadcasts arrive with it too; the operator
 * is not counted as a watcher; a wrong token is `unauthorized` (and counted per address); a closed lobby
 * answers with its log and nothing more; `client-unwatch-lobby` stops it.
 */
import { fold, stateHash, type LobbyEvent } from '@four-banners/engine';
import type { WatchAck } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LENIENT, createdLobby, expectOk as ok, serverRig, sleep, type TestClient } from './harness.js';

const { boot, client, serverState, watchers, reset } = serverRig();
afterEach(reset);

/** The chat texts among `events`. */
const texts = (events: readonly LobbyEvent[]) =>
  events.filter((e) => e.kind === 'chat').map((e) => (e.payload as { msg: string }).msg);

/** `client-admin-watch`, answered like a watch (WatchAck). */
function follow(c: TestClient, lobbyId: string, token = ADMIN_TOKEN, afterSeq = 0): Promise<WatchAck> {
  return c.emit('client-admin-watch', { lobbyId, afterSeq, token }) as Promise<WatchAck>;
}

describe('an operator follows a lobby (PROTOCOL §4.9)', () => {
  it('reads the chat a spectator gets blank, live too, and is not counted as a watcher', async () => {
    await boot();
    const ann = await client();
    const lobbyId = await createdLobby(ann);
    await ok(ann.emit('client-chat-message', { message: 'first words' }));
    const spectator = await client();
    expect(await spectator.watch(lobbyId)).toMatchObject({ ok: true, watchers: 1 });
    const operator = await client();
    const answer = await follow(operator, lobbyId);
    expect(answer).toMatchObject({ ok: true, watchers: 1 });
    if (!answer.ok) throw new Error('no answer');
    expect(texts(answer.events)).toEqual(['first words']);
    const folded = fold(answer.events);
    expect(folded.ok && stateHash(folded.value)).toBe(stateHash(serverState(lobbyId)));

    const seq = await ok(ann.emit('client-chat-message', { message: 'second words' }));
    await operator.until((c) => c.payloads('server-chat-message').length > 0, 'the operator to hear the chat');
    await spectator.untilSeq(seq);
    expect(operator.payloads('server-chat-message').map((p) => p.msg)).toEqual(['second words']);
    expect(spectator.payloads('server-chat-message').map((p) => p.msg)).toEqual(['']);
    expect(watchers().watcherCount(lobbyId)).toBe(1);
    expect(spectator.payloads('server-watchers').every((p) => p.count === 1)).toBe(true);

    expect(await operator.emit('client-unwatch-lobby', {})).toEqual({ ok: true });
    await ok(ann.emit('client-chat-message', { message: 'third words' }));
    await spectator.until((c) => c.payloads('server-chat-message').length === 2, 'the spectator to hear the third');
    await sleep(50);
    expect(operator.payloads('server-chat-message')).toHaveLength(1);
  });

  it('refuses a wrong token with unauthorized, then rate_limited once the address sent too many', async () => {
    await boot({ address: { ...LENIENT.address, adminFailures: { capacity: 2, refillPerSecond: 0 } } });
    const ann = await client();
    const lobbyId = await createdLobby(ann);
    const stranger = await client();
    const before = serverState(lobbyId).seq;
    for (let i = 0; i < 2; i++)
      expect(await follow(stranger, lobbyId, 'not-the-token')).toMatchObject({
        ok: false,
        error: { code: 'unauthorized' },
      });
    expect(await follow(stranger, lobbyId, 'not-the-token')).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
    expect(serverState(lobbyId).seq).toBe(before);
    await ok(ann.emit('client-chat-message', { message: 'not for strangers' }));
    await sleep(50);
    expect(stranger.payloads('server-chat-message')).toEqual([]);
  });

  it('reads a closed lobby: its log, and nothing follows', async () => {
    await boot();
    const ann = await client();
    const lobbyId = await createdLobby(ann);
    await ok(ann.emit('client-chat-message', { message: 'last words' }));
    const last = await ok(ann.emit('client-leave-lobby', { playerId: ann.playerId }));
    const operator = await client();
    const answer = await follow(operator, lobbyId);
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    expect(answer.events.at(-1)?.seq).toBe(last);
    expect(texts(answer.events)).toEqual(['last words']);
    expect(await follow(operator, 'NO-SUCH-LOBBY')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
