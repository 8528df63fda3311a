/** Test helpers: a real server on a random port with a temp SQLite file, and real socket.io clients that fold. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LobbyEvent, LobbyState } from '@four-banners/engine';
import {
  LOGGED_BROADCAST_NAMES,
  applyBroadcast,
  type Ack,
  type ClientToServerEvents,
  type HelloPayload,
  type ServerToClientEvents,
  type SyncAck,
} from '@four-banners/protocol';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { configFromEnv, type ServerConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';

export const ADMIN_TOKEN = 'test-admin-token';

export interface TestServer extends RunningServer {
  readonly dir: string;
  readonly config: ServerConfig;
  stop(): Promise<void>;
}

const UNLIMITED = { capacity: 1_000_000, refillPerSecond: 1_000_000 };

/**
 * Settings for tests that are not about the limits: every rate and cap out of the way (but chat: 5
 * messages, never refilled), bots unpaced. Tests of a limit override just that limit.
 */
export const LENIENT: Pick<
  ServerConfig,
  'rates' | 'address' | 'socketsPerPlayer' | 'strikes' | 'bots' | 'lobbyEventsBeforeStart'
> = {
  rates: {
    chat: { capacity: 5, refillPerSecond: 0 },
    actions: UNLIMITED,
    lobby: UNLIMITED,
    saves: UNLIMITED,
    lobbiesCreated: UNLIMITED,
    syncKiB: UNLIMITED,
  },
  address: { connections: 1_000_000, connects: UNLIMITED, newIdentities: UNLIMITED, http: UNLIMITED, syncKiB: UNLIMITED },
  socketsPerPlayer: 1_000_000,
  strikes: { allowance: UNLIMITED, pauseMs: 0, disconnectAfter: 1_000_000 },
  bots: { actionMs: 0, turnMs: 0 },
  lobbyEventsBeforeStart: 1_000_000,
};

/** Boots the real Nest app on port 0 with a fresh database file and the `LENIENT` limits, then `overrides`. */
export async function bootServer(
  overrides: Partial<ServerConfig> = {},
  dir = mkdtempSync(join(tmpdir(), 'fb-server-')),
): Promise<TestServer> {
  const config = configFromEnv(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      databasePath: join(dir, 'four-banners.db'),
      adminToken: ADMIN_TOKEN,
      webDist: null,
      log: false,
      ...LENIENT,
      ...overrides,
    },
  );
  const server = await startServer(config);
  return {
    ...server,
    dir,
    config,
    stop: async () => {
      await server.close();
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

type ServerEvent = keyof ServerToClientEvents;
const LOGGED: readonly ServerEvent[] = LOGGED_BROADCAST_NAMES;
/** Upper bound for waiting on the server: only a hung test ever reaches it. */
const WAIT_MS = 30_000;

/** A socket.io client that keeps the lobby state by folding what the server broadcasts. */
export class TestClient {
  state: LobbyState | null = null;
  /** Seqs of every logged broadcast received, in arrival order. */
  readonly seqs: number[] = [];
  readonly received: { name: ServerEvent; payload: unknown }[] = [];
  readonly events: LobbyEvent[] = [];
  gap = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>,
    readonly hello: HelloPayload,
  ) {
    for (const name of [...LOGGED, 'server-presence'] as ServerEvent[]) {
      socket.on(name as 'server-presence', (payload: unknown) => {
        this.received.push({ name, payload });
        this.onBroadcast(name, payload);
        this.notify();
      });
    }
  }

  get playerId(): string {
    return this.hello.playerId;
  }

  /** Connects with websocket transport at /api/socket and waits for `server-hello`. */
  static async connect(url: string, auth?: { playerId: string; token: string }): Promise<TestClient> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      path: '/api/socket',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(auth ? { auth } : {}),
    });
    const hello = await new Promise<HelloPayload>((resolve, reject) => {
      socket.once('server-hello', resolve);
      socket.once('connect_error', reject);
    });
    return new TestClient(socket, hello);
  }

  private onBroadcast(name: ServerEvent, payload: unknown): void {
    const r = applyBroadcast(this.state, name, payload as never);
    if (r.event) {
      this.seqs.push(r.event.seq);
      this.events.push(r.event);
    }
    if (r.gap) this.gap = true;
    this.state = r.state;
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Emits with an acknowledgement. */
  emit<E extends keyof ClientToServerEvents>(
    name: E,
    payload: unknown,
  ): Promise<E extends 'client-sync-state' ? SyncAck : Ack> {
    return (
      this.socket.timeout(WAIT_MS) as unknown as { emitWithAck(n: string, p: unknown): Promise<never> }
    ).emitWithAck(name, payload);
  }

  /** Emits raw arguments (for malformed payloads). */
  emitRaw(name: string, ...args: unknown[]): Promise<Ack> {
    return (
      this.socket.timeout(WAIT_MS) as unknown as { emitWithAck(n: string, ...a: unknown[]): Promise<Ack> }
    ).emitWithAck(name, ...args);
  }

  /** Resolves once `check` holds (re-checked after every broadcast). */
  async until(check: (c: TestClient) => boolean, what = 'condition'): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!check(this)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits until this client has folded up to `seq`. */
  untilSeq(seq: number): Promise<void> {
    return this.until((c) => (c.state?.seq ?? 0) >= seq, `seq ${seq}`);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Asserts-friendly check: every element is the previous + 1. */
export function isContiguous(seqs: readonly number[]): boolean {
  return seqs.every((s, i) => i === 0 || s === seqs[i - 1]! + 1);
}

/** GET a JSON endpoint; returns status and body. */
export async function getJson(url: string, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

/** Awaits an acknowledgement that must be ok; returns the seq it appended (0 when it appended nothing). */
export async function expectOk(ack: Promise<Ack>): Promise<number> {
  const res = await ack;
  expect(res, JSON.stringify(res)).toMatchObject({ ok: true });
  return res.ok ? (res.seq ?? 0) : 0;
}

/** A lobby created by `admin` (who then holds its first two events); returns its id. */
export async function createdLobby(admin: TestClient): Promise<string> {
  await expectOk(admin.emit('client-create-lobby', { playerName: 'Admin' }));
  await admin.untilSeq(2);
  return admin.state!.lobbyId;
}

