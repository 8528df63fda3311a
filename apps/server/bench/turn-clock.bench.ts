/**
 * Turn clocks (issue 17 benchmark; docs/PROTOCOL.md §4.8): server CPU for BENCH_CLOCK_LOBBIES (1,000) running
 * lobbies, each of two connected people, on one node and on two (one SQLite file, one Redis; each lobby's
 * people on different nodes, so both nodes keep its timer and race for each timeout). Three phases, each
 * read from /proc of the server processes (all nodes summed) over BENCH_CLOCK_SECONDS (10):
 *
 * 1. no clock: the baseline of idle running lobbies;
 * 2. a 120-s clock, no deadline in the window (a shorter one): the cost of a timer per lobby waiting;
 * 3. a 30-s clock shortened by TURN_CLOCK_MS_PER_SECOND (BENCH_CLOCK_MS_PER_SECOND, 100: 3 s a turn) so
 *    timeouts fire all the time: CPU per second and per timeout. Nobody acts: each person's second timeout
 *    marks them away and they answer `client-back`, so a timeout's cost here includes those.
 *
 * The clients run in this process; the servers are child processes (`clocked-node.ts`: the server plus a
 * control line to set clocks as an admin would). Figures only, never a pass/fail.
 * Run alone: `npx tsx --conditions=source apps/server/bench/turn-clock.bench.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ack, ClientToServerEvents } from '@four-banners/protocol';
import type { Socket } from 'socket.io-client';
import { startListening } from '../test/fixtures/built-node.js';
import { startRedis, type RedisServer } from '../test/fixtures/redis-server.js';
import { connectGreeted, type GameSocket } from './bench-sockets.js';
import { envNumber } from './stats.js';

const LOBBIES = envNumber('BENCH_CLOCK_LOBBIES', 1000);
const SECONDS = envNumber('BENCH_CLOCK_SECONDS', 10);
const MS_PER_SECOND = envNumber('BENCH_CLOCK_MS_PER_SECOND', 100);
const NODE_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'turn-clock', 'clocked-node.ts');
const CLOCK_TICKS = 100;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Error lines the servers wrote, by message (a figure taken with errors is not a figure). */
const serverErrors = new Map<string, number>();

interface Node {
  readonly child: ChildProcess;
  readonly url: string;
  /** Resolves with the next stdout line whose `msg` is `msg`. */
  next(msg: string): Promise<Record<string, unknown>>;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const waiting = new Map<string, (fields: Record<string, unknown>) => void>();
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return;
    const fields = JSON.parse(line) as Record<string, unknown>;
    if (fields.level === 'error') {
      serverErrors.set(String(fields.msg), (serverErrors.get(String(fields.msg)) ?? 0) + 1);
      if (process.env.BENCH_CLOCK_DEBUG) console.log(line.slice(0, 400));
    }
    const resolve = waiting.get(String(fields.msg));
    waiting.delete(String(fields.msg));
    resolve?.(fields);
  };
  const { child, url } = await startListening(
    ['--conditions=source', '--import', 'tsx', NODE_SCRIPT],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG: 'off',
      CONNECTIONS_PER_ADDRESS: '100000',
      CONNECT_BURST: '100000',
      CONNECT_PER_MINUTE: '100000',
      NEW_IDENTITY_BURST: '100000',
      NEW_IDENTITY_PER_MINUTE: '100000',
      HTTP_BURST: '100000',
      LOBBY_BURST: '100000',
      TURN_CLOCK_MS_PER_SECOND: String(MS_PER_SECOND),
      ...env,
    },
    { stdin: 'pipe', onLine },
  );
  const next = (msg: string) => new Promise<Record<string, unknown>>((res) => waiting.set(msg, res));
  return { child, url, next };
}

const call = (socket: GameSocket, name: keyof ClientToServerEvents, payload: unknown): Promise<Ack> =>
  new Promise<Ack>((resolve) => (socket as unknown as Socket).emit(name, payload, resolve));

async function ok(ack: Promise<Ack>, what: string): Promise<void> {
  const res = await ack;
  if (!res.ok) throw new Error(`${what} refused: ${res.error.code}: ${res.error.message}`);
}

/** Refusals of `client-back` (a lobby too busy across nodes): it is asked again. */
let backRefusals = 0;

/** `client-back`, asked again (up to 10 times) while refused. */
async function comeBack(socket: GameSocket): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const ack = await call(socket, 'client-back', {});
    if (ack.ok) return;
    backRefusals++;
    await sleep(100);
  }
}

/** A started lobby of two people, the admin on `a`'s node and the other on `b`'s; each answers its away with `client-back`. */
async function startedLobby(a: string, b: string, sockets: GameSocket[]): Promise<string> {
  const [admin, guest] = [await connectGreeted(a), await connectGreeted(b)];
  sockets.push(admin.socket, guest.socket);
  for (const person of [admin, guest]) {
    person.socket.on('server-player-away', ({ playerId }) => {
      if (playerId === person.hello.playerId) void comeBack(person.socket);
    });
  }
  const created = new Promise<string>((res) => admin.socket.once('server-create-lobby', (p) => res(p.lobbyId)));
  await ok(call(admin.socket, 'client-create-lobby', { playerName: 'A' }), 'create');
  const lobbyId = await created;
  await ok(call(guest.socket, 'client-join-lobby', { lobbyId, playerName: 'B' }), 'join');
  await ok(call(admin.socket, 'client-change-country', { country: 0 }), 'colour');
  await ok(call(guest.socket, 'client-change-country', { country: 1 }), 'colour');
  await ok(call(admin.socket, 'client-game-action', { id: 'start', info: {} }), 'start');
  return lobbyId;
}

/** User + system CPU seconds of a process. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** A metric summed over label sets and nodes. */
async function metric(nodes: readonly Node[], name: string): Promise<number> {
  let sum = 0;
  for (const node of nodes) {
    const text = await (await fetch(`${node.url}/api/metrics`)).text();
    for (const m of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))) sum += Number(m[1]);
  }
  return sum;
}

/** Sets every lobby's clock through the node that made it. */
async function setClocks(nodes: readonly Node[], lobbies: readonly string[][], clock: number): Promise<void> {
  await Promise.all(
    nodes.map(async (node, i) => {
      const done = node.next('clocked');
      node.child.stdin!.write(`${JSON.stringify({ clock, lobbies: lobbies[i] })}\n`);
      await done;
    }),
  );
}

/** Waits until no timeout has landed for half a second (a burst of deadlines already past is over). */
async function settled(nodes: readonly Node[]): Promise<void> {
  let before = await metric(nodes, 'fb_turn_timeouts_total');
  for (;;) {
    await sleep(500);
    const now = await metric(nodes, 'fb_turn_timeouts_total');
    if (now === before) return;
    before = now;
  }
}

/** Waits (up to 5 s) until a half-second of the nodes' CPU is near `idle` cores. */
async function calm(nodes: readonly Node[], idle: number): Promise<void> {
  const pids = nodes.map((n) => n.child.pid!);
  for (let i = 0; i < 10; i++) {
    const before = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    await sleep(500);
    const cores = (pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - before) / 0.5;
    if (cores <= idle * 1.5 + 0.05) return;
  }
}

/** CPU (cores, summed over nodes) and timeouts over a window of `seconds`. */
async function window(
  nodes: readonly Node[],
  seconds = SECONDS,
): Promise<{ cores: number; timeouts: number; cpu: number; seconds: number }> {
  const pids = nodes.map((n) => n.child.pid!);
  const [cpu0, t0, start] = [pids.map(cpuSeconds), await metric(nodes, 'fb_turn_timeouts_total'), performance.now()];
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpu0[i]!, 0);
  const timeouts = (await metric(nodes, 'fb_turn_timeouts_total')) - t0;
  return { cores: cpu / elapsed, timeouts, cpu, seconds: elapsed };
}

async function measure(count: 1 | 2, redis: RedisServer | null): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fb-clock-bench-'));
  const nodes: Node[] = [];
  const sockets: GameSocket[] = [];
  try {
    const env: Record<string, string> = { DATABASE_PATH: join(dir, 'four-banners.db') };
    if (redis) env.REDIS_URL = redis.url;
    // One after the other: the first makes the database the second finds.
    for (let i = 0; i < count; i++) nodes.push(await startNode(env));
    const made: string[][] = nodes.map(() => []);
    const BATCH = 25;
    for (let l = 0; l < LOBBIES; l += BATCH) {
      const ids = await Promise.all(
        Array.from({ length: Math.min(BATCH, LOBBIES - l) }, (_, k) => {
          const i = (l + k) % count;
          return startedLobby(nodes[i]!.url, nodes[(i + 1) % count]!.url, sockets).then((id) => [i, id] as const);
        }),
      );
      for (const [i, id] of ids) made[i]!.push(id);
    }
    const label = `${count} node${count > 1 ? 's' : ''}`;
    const idle = await window(nodes);
    const clockedAt = performance.now();
    await setClocks(nodes, made, 120);
    // The deadlines already past fire at once; the next ones are 120 clock seconds later (12 s at 100 ms):
    // the window sits between the two, once the burst's work (folding, broadcasts) has calmed down.
    await settled(nodes);
    await calm(nodes, idle.cores);
    const timers = await metric(nodes, 'fb_turn_clock_timers');
    const left = (clockedAt + 120 * MS_PER_SECOND - 1000 - performance.now()) / 1000;
    const waiting = await window(nodes, Math.max(1, Math.min(SECONDS, left)));
    await setClocks(nodes, made, 30);
    await sleep(2 * 30 * MS_PER_SECOND);
    const conflicts0 = await metric(nodes, 'fb_append_conflicts_total');
    const firing = await window(nodes);
    const conflicts = (await metric(nodes, 'fb_append_conflicts_total')) - conflicts0;
    if (process.env.BENCH_CLOCK_DEBUG) console.log(`    client-back refusals ${backRefusals}`);
    if (process.env.BENCH_CLOCK_DEBUG)
      for (const name of [
        'fb_players_away_total',
        'fb_players_back_total',
        'fb_takeover_turns_total',
        'fb_bot_turns_total',
        'fb_turn_clock_timers',
      ])
        console.log(`    ${name} ${await metric(nodes, name)}`);
    const perSecond = firing.timeouts / firing.seconds;
    console.log(
      `  ${label}, ${LOBBIES} running lobbies of 2 connected people:\n` +
        `    no clock:                 ${idle.cores.toFixed(3)} cores\n` +
        `    120-s clock, waiting:     ${waiting.cores.toFixed(3)} cores over ${waiting.seconds.toFixed(1)} s with ${timers} timers waiting (${((waiting.cores - idle.cores) * 1000).toFixed(1)} ms CPU/s above no clock)\n` +
        `    30-s clock of ${(30 * MS_PER_SECOND) / 1000} s, firing: ${firing.cores.toFixed(3)} cores, ${perSecond.toFixed(0)} timeouts/s, ` +
        `${firing.timeouts > 0 ? ((firing.cpu * 1000) / firing.timeouts).toFixed(2) : 'n/a'} ms CPU per timeout (with its away/back share)` +
        (count > 1 ? `, ${conflicts} lost append races` : ''),
    );
    if (serverErrors.size > 0)
      console.log(
        `    server errors (the figures above are not to be trusted): ${JSON.stringify(Object.fromEntries(serverErrors))}`,
      );
    serverErrors.clear();
  } finally {
    for (const s of sockets) s.disconnect();
    for (const n of nodes) n.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runTurnClockBench(): Promise<void> {
  console.log(`\nTurn clocks: server CPU per ${LOBBIES} clocked lobbies (${SECONDS}-s windows)`);
  if (process.env.BENCH_CLOCK_NODES !== '2') await measure(1, null);
  const redis = await startRedis();
  try {
    await measure(2, redis);
  } finally {
    redis.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runTurnClockBench();
