/**
 * socket.io clients as an attacker (or an honest player) runs them: an identity or none, an address of
 * their own (`X-Forwarded-For`, which the server trusts with TRUST_PROXY=1), every received frame measured,
 * acks with a timeout, the raw TCP socket for stopping reading, and optionally the lobby folded from the
 * broadcasts.
 */
import type { Socket as TcpSocket } from 'node:net';
import type { LobbyState } from '@four-banners/engine';
import {
  LOGGED_BROADCAST_NAMES,
  applyBroadcast,
  type HelloPayload,
  type ServerToClientEvents,
} from '@four-banners/protocol';
import { io, type Socket } from 'socket.io-client';

export interface Identity {
  readonly playerId: string;
  readonly token: string;
}

/** The largest single response any attacker saw (socket frame or HTTP body), and what it was. */
export class Largest {
  bytes = 0;
  what = '—';

  see(bytes: number, what: string): void {
    if (bytes > this.bytes) {
      this.bytes = bytes;
      this.what = what;
    }
  }
}

export interface ConnectOptions {
  /** The identity to restore; none: the server makes a fresh one. */
  readonly auth?: Identity;
  /** Sent as `X-Forwarded-For` (the client's address when the server trusts one proxy). */
  readonly address?: string;
  /** Where received frames are measured. */
  readonly largest?: Largest;
  /** Keep the lobby state folded from broadcasts. */
  readonly fold?: boolean;
  readonly timeoutMs?: number;
}

/** Why a connection was not admitted: refused at the websocket upgrade, at the socket.io handshake, or no answer. */
export type Refusal = { readonly kind: 'upgrade' | 'handshake' | 'timeout'; readonly message: string };

const LOGGED_BROADCASTS: readonly (keyof ServerToClientEvents)[] = LOGGED_BROADCAST_NAMES;

/** Outcome of one request: its ack (null on timeout) and the round trip. */
export interface Call<T> {
  readonly ack: T | null;
  readonly ms: number;
}

export class BenchClient {
  state: LobbyState | null = null;
  /** Why the connection ended (socket.io's disconnect reason), once it has. */
  dropped: string | null = null;
  private readonly dropListeners: ((reason: string) => void)[] = [];
  private readonly changeListeners: (() => void)[] = [];

  private constructor(
    readonly socket: Socket,
    readonly hello: HelloPayload,
  ) {
    socket.on('disconnect', (reason) => {
      this.dropped = reason;
      for (const fn of this.dropListeners) fn(reason);
    });
  }

  get identity(): Identity {
    return { playerId: this.hello.playerId, token: this.hello.token };
  }

  get playerId(): string {
    return this.hello.playerId;
  }

  /** Connects and waits for `server-hello`; a refusal is a value, not an error. */
  static connect(url: string, opts: ConnectOptions = {}): Promise<BenchClient | Refusal> {
    const socket = io(url, {
      path: '/api/socket',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: opts.timeoutMs ?? 10_000,
      ...(opts.auth ? { auth: { ...opts.auth } } : {}),
      ...(opts.address ? { extraHeaders: { 'x-forwarded-for': opts.address } } : {}),
    });
    const largest = opts.largest;
    if (largest) {
      socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
        if (typeof packet.data === 'string')
          largest.see(packet.data.length, `socket frame (${packet.data.slice(0, 24)}…)`);
      });
    }
    // Listeners first: the greeting and the first broadcasts can arrive in the same tick as the connect.
    let client: BenchClient | null = null;
    const early: [keyof ServerToClientEvents, unknown][] = [];
    if (opts.fold) {
      for (const name of LOGGED_BROADCASTS) {
        socket.on(name as string, (payload: unknown) => {
          if (client) client.apply(name, payload);
          else early.push([name, payload]);
        });
      }
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        socket.close();
        resolve({ kind: 'timeout', message: 'no server-hello within the timeout' });
      }, opts.timeoutMs ?? 10_000);
      socket.once('server-hello', (hello: HelloPayload) => {
        clearTimeout(timer);
        client = new BenchClient(socket, hello);
        for (const [name, payload] of early) client.apply(name, payload);
        resolve(client);
      });
      socket.once(
        'connect_error',
        (err: Error & { data?: { code?: string; message?: string }; description?: unknown }) => {
          clearTimeout(timer);
          socket.close();
          if (err.data?.code) resolve({ kind: 'handshake', message: err.data.message ?? err.message });
          else {
            const d = err.description as { message?: string; error?: { message?: string } } | undefined;
            const cause = d?.error?.message ?? d?.message ?? '';
            resolve({ kind: 'upgrade', message: `${err.message}${cause ? `: ${cause}` : ''}` });
          }
        },
      );
    });
  }

  /** Emits with an acknowledgement; `ack` is null when none came within `timeoutMs` (or the socket closed). */
  call<T = { ok: boolean; seq?: number; error?: { code: string; message: string } }>(
    event: string,
    payload: unknown,
    timeoutMs = 10_000,
  ): Promise<Call<T>> {
    const t0 = performance.now();
    return new Promise((resolve) => {
      this.socket.timeout(timeoutMs).emit(event, payload, (err: unknown, ack: T) => {
        resolve({ ack: err ? null : ack, ms: performance.now() - t0 });
      });
    });
  }

  /** Calls `fn` when the connection ends. */
  onDrop(fn: (reason: string) => void): void {
    this.dropListeners.push(fn);
  }

  /** Calls `fn` after each folded broadcast. */
  onChange(fn: () => void): void {
    this.changeListeners.push(fn);
  }

  /** The TCP socket under the websocket (to stop reading from it), if still open. */
  tcp(): TcpSocket | null {
    const transport = this.socket.io.engine?.transport as unknown as { ws?: { _socket?: TcpSocket } } | undefined;
    return transport?.ws?._socket ?? null;
  }

  /** Bytes emitted by this client that the network has not taken yet (engine.io's queue and the websocket's). */
  unsentBytes(): number {
    const engine = this.socket.io.engine as unknown as
      | { writeBuffer?: { data?: unknown }[]; transport?: { ws?: { bufferedAmount?: number } } }
      | undefined;
    let bytes = engine?.transport?.ws?.bufferedAmount ?? 0;
    for (const packet of engine?.writeBuffer ?? []) if (typeof packet.data === 'string') bytes += packet.data.length;
    // Packets emitted while engine.io is still flushing wait in socket.io's own buffer.
    for (const packet of (this.socket as unknown as { sendBuffer?: { data?: unknown }[] }).sendBuffer ?? []) {
      bytes += JSON.stringify(packet.data ?? '').length;
    }
    return bytes;
  }

  /** Stops reading from the TCP socket: the server's answers pile up on its side. */
  stopReading(): void {
    this.tcp()?.pause();
  }

  close(): void {
    this.socket.close();
  }

  private apply(name: keyof ServerToClientEvents, payload: unknown): void {
    const r = applyBroadcast(this.state, name, payload as never);
    this.state = r.state;
    for (const fn of this.changeListeners) fn();
  }
}

export const isRefusal = (c: BenchClient | Refusal): c is Refusal => !(c instanceof BenchClient);

/** Connects, or throws with the refusal (for setup steps that must work). */
export async function mustConnect(url: string, opts: ConnectOptions = {}): Promise<BenchClient> {
  const c = await BenchClient.connect(url, opts);
  if (isRefusal(c)) throw new Error(`connection refused (${c.kind}): ${c.message}`);
  return c;
}

/** Sends a request that must succeed (setup steps), or throws with the refusal. */
export async function must(client: BenchClient, event: string, payload: unknown): Promise<{ seq?: number }> {
  const { ack } = await client.call(event, payload);
  if (!ack) throw new Error(`${event}: no ack`);
  if (!ack.ok) throw new Error(`${event} refused: ${ack.error?.code} ${ack.error?.message}`);
  return ack;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `fn` in a loop until `until` (ms, performance.now), yielding each turn. */
export async function loopUntil(until: number, fn: () => Promise<unknown>): Promise<void> {
  while (performance.now() < until) await fn();
}

/**
 * A client-side token bucket mirroring a server limit, so an attacker sends exactly as fast as the limit
 * allows (and is not dropped for over-the-limit frames).
 */
export class Pacer {
  private tokens: number;
  private last = performance.now();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  /** Waits until `cost` tokens are there, then takes them. */
  async take(cost = 1): Promise<void> {
    // A small margin under the server's bucket: the two clocks never agree to the millisecond.
    const needed = cost * 1.05;
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= needed) {
        this.tokens -= cost;
        return;
      }
      await sleep(Math.max(1, ((needed - this.tokens) / this.perSecond) * 1000));
    }
  }
}
