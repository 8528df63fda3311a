/**
 * Quick match under arrivals (PROTOCOL §4.7): `BENCH_QM_PEOPLE` (200) simulated people press Quick match
 * over `BENCH_QM_SECONDS` (60) with exponential gaps between arrivals (Poisson), half for 2 seats and half
 * for 4, sizes mixed (any, 10, 16). Prints the time to match — from the request to the game's start
 * broadcast on that person's socket — at p50 and p99, per seat count, and how many started with bots
 * (the wait, `QUICK_MATCH_WAIT_SECONDS`, 45 s by default) or were left waiting alone. Against the built
 * server on SQLite, per-address limits lifted (every person connects from 127.0.0.1). Figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ack } from '@four-banners/protocol';
import { startBuiltNode } from '../test/fixtures/built-node.js';
import { connectMany, type GameSocket } from './bench-sockets.js';
import { envNumber, percentile } from './stats.js';

const PEOPLE = envNumber('BENCH_QM_PEOPLE', 200);
const SECONDS = envNumber('BENCH_QM_SECONDS', 60);
const WAIT_SECONDS = envNumber('BENCH_QM_WAIT_SECONDS', 45);
const SIZES = [null, 10, 16] as const;

/** One simulated person: when they pressed, and when their game's start reached them. */
interface Person {
  readonly socket: GameSocket;
  readonly seats: 2 | 4;
  askedAt: number;
  startedAt: number | null;
  withBots: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runQuickMatchBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fb-bench-qm-'));
  const many = String(PEOPLE * 4);
  const server = await startBuiltNode({
    DATABASE_PATH: join(dir, 'bench.db'),
    LOG: 'off',
    QUICK_MATCH_WAIT_SECONDS: String(WAIT_SECONDS),
    CONNECTIONS_PER_ADDRESS: many,
    CONNECT_BURST: many,
    NEW_IDENTITY_BURST: many,
    ADDRESS_QUICK_MATCH_BURST: many,
  });
  const people: Person[] = [];
  try {
    for (const socket of await connectMany(server.url, PEOPLE)) {
      const person: Person = {
        socket,
        seats: people.length % 2 === 0 ? 2 : 4,
        askedAt: 0,
        startedAt: null,
        withBots: false,
      };
      socket.on('server-game-action', (p) => {
        if (p.id === 'start' && person.startedAt === null) person.startedAt = performance.now();
      });
      socket.on('server-join-lobby', (p) => {
        if (p.player.bot) person.withBots = true;
      });
      people.push(person);
    }
    // Poisson arrivals: exponential gaps with mean SECONDS / PEOPLE.
    const meanGapMs = (SECONDS * 1000) / PEOPLE;
    const acks: Promise<Ack>[] = [];
    const ackMs: number[] = [];
    const t0 = performance.now();
    for (const [i, person] of people.entries()) {
      await sleep(-Math.log(1 - Math.random()) * meanGapMs);
      person.askedAt = performance.now();
      const payload = { playerName: `P${i}`, seats: person.seats, size: SIZES[i % SIZES.length]! };
      const asked = person.askedAt;
      acks.push(
        new Promise<Ack>((res) =>
          person.socket.emit('client-quick-match', payload, (ack: Ack) => {
            ackMs.push(performance.now() - asked);
            res(ack);
          }),
        ),
      );
    }
    const arrivals = (performance.now() - t0) / 1000;
    const refused = (await Promise.all(acks)).filter((a) => !a.ok).length;
    // The last lobbies to open start by their wait: give it time, then count who is still alone.
    const deadline = performance.now() + (WAIT_SECONDS + 5) * 1000;
    while (performance.now() < deadline && people.some((p) => p.startedAt === null)) await sleep(250);

    console.log(
      `\nQuick match: ${PEOPLE} people over ${arrivals.toFixed(1)} s (Poisson), 2 and 4 seats, wait ${WAIT_SECONDS} s`,
    );
    for (const seats of [2, 4] as const) {
      const group = people.filter((p) => p.seats === seats);
      const matched = group.filter((p) => p.startedAt !== null);
      const waits = matched.map((p) => (p.startedAt! - p.askedAt) / 1000);
      console.log(
        `  ${seats} seats: ${matched.length}/${group.length} started (${matched.filter((p) => p.withBots).length} with bots), ` +
          `time to match p50 ${percentile(waits, 50).toFixed(2)} s, p99 ${percentile(waits, 99).toFixed(2)} s, ` +
          `${group.length - matched.length} left waiting alone`,
      );
    }
    console.log(
      `  the request's own answer (search, join or open, commit): p50 ${percentile(ackMs, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(ackMs, 99).toFixed(1)} ms; ${refused} refused`,
    );
  } finally {
    for (const p of people) p.socket.disconnect();
    server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runQuickMatchBench();
