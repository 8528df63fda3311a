/**
 * The admin read side over two nodes on one database and one Redis (ARCHITECTURE §6): an operator following
 * a lobby through another node than its players' gets the lobby's broadcasts with the chat (PROTOCOL §4.9),
 * and the overview counts the people connected to every node (PROTOCOL §8.4).
 */
import type { WatchAck } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesRig } from './fixtures/nodes-rig.js';
import { ADMIN_TOKEN, createdLobby, expectOk as ok, getJson, type TestServer } from './harness.js';

const { nodes, startRedis, boot, connect, stop } = nodesRig('admin-nodes');

beforeAll(async () => {
  await startRedis();
  await boot(2);
});
afterAll(stop);

describe('the admin read side on two nodes', () => {
  it('an operator on another node follows the lobby with its chat; the overview counts both nodes people', async () => {
    const [n0, n1] = nodes as [TestServer, TestServer];
    const ann = await connect(n0);
    const lobbyId = await createdLobby(ann);
    const operator = await connect(n1);
    const answer = (await operator.emit('client-admin-watch', {
      lobbyId,
      afterSeq: 0,
      token: ADMIN_TOKEN,
    })) as WatchAck;
    expect(answer).toMatchObject({ ok: true, watchers: 0 });

    await ok(ann.emit('client-chat-message', { message: 'said on the other node' }));
    await operator.until((c) => c.payloads('server-chat-message').length > 0, 'the chat on the other node');
    expect(operator.payloads('server-chat-message').map((p) => p.msg)).toEqual(['said on the other node']);

    await connect(n1);
    // Each node writes its counts to Redis without waiting: read until the last connection is counted.
    const overview = () => getJson(`${n0.url}/api/admin/overview`, ADMIN_TOKEN).then((r) => r.body);
    await expect.poll(overview).toMatchObject({ peopleOnline: 3, waitingLobbies: 1 });
    const detail = await getJson(`${n1.url}/api/admin/lobbies/${lobbyId}`, ADMIN_TOKEN);
    expect(detail.body.seats[0]).toMatchObject({ id: ann.playerId, online: true });
  });
});
