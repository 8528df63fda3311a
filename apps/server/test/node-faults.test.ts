/**
 * Faults of several nodes heal by themselves (issue 41; ARCHITECTURE §5.10, §6; OPERATIONS §4.6, §10), on
 * real PostgreSQL, real Redis, real server nodes and real socket.io clients:
 * - one node of three is cut from Redis for 10 s (a TCP proxy between it and Redis drops its connections
 *   and holds new ones) while people on every node play and chat with a bot, and two people of another
 *   lobby leave (one on the cut node, one elsewhere); once healed, with nobody sending anything, every client
 *   reaches the log's last seq (the cut node's last commit too, whose notice was lost) and every client and
 *   node sees the same people online, and the game goes on to its end with nobody reconnecting;
 * - Redis is killed under two nodes while people on both play and chat with a bot, and started again empty
 *   3 s later: once it is back, every client reaches the log's last seq, everyone is seen online again, and the
 *   game goes on to its end, with nobody reconnecting;
 * - PostgreSQL is restarted under two built nodes while a bot's turn is due: requests meanwhile are refused
 *   `unavailable` with a retry hint, the bot's turn lands by itself once it is back, and both processes live on.
 * In both, the log is 1..n, every client holds its state, every acked seq is in it by its sender, and
 * nothing is written twice. PostgreSQL only (the SQLite project leaves this file out: one SQLite file is
 * one process's, and its file cannot be taken away from the process).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createRng,
  drawSeed,
  foldFrom,
  isGameOver,
  playBotTurn,
  stateHash,
  whoseTurn,
  type LobbyEvent,
} from '@four-banners/engine';
import { ERROR_CODES, type Ack, type ClientAction } from '@four-banners/protocol';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NodeRegistry } from '../src/cluster/node-registry.js';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import { LobbyLogRepository, eventOf, type StoredEvent } from '../src/storage/lobby-log.repository.js';
import { asClientAction, countryToMove, passUntilTurn, playToEnd } from './drive.js';
import { buildServer, startBuiltNode, type BuiltNode } from './fixtures/built-node.js';
import { createDatabase, startPostgres, type PostgresCluster } from './fixtures/postgres-cluster.js';
import { startRedis } from './fixtures/redis-server.js';
import { startTcpProxy } from './fixtures/tcp-proxy.js';
import {
  ADMIN_TOKEN,
  LENIENT,
  TestClient,
  bootServer,
  createdLobby,
  expectOk as ok,
  getJson,
  isContiguous,
  removeDir,
  sleep,
  startedGameWithBot,
  tryConnectTo,
  waitFor,
  type TestServer,
} from './harness.js';

/** How long the node is cut from Redis. */
const CUT_MS = 10_000;
/** The nodes' heartbeat in the Redis cut: the cut node is taken for dead (3 beats missed) well within the cut. */
const HEARTBEAT_MS = 1000;
/** The end of the cut when nobody writes but the cut node, once (longer than node-redis keeps a command queued offline, 5 s). */
const QUIET_MS = 6_500;
/** A person's pause between two moves while the faults last (the game must outlast the cut). */
const PACE_MS = 100;
/** When two people of a waiting lobby close their connections, after the cut began. */
const LEAVE_AFTER_MS = 1000;
/** The bot's country in the Redis cut (the people hold 0, 1 and 2). */
const BOT_COUNTRY = 3;
/** How long a bot waits before its turn in the PostgreSQL restart: the database is stopped within it. */
const BOT_TURN_MS = 1000;
/** How long Redis stays dead before it is started again (empty) in the Redis restart. */
const REDIS_DOWN_MS = 3000;
/** How often each person sends a chat line while the faults last. */
const CHAT_EVERY_MS = 400;

/** What tears the running test's servers, clients and proxies down, last first. */
const teardown: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of teardown.splice(0).reverse()) {
    try {
      await step();
    } catch {
      // Torn down as far as it goes: the next step still runs.
    }
  }
});

/** One request's answer and who sent it (the chat line's text for a chat). */
interface Answer {
  readonly by: string;
  readonly ack: Ack;
  readonly message?: string;
}

/**
 * A refusal must carry a code of the protocol's (PROTOCOL §3.4); an outage's is `unavailable`, with a
 * retry hint, and is sent again after it (OPERATIONS §4.6). Returns how long to wait before sending again.
 */
function retryAfter(ack: Ack): number {
  if (ack.ok) return 0;
  expect(ERROR_CODES, JSON.stringify(ack)).toContain(ack.error.code);
  expect(ack.error.code, ack.error.message).toBe('unavailable');
  expect(ack.error.retryAfterMs, ack.error.message).toBeGreaterThan(0);
  return ack.error.retryAfterMs!;
}

/**
 * Each client sends a chat line every `CHAT_EVERY_MS` until `done()`; a line refused `unavailable` is sent
 * again after the hint, the same text, until it lands. Every answer is kept.
 */
async function chatWhile(clients: readonly TestClient[], done: () => boolean, answers: Answer[], tag: string) {
  await Promise.all(
    clients.map(async (c, n) => {
      for (let i = 0; !done(); i++) {
        await say(c, `${tag} ${n}:${i}`, answers);
        await sleep(CHAT_EVERY_MS);
      }
    }),
  );
}

/** Sends a chat line, again after the hint while it is refused `unavailable`, until it lands; returns its seq. */
async function say(c: TestClient, message: string, answers: Answer[]): Promise<number> {
  for (;;) {
    const ack = await c.emit('client-chat-message', { message });
    answers.push({ by: c.playerId, ack, message });
    if (ack.ok) return ack.seq!;
    await sleep(retryAfter(ack));
  }
}

/**
 * Each client plays its own country whenever its own copy of the lobby (its node's) says it is to move, until
 * `done()`: the clients of different nodes need not see the same seq (during a cut they do not), so unlike
 * `playToEnd` nobody waits for the others. The planner's move, a pass once a turn ran long; `paceMs` between two.
 */
async function playWhile(
  clients: readonly TestClient[],
  done: () => boolean,
  answers: Answer[],
  seed: number,
  paceMs = 0,
) {
  await Promise.all(
    clients.map(async (c, n) => {
      const rng = createRng(seed + n);
      let lastTurn = -1;
      let perTurn = 0;
      while (!done() && !isGameOver(c.state!.game)) {
        const country = countryToMove(c);
        if (country === null) {
          const seq = c.state!.seq;
          const until = Date.now() + 200;
          await c.until((me) => me.state!.seq !== seq || done() || Date.now() > until, 'a broadcast');
          continue;
        }
        const game = c.state!.game;
        if (game.turn.count !== lastTurn) [lastTurn, perTurn] = [game.turn.count, 0];
        const planned = playBotTurn(game, country, 'easy', drawSeed(rng))[0];
        const action: ClientAction =
          planned && perTurn < 60 ? asClientAction(planned.action) : { id: 'next_turn', info: { country } };
        perTurn++;
        const ack = await c.emit('client-game-action', action);
        answers.push({ by: c.playerId, ack });
        if (ack.ok) await c.untilSeq(ack.seq!);
        await sleep(retryAfter(ack) + paceMs);
      }
    }),
  );
}

/** How `c` sees `playerId` now: the last `server-presence` about them; none: online (a joiner is, PROTOCOL §4.3). */
function seenOnline(c: TestClient, playerId: string): boolean {
  return c.payloads('server-presence').findLast((p) => p.playerId === playerId)?.online ?? true;
}

/**
 * What the members of a lobby still connected (each joined after the ones before it) see wrong: each other
 * member not `gone` must be seen online, each `gone` offline. None: their presence agrees.
 */
function presenceWrong(members: readonly TestClient[], gone: ReadonlySet<TestClient>): string[] {
  const name = (c: TestClient) => `member ${members.indexOf(c)}`;
  return members.flatMap((c) =>
    gone.has(c)
      ? []
      : members.flatMap((other) =>
          other !== c && seenOnline(c, other.playerId) === gone.has(other)
            ? [`${name(c)} sees ${name(other)} ${gone.has(other) ? 'online' : 'offline'}`]
            : [],
        ),
  );
}

/**
 * The checks after a fault (`log` as the database holds it): the log is 1..n and folds; every client reached
 * its last seq, each having received every seq once and in order, holding the same state hash as the fold
 * (at every seq two of them saw, when they keep hashes); every acked seq is in the log by its sender, no
 * seq was acked twice, and every chat line sent is in the log once at most (exactly once, at its seq, when acked).
 */
async function expectOneLog(log: readonly LobbyEvent[], clients: readonly TestClient[], answers: readonly Answer[]) {
  expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
  const folded = foldFrom(null, log);
  if (!folded.ok) throw new Error(`the log does not fold: ${folded.error.message}`);
  const last = log.length;
  await Promise.all(clients.map((c) => c.untilSeq(last)));
  for (const c of clients) {
    expect(c.state!.seq).toBe(last);
    expect(stateHash(c.state!)).toBe(stateHash(folded.value));
    expect(isContiguous(c.seqs), `${c.playerId} got every seq once, in order`).toBe(true);
    expect(c.gap).toBe(false);
    expect(c.events.map((e) => [e.seq, e.actor, e.kind])).toEqual(
      log.slice(c.seqs[0]! - 1).map((e) => [e.seq, e.actor, e.kind]),
    );
  }
  const hashesAt = new Map<number, string>();
  for (const c of clients)
    for (const [seq, hash] of c.hashes ?? []) {
      expect(hashesAt.get(seq) ?? hash, `seq ${seq}`).toBe(hash);
      hashesAt.set(seq, hash);
    }
  const acked = answers.flatMap(({ ack }) => (ack.ok && ack.seq !== undefined ? [ack.seq] : []));
  expect(new Set(acked).size).toBe(acked.length);
  for (const { by, ack, message } of answers) {
    if (!ack.ok || ack.seq === undefined) continue;
    expect(log[ack.seq - 1]!.actor, `seq ${ack.seq}`).toBe(by);
    if (message !== undefined) expect(log[ack.seq - 1]!.payload).toMatchObject({ msg: message });
  }
  const lines = log.filter((e) => e.kind === 'chat').map((e) => (e.payload as { msg: string }).msg);
  expect(new Set(lines).size, 'no chat line written twice').toBe(lines.length);
  const sent = new Set(answers.flatMap(({ message }) => (message === undefined ? [] : [message])));
  expect(lines.filter((m) => sent.has(m)).length).toBe(sent.size);
}

describe('a node cut from Redis, and healed (issue 41)', () => {
  /** The lobby's log as the database holds it (read through a node's own repository). */
  const storedLog = (node: TestServer, lobbyId: string): Promise<LobbyEvent[]> =>
    node.app.get(LobbyLogRepository).readEvents(lobbyId);

  it('players on three nodes play and chat with a bot while one node is cut from Redis for 10 s and people leave; after the heal broadcasts and presence converge by themselves and the game ends (ARCHITECTURE §6.3, §6.4, OPERATIONS §10)', async () => {
    const redis = await startRedis();
    teardown.push(() => redis.stop());
    const proxy = await startTcpProxy(new URL(redis.url).host);
    teardown.push(() => proxy.close());
    const dir = mkdtempSync(join(tmpdir(), 'fb-redis-cut-'));
    teardown.push(() => removeDir(dir));
    const settings = {
      rates: { ...LENIENT.rates, chat: LENIENT.rates.actions },
      lobbyChatMax: 1_000_000,
      nodeHeartbeatMs: HEARTBEAT_MS,
    };
    // One after the other: the first makes and migrates the database the others find. Node 0 reaches
    // Redis through the proxy only.
    const nodes: TestServer[] = [];
    for (const redisUrl of [`redis://${proxy.address}`, redis.url, redis.url]) {
      const node = await bootServer({ ...settings, redisUrl }, dir);
      teardown.push(() => node.stop());
      nodes.push(node);
    }
    await Promise.all(nodes.map((n) => n.app.get(NodeRegistry).beat()));
    const [cutNode, n1, n2] = nodes as [TestServer, TestServer, TestServer];

    const { people, lobbyId, botId } = await threeAndABot(nodes, 4141);
    const [alice, bob, carol] = people;
    const answers: Answer[] = [];
    // A second lobby, still waiting: Erin and Frank on the cut node, Dave on another. Frank and Dave go
    // during the cut (their tabs closed), Erin stays.
    const [erin, frank, dave] = (await Promise.all([cutNode, cutNode, n2].map((n) => TestClient.connect(n.url)))) as [
      TestClient,
      TestClient,
      TestClient,
    ];
    for (const c of [erin, frank, dave]) teardown.push(() => c.close());
    const waitingId = await createdLobby(erin);
    await ok(frank.emit('client-join-lobby', { lobbyId: waitingId, playerName: 'Frank' }));
    await ok(dave.emit('client-join-lobby', { lobbyId: waitingId, playerName: 'Dave' }));
    const lobbies = [
      { lobbyId, members: people, gone: new Set<TestClient>() },
      { lobbyId: waitingId, members: [erin, frank, dave], gone: new Set([frank, dave]) },
    ];
    const presenceWrongNow = () =>
      lobbies.flatMap(({ lobbyId: id, members, gone }) => presenceWrong(members, gone).map((w) => `${id}: ${w}`));
    expect(lobbies.flatMap(({ members }) => presenceWrong(members, new Set()))).toEqual([]);

    // A turn round on one log before the cut.
    const firstRound = alice.state!.game.turn.count + 1;
    await playWhile(people, () => people.some((c) => c.state!.game.turn.count >= firstRound), answers, 1);

    // The cut: node 0's Redis connections drop, and its reconnects are held, not answered, for 10 s.
    // First everyone goes on playing and chatting, each on what their own node holds (the database decides
    // every append; a node learns of the others' commits when its own append races them).
    const cutAt = Date.now();
    const cutSeq = Math.max(...people.map((c) => c.state!.seq));
    proxy.cut('hold');
    const quietAt = cutAt + CUT_MS - QUIET_MS;
    const loudOver = () => Date.now() >= quietAt;
    const during: Answer[] = [];
    const leaving = sleep(LEAVE_AFTER_MS).then(() => [frank, dave].forEach((c) => c.close()));
    await Promise.all([
      playWhile(people, loudOver, during, 2, PACE_MS),
      chatWhile(people, loudOver, during, 'cut'),
      leaving,
    ]);
    // Then the cut node has the last word, said while a person is to move (so no bot plays after it), and the
    // rest of the cut is quiet: nobody else writes, so no other node learns of it by racing it, and its notice
    // has no Redis to go to.
    let lastSeq = 0;
    for (let n = 0; ; n++) {
      await alice.until((c) => whoseTurn(c.state!.game) !== BOT_COUNTRY, 'a person to move');
      lastSeq = await say(alice, `the last word of the cut node, ${n}`, during);
      await alice.untilSeq(lastSeq);
      if (whoseTurn(alice.state!.game) !== BOT_COUNTRY) break;
    }
    const quietFor = cutAt + CUT_MS - Date.now();
    await sleep(quietFor);
    answers.push(...during);
    expect((await storedLog(n1, lobbyId)).length, 'nothing written in the quiet part').toBe(lastSeq);
    // Nobody off the cut node saw it: the cut was one.
    for (const c of [bob, carol]) expect(c.state!.seq).toBeLessThan(lastSeq);
    expect(isGameOver(alice.state!.game), 'the game still runs at the heal').toBe(false);
    proxy.heal();
    const healedAt = Date.now();

    // Everyone's chat landed during the cut, on the cut node and on the others (the database decides).
    for (const c of people)
      expect(during.some((a) => a.by === c.playerId && a.message !== undefined && a.ack.ok)).toBe(true);
    expect(lastSeq).toBeGreaterThan(cutSeq);
    // The cut node was taken for dead meanwhile (three beats missed): the others announced Alice gone.
    for (const c of [bob, carol])
      expect(
        c.payloads('server-presence').some((p) => p.playerId === alice.playerId && !p.online),
        'Alice announced gone during the cut',
      ).toBe(true);

    // After the heal, with nobody sending anything: every client on every node reaches the log's last seq
    // (ARCHITECTURE §6.3: what was committed meanwhile reaches every node and client).
    await waitFor(() => people.every((c) => c.state!.seq === lastSeq), 'every client at the last word', 15_000);
    const convergedIn = Date.now() - healedAt;
    await expectOneLog(await storedLog(n1, lobbyId), people, answers);

    // After the heal, presence converges: every client still connected sees online exactly the people still
    // connected, whichever node they are on and whether they went during the cut on the cut node or on another
    // (PROTOCOL §4.3, OPERATIONS §10); and every node's admin API says the same (it asks every node).
    await waitFor(() => presenceWrongNow().length === 0, 'everyone seen as they are by everyone', 15_000).catch((e) => {
      throw new Error(`${(e as Error).message}: ${presenceWrongNow().join('; ')}`);
    });
    const presenceIn = Date.now() - healedAt;
    for (const node of nodes)
      for (const { lobbyId: id, members, gone } of lobbies) {
        const { status, body } = await getJson(`${node.url}/api/admin/lobbies/${id}`, ADMIN_TOKEN);
        expect(status).toBe(200);
        const seats = (body.seats as { id: string; online: boolean }[]).filter((s) => s.id !== botId);
        expect(
          seats.map((s) => [s.id, s.online]),
          `lobby ${id} from ${node.url}`,
        ).toEqual(members.map((c) => [c.playerId, !gone.has(c)]));
      }

    // The game goes on to its end, on the same connections (nobody reconnects, nobody resyncs); the bot plays.
    await playToEnd(people, 3, 20_000, async (mover, ack) => {
      answers.push({ by: mover.playerId, ack });
      await sleep(retryAfter(ack));
      return true;
    });
    const log = await storedLog(cutNode, lobbyId);
    await expectOneLog(log, people, answers);
    expect(isGameOver(alice.state!.game)).toBe(true);
    expect(log.some((e) => e.seq > lastSeq && e.actor === botId)).toBe(true);
    for (const c of people) expect(c.socket.connected).toBe(true);
    // Every node holds the lobby at the log's end.
    for (const node of nodes) expect(node.app.get(LobbyCache).cached(lobbyId)?.seq).toBe(log.length);
    console.info(
      `redis cut: ${during.length} requests during the cut (${during.filter((a) => !a.ack.ok).length} refused), ${lastSeq - cutSeq} events committed meanwhile, quiet for ${quietFor} ms at its end; every client at the last seq ${convergedIn} ms and presence converged ${presenceIn} ms after the heal; ${log.length} events in all; ${Date.now() - cutAt} ms from the cut to the end`,
    );
  }, 60_000);
});

describe('Redis restarted under two nodes (issue 41)', () => {
  const storedLog = (node: TestServer, lobbyId: string): Promise<LobbyEvent[]> =>
    node.app.get(LobbyLogRepository).readEvents(lobbyId);

  it('people on two nodes play and chat with a bot while Redis is killed and started again empty 3 s later: once it is back, broadcasts, presence and the counts converge by themselves and the game ends (ARCHITECTURE §6.4, OPERATIONS §10)', async () => {
    const redis = await startRedis();
    teardown.push(() => redis.stop());
    const dir = mkdtempSync(join(tmpdir(), 'fb-redis-restart-'));
    teardown.push(() => removeDir(dir));
    const settings = {
      rates: { ...LENIENT.rates, chat: LENIENT.rates.actions },
      lobbyChatMax: 1_000_000,
      nodeHeartbeatMs: HEARTBEAT_MS,
      redisUrl: redis.url,
    };
    const nodes: TestServer[] = [];
    for (let n = 0; n < 2; n++) {
      const node = await bootServer(settings, dir);
      teardown.push(() => node.stop());
      nodes.push(node);
    }
    await Promise.all(nodes.map((n) => n.app.get(NodeRegistry).beat()));
    const { people, lobbyId, botId } = await threeAndABot([nodes[0]!, nodes[1]!, nodes[1]!], 4242);
    const [alice] = people;
    const answers: Answer[] = [];
    const firstRound = alice.state!.game.turn.count + 1;
    await playWhile(people, () => people.some((c) => c.state!.game.turn.count >= firstRound), answers, 11);

    // Redis dies (SIGKILL: every connection drops, every key is lost) while everyone plays and chats, and
    // comes back empty on the same port 3 s later.
    const killedAt = Date.now();
    const killedSeq = (await storedLog(nodes[0]!, lobbyId)).length;
    redis.kill();
    const downOver = () => Date.now() >= killedAt + REDIS_DOWN_MS;
    await Promise.all([
      playWhile(people, downOver, answers, 12, PACE_MS),
      chatWhile(people, downOver, answers, 'down'),
    ]);
    await redis.start();
    const backAt = Date.now();
    const duringSeq = (await storedLog(nodes[0]!, lobbyId)).length;
    expect(duringSeq, 'the game went on while Redis was down').toBeGreaterThan(killedSeq);

    // With nobody sending anything: every client on both nodes reaches the log's last seq.
    await waitFor(() => people.every((c) => c.state!.seq === duringSeq), 'every client at the last seq', 15_000);
    const convergedIn = Date.now() - backAt;
    await expectOneLog(await storedLog(nodes[1]!, lobbyId), people, answers);
    // Presence: everyone is seen online by everyone, and both nodes' admin API says so (the counts that
    // Redis lost were written again by their nodes).
    await waitFor(() => presenceWrong(people, new Set()).length === 0, 'everyone seen online', 15_000).catch((e) => {
      throw new Error(`${(e as Error).message}: ${presenceWrong(people, new Set()).join('; ')}`);
    });
    for (const node of nodes)
      await waitFor(
        async () => {
          const { body } = await getJson(`${node.url}/api/admin/lobbies/${lobbyId}`, ADMIN_TOKEN);
          const seats = (body.seats as { id: string; online: boolean }[]).filter((s) => s.id !== botId);
          return seats.every((s) => s.online) && seats.length === people.length;
        },
        `every person online in ${node.url}'s admin API`,
        15_000,
      );
    const presenceIn = Date.now() - backAt;

    // The game goes on to its end on the same connections; the bot plays.
    await playToEnd(people, 3, 20_000, async (mover, ack) => {
      answers.push({ by: mover.playerId, ack });
      await sleep(retryAfter(ack));
      return true;
    });
    const log = await storedLog(nodes[0]!, lobbyId);
    await expectOneLog(log, people, answers);
    expect(isGameOver(alice.state!.game)).toBe(true);
    expect(log.some((e) => e.seq > duringSeq && e.actor === botId)).toBe(true);
    for (const c of people) expect(c.socket.connected).toBe(true);
    for (const node of nodes) expect(node.app.get(LobbyCache).cached(lobbyId)?.seq).toBe(log.length);
    console.info(
      `redis restart: ${duringSeq - killedSeq} events committed while it was down (${answers.filter((a) => !a.ack.ok).length} refusals in all); every client at the last seq ${convergedIn} ms and presence converged ${presenceIn} ms after it was back; ${log.length} events in all`,
    );
  }, 90_000);
});

describe('PostgreSQL restarted under two nodes (issue 41)', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    buildServer();
    cluster = await startPostgres();
  }, 180_000);
  afterAll(() => cluster?.stop());

  it('two people on two built nodes with a bot; PostgreSQL down 5 s while the bot is to move: refusals are unavailable, the bot plays once it is back, both nodes live on (ARCHITECTURE §5.10, OPERATIONS §4.6)', async () => {
    const redis = await startRedis();
    teardown.push(() => redis.stop());
    const url = await createDatabase(cluster.url, 'two_nodes_restarted');
    const env = {
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      ADMIN_TOKEN,
      LOG: 'off',
      ACTION_BURST: '100000',
      ACTION_PER_SECOND: '100000',
      CHAT_BURST: '100000',
      CHAT_PER_SECOND: '100000',
      BOT_ACTION_MS: '0',
      // The bot's turn waits a moment after it is handed: the database goes away before it is played.
      BOT_TURN_MS: String(BOT_TURN_MS),
    };
    const built: BuiltNode[] = [];
    for (let i = 0; i < 2; i++) {
      const node = await startBuiltNode(env);
      teardown.push(() => {
        if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
      });
      built.push(node);
    }
    const [a, b] = built as [BuiltNode, BuiltNode];
    const alice = await TestClient.connect(a.url);
    const bob = await TestClient.connect(b.url);
    for (const c of [alice, bob]) teardown.push(() => c.close());
    const people = [alice, bob];
    const { lobbyId } = await startedGameWithBot(alice, bob, 21);
    const botId = alice.state!.players.find((p) => p.bot)!.id;
    const answers: Answer[] = [];

    // The people pass until the turn is the bot's; the database stops before its turn is played.
    await passUntilTurn(people, 2, (by, ack) => answers.push({ by, ack }));
    const handedAt = alice.state!.seq;
    const stopping = Date.now();
    cluster.down();
    const downAt = Date.now();

    // Meanwhile both people chat (each line sent again after the hint until it lands), and on both nodes a
    // newcomer's greeting and the HTTP API say the same (PROTOCOL §2.4, §8.1).
    let up = false;
    const chatting = chatWhile(people, () => up, answers, 'outage');
    for (const node of built) {
      expect(await tryConnectTo(node.url)).toMatchObject({ ok: false, data: { code: 'unavailable' } });
      const listing = await fetch(`${node.url}/api/lobbies`);
      expect(listing.status).toBe(503);
      expect(await listing.json()).toMatchObject({ error: { code: 'unavailable' } });
    }
    await sleep(Math.max(0, 5000 - (Date.now() - downAt)));
    expect(people.every((c) => c.state!.seq === handedAt)).toBe(true);
    for (const node of built) expect(await metric(node, 'fb_unavailable_total', 'cause="storage"')).toBeGreaterThan(0);
    const failures = await Promise.all(built.map((n) => metric(n, 'fb_job_failures_total', 'job="bot_turn"')));
    expect(failures.reduce((x, y) => x + y)).toBeGreaterThan(0);

    cluster.up();
    const upAt = Date.now();
    // The bot's turn lands by itself within the back-off's longest wait: no reconnect, no request of its.
    await Promise.all(
      people.map((p) => p.until((c) => c.events.some((e) => e.seq > handedAt && e.actor === botId), 'the bot to play')),
    );
    const botAfterMs = Date.now() - upAt;
    expect(botAfterMs).toBeLessThan(10_000);
    up = true;
    await chatting;
    // Every chat line refused meanwhile was refused as an outage, and landed once sent again.
    const refused = answers.filter((x) => !x.ack.ok);
    expect(refused.length).toBeGreaterThan(0);

    await playToEnd(people, 4, 20_000, async (mover, ack) => {
      answers.push({ by: mover.playerId, ack });
      await sleep(retryAfter(ack));
      return true;
    });
    const log = await pgLog(url, lobbyId);
    await expectOneLog(log, people, answers);
    expect(isGameOver(alice.state!.game)).toBe(true);
    for (const c of people) expect(c.socket.connected).toBe(true);
    // Both processes live on and serve: a newcomer is greeted on each.
    for (const node of built) {
      expect(node.child.exitCode).toBeNull();
      expect(node.child.signalCode).toBeNull();
      expect(await tryConnectTo(node.url)).toEqual({ ok: true });
    }
    console.info(
      `postgres restart: stopped in ${downAt - stopping} ms, down ${upAt - downAt} ms, ${refused.length} refusals (all unavailable), the bot played ${botAfterMs} ms after it was back; ${log.length} events`,
    );
  }, 60_000);
});

/** A counter of a node's metrics, summed over its labels that match `labels`. */
/**
 * Alice, Bob and Carol, each connected to one of `nodes` (tracking state hashes), seated as green, purple
 * and red with a normal bot as yellow, in a started 6×6 game of `seed`.
 */
async function threeAndABot(nodes: readonly TestServer[], seed: number) {
  const people: TestClient[] = [];
  for (const node of nodes) {
    const c = (await TestClient.connect(node.url)).trackHashes();
    teardown.push(() => c.close());
    people.push(c);
  }
  const [alice, bob, carol] = people as [TestClient, TestClient, TestClient];
  const lobbyId = await createdLobby(alice);
  await ok(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
  await ok(carol.emit('client-join-lobby', { lobbyId, playerName: 'Carol' }));
  for (const [country, c] of people.entries()) await ok(c.emit('client-change-country', { country }));
  await ok(alice.emit('client-add-bot', { country: BOT_COUNTRY, difficulty: 'normal' }));
  await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed }));
  const started = await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
  await Promise.all(people.map((c) => c.untilSeq(started)));
  const botId = alice.state!.players.find((p) => p.bot)!.id;
  return { people: [alice, bob, carol] as const, lobbyId, botId };
}

async function metric(node: { url: string }, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${node.url}/api/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(name) && line.includes(labels)) sum += Number(line.split(' ').at(-1));
  return sum;
}

/** The lobby's log as the PostgreSQL database at `url` holds it. */
async function pgLog(url: string, lobbyId: string): Promise<LobbyEvent[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT seq, kind, actor, payload, seed, at FROM lobby_events WHERE lobby_id = $1 ORDER BY seq',
      [lobbyId],
    );
    return rows.map((r) =>
      eventOf({ ...r, seq: Number(r.seq), seed: r.seed === null ? null : Number(r.seed) } as StoredEvent),
    );
  } finally {
    await client.end();
  }
}
