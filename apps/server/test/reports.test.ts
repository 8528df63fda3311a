/**
 * Players' reports (PROTOCOL §4.9, §6.2): a seated person reports another person of the same lobby; the report
 * waits in the operators' queue with the names as seated, the moment and the reporter's address. A duplicate
 * while one is open adds nothing; yourself, a bot, someone elsewhere or a seq that is not the person's chat is
 * `not_actable`; reports are limited per player and per address. Nothing is logged in the lobby.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from './admin-post.js';
import { ADMIN_TOKEN, LENIENT, createdLobby, expectOk as ok, getJson, serverRig } from './harness.js';

const { server, boot, client, refused, reset } = serverRig();
afterEach(reset);

const api = (path: string) => `${server().url}/api/admin${path}`;

describe('client-report (PROTOCOL §4.9)', () => {
  it('stores a report with the names as seated, collapses a duplicate, and the operators resolve it', async () => {
    await boot();
    const admin = await client();
    const guest = await client();
    const lobbyId = await createdLobby(admin);
    await ok(guest.emit('client-join-lobby', { lobbyId, playerName: 'Rude' }));
    const chatSeq = await ok(guest.emit('client-chat-message', { message: 'insult' }));
    await admin.untilSeq(chatSeq);
    const seqBefore = admin.state!.seq;
    await ok(
      admin.emit('client-report', { playerId: guest.playerId, reason: 'abuse', note: 'see chat', seq: chatSeq }),
    );
    await ok(admin.emit('client-report', { playerId: guest.playerId, reason: 'spam' }));
    const open = await getJson(api('/reports?status=open'), ADMIN_TOKEN);
    expect(open.body.items).toHaveLength(1);
    expect(open.body.items[0]).toMatchObject({
      lobbyId,
      seq: chatSeq,
      reporterId: admin.playerId,
      reporterName: 'Admin',
      targetId: guest.playerId,
      targetName: 'Rude',
      reason: 'abuse',
      note: 'see chat',
      reporterAddress: '127.0.0.1',
      resolution: null,
    });
    // Nothing is logged in the lobby, and the reported person hears nothing.
    expect(admin.state!.seq).toBe(seqBefore);
    const resolve = await postJson(api(`/reports/${open.body.items[0].id}/resolve`), { resolution: 'actioned' });
    expect(resolve.status).toBe(200);
    expect((await getJson(api('/reports'), ADMIN_TOKEN)).body.items).toEqual([]);
    const resolved = await getJson(api(`/reports?status=resolved&lobby=${lobbyId}`), ADMIN_TOKEN);
    expect(resolved.body.items[0]).toMatchObject({ resolution: 'actioned', resolvedBy: 'admin' });
    const twice = await postJson(api(`/reports/${open.body.items[0].id}/resolve`), { resolution: 'dismissed' });
    expect([twice.status, twice.body.error.code]).toEqual([404, 'not_found']);
    // Once resolved, a new report is a new row; the moment defaults to the lobby's current seq.
    await ok(admin.emit('client-report', { playerId: guest.playerId, reason: 'other' }));
    const next = await getJson(api('/reports'), ADMIN_TOKEN);
    expect(next.body.items[0]).toMatchObject({ seq: seqBefore, reason: 'other', note: '' });
  });

  it('refuses reporting yourself, a bot, someone not seated there or a seq that is not their chat', async () => {
    await boot();
    const admin = await client();
    const guest = await client();
    const stranger = await client();
    const lobbyId = await createdLobby(admin);
    await ok(guest.emit('client-join-lobby', { lobbyId, playerName: 'Guest' }));
    await ok(admin.emit('client-add-bot', { country: 2, difficulty: 'easy' }));
    const mine = await ok(admin.emit('client-chat-message', { message: 'mine' }));
    const bot = admin.state!.players.find((p) => p.bot)!.id;
    for (const playerId of [admin.playerId, bot, stranger.playerId])
      await refused(admin.emit('client-report', { playerId, reason: 'abuse' }), 'not_actable', lobbyId);
    await refused(
      admin.emit('client-report', { playerId: guest.playerId, reason: 'abuse', seq: mine }),
      'not_actable',
      lobbyId,
    );
    const outsider = await stranger.emit('client-report', { playerId: guest.playerId, reason: 'abuse' });
    expect(outsider).toMatchObject({ ok: false, error: { code: 'not_in_lobby' } });
    const bad = await admin.emit('client-report', { playerId: guest.playerId, reason: 'ugly' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect((await getJson(api('/reports'), ADMIN_TOKEN)).body.items).toEqual([]);
  });

  it('limits reports per player and per address, and the rows written stay within them', async () => {
    await boot({
      rates: { ...LENIENT.rates, reports: { capacity: 2, refillPerSecond: 0 } },
      address: { ...LENIENT.address, reports: { capacity: 4, refillPerSecond: 0 } },
    });
    const admin = await client();
    const lobbyId = await createdLobby(admin);
    const others = [];
    for (let i = 0; i < 3; i++) {
      const c = await client();
      await ok(c.emit('client-join-lobby', { lobbyId, playerName: `P${i}` }));
      others.push(c);
    }
    // The admin reports three people: the third is over the player's rate.
    await ok(admin.emit('client-report', { playerId: others[0]!.playerId, reason: 'spam' }));
    await ok(admin.emit('client-report', { playerId: others[1]!.playerId, reason: 'spam' }));
    await refused(
      admin.emit('client-report', { playerId: others[2]!.playerId, reason: 'spam' }),
      'rate_limited',
      lobbyId,
    );
    // Other identities of the same address share the address's four.
    await ok(others[0]!.emit('client-report', { playerId: admin.playerId, reason: 'abuse' }));
    await ok(others[1]!.emit('client-report', { playerId: admin.playerId, reason: 'abuse' }));
    await refused(
      others[2]!.emit('client-report', { playerId: admin.playerId, reason: 'abuse' }),
      'rate_limited',
      lobbyId,
    );
    expect((await getJson(api('/reports?limit=100'), ADMIN_TOKEN)).body.items).toHaveLength(4);
    const metrics = await (
      await fetch(`${server().url}/api/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/fb_reports_total 4/);
    expect(metrics).toMatch(/fb_rate_limited_total\{limit="reports"\} 1/);
    expect(metrics).toMatch(/fb_rate_limited_total\{limit="reports_per_address"\} 1/);
  });
});
