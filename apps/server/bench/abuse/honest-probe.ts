/**
 * Two honest players in a process of their own (so the attackers' client work does not slow their
 * clocks): their own identities and addresses, their own lobby, a started 2-player game. Ten requests a
 * second: the player to move passes the turn (a write through the whole path) five times a second, and
 * the players take turns asking for the events they lack (`client-sync-state`, a read) five times a second.
 * Each emit → ack round trip is recorded between `mark` and `collect` (IPC from the bench).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { whoseTurn } from '@four-banners/engine';
import { percentile } from '../stats.js';
import { BenchClient, isRefusal, must, type Identity } from './client.js';

export interface HonestStats {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Requests not acknowledged within TIMEOUT_MS (counted in the percentiles as TIMEOUT_MS). */
  readonly timeouts: number;
  /** Acks that were refusals, by code. */
  readonly refusals: Record<string, number>;
  /** Write ticks skipped because the previous pass had not been acknowledged yet. */
  readonly late: number;
  /** Times an honest connection was closed by the server or the network. */
  readonly disconnects: number;
  /** The honest players' own event-loop delay (p99, max; ms): how busy the machine kept their process. */
  readonly loopLag: { p99: number; max: number };
}

export type ProbeRequest = { type: 'mark' } | { type: 'collect' } | { type: 'stop' };
export type ProbeReply =
  | { type: 'ready'; lobbyId: string }
  | { type: 'error'; message: string }
  | { type: 'stats'; stats: HonestStats };

const TIMEOUT_MS = 10_000;
const TICK_MS = 100;
const ADDRESSES = ['10.255.0.1', '10.255.0.2'];

const send = (m: ProbeReply) => process.send!(m);

class Player {
  client: BenchClient;
  down = false;

  constructor(
    client: BenchClient,
    private readonly url: string,
    private readonly address: string,
    private readonly onDrop: () => void,
  ) {
    this.client = client;
    this.watch();
  }

  private watch(): void {
    this.client.onDrop(() => {
      this.down = true;
      this.onDrop();
      void this.reconnect(this.client.identity);
    });
  }

  private async reconnect(identity: Identity): Promise<void> {
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const c = await BenchClient.connect(this.url, { auth: identity, address: this.address, fold: true });
      if (isRefusal(c)) continue;
      this.client = c;
      // The fold restarts from the join snapshot the server sends on a (re)join.
      await c.call('client-join-lobby', { lobbyId: c.hello.lobbyId, playerName: 'Honest' });
      this.down = false;
      this.watch();
      return;
    }
  }
}

async function main(url: string): Promise<void> {
  const connect = async (address: string) => {
    const c = await BenchClient.connect(url, { address, fold: true });
    if (isRefusal(c)) throw new Error(`honest player refused (${c.kind}): ${c.message}`);
    return c;
  };
  const [a, b] = [await connect(ADDRESSES[0]!), await connect(ADDRESSES[1]!)];
  await must(a, 'client-create-lobby', { playerName: 'Honest A' });
  while (!a.state) await new Promise((r) => setTimeout(r, 10));
  const lobbyId = a.state.lobbyId;
  await must(b, 'client-join-lobby', { lobbyId, playerName: 'Honest B' });
  await must(a, 'client-change-country', { country: 0 });
  await must(b, 'client-change-country', { country: 1 });
  await must(a, 'client-game-action', { id: 'start', info: {} });

  let disconnects = 0;
  const players = [a, b].map((c, i) => new Player(c, url, ADDRESSES[i]!, () => (disconnects += 1)));
  let measuring = false;
  let latencies: number[] = [];
  let timeouts = 0;
  let late = 0;
  let refusals: Record<string, number> = {};
  const record = (ms: number, ack: { ok: boolean; error?: { code: string } } | null, counted: boolean) => {
    if (!counted) return;
    if (ack === null) timeouts += 1;
    else if (!ack.ok) refusals[ack.error?.code ?? '?'] = (refusals[ack.error?.code ?? '?'] ?? 0) + 1;
    latencies.push(ack === null ? TIMEOUT_MS : ms);
  };

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let writing = false;
  let tick = 0;
  const timer = setInterval(() => {
    tick += 1;
    if (tick % 2 === 0) {
      // The write: whoever is to move passes (5/s).
      if (writing) {
        if (measuring) late += 1;
        return;
      }
      const state = players[0]!.client.state;
      const country = state ? whoseTurn(state.game) : null;
      const mover = country === null ? undefined : players[country];
      if (!mover || mover.down) return;
      writing = true;
      const counted = measuring;
      void mover.client
        .call('client-game-action', { id: 'next_turn', info: { country } }, TIMEOUT_MS)
        .then(({ ack, ms }) => {
          writing = false;
          record(ms, ack, counted && measuring);
        });
    } else {
      // The read: the players take turns asking for what they lack (5/s).
      const p = players[(tick >> 1) % 2]!;
      if (p.down) return;
      const afterSeq = p.client.state?.seq ?? 0;
      const counted = measuring;
      void p.client.call('client-sync-state', { lobbyId, afterSeq }, TIMEOUT_MS).then(({ ack, ms }) => {
        record(ms, ack, counted && measuring);
      });
    }
  }, TICK_MS);

  process.on('message', (m: ProbeRequest) => {
    if (m.type === 'mark') {
      measuring = true;
      latencies = [];
      timeouts = 0;
      late = 0;
      refusals = {};
      disconnects = 0;
      lag.reset();
    } else if (m.type === 'collect') {
      measuring = false;
      send({
        type: 'stats',
        stats: {
          count: latencies.length,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          max: latencies.length ? Math.max(...latencies) : Number.NaN,
          timeouts,
          refusals,
          late,
          disconnects,
          loopLag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
        },
      });
    } else if (m.type === 'stop') {
      clearInterval(timer);
      for (const p of players) p.client.close();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', lobbyId });
}

main(process.argv[2]!).catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  process.exit(1);
});
