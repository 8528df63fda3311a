/**
 * The load balancer of the multi-node profile (issue 8, docs/OPERATIONS.md §10), for real: Debian's nginx
 * runs `deploy/nginx-multi-node.conf` itself (fixtures/nginx.ts: only the docker resolver, the upstream's
 * address and the port are replaced) in front of two BUILT server nodes as child processes on one database
 * and one Redis, with TRUST_PROXY=1 as the compose file sets it. Everything a player does goes through nginx,
 * with the `Origin` header a browser on the balancer's page sends; the nodes are only asked directly for what
 * they saw (`/api/metrics`, the admin API).
 */
import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fold, isGameOver, stateHash, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import type { EventsPage, GamesPage, HealthResponse } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from './drive.js';
import { buildServer, startBuiltNode, type BuiltNode as Node } from './fixtures/built-node.js';
import { nginxInstalled, startNginx, type Nginx } from './fixtures/nginx.js';
import { startRedis, type RedisServer } from './fixtures/redis-server.js';
import {
  ADMIN_TOKEN,
  TestClient,
  expectOk as ok,
  expectPlayedOnAfterKill,
  getJson,
  isContiguous,
  removeDir,
  startedGameWithBot,
  storageEnv,
  waitFor,
  type Identity,
} from './harness.js';

/**
 * The per-address HTTP burst of each node, never refilled (HTTP_PER_SECOND=0), so what an address spent is
 * exact. The test's own direct queries to the nodes (127.0.0.1) stay well under it.
 */
const HTTP_BURST = 200;

const dir = mkdtempSync(join(tmpdir(), 'fb-balancer-'));
const nodes: Node[] = [];
const clients: TestClient[] = [];
let redis: RedisServer | undefined;
let nginx: Nginx;

/** Starts one built node on the test's database and Redis, behind nginx. */
async function startNode(): Promise<Node> {
  const node = await startBuiltNode({
    ...(await storageEnv(dir)),
    REDIS_URL: redis!.url,
    ADMIN_TOKEN,
    LOG: 'off',
    // nginx is the one proxy in front, on loopback (a trusted network by default), as in docker-compose.yml.
    TRUST_PROXY: '1',
    HTTP_BURST: String(HTTP_BURST),
    HTTP_PER_SECOND: '0',
    // The test plays as fast as the acks come: no per-player rate gets in the way.
    ACTION_BURST: '100000',
    ACTION_PER_SECOND: '100000',
    BOT_ACTION_MS: '0',
    BOT_TURN_MS: '0',
  });
  nodes.push(node);
  return node;
}

/** A player's client through the balancer, sending the `Origin` of the page it was loaded from, as a browser does. */
async function connect(auth?: Identity): Promise<TestClient> {
  const c = await TestClient.connect(nginx.url, auth, { extraHeaders: { Origin: nginx.url } });
  clients.push(c);
  return c;
}

/** One node's Prometheus text, asked directly (not through nginx). */
async function scrape(node: Node): Promise<string> {
  const res = await fetch(`${node.url}/api/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The sum of the samples of `name` in `text` whose labels include every one of `labels`. */
function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => (m[2] ?? '').split(',').includes(`${k}="${v}"`))) sum += Number(m[3]);
  }
  return sum;
}

/** Every node's value of a metric, in `nodes` order. */
async function perNode(name: string, labels: Record<string, string> = {}): Promise<number[]> {
  return Promise.all(nodes.map(async (n) => metric(await scrape(n), name, labels)));
}

/** Which node carries the socket just opened: the one whose open connections went up by one. */
function nodeOf(before: readonly number[], after: readonly number[]): Node {
  const grown = nodes.filter((_, i) => after[i] === before[i]! + 1);
  expect(grown, `connections per node ${JSON.stringify(before)} → ${JSON.stringify(after)}`).toHaveLength(1);
  expect(after.reduce((a, b) => a + b, 0)).toBe(before.reduce((a, b) => a + b, 0) + 1);
  return grown[0]!;
}

/** A GET through the balancer from the loopback address `from` (127.0.0.0/8 is all ours): status and Retry-After. */
function getFrom(
  from: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((res, rej) => {
    const req = get(`${nginx.url}${path}`, { localAddress: from, headers, agent: false }, (answer) => {
      answer.resume();
      answer.once('end', () => res({ status: answer.statusCode!, retryAfter: answer.headers['retry-after'] }));
    });
    req.once('error', rej);
  });
}

/** A lobby's whole log as a node's admin API gives it, folded (the log is one for every node). */
async function logOf(node: Node, lobbyId: string): Promise<{ events: LobbyEvent[]; state: LobbyState }> {
  const answer = await getJson(`${node.url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
  expect(answer.status).toBe(200);
  const events = answer.body.events as LobbyEvent[];
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  const folded = fold(events);
  if (!folded.ok) throw new Error(folded.error.message);
  return { events, state: folded.value };
}

/** Why the file is skipped, in its title, where nginx is not installed (`.ci/run` installs it). */
const SKIPPED = nginxInstalled() ? '' : ' [skipped: no /usr/sbin/nginx; apt-get install nginx]';

describe.skipIf(SKIPPED !== '')(
  `deploy/nginx-multi-node.conf in front of two nodes: round robin, websockets, client addresses, a node dying (issue 8, OPERATIONS §10)${SKIPPED}`,
  () => {
    let alice: TestClient;
    let bob: TestClient;
    let firstLobby = '';

    beforeAll(async () => {
      buildServer();
      redis = await startRedis();
      // One after the other: the first makes and migrates the database the second finds.
      await startNode();
      await startNode();
      nginx = await startNginx(nodes.map((n) => n.address));
    }, 180_000);

    afterAll(() => {
      for (const c of clients) c.close();
      for (const n of nodes) if (n.child.exitCode === null) n.child.kill('SIGKILL');
      nginx?.stop();
      redis?.stop();
      removeDir(dir);
    });

    it('consecutive sockets land on different nodes (websocket upgrade passed through, browser Origin accepted): a lobby made on one is joined and chatted in from the other', async () => {
      const none = await perNode('fb_connections');
      expect(none).toEqual([0, 0]);
      alice = await connect();
      const one = await perNode('fb_connections');
      const aliceNode = nodeOf(none, one);
      bob = await connect();
      const bobNode = nodeOf(one, await perNode('fb_connections'));
      expect(bobNode).not.toBe(aliceNode);
      // A page from elsewhere is still refused at the upgrade, whichever node nginx asks.
      for (const _ of [0, 1]) {
        await expect(
          TestClient.connect(nginx.url, undefined, { extraHeaders: { Origin: 'https://elsewhere.example' } }),
        ).rejects.toThrow(/websocket error/);
      }

      await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
      await alice.untilSeq(2);
      firstLobby = alice.state!.lobbyId;
      const joined = await ok(bob.emit('client-join-lobby', { lobbyId: firstLobby, playerName: 'Bob' }));
      await alice.untilSeq(joined);
      const said = await ok(bob.emit('client-chat-message', { message: 'hello from the other node' }));
      const answered = await ok(alice.emit('client-chat-message', { message: 'hello back' }));
      await Promise.all([alice.untilSeq(answered), bob.untilSeq(answered)]);
      expect(said).toBeLessThan(answered);
      for (const c of [alice, bob]) {
        expect(c.payloads('server-chat-message').map((m) => m.msg)).toEqual([
          'hello from the other node',
          'hello back',
        ]);
      }
      // Each request was served by the node its socket is on.
      const created = await perNode('fb_acks_total', { event: 'client-create-lobby', code: 'ok' });
      const joins = await perNode('fb_acks_total', { event: 'client-join-lobby', code: 'ok' });
      expect(created[nodes.indexOf(aliceNode)]).toBe(1);
      expect(created[nodes.indexOf(bobNode)]).toBe(0);
      expect(joins[nodes.indexOf(bobNode)]).toBe(1);
      expect(joins[nodes.indexOf(aliceNode)]).toBe(0);
    });

    it('a game with a bot is played to its end through the balancer; both nodes wrote the log, and every client holds its state hash', async () => {
      const appendedBefore = await perNode('fb_events_appended_total');
      await ok(alice.emit('client-change-country', { country: 0 }));
      await ok(bob.emit('client-change-country', { country: 1 }));
      await ok(alice.emit('client-add-bot', { country: 2, difficulty: 'normal' }));
      await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed: 41 }));
      const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
      await Promise.all([alice.untilSeq(started), bob.untilSeq(started)]);
      await playToEnd([alice, bob], 3);

      // The admin API of either node gives the same log, whichever node appended each event.
      const [first, second] = await Promise.all(nodes.map((n) => logOf(n, firstLobby)));
      expect(second!.events).toEqual(first!.events);
      expect(isGameOver(first!.state.game)).toBe(true);
      await Promise.all([alice.untilSeq(first!.state.seq), bob.untilSeq(first!.state.seq)]);
      for (const c of [alice, bob]) {
        expect(stateHash(c.state!)).toBe(stateHash(first!.state));
        expect(isContiguous(c.seqs)).toBe(true);
        expect(c.gap).toBe(false);
      }
      const appended = await perNode('fb_events_appended_total');
      for (const [i, n] of appended.entries())
        expect(n, `events appended by node ${i}`).toBeGreaterThan(appendedBefore[i]!);
    });

    it('the HTTP API answers through the balancer, from both nodes in turn: health, the games list, a game’s log', async () => {
      // With the Origin of the balancer's page (as a browser may send it): the node sees it as its own.
      const healthy = await Promise.all(
        [0, 1].map(() => fetch(`${nginx.url}/api/health`, { headers: { Origin: nginx.url } })),
      );
      for (const h of healthy) {
        expect(h.status).toBe(200);
        expect(((await h.json()) as HealthResponse).ok).toBe(true);
      }
      // nginx logs a request just after answering it: the lines may come a moment after the answers.
      const upstreams = () =>
        nginx
          .accessLog()
          .filter((e) => e.request.startsWith('GET /api/health '))
          .map((e) => e.upstream);
      await waitFor(() => upstreams().length === 2, 'the access log of both requests');
      expect(new Set(upstreams())).toEqual(new Set(nodes.map((n) => n.address)));

      const list = await getJson(`${nginx.url}/api/games`);
      expect(list.status).toBe(200);
      const game = (list.body as GamesPage).games.find((g) => g.id === firstLobby);
      expect(game, JSON.stringify(list.body)).toBeDefined();
      expect(game!.status).toBe('finished');
      const log = await logOf(nodes[0]!, firstLobby);
      expect(game!.lastSeq).toBe(log.state.seq);
      const events = await getJson(`${nginx.url}/api/games/${firstLobby}/events`);
      expect(events.status).toBe(200);
      expect((events.body as EventsPage).events.map((e) => e.seq)).toEqual(log.events.map((e) => e.seq));
    });

    it('per-address limits count the address nginx saw (X-Forwarded-For passed, TRUST_PROXY=1), not nginx’s, and a client cannot pick its own', async () => {
      const refusedBefore = await perNode('fb_rate_limited_total', { limit: 'http' });
      // 127.0.0.5 spends its one burst over both nodes (the bucket is in Redis), then is refused by both.
      const statuses: number[] = [];
      for (let i = 0; i < HTTP_BURST + 10; i++) {
        const answer = await getFrom('127.0.0.5', '/api/health');
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.retryAfter).toBe('60');
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(HTTP_BURST);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // Naming another address in X-Forwarded-For changes nothing: nginx appends the one it saw, and that is the one believed.
      for (const _ of [0, 1]) {
        expect((await getFrom('127.0.0.5', '/api/health', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(429);
      }
      // Another address, and the test's own, still pass on both nodes: the refusals were not nginx's address's.
      for (const _ of [0, 1]) expect((await getFrom('127.0.0.6', '/api/health')).status).toBe(200);
      for (const _ of [0, 1]) expect((await getFrom('127.0.0.1', '/api/health')).status).toBe(200);
      const refused = await perNode('fb_rate_limited_total', { limit: 'http' });
      const more = refused.map((n, i) => n - refusedBefore[i]!);
      expect(
        more.every((n) => n > 0),
        `refusals per node ${JSON.stringify(more)}`,
      ).toBe(true);
      expect(more[0]! + more[1]!).toBe(12);
    });

    it('SIGKILL of a node mid-game: its player reconnects through nginx, which passes over the dead node, resyncs and finishes', async () => {
      const before = await perNode('fb_connections');
      const carol = await connect();
      const after = await perNode('fb_connections');
      const carolNode = nodeOf(before, after);
      const dave = await connect();
      const daveNode = nodeOf(after, await perNode('fb_connections'));
      expect(daveNode).not.toBe(carolNode);
      const { lobbyId } = await startedGameWithBot(carol, dave, 77);

      // Carol and Dave pass; the turn goes to the bot, and Carol's node dies at once (the bot's turn may be
      // in flight or done: bots are unpaced here).
      const carolPasses = await ok(carol.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
      await dave.untilSeq(carolPasses);
      const davePasses = await ok(dave.emit('client-game-action', { id: 'next_turn', info: { country: 1 } }));
      await carol.untilSeq(davePasses);
      carolNode.child.kill('SIGKILL');
      const held = carol.state!;
      expect(isGameOver(held.game)).toBe(false);
      await new Promise<void>((res) => (carol.socket.connected ? carol.socket.once('disconnect', () => res()) : res()));

      // She comes back through nginx: greeted with her seat, she resyncs from what she held.
      const carol2 = await connect({ playerId: carol.playerId, token: carol.hello.token });
      expect(carol2.hello.lobbyId).toBe(lobbyId);
      await carol2.resync(lobbyId, held);
      expect(carol2.state!.seq).toBeGreaterThanOrEqual(davePasses);
      // Round robin sends one of the two requests since the kill (her socket, this one) to the dead node: nginx
      // tries it, fails (refused, or reset if it connected while the process was still going down), sets it
      // aside and passes the request on (proxy_next_upstream error).
      expect((await getJson(`${nginx.url}/api/health`)).status).toBe(200);
      const dead = `upstream: "http://${carolNode.address}/`;
      const errors = nginx.errorLog().split('\n');
      expect(
        errors.some(
          (l) =>
            l.includes('[error]') &&
            / while (connecting to|reading response header from) upstream/.test(l) &&
            l.includes(dead),
        ),
        nginx.errorLog(),
      ).toBe(true);
      expect(
        errors.some(
          (l) => l.includes('[warn]') && l.includes('upstream server temporarily disabled') && l.includes(dead),
        ),
      ).toBe(true);

      await playToEnd([carol2, dave], 5);
      // Dave's node never died: he saw every seq once, in order, whoever appended it.
      await expectPlayedOnAfterKill((await logOf(daveNode, lobbyId)).events, [carol2, dave], dave, held.seq);
    });
  },
);
