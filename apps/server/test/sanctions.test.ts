/**
 * Mutes and bans (PROTOCOL §4.9, §2.4, §3.4): a muted person's chat is refused with `muted` (saying until when)
 * and nothing is appended, until the mute is lifted or ends; a banned identity or address is refused at the
 * socket.io CONNECT with `banned`, and its open connections are dropped — at once on the node that banned,
 * and at the next refresh when the ban comes from elsewhere (another node, through the shared database).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SanctionsService } from '../src/lobby/moderation/sanctions.service.js';
import { postJson } from './admin-post.js';
import { ADMIN_TOKEN, createdLobby, expectOk as ok, getJson, serverRig, sqlRows, waitFor } from './harness.js';

const { server, boot, client, tryConnect, refused, reset } = serverRig();
afterEach(reset);

const api = (path: string) => `${server().url}/api/admin${path}`;

describe('mutes (PROTOCOL §4.9)', () => {
  it('refuses a muted person chat in that lobby with muted, logs the mute there, and allows it again once lifted', async () => {
    await boot();
    const admin = await client();
    const guest = await client();
    const lobbyId = await createdLobby(admin);
    await ok(guest.emit('client-join-lobby', { lobbyId, playerName: 'Guest' }));
    const res = await postJson(api('/mutes'), { playerId: guest.playerId, lobbyId, minutes: 30, reason: 'shouting' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, seq: 4 });
    await admin.untilSeq(4);
    const logged = admin.payloads('server-moderation')[0]!;
    expect(logged).toMatchObject({ action: 'mute', playerId: guest.playerId, reason: 'shouting' });
    const until = (logged as { until: string }).until;
    const stamp = `${until.slice(0, 10)} ${until.slice(11, 16)} UTC`;
    await refused(
      guest.emit('client-chat-message', { message: 'hello?' }),
      'muted',
      lobbyId,
      `You are muted until ${stamp}: shouting`,
    );
    // Others still chat.
    await ok(admin.emit('client-chat-message', { message: 'calm down' }));
    const active = await getJson(api('/sanctions?active=true'), ADMIN_TOKEN);
    expect(active.body.items).toHaveLength(1);
    expect(active.body.items[0]).toMatchObject({
      kind: 'mute',
      target: { identity: guest.playerId },
      lobbyId,
      by: 'admin',
    });
    const lift = await postJson(api(`/sanctions/${res.body.sanctionId}/lift`), { reason: 'apologised' });
    expect(lift.status).toBe(200);
    await ok(guest.emit('client-chat-message', { message: 'sorry' }));
    expect((await getJson(api('/sanctions?active=true'), ADMIN_TOKEN)).body.items).toEqual([]);
    const all = await getJson(api('/sanctions?active=false'), ADMIN_TOKEN);
    expect(all.body.items[0]).toMatchObject({ liftedBy: 'admin' });
    const again = await postJson(api(`/sanctions/${res.body.sanctionId}/lift`), { reason: 'again' });
    expect([again.status, again.body.error.code]).toEqual([404, 'not_found']);
    const actions = (await getJson(api('/audit'), ADMIN_TOKEN)).body.items.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['lift', 'mute']);
  });

  it('a mute everywhere covers every lobby, and one that has ended stops applying at once', async () => {
    await boot();
    const admin = await client();
    const lobbyId = await createdLobby(admin);
    const res = await postJson(api('/mutes'), { playerId: admin.playerId, lobbyId: null, minutes: 5, reason: 'spam' });
    expect(res.body).not.toHaveProperty('seq');
    await refused(admin.emit('client-chat-message', { message: 'buy now' }), 'muted', lobbyId, /until .* UTC: spam/);
    // A mute ending in a moment, written as another node would: checked against the time of each message.
    await postJson(api(`/sanctions/${res.body.sanctionId}/lift`), { reason: 'short one instead' });
    const ends = new Date(Date.now() + 1500).toISOString();
    await sqlRows(
      server(),
      `INSERT INTO sanctions (kind, target_kind, target, lobby_id, reason, created_by, created_at, expires_at)
       VALUES ('mute', 'identity', ?, NULL, 'brief', 'admin', ?, ?)`,
      admin.playerId,
      new Date().toISOString(),
      ends,
    );
    await server().app.get(SanctionsService).refresh();
    await refused(admin.emit('client-chat-message', { message: 'now?' }), 'muted', lobbyId, /brief/);
    await waitFor(() => Date.now() > Date.parse(ends), 'the mute to end');
    await ok(admin.emit('client-chat-message', { message: 'free again' }));
  });

  it('refuses a mute for an unknown lobby with 404, writing nothing', async () => {
    await boot();
    const res = await postJson(api('/mutes'), { playerId: 'someone', lobbyId: 'NOPE', minutes: 5, reason: 'x' });
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    expect((await getJson(api('/sanctions?active=false'), ADMIN_TOKEN)).body.items).toEqual([]);
  });
});

describe('bans (PROTOCOL §2.4, §4.9)', () => {
  it('an identity ban drops its open connection and refuses its CONNECT with banned; lifting lets it back', async () => {
    await boot();
    const player = await client();
    const other = await client();
    const identity = { playerId: player.playerId, token: player.hello.token };
    const dropped = new Promise<string>((resolve) => player.socket.once('disconnect', resolve));
    const res = await postJson(api('/bans'), { target: { identity: player.playerId }, reason: 'cheating' });
    expect(res.status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    const refusal = await tryConnect(identity);
    expect(refusal).toMatchObject({
      ok: false,
      data: { code: 'banned', message: 'You are banned until lifted: cheating' },
    });
    expect(other.socket.connected).toBe(true);
    await postJson(api(`/sanctions/${res.body.sanctionId}/lift`), { reason: 'appeal' });
    expect(await tryConnect(identity)).toEqual({ ok: true });
    const metrics = await (
      await fetch(`${server().url}/api/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/fb_banned_connections_total 2/);
    expect(metrics).toMatch(/fb_moderation_actions_total\{action="ban"\} 1/);
  });

  it('an address ban refuses every identity of that address, and a bad address is 400', async () => {
    await boot();
    const player = await client();
    const dropped = new Promise<string>((resolve) => player.socket.once('disconnect', resolve));
    const res = await postJson(api('/bans'), { target: { address: '127.0.0.1' }, minutes: 60, reason: 'bot farm' });
    expect(res.status).toBe(200);
    await dropped;
    expect(await tryConnect()).toMatchObject({
      ok: false,
      data: { code: 'banned', message: /until .* UTC: bot farm/ },
    });
    const bad = await postJson(api('/bans'), { target: { address: 'not-an-ip' }, reason: 'x' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_payload']);
    const v6 = await postJson(api('/bans'), { target: { address: '2001:db8:1:2:3:4:5:6' }, reason: 'x' });
    expect(v6.status).toBe(200);
    const active = await getJson(api('/sanctions'), ADMIN_TOKEN);
    expect(active.body.items.map((s: { target: unknown }) => s.target)).toEqual([
      { address: '2001:db8:1:2::/64' },
      { address: '127.0.0.1' },
    ]);
  });

  it('a ban written elsewhere reaches this node at its next refresh', async () => {
    await boot({ sanctionsRefreshMs: 100 });
    const player = await client();
    const dropped = new Promise<string>((resolve) => player.socket.once('disconnect', resolve));
    await sqlRows(
      server(),
      `INSERT INTO sanctions (kind, target_kind, target, lobby_id, reason, created_by, created_at, expires_at)
       VALUES ('ban', 'identity', ?, NULL, 'from another node', 'admin', ?, NULL)`,
      player.playerId,
      new Date().toISOString(),
    );
    expect(await dropped).toBe('io server disconnect');
  });
});
