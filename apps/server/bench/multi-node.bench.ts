/**
 * Several nodes (issue 8 benchmark): acked actions/s at p99 ≤ 50 ms for 1, 2 and 3 built server nodes on one
 * PostgreSQL database and one Redis, beside one node on SQLite, and the cross-node broadcast latency (a
 * player's action on node A → the broadcast at their opponent on node B). Loopback, a throw-away cluster and
 * redis-server; all nodes share this machine's cores with the load generator. Figures only.
 *
 * Each lobby seats two players, each on a different node when there are several (lobby l: nodes l and l+1);
 * whoever is to move passes the turn (`next_turn`: the whole write path, an append and a broadcast), and
 * the next one in a lobby is sent once its broadcast reached the opponent, as a person would.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ack } from '@four-banners/protocol';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { configFromEnv } from '../src/common/config.js';
import { startBuiltNode, type BuiltNode } from '../test/fixtures/built-node.js';
import { createDatabase, startPostgres, type PostgresCluster } from '../test/fixtures/postgres-cluster.js';
import { startRedis, type RedisServer } from '../test/fixtures/redis-server.js';
import { connect, connectGreeted, type GameSocket } from './bench-sockets.js';
import { envNumber, ms, percentile } from './stats.js';

const LOBBIES = envNumber('BENCH_MN_LOBBIES', 100);
const SECONDS = envNumber('BENCH_MN_SECONDS', 5);
const RATES = (process.env.BENCH_MN_RATES ?? '50,100,200,400,800')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const P99_BUDGET_MS = 50;

/** One built node; every simulated player connects from 127.0.0.1, so the per-address caps are lifted. */
function startNode(env: Record<string, string>): Promise<BuiltNode> {
  return startBuiltNode({
    LOG: 'off',
    CONNECTIONS_PER_ADDRESS: '100000',
    CONNECT_BURST: '100000',
    NEW_IDENTITY_BURST: '100000',
    HTTP_BURST: '100000',
    ...env,
  });
}

const call = <T>(socket: GameSocket, name: string, payload: unknown): Promise<T> =>
  new Promise<T>((resolve) => (socket as unknown as Socket).emit(name, payload, resolve));

interface Lobby {
  readonly seats: [GameSocket, GameSocket];
  turn: 0 | 1;
  /** The seat whose action is in flight. */
  mover: 0 | 1;
  /** When the action now in flight was sent, and whether the opponent's broadcast of it has come. */
  sentAt: number;
  awaitingBroadcast: boolean;
  /** Resolves the wait for the opponent's broadcast of the action in flight. */
  broadcastSeen: () => void;
}

/** Lobbies of two started seats, seat 0 on node l, seat 1 on node l+1 (mod the node count). */
async function seatLobbies(urls: readonly string[], crossNode: number[]): Promise<Lobby[]> {
  const lobbies: Lobby[] = [];
  for (let l = 0; l < LOBBIES; l++) {
    const seats = [await connect(urls[l % urls.length]!), await connect(urls[(l + 1) % urls.length]!)] as [
      GameSocket,
      GameSocket,
    ];
    const created = new Promise<string>((res) => seats[0].once('server-create-lobby', (p) => res(p.lobbyId)));
    await call<Ack>(seats[0], 'client-create-lobby', { playerName: `a${l}` });
    const lobbyId = await created;
    await call<Ack>(seats[1], 'client-join-lobby', { lobbyId, playerName: `b${l}` });
    await call<Ack>(seats[0], 'client-change-country', { country: 0 });
    await call<Ack>(seats[1], 'client-change-country', { country: 1 });
    const started = await call<Ack>(seats[0], 'client-game-action', { id: 'start', info: {} });
    if (!started.ok) throw new Error(`start refused: ${started.error.message}`);
    const lobby: Lobby = { seats, turn: 0, mover: 0, sentAt: 0, awaitingBroadcast: false, broadcastSeen: () => {} };
    // The opponent of whoever moved receives the broadcast (on another node when there are several).
    for (const [i, s] of seats.entries()) {
      s.on('server-game-action', () => {
        if (lobby.awaitingBroadcast && lobby.mover !== i) {
          lobby.awaitingBroadcast = false;
          crossNode.push(performance.now() - lobby.sentAt);
          lobby.broadcastSeen();
        }
      });
    }
    lobbies.push(lobby);
  }
  return lobbies;
}

/** Open-loop load at `rate` actions/s, round-robin over lobbies with nothing in flight; ack latencies. */
async function runPhase(
  lobbies: Lobby[],
  rate: number,
): Promise<{ latencies: number[]; errors: number; skipped: number }> {
  const latencies: number[] = [];
  const busy = new Uint8Array(lobbies.length);
  let [errors, skipped, issued, cursor] = [0, 0, 0, 0];
  const total = Math.round(rate * SECONDS);
  const start = performance.now();
  const inflight = new Set<Promise<void>>();
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    while (issued < due) {
      issued++;
      let tries = 0;
      while (busy[cursor] && tries++ < lobbies.length) cursor = (cursor + 1) % lobbies.length;
      if (busy[cursor]) {
        skipped++;
        continue;
      }
      const l = cursor;
      cursor = (cursor + 1) % lobbies.length;
      busy[l] = 1;
      const lobby = lobbies[l]!;
      const country = lobby.turn;
      lobby.mover = country;
      lobby.sentAt = performance.now();
      lobby.awaitingBroadcast = true;
      const seen = new Promise<void>((res) => (lobby.broadcastSeen = res));
      const acked = call<Ack>(lobby.seats[country], 'client-game-action', { id: 'next_turn', info: { country } }).then(
        (ack) => {
          latencies.push(performance.now() - lobby.sentAt);
          if (ack.ok) lobby.turn = country === 0 ? 1 : 0;
          else {
            errors++;
            lobby.awaitingBroadcast = false;
            lobby.broadcastSeen();
          }
        },
      );
      // As a person would: the opponent moves once their screen shows the pass (its broadcast reached them).
      const p = Promise.all([acked, seen]).then(() => {
        busy[l] = 0;
        inflight.delete(p);
      });
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inflight);
  return { latencies, errors, skipped };
}

interface Setup {
  readonly name: string;
  readonly nodes: number;
  readonly env: () => Promise<Record<string, string>>;
}

async function measure(setup: Setup): Promise<void> {
  const children: ChildProcess[] = [];
  const sockets: GameSocket[] = [];
  try {
    const env = await setup.env();
    const urls: string[] = [];
    // One after the other: the first migrates the database the others find.
    for (let i = 0; i < setup.nodes; i++) {
      const node = await startNode(env);
      children.push(node.child);
      urls.push(node.url);
    }
    const crossNode: number[] = [];
    const lobbies = await seatLobbies(urls, crossNode);
    for (const l of lobbies) sockets.push(...l.seats);
    let best: { rate: number; acked: number; p99: number } | null = null;
    const rows: string[] = [];
    for (const rate of RATES) {
      crossNode.length = 0;
      const r = await runPhase(lobbies, rate);
      const [p50, p99] = [percentile(r.latencies, 50), percentile(r.latencies, 99)];
      const acked = (r.latencies.length - r.errors) / SECONDS;
      const [b50, b99] = [percentile(crossNode, 50), percentile(crossNode, 99)];
      rows.push(
        `    ${String(rate).padStart(5)}/s offered: ${acked.toFixed(0).padStart(5)} acked/s, ack p50 ${ms(p50)} p99 ${ms(p99)}; ` +
          `broadcast to the opponent p50 ${ms(b50)} p99 ${ms(b99)}; errors ${r.errors}, skipped ${r.skipped}`,
      );
      // Every rate is run (a single stall can push one p99 over and the next under): the best that holds counts.
      if (p99 <= P99_BUDGET_MS && r.errors === 0 && (!best || acked > best.acked)) best = { rate, acked, p99 };
    }
    const cores = Math.max(1, cpus().length);
    console.log(
      `  ${setup.name}: ${best ? `${best.acked.toFixed(0)} acked actions/s at p99 ${ms(best.p99)} (≤ ${P99_BUDGET_MS} ms), ${(best.acked / cores).toFixed(0)} per core` : `p99 over ${P99_BUDGET_MS} ms at every rate tried`}`,
    );
    for (const row of rows) console.log(row);
  } finally {
    for (const s of sockets) s.disconnect();
    for (const c of children) c.kill('SIGKILL');
  }
}

const ATTACK_SECONDS = envNumber('BENCH_MN_ATTACK_SECONDS', 5);
/** Chat frames per second the attacker sends on each of its connections. */
const ATTACK_RATE = envNumber('BENCH_MN_ATTACK_RATE', 40);

/**
 * One player (one identity) with a connection to each of 3 nodes sends chat as fast as `ATTACK_RATE` on
 * all of them at once, against the DEFAULT per-player limits: how many messages land, beside what one
 * player's chat bucket allows over the same time (per-node buckets would give three times that), and how
 * many Redis script calls the flood cost (refusals the node's copy of the bucket already knows cost none).
 * Dropped for its refused frames (strikes), the attacker connects again at once.
 */
async function attackAcrossNodes(databaseUrl: string, redisUrl: string): Promise<void> {
  const children: ChildProcess[] = [];
  const sockets: GameSocket[] = [];
  const redis = createClient({ url: redisUrl });
  try {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const node = await startNode(env);
      children.push(node.child);
      urls.push(node.url);
    }
    // One identity: the first connection's, then a connection to each other node with it.
    const { socket: first, hello } = await connectGreeted(urls[0]!);
    sockets.push(first);
    await call<Ack>(first, 'client-create-lobby', { playerName: 'flood' });
    for (const url of urls.slice(1))
      sockets.push((await connectGreeted(url, { playerId: hello.playerId, token: hello.token })).socket);
    await redis.connect();
    await redis.configResetStat();
    let sent = 0;
    let landed = 0;
    let dropped = 0;
    const auth = { playerId: hello.playerId, token: hello.token };
    // The attacker comes back on the same node whenever it is dropped (strikes for refused frames).
    const slots = urls.map((url, i) => ({ url, socket: sockets[i]! as GameSocket | null }));
    const comeBack = (slot: (typeof slots)[number]) =>
      setTimeout(() => {
        connectGreeted(slot.url, auth).then(
          ({ socket }) => {
            sockets.push(socket);
            slot.socket = socket;
            watchDrop(slot);
          },
          () => comeBack(slot),
        );
      }, 100);
    const watchDrop = (slot: (typeof slots)[number]) =>
      slot.socket!.once('disconnect', () => {
        dropped += 1;
        slot.socket = null;
        comeBack(slot);
      });
    for (const slot of slots) watchDrop(slot);
    const started = performance.now();
    const pending: Promise<void>[] = [];
    while (performance.now() - started < ATTACK_SECONDS * 1000) {
      for (const { socket } of slots) {
        if (!socket?.connected) continue;
        sent += 1;
        pending.push(
          call<Ack>(socket, 'client-chat-message', { message: `m${sent}` }).then((a) => void (a.ok && (landed += 1))),
        );
      }
      await new Promise((r) => setTimeout(r, 1000 / ATTACK_RATE));
    }
    // Frames on a dropped connection are never answered: wait a moment for the others, not for ever.
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 2000))]);
    const stats = await redis.info('commandstats');
    if (process.env.BENCH_MN_DEBUG) console.log(stats);
    const scripts = [...stats.matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    const chat = configFromEnv({}).rates.chat;
    const allowance = chat.capacity + chat.refillPerSecond * ATTACK_SECONDS;
    console.log(
      `  Attack: one player on 3 nodes sends ${sent} chat frames in ${ATTACK_SECONDS} s (${ATTACK_RATE}/s per connection): ` +
        `${landed} landed (one chat bucket allows ${allowance.toFixed(0)}; a bucket per node would allow ${(3 * allowance).toFixed(0)}); ` +
        `${scripts} Redis script calls; dropped ${dropped} times for refused frames (and reconnected)`,
    );
  } finally {
    for (const s of sockets) s.disconnect();
    for (const c of children) c.kill('SIGKILL');
    if (redis.isOpen) redis.destroy();
  }
}

export async function runMultiNodeBench(): Promise<void> {
  let cluster: PostgresCluster | undefined;
  let redis: RedisServer | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fb-bench-mn-'));
  try {
    try {
      cluster = await startPostgres();
      redis = await startRedis();
    } catch (e) {
      console.log(`Several nodes: skipped (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    const pg = cluster;
    const redisUrl = redis.url;
    console.log(
      `Several nodes: ${LOBBIES} lobbies of 2 players (on two different nodes when there are several), ${SECONDS} s per rate, ` +
        `rates ${RATES.join(', ')}/s (the best with p99 ≤ ${P99_BUDGET_MS} ms counts); ${cpus().length} cores shared by every node, PostgreSQL, Redis and the load`,
    );
    const setups: Setup[] = [
      { name: 'SQLite, 1 node', nodes: 1, env: async () => ({ DATABASE_PATH: join(dir, 'bench.db') }) },
      ...[1, 2, 3].map((n) => ({
        name: `PostgreSQL + Redis, ${n} node${n > 1 ? 's' : ''}`,
        nodes: n,
        env: async () => ({ DATABASE_URL: await createDatabase(pg.url, `bench_nodes_${n}`), REDIS_URL: redisUrl }),
      })),
    ];
    // BENCH_MN_ONLY=attack: the attack alone.
    if (process.env.BENCH_MN_ONLY !== 'attack') for (const setup of setups) await measure(setup);
    await attackAcrossNodes(await createDatabase(pg.url, 'bench_attack'), redisUrl);
  } finally {
    redis?.stop();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone: `npx tsx --conditions=source apps/server/bench/multi-node.bench.ts` (after `npm run build`).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runMultiNodeBench();
