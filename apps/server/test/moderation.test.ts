/**
 * Moderators acting on lobbies (PROTOCOL §4.9, §8.8): close, remove a seat, remove a chat message. Each is a
 * `moderation` event in the log that players receive as `server-moderation`, folds for a fresh client's resync
 * and for the public events page, and is in the audit log with the admin's name. Every route needs a token
 * (401), a token that may moderate (403), and a valid body (400), and a refusal changes nothing.
 */
import { BOT_NAMES, fold, stateHash, whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from './admin-post.js';
import { ADMIN_TOKEN, createdLobby, expectOk as ok, getJson, serverRig, startedGameWithBot } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();
afterEach(reset);

const READ_ONLY = 'read-only-token';
const tokens = [
  { name: 'alice', token: ADMIN_TOKEN, canModerate: true },
  { name: 'ro', token: READ_ONLY, canModerate: false },
];

const api = (path: string) => `${server().url}/api/admin${path}`;

/** The whole log of a lobby through the admin events API. */
async function adminLog(lobbyId: string): Promise<LobbyEvent[]> {
  const page = await getJson(api(`/lobbies/${lobbyId}/events`), ADMIN_TOKEN);
  expect(page.status).toBe(200);
  return page.body.events as LobbyEvent[];
}

describe('moderation API access (PROTOCOL §8.8)', () => {
  it('refuses a missing or wrong token with 401, a read-only token with 403 and a bad body with 400, changing nothing', async () => {
    await boot({ adminTokens: tokens });
    const admin = await client();
    const lobbyId = await createdLobby(admin);
    const routes: [string, unknown][] = [
      [`/lobbies/${lobbyId}/close`, { reason: 'x' }],
      [`/lobbies/${lobbyId}/remove-seat`, { playerId: admin.playerId, reason: 'x' }],
      [`/lobbies/${lobbyId}/remove-chat`, { seq: 1, reason: 'x' }],
      ['/mutes', { playerId: admin.playerId, lobbyId: null, minutes: 5, reason: 'x' }],
      ['/bans', { target: { identity: 'someone' }, reason: 'x' }],
      ['/sanctions/1/lift', { reason: 'x' }],
      ['/reports/1/resolve', { resolution: 'dismissed' }],
    ];
    for (const [path, body] of routes) {
      expect((await postJson(api(path), body, null)).status, path).toBe(401);
      expect((await postJson(api(path), body, 'wrong')).body.error.code, path).toBe('unauthorized');
      const ro = await postJson(api(path), body, READ_ONLY);
      expect([ro.status, ro.body.error.code], path).toEqual([403, 'forbidden']);
      const bad = await postJson(api(path), { ...(body as object), extra: 1 });
      expect([bad.status, bad.body.error.code], path).toEqual([400, 'invalid_payload']);
    }
    const notJson = await postJson(api(`/lobbies/${lobbyId}/close`), '{"reason":');
    expect([notJson.status, notJson.body.error.code]).toEqual([400, 'invalid_payload']);
    const huge = await postJson(api(`/lobbies/${lobbyId}/close`), { reason: 'x'.repeat(20_000) });
    expect([huge.status, huge.body.error.code]).toEqual([413, 'invalid_payload']);
    expect(serverState(lobbyId).seq).toBe(2);
    expect((await getJson(api('/audit'), READ_ONLY)).body.items).toEqual([]);
    expect((await getJson(api('/sanctions'), READ_ONLY)).body.items).toEqual([]);
  });

  it('still takes the old single ADMIN_TOKEN, named admin', async () => {
    await boot();
    const admin = await client();
    const lobbyId = await createdLobby(admin);
    const closed = await postJson(api(`/lobbies/${lobbyId}/close`), { reason: 'spam lobby' });
    expect(closed.status).toBe(200);
    const audit = await getJson(api('/audit'), ADMIN_TOKEN);
    expect(audit.body.items[0]).toMatchObject({
      admin: 'admin',
      action: 'close',
      target: lobbyId,
      reason: 'spam lobby',
    });
  });
});

describe('closing a lobby (PROTOCOL §4.9)', () => {
  it('logs moderation close, tells the players with the reason, frees their seats and audits it', async () => {
    await boot({ adminTokens: tokens });
    const admin = await client();
    const guest = await client();
    const lobbyId = await createdLobby(admin);
    await ok(guest.emit('client-join-lobby', { lobbyId, playerName: 'Guest' }));
    const res = await postJson(api(`/lobbies/${lobbyId}/close`), { reason: 'offensive names' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, seq: 4 });
    await guest.untilSeq(4);
    expect(guest.payloads('server-moderation').at(-1)).toMatchObject({
      lobbyId,
      seq: 4,
      actor: 'moderator',
      action: 'close',
      reason: 'offensive names',
    });
    expect(guest.state!.online).toBe(false);
    const log = await adminLog(lobbyId);
    expect(log.at(-1)).toMatchObject({ kind: 'moderation', actor: 'moderator', payload: { action: 'close' } });
    // Both may play elsewhere at once: their seats are free.
    await ok(guest.emit('client-create-lobby', { playerName: 'Guest' }));
    const again = await postJson(api(`/lobbies/${lobbyId}/close`), { reason: 'again' });
    expect([again.status, again.body.error.code]).toEqual([409, 'not_actable']);
    const unknown = await postJson(api('/lobbies/nope/close'), { reason: 'x' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    const audit = await getJson(api('/audit?admin=alice'), ADMIN_TOKEN);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ admin: 'alice', action: 'close', target: lobbyId, detail: { seq: 4 } });
  });
});

describe('removing a chat message (PROTOCOL §4.9)', () => {
  it('serves the message blank from then on: broadcasts, resync, event pages; the fold of the served log matches', async () => {
    await boot({ adminTokens: tokens });
    const admin = await client();
    const guest = await client();
    const { lobbyId } = await startedGameWithBot(admin, guest, 7);
    const chatSeq = await ok(guest.emit('client-chat-message', { message: 'a rude word' }));
    await admin.untilSeq(chatSeq);
    const res = await postJson(api(`/lobbies/${lobbyId}/remove-chat`), { seq: chatSeq, reason: 'insult' });
    expect(res.status).toBe(200);
    await admin.until((c) => c.payloads('server-moderation').length > 0, 'the removal');
    const removal = admin.payloads('server-moderation')[0]!;
    expect(removal).toMatchObject({ action: 'remove-chat', seq: res.body.seq, chatSeq, reason: 'insult' });
    await admin.untilSeq(res.body.seq);
    expect(admin.state!.messages.find((m) => m.seq === chatSeq)).toMatchObject({ msg: '', removed: true });
    expect(stateHash(admin.state!)).toBe(stateHash(serverState(lobbyId)));

    // A fresh connection resyncs from scratch: the chat is blank in the tail.
    const fresh = await client({ playerId: guest.playerId, token: guest.hello.token });
    await fresh.resync(lobbyId, null);
    expect(fresh.events.find((e) => e.seq === chatSeq)?.payload).toMatchObject({ msg: '' });
    expect(stateHash(fresh.state!)).toBe(stateHash(serverState(lobbyId)));

    // The admin and public pages serve it blank, and what they serve folds to the server's state.
    const log = await adminLog(lobbyId);
    expect(log.find((e) => e.seq === chatSeq)?.payload).toMatchObject({ msg: '' });
    const folded = fold(log.filter((e) => e.seq <= serverState(lobbyId).seq));
    expect(folded.ok && stateHash(folded.value)).toBe(stateHash(serverState(lobbyId)));
    const publicPage = await fetch(`${server().url}/api/games/${lobbyId}/events`, {
      headers: { 'x-player-id': guest.playerId, 'x-player-token': guest.hello.token },
    });
    const served = ((await publicPage.json()) as { events: LobbyEvent[] }).events;
    expect(served.find((e) => e.seq === chatSeq)?.payload).toMatchObject({ msg: '' });
    const stateAt = await getJson(api(`/lobbies/${lobbyId}/state?seq=${chatSeq}`), ADMIN_TOKEN);
    expect(stateAt.body.lobby.messages.find((m: { seq: number }) => m.seq === chatSeq).msg).toBe('');

    const twice = await postJson(api(`/lobbies/${lobbyId}/remove-chat`), { seq: chatSeq, reason: 'again' });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'not_actable']);
    const notChat = await postJson(api(`/lobbies/${lobbyId}/remove-chat`), { seq: 1, reason: 'x' });
    expect([notChat.status, notChat.body.error.code]).toEqual([409, 'not_actable']);
  });
});

describe('removing a seat (PROTOCOL §4.9)', () => {
  it('before the start removes the seat and its hot-seat seats, hands the admin role on and frees the person', async () => {
    await boot({ adminTokens: tokens });
    const admin = await client();
    const guest = await client();
    const lobbyId = await createdLobby(admin);
    await ok(guest.emit('client-join-lobby', { lobbyId, playerName: 'Guest' }));
    await ok(admin.emit('client-add-local', { name: 'Sofa', country: 2 }));
    const res = await postJson(api(`/lobbies/${lobbyId}/remove-seat`), { playerId: admin.playerId, reason: 'abuse' });
    expect(res.status).toBe(200);
    await guest.untilSeq(res.body.seq);
    expect(guest.state!.players.map((p) => p.id)).toEqual([guest.playerId]);
    expect(guest.state!.adminId).toBe(guest.playerId);
    await admin.until((c) => c.payloads('server-moderation').length === 2, 'both removals');
    // The removed person left the room after the event: they may sit down elsewhere.
    await ok(admin.emit('client-create-lobby', { playerName: 'Admin' }));
    const bot = await postJson(api(`/lobbies/${lobbyId}/remove-seat`), { playerId: 'nobody', reason: 'x' });
    expect([bot.status, bot.body.error.code]).toEqual([409, 'not_actable']);
  });

  it('in a running game hands the country to a bot of the lobby level, which plays at once when it is that turn', async () => {
    await boot({ adminTokens: tokens });
    const admin = await client();
    const guest = await client();
    const { lobbyId } = await startedGameWithBot(admin, guest, 11);
    // The admin passes: it is the guest's turn when the moderator removes them.
    const passed = await ok(admin.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await guest.untilSeq(passed);
    const before = serverState(lobbyId);
    const guestCountry = before.players.find((p) => p.id === guest.playerId)!.country;
    expect(whoseTurn(before.game)).toBe(guestCountry);
    const res = await postJson(api(`/lobbies/${lobbyId}/remove-seat`), {
      playerId: guest.playerId,
      reason: 'cheating',
    });
    expect(res.status).toBe(200);
    await guest.untilSeq(res.body.seq);
    expect(guest.payloads('server-moderation').at(-1)).toMatchObject({
      action: 'remove-seat',
      playerId: guest.playerId,
    });
    await admin.untilSeq(res.body.seq);
    const seat = admin.state!.players.find((p) => p.country === guestCountry)!;
    expect(seat).toMatchObject({
      name: BOT_NAMES[before.settings.botLevel],
      bot: { difficulty: before.settings.botLevel },
    });
    expect(admin.state!.players.map((p) => p.country)).toEqual(before.players.map((p) => p.country));
    // The new bot plays the guest's country, then the lobby's own bot, and play comes back to the admin.
    await admin.until((c) => c.state!.game.running && whoseTurn(c.state!.game) === 0, 'the bots to play their turns');
    const log = await adminLog(lobbyId);
    expect(log.some((e) => e.seq > res.body.seq && e.actor === seat.id)).toBe(true);
    expect(stateHash(admin.state!)).toBe(stateHash(serverState(lobbyId)));
    // The removed person is out: a resync of that lobby and a chat are refused.
    const cannot = await guest.emit('client-chat-message', { message: 'still here?' });
    expect(cannot).toMatchObject({ ok: false, error: { code: 'not_in_lobby' } });
    const resync = await guest.emit('client-sync-state', { lobbyId, afterSeq: 0 });
    expect(resync).toMatchObject({ ok: false, error: { code: 'not_in_lobby' } });
  });
});
