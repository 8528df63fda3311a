/**
 * Mutes and bans on several nodes (PROTOCOL §4.9, ARCHITECTURE §6): a sanction taken through one node applies
 * on the others at once — the node that took it says so on the cluster bus and every other node loads the
 * sanctions again — without waiting for `SANCTIONS_REFRESH_SECONDS` (set far out here, so only the notice
 * can explain it). A real `redis-server` on a free port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './admin-post.js';
import { nodesRig } from './fixtures/nodes-rig.js';
import { createdLobby, expectOk as ok, tryConnectTo } from './harness.js';

const { nodes, startRedis, boot, connect, stop } = nodesRig('sanction-nodes');

beforeAll(async () => {
  await startRedis();
  await boot(2, { sanctionsRefreshMs: 600_000 });
});
afterAll(stop);

describe('sanctions across nodes (PROTOCOL §4.9)', () => {
  it('a mute and a ban taken through one node apply on the other at once', async () => {
    const [first, second] = [nodes[0]!, nodes[1]!];
    const player = await connect(second);
    await createdLobby(player);
    const mute = { playerId: player.playerId, lobbyId: null, minutes: 10, reason: 'flooding' };
    expect((await postJson(`${first.url}/api/admin/mutes`, mute)).status).toBe(200);
    await expect
      .poll(() => player.emit('client-chat-message', { message: 'hi' }))
      .toMatchObject({
        ok: false,
        error: { code: 'muted' },
      });

    const other = await connect(second);
    await ok(other.emit('client-create-lobby', { playerName: 'Other' }));
    const dropped = new Promise<string>((resolve) => player.socket.once('disconnect', resolve));
    const ban = { target: { identity: player.playerId }, reason: 'cheating' };
    expect((await postJson(`${first.url}/api/admin/bans`, ban)).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    const identity = { playerId: player.playerId, token: player.hello.token };
    expect(await tryConnectTo(second.url, identity)).toMatchObject({ ok: false, data: { code: 'banned' } });
    expect(other.socket.connected).toBe(true);
  });
});
