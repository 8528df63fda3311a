/**
 * Action round trip (emit → ack) at fixed rates over many sockets, against the built server and, in the
 * same run, a bare socket.io echo server with the same room shape. Loopback only; bounded; prints figures.
 *
 * Each lobby seats 4 sockets (green, purple, red, yellow) and starts; the socket whose turn it is sends
 * `next_turn` — a legal action that goes through the whole write path (schema, seat, engine, SQLite
 * append, broadcast to the 4 seats). With no moves nobody dies, so turns rotate 0 → 1 → 2 → 3 forever.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ack } from '@four-banners/protocol';
import type { Socket } from 'socket.io-client';
import { startListening } from '../test/fixtures/built-node.js';
import { connectMany, type GameSocket } from './bench-sockets.js';
import { envNumber, ms, percentile, ratio } from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const serverRoot = resolve(here, '..');

const SOCKETS = envNumber('BENCH_SOCKETS', 1000);
const LOBBIES = Math.floor(SOCKETS / 4);
const SECONDS = envNumber('BENCH_SECONDS', 8);
const RATES = (process.env.BENCH_RATES ?? '250,500,1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

/** Emits with an ack callback (no per-call timer: the measured path stays as light as the client allows). */
const call = <T>(socket: Socket | GameSocket, name: string, payload: unknown): Promise<T> =>
  new Promise<T>((resolve) => (socket as Socket).emit(name, payload, resolve));

/** One sender per lobby at a time; `send(lobby)` resolves when acked. */
interface Load {
  send(lobby: number): Promise<boolean>;
}

/** Open-loop load at `rate` actions/s for `seconds`, round-robin over lobbies with nothing in flight. */
async function runPhase(
  load: Load,
  lobbies: number,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; errors: number; skipped: number }> {
  const latencies: number[] = [];
  const busy = new Uint8Array(lobbies);
  let errors = 0;
  let skipped = 0;
  let issued = 0;
  let cursor = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inflight = new Set<Promise<void>>();
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    while (issued < due) {
      issued++;
      let tries = 0;
      while (busy[cursor] && tries < lobbies) {
        cursor = (cursor + 1) % lobbies;
        tries++;
      }
      if (busy[cursor]) {
        skipped++;
        continue;
      }
      const lobby = cursor;
      cursor = (cursor + 1) % lobbies;
      busy[lobby] = 1;
      const t0 = performance.now();
      const p = load.send(lobby).then((ok) => {
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
        busy[lobby] = 0;
        inflight.delete(p);
      });
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inflight);
  return { latencies, errors, skipped };
}

/** 250 started lobbies of 4 seats on the game server; `send` passes the turn of whoever is to move. */
async function gameLoad(url: string): Promise<{ load: Load; sockets: GameSocket[] }> {
  const sockets = await connectMany(url, LOBBIES * 4);
  const seats: GameSocket[][] = [];
  const turn = new Uint8Array(LOBBIES);
  for (let l = 0; l < LOBBIES; l++) {
    const lobby = sockets.slice(l * 4, l * 4 + 4);
    seats.push(lobby);
    const admin = lobby[0]!;
    const created = new Promise<string>((res) => admin.once('server-create-lobby', (p) => res(p.lobbyId)));
    await call<Ack>(admin, 'client-create-lobby', { playerName: `admin${l}` });
    const lobbyId = await created;
    for (const [i, s] of lobby.entries()) {
      if (i > 0) await call<Ack>(s, 'client-join-lobby', { lobbyId, playerName: `p${i}` });
      await call<Ack>(s, 'client-change-country', { country: i });
    }
    const started = await call<Ack>(admin, 'client-game-action', { id: 'start', info: {} });
    if (!started.ok) throw new Error(`start refused: ${started.error.message}`);
  }
  return {
    sockets,
    load: {
      async send(l) {
        const country = turn[l]!;
        const ack = await call<Ack>(seats[l]![country]!, 'client-game-action', { id: 'next_turn', info: { country } });
        if (ack.ok) turn[l] = (country + 1) % 4;
        return ack.ok;
      },
    },
  };
}

/** The same shape on the bare server: 250 rooms of 4; `send` echoes to the room and acks. */
async function bareLoad(url: string): Promise<{ load: Load; sockets: Socket[] }> {
  const sockets = (await connectMany(url, LOBBIES * 4)) as unknown as Socket[];
  for (const [i, s] of sockets.entries()) await call(s, 'join', `room${Math.floor(i / 4)}`);
  const turn = new Uint8Array(LOBBIES);
  return {
    sockets,
    load: {
      async send(l) {
        const country = turn[l]!;
        const ack = await call<{ ok: boolean }>(sockets[l * 4 + country]!, 'echo', {
          room: `room${l}`,
          body: { id: 'next_turn', info: { country } },
        });
        turn[l] = (country + 1) % 4;
        return ack.ok;
      },
    },
  };
}

export async function runRoundTripBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fb-bench-rt-'));
  const children: ChildProcess[] = [];
  try {
    // BENCH_SERVER_ARGS passes node flags to the server (e.g. --cpu-prof for a profile).
    const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
    const game = await startListening(
      [...nodeArgs, join(serverRoot, 'dist', 'main.js')],
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: join(dir, 'bench.db'),
        LOG: 'off',
        // Every simulated player connects from 127.0.0.1: the per-address caps are lifted for them.
        CONNECTIONS_PER_ADDRESS: String(SOCKETS * 2),
        CONNECT_BURST: String(SOCKETS * 2),
        NEW_IDENTITY_BURST: String(SOCKETS * 2),
        HTTP_BURST: String(SOCKETS * 2),
      },
      { cwd: serverRoot },
    );
    children.push(game.child);
    const bare = await startListening(['--import', 'tsx', join(here, 'bare-echo-server.ts')], {}, { cwd: serverRoot });
    children.push(bare.child);

    const t0 = performance.now();
    const ours = await gameLoad(game.url);
    const base = await bareLoad(bare.url);
    console.log(
      `Round trip (emit → ack), ${LOBBIES * 4} sockets in ${LOBBIES} lobbies per server, ${SECONDS} s per rate`,
    );
    console.log(
      `  setup: ${((performance.now() - t0) / 1000).toFixed(1)} s (connect, create, join, pick countries, start)`,
    );
    console.log('  rate/s   bare p50   bare p99 | server p50  server p99 | p50 ratio  p99 ratio | errors skipped');
    for (const rate of RATES) {
      const b = await runPhase(base.load, LOBBIES, rate, SECONDS);
      const g = await runPhase(ours.load, LOBBIES, rate, SECONDS);
      const [b50, b99, g50, g99] = [
        percentile(b.latencies, 50),
        percentile(b.latencies, 99),
        percentile(g.latencies, 50),
        percentile(g.latencies, 99),
      ];
      console.log(
        `  ${String(rate).padStart(6)} ${ms(b50).padStart(10)} ${ms(b99).padStart(10)} | ${ms(g50).padStart(10)} ${ms(g99).padStart(11)} | ${ratio(g50, b50).padStart(9)} ${ratio(g99, b99).padStart(10)} | ${String(g.errors + b.errors).padStart(6)} ${String(g.skipped + b.skipped).padStart(7)}`,
      );
    }
    for (const s of [...ours.sockets, ...base.sockets]) s.disconnect();
  } finally {
    for (const c of children) c.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
