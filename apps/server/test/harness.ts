/**
 * Test helpers: a real server on a random port with a temp SQLite file — or, with FB_TEST_DB=postgres, a
 * database of its own on the run's throw-away PostgreSQL cluster (postgres.global-setup.ts) — and real
 * socket.io clients that fold. Past 400 lines on purpose: every server test file imports this one
 * toolbox (server, clients, waits, log reads), and one file keeps them consistent with each other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { foldFrom, isGameOver, stateHash, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import {
  LOGGED_BROADCAST_NAMES,
  applyBroadcast,
  lobbyStateFromSnapshot,
  type Ack,
  type ClientToServerEvents,
  type ErrorCode,
  type HelloPayload,
  type ServerToClientEvents,
  type SyncAck,
  type WatchAck,
} from '@four-banners/protocol';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { expect, inject } from 'vitest';
import { configFromEnv, type ServerConfig } from '../src/common/config.js';
import { PostgresDatabase } from '../src/storage/postgres/database.js';
import { SqliteDatabase } from '../src/storage/sqlite/database.js';
import { createDatabase } from './fixtures/postgres-cluster.js';
import { LobbyHub } from '../src/lobby/core/lobby.hub.js';
import { WatcherRegistry } from '../src/lobby/core/watchers.js';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
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
  'rates' | 'address' | 'socketsPerPlayer' | 'strikes' | 'bots' | 'lobbyEventsBeforeStart' | 'watchers'
> = {
  rates: {
    chat: { capacity: 5, refillPerSecond: 0 },
    actions: UNLIMITED,
    lobby: UNLIMITED,
    saves: UNLIMITED,
    lobbiesCreated: UNLIMITED,
    syncKiB: UNLIMITED,
    watch: UNLIMITED,
    listedLobbies: UNLIMITED,
    quickMatch: UNLIMITED,
    reports: UNLIMITED,
  },
  address: {
    connections: 1_000_000,
    connects: UNLIMITED,
    newIdentities: UNLIMITED,
    http: UNLIMITED,
    syncKiB: UNLIMITED,
    quickMatch: UNLIMITED,
    openLobbies: UNLIMITED,
    reports: UNLIMITED,
    adminFailures: UNLIMITED,
  },
  socketsPerPlayer: 1_000_000,
  strikes: { allowance: UNLIMITED, pauseMs: 0, disconnectAfter: 1_000_000 },
  bots: { actionMs: 0, turnMs: 0, searchNodes: 60_000, searchMs: 1_000 },
  lobbyEventsBeforeStart: 1_000_000,
  // Watcher counts are announced quickly, so tests wait little for them.
  watchers: { perLobby: 1_000_000, noticeMs: 50 },
};

/** The database the server tests run on (FB_TEST_DB=postgres, or SQLite by default). */
export const TEST_DRIVER: 'sqlite' | 'postgres' = process.env.FB_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Where a server booted on `dir` keeps its log, as environment variables: the SQLite file in `dir`, or the
 * PostgreSQL database named after `dir` (made on first use, so a server booted again on `dir` finds its data).
 */
export async function storageEnv(dir: string): Promise<{ DATABASE_PATH: string } | { DATABASE_URL: string }> {
  if (TEST_DRIVER === 'sqlite') return { DATABASE_PATH: join(dir, 'four-banners.db') };
  const admin = inject('postgresAdminUrl');
  if (!admin) throw new Error('FB_TEST_DB=postgres needs the global setup (test/postgres.global-setup.ts)');
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_');
  return { DATABASE_URL: await createDatabase(admin, name) };
}

/** Boots the real Nest app on port 0 with a fresh database and the `LENIENT` limits, then `overrides`. */
export async function bootServer(
  overrides: Partial<ServerConfig> = {},
  dir = mkdtempSync(join(tmpdir(), 'fb-server-')),
): Promise<TestServer> {
  const storage = await storageEnv(dir);
  const config = configFromEnv(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      databasePath: join(dir, 'four-banners.db'),
      databaseUrl: 'DATABASE_URL' in storage ? storage.DATABASE_URL : null,
      adminTokens: [{ name: 'admin', token: ADMIN_TOKEN, canModerate: true }],
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

/**
 * Runs one SQL statement on the server's database, whichever driver runs, and returns its rows (none for a
 * write). `?` placeholders; numbers PostgreSQL returns as text, such as counts, are the caller's to convert.
 */
export async function sqlRows<T>(server: TestServer, text: string, ...params: unknown[]): Promise<T[]> {
  if (server.config.databaseUrl === null) {
    const statement = server.app.get(SqliteDatabase).sqlite.prepare(text);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  }
  let n = 0;
  const result = await server.app.get(PostgresDatabase).pool.query(
    text.replace(/\?/g, () => `$${++n}`),
    params,
  );
  return result.rows as T[];
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** How a client proves who it is when it connects again (its greeting's player id and token). */
export interface Identity {
  readonly playerId: string;
  readonly token: string;
}

/** How a connection attempt ended: the greeting, or the `connect_error` with its message and data. */
export type ConnectOutcome = { ok: true } | { ok: false; message: string; data: unknown };

/**
 * The server a test file boots and every client it connects, torn down together by `reset`: in `afterEach`
 * for a server per test, in `afterAll` for one per file. Its members are plain functions, to destructure.
 */
export function serverRig() {
  let running: TestServer | null = null;
  const clients: TestClient[] = [];
  const dirs = new Set<string>();

  /** The running server; throws when none is. */
  const server = (): TestServer => {
    if (!running) throw new Error('no test server is running: boot one first');
    return running;
  };

  /** Boots a server (see `bootServer`); pass the `dir` of a stopped one to start again on its database. */
  const boot = async (overrides: Partial<ServerConfig> = {}, dir?: string): Promise<TestServer> => {
    running = await bootServer(overrides, dir);
    dirs.add(running.dir);
    return running;
  };

  /** A client of the running server, closed by `stop` and `reset`. */
  const client = async (auth?: Identity): Promise<TestClient> => {
    const c = await TestClient.connect(server().url, auth);
    clients.push(c);
    return c;
  };

  /** A connection attempt's outcome (the connection is closed again): ok, or the connect_error (message + data). */
  const tryConnect = (auth?: Identity, extraHeaders?: Record<string, string>): Promise<ConnectOutcome> =>
    tryConnectTo(server().url, auth, extraHeaders);

  /** Closes every client and stops the server, keeping its database to boot on again. */
  const stop = async (): Promise<void> => {
    for (const c of clients.splice(0)) c.close();
    const stopping = running;
    running = null;
    if (stopping) await stopping.stop();
  };

  /** The server's own state of a lobby it holds; throws when it holds none. */
  const serverState = (lobbyId: string): LobbyState => {
    const state = server().app.get(LobbyCache).cached(lobbyId);
    if (!state) throw new Error(`the server holds no lobby ${lobbyId}`);
    return state;
  };

  return {
    server,
    boot,
    client,
    tryConnect,
    stop,
    serverState,
    /** Another connection of the same player. */
    sameIdentity: (c: TestClient): Promise<TestClient> => client({ playerId: c.playerId, token: c.hello.token }),
    /** The running server's sockets and rooms. */
    hub: (): LobbyHub => server().app.get(LobbyHub),
    /** The running server's watchers: who watches which lobby. */
    watchers: (): WatcherRegistry => server().app.get(WatcherRegistry),
    /**
     * Expects a refusal with `code` and `message` (by default any, but not empty) that left the log of
     * `lobbyId` as it was.
     */
    refused: async (
      ack: Promise<Ack>,
      code: ErrorCode,
      lobbyId: string,
      message: string | RegExp = /./,
    ): Promise<void> => {
      const before = serverState(lobbyId).seq;
      const res = await ack;
      expect(res, JSON.stringify(res)).toMatchObject({ ok: false, error: { code, message } });
      expect(serverState(lobbyId).seq).toBe(before);
    },
    /** Stops as `stop` does, then removes the database of every server booted. */
    reset: async (): Promise<void> => {
      await stop();
      for (const dir of dirs) removeDir(dir);
      dirs.clear();
    },
  };
}

/** Resolves after `ms` milliseconds. */
/** A connection attempt to the server at `url` (closed again): ok, or the connect_error (message + data). */
export async function tryConnectTo(
  url: string,
  auth?: Identity,
  extraHeaders?: Record<string, string>,
): Promise<ConnectOutcome> {
  const socket = io(url, {
    path: '/api/socket',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(auth ? { auth } : {}),
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('server-hello', () => resolve());
      socket.once('connect_error', reject);
    });
    return { ok: true };
  } catch (e) {
    const err = e as Error & { data?: unknown };
    return { ok: false, message: err.message, data: err.data };
  } finally {
    socket.close();
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, polled every 20 ms (for server state that no broadcast announces). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
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
  /** The state hash this client held after folding each logged broadcast, by seq (once `trackHashes` is called). */
  hashes: Map<number, string> | null = null;
  gap = false;
  private waiters: (() => void)[] = [];
  /** Broadcasts that arrived during a `resync`, folded after its answer. */
  private held: { name: ServerEvent; payload: unknown }[] | null = null;

  /** The greeting (set by `connect` before the client is handed out). */
  hello!: HelloPayload;

  private constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    // Listening from the start: what the server sends right after the greeting can arrive in the same read.
    for (const name of [...LOGGED, 'server-presence', 'server-watchers', 'server-rematch'] as ServerEvent[]) {
      socket.on(name as 'server-presence', (payload: unknown) => {
        this.received.push({ name, payload });
        if (this.held) this.held.push({ name, payload });
        else this.onBroadcast(name, payload);
        this.notify();
      });
    }
  }

  get playerId(): string {
    return this.hello.playerId;
  }

  /** From now on, records the state hash after every logged broadcast (in `hashes`). */
  trackHashes(): this {
    this.hashes ??= new Map();
    return this;
  }

  /**
   * Connects with websocket transport at /api/socket and waits for `server-hello`; `options` adds to the
   * socket.io client's (e.g. `extraHeaders` with the `Origin` a browser sends).
   */
  static async connect(
    url: string,
    auth?: Identity,
    options: Partial<ManagerOptions & SocketOptions> = {},
  ): Promise<TestClient> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      path: '/api/socket',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(auth ? { auth } : {}),
      ...options,
    });
    const client = new TestClient(socket);
    client.hello = await new Promise<HelloPayload>((resolve, reject) => {
      socket.once('server-hello', resolve);
      socket.once('connect_error', reject);
    });
    return client;
  }

  private onBroadcast(name: ServerEvent, payload: unknown): void {
    const r = applyBroadcast(this.state, name, payload as never);
    if (r.event) {
      this.seqs.push(r.event.seq);
      this.events.push(r.event);
      if (r.state && this.hashes) this.hashes.set(r.event.seq, stateHash(r.state));
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
  ): Promise<E extends 'client-sync-state' ? SyncAck : E extends 'client-watch-lobby' ? WatchAck : Ack> {
    return (
      this.socket.timeout(WAIT_MS) as unknown as { emitWithAck(n: string, p: unknown): Promise<never> }
    ).emitWithAck(name, payload);
  }

  /**
   * Watches a lobby as a spectator from `afterSeq` (0: from the start) and folds the answer (a snapshot, or
   * the events after what this client holds) into `state`, as a client would; broadcasts fold on from there.
   */
  async watch(lobbyId: string, afterSeq = 0): Promise<WatchAck> {
    const ack = await this.emit('client-watch-lobby', { lobbyId, afterSeq });
    if (!ack.ok) return ack;
    // The ack and the broadcasts after it arrive in order: nothing is folded in between.
    let state = ack.snapshot ? lobbyStateFromSnapshot(ack.snapshot) : afterSeq === 0 ? null : this.state;
    const events = state ? ack.events.filter((e) => e.seq > state!.seq) : ack.events;
    const folded = foldFrom(state, events);
    if (!folded.ok) throw new Error(`a watch answer does not fold: ${folded.error.message}`);
    state = folded.value;
    this.state = state;
    for (const e of events) {
      this.seqs.push(e.seq);
      this.events.push(e);
    }
    return ack;
  }

  /**
   * Catches up as a client does after a reconnect: asks for what follows `from` (what it held before; null:
   * everything), folds the answer, then the broadcasts that arrived meanwhile (those it already has are skipped).
   */
  async resync(lobbyId: string, from: LobbyState | null): Promise<void> {
    this.held = [];
    try {
      const ack = await this.emit('client-sync-state', { lobbyId, afterSeq: from?.seq ?? 0 });
      if (!ack.ok) throw new Error(`resync refused: ${ack.error.code}`);
      const base = ack.snapshot ? lobbyStateFromSnapshot(ack.snapshot) : from;
      const events = base ? ack.events.filter((e) => e.seq > base.seq) : ack.events;
      const folded = foldFrom(base, events);
      if (!folded.ok) throw new Error(`a resync answer does not fold: ${folded.error.message}`);
      this.state = folded.value;
      for (const e of events) {
        this.seqs.push(e.seq);
        this.events.push(e);
      }
    } finally {
      const held = this.held ?? [];
      this.held = null;
      for (const { name, payload } of held) this.onBroadcast(name, payload);
    }
    this.notify();
  }

  /** The payloads of every `name` event received, in order. */
  payloads<E extends ServerEvent>(name: E): Parameters<ServerToClientEvents[E]>[0][] {
    return this.received.filter((r) => r.name === name).map((r) => r.payload as Parameters<ServerToClientEvents[E]>[0]);
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

/** Makes a lobby of `admin` and `guest` (countries 0 and 1) with a normal bot (2), 6×6, and starts it; returns its id and start seq. */
export async function startedGameWithBot(
  admin: TestClient,
  guest: TestClient,
  seed: number,
): Promise<{ lobbyId: string; started: number }> {
  await expectOk(admin.emit('client-create-lobby', { playerName: 'Admin' }));
  await admin.untilSeq(2);
  const lobbyId = admin.state!.lobbyId;
  await expectOk(guest.emit('client-join-lobby', { lobbyId, playerName: 'Guest' }));
  await expectOk(admin.emit('client-change-country', { country: 0 }));
  await expectOk(guest.emit('client-change-country', { country: 1 }));
  await expectOk(admin.emit('client-add-bot', { country: 2, difficulty: 'normal' }));
  await expectOk(admin.emit('client-lobby-update', { w: 6, h: 6, seed }));
  const started = await expectOk(admin.emit('client-game-action', { id: 'start', info: {} }));
  await Promise.all([admin.untilSeq(started), guest.untilSeq(started)]);
  return { lobbyId, started };
}

/**
 * After a node was killed mid-game (issue 8 "A node dies"), once the survivors played it to its end: the
 * log (`events`, from a live node's admin API) is 1..n and folds to a finished game, every client holds its
 * hash, `witness` — whose node never died — saw every seq once and in order, and the bot moved after
 * `killedAt` (its turn in flight was played by a node still running). Returns the final state.
 */
export async function expectPlayedOnAfterKill(
  events: readonly LobbyEvent[],
  clients: readonly TestClient[],
  witness: TestClient,
  killedAt: number,
): Promise<LobbyState> {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  const folded = foldFrom(null, events);
  if (!folded.ok) throw new Error(folded.error.message);
  const final = folded.value;
  expect(isGameOver(final.game)).toBe(true);
  await Promise.all(clients.map((c) => c.untilSeq(final.seq)));
  for (const c of clients) expect(stateHash(c.state!)).toBe(stateHash(final));
  expect(isContiguous(witness.seqs)).toBe(true);
  expect(witness.gap).toBe(false);
  const botId = final.players.find((p) => p.bot)!.id;
  expect(events.some((e) => e.seq > killedAt && e.actor === botId)).toBe(true);
  return final;
}

/** GET a JSON endpoint; returns status and body. */
// biome-ignore lint/suspicious/noExplicitAny: tests read an answer's fields directly and let expect() judge them; typing each answer here would restate the protocol
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
