/**
 * Fan-out to spectators: one running lobby of two seated players and BENCH_WATCHERS (500) watchers, all real
 * socket.io clients in this process, against the server as a child process (BENCH_SERVER=dist, the
 * default, or source) with the per-address caps lifted (every client connects from 127.0.0.1). The players
 * pass turns and chat at BENCH_FANOUT_RATE (20) broadcasts a second; for each of BENCH_BROADCASTS (300)
 * broadcasts the time from the request leaving the player to its arrival at every watcher is kept, and
 * printed as p50/p99 for the last watcher to get each broadcast and for all receipts. Also the server's RSS
 * per watcher. Loopback only; figures, never a pass/fail (the aim is p99 ≤ 50 ms at the last watcher).
 *
 * Run alone: `npx tsx --conditions=source apps/server/bench/fanout.bench.ts` (BENCH_SERVER=source to run
 * the server from src/ without a build).
 */
import { fileURLToPath } from 'node:url';
import type { Ack, ChatPayload, ClientToServerEvents, GameActionPayload, WatchAck } from '@four-banners/protocol';
import type { Socket } from 'socket.io-client';
import { connectMany, type GameSocket } from './bench-sockets.js';
import { ServerUnderTest, cleanUpEverything, type ServerMode } from './abuse/server-process.js';
import { envNumber, ms, percentile } from './stats.js';

const WATCHERS = envNumber('BENCH_WATCHERS', 500);
const BROADCASTS = envNumber('BENCH_BROADCASTS', 300);
const RATE = envNumber('BENCH_FANOUT_RATE', 20);
/** The first broadcasts warm the JIT and the sockets; they are not counted. */
const WARMUP = 20;
const MODE: ServerMode = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Emits with an ack callback (no timer of the client's own on the measured path). */
const call = <T>(socket: GameSocket, name: keyof ClientToServerEvents, payload: unknown): Promise<T> =>
  new Promise<T>((resolve) => (socket as unknown as Socket).emit(name, payload, resolve));

async function expectOk(ack: Promise<Ack>, what: string): Promise<number> {
  const res = await ack;
  if (!res.ok) throw new Error(`${what} refused: ${res.error.code}: ${res.error.message}`);
  return res.seq ?? 0;
}

/** Alice (green) and Bob (purple) in a started 10×10 game; returns the lobby id. */
async function startedGame(alice: GameSocket, bob: GameSocket): Promise<string> {
  const created = new Promise<string>((res) => alice.once('server-create-lobby', (p) => res(p.lobbyId)));
  await expectOk(call(alice, 'client-create-lobby', { playerName: 'Alice' }), 'create');
  const lobbyId = await created;
  await expectOk(call(bob, 'client-join-lobby', { lobbyId, playerName: 'Bob' }), 'join');
  await expectOk(call(alice, 'client-change-country', { country: 0 }), 'green');
  await expectOk(call(bob, 'client-change-country', { country: 1 }), 'purple');
  await expectOk(call(alice, 'client-game-action', { id: 'start', info: {} }), 'start');
  return lobbyId;
}

/** Arrival times (ms, this process's clock) of each seq at the watchers, and chat text a watcher saw. */
class Receipts {
  readonly times = new Map<number, number[]>();
  chatTextSeen = 0;

  listen(socket: GameSocket): void {
    socket.on('server-game-action', (p: GameActionPayload) => this.got(p.seq));
    socket.on('server-chat-message', (p: ChatPayload) => {
      this.got(p.seq);
      if (p.msg !== '') this.chatTextSeen += 1;
    });
  }

  private got(seq: number): void {
    const now = performance.now();
    let list = this.times.get(seq);
    if (!list) this.times.set(seq, (list = []));
    list.push(now);
  }
}

export async function runFanoutBench(): Promise<void> {
  const server = await ServerUnderTest.start(MODE, {
    LOG: 'off',
    CONNECTIONS_PER_ADDRESS: String(WATCHERS * 2 + 10),
    CONNECT_BURST: String(WATCHERS * 2 + 10),
    NEW_IDENTITY_BURST: String(WATCHERS * 2 + 10),
    ADDRESS_SYNC_KIB_BURST: String(WATCHERS * 64),
    CHAT_BURST: String(BROADCASTS),
    ACTION_BURST: String(BROADCASTS * 2),
    WATCHERS_PER_LOBBY: String(Math.max(WATCHERS, 1000)),
  });
  const sockets: GameSocket[] = [];
  try {
    const [alice, bob] = await connectMany(server.url, 2, 'greeted');
    sockets.push(alice!, bob!);
    const lobbyId = await startedGame(alice!, bob!);
    await sleep(500);
    const before = server.memory().rss;

    const t0 = performance.now();
    const watchers = await connectMany(server.url, WATCHERS, 'greeted');
    sockets.push(...watchers);
    const receipts = new Receipts();
    for (let i = 0; i < watchers.length; i += 50) {
      const answers = await Promise.all(
        watchers.slice(i, i + 50).map((w) => call<WatchAck>(w, 'client-watch-lobby', { lobbyId, afterSeq: 0 })),
      );
      const refused = answers.find((a) => !a.ok);
      if (refused && !refused.ok) throw new Error(`watch refused: ${refused.error.code}: ${refused.error.message}`);
    }
    for (const w of watchers) receipts.listen(w);
    // For comparison: the same broadcasts reaching a seated player (Bob, whichever of the two sent them).
    const seated = new Receipts();
    seated.listen(bob!);
    const setupSeconds = (performance.now() - t0) / 1000;
    await sleep(1500);
    const watching = server.memory().rss;

    // Green and purple pass in turn; every fourth broadcast is a chat (blank for the watchers).
    const sent = new Map<number, number>();
    const players = [alice!, bob!];
    let turn = 0;
    const start = performance.now();
    for (let i = 0; i < BROADCASTS; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const at = performance.now();
      const seq =
        i % 4 === 3
          ? await expectOk(call(players[turn]!, 'client-chat-message', { message: `chat ${i}` }), 'chat')
          : await expectOk(
              call(players[turn]!, 'client-game-action', { id: 'next_turn', info: { country: turn } }),
              'pass',
            );
      if (i % 4 !== 3) turn = 1 - turn;
      if (i >= WARMUP) sent.set(seq, at);
    }
    // Let the last broadcasts arrive everywhere.
    const lastSeq = Math.max(...sent.keys());
    const deadline = performance.now() + 10_000;
    while ((receipts.times.get(lastSeq)?.length ?? 0) < WATCHERS && performance.now() < deadline) await sleep(20);

    const lastWatcher: number[] = [];
    const all: number[] = [];
    const player: number[] = [];
    let missing = 0;
    for (const [seq, at] of sent) {
      const toBob = seated.times.get(seq)?.[0];
      if (toBob !== undefined) player.push(toBob - at);
      const times = receipts.times.get(seq) ?? [];
      missing += WATCHERS - times.length;
      if (times.length === 0) continue;
      lastWatcher.push(Math.max(...times) - at);
      for (const t of times) all.push(t - at);
    }
    const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
    console.log(
      `Fan-out to watchers: 1 lobby, 2 players, ${WATCHERS} watchers (server: ${MODE}), ${sent.size} broadcasts at ${RATE}/s (every 4th a chat)`,
    );
    console.log(`  setup: ${setupSeconds.toFixed(1)} s to connect and watch`);
    console.log(
      `  request → last watcher:  p50 ${ms(percentile(lastWatcher, 50))}  p99 ${ms(percentile(lastWatcher, 99))}  max ${ms(Math.max(...lastWatcher))}   (aim: p99 ≤ 50 ms)`,
    );
    console.log(
      `  request → every watcher: p50 ${ms(percentile(all, 50))}  p99 ${ms(percentile(all, 99))}   (${all.length} receipts, ${missing} missing)`,
    );
    console.log(
      `  request → the seated player: p50 ${ms(percentile(player, 50))}  p99 ${ms(percentile(player, 99))}   (the same path with no fan-out)`,
    );
    console.log(`  chat text seen by watchers: ${receipts.chatTextSeen} (0 expected: it is blank for them)`);
    console.log(
      `  server RSS: ${mib(before)} before, ${mib(watching)} with the watchers: ${((watching - before) / 1024 / WATCHERS).toFixed(1)} KiB per watcher`,
    );
  } finally {
    for (const s of sockets) s.disconnect();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await runFanoutBench();
  } finally {
    cleanUpEverything();
  }
}
