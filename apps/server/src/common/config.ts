/** Server settings, read once from the environment (docs/OPERATIONS.md documents each variable and limit). */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPERT_NODE_BUDGET } from '@four-banners/engine';
import { PRIVATE_NETWORKS, parseNetworks, type TrustedNetworks } from './client-address.js';

/** apps/server, whether this file runs from src/ (tsx, vitest) or dist/ (node). */
const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RateLimit {
  /** Burst size. */
  readonly capacity: number;
  /** Tokens regained per second (0: never, for deterministic tests). */
  readonly refillPerSecond: number;
}

/** Request rates shared by every connection of one player (an identity), never per socket. */
export interface PlayerRates {
  readonly chat: RateLimit;
  /** Game actions and every other request not listed here. */
  readonly actions: RateLimit;
  /** Create, join and leave a lobby. */
  readonly lobby: RateLimit;
  /** Load a save into a lobby. */
  readonly saves: RateLimit;
  /** Lobbies created (the bucket refills over an hour). */
  readonly lobbiesCreated: RateLimit;
  /** Resync answers, counted in KiB sent (a big answer costs more than a small one). */
  readonly syncKiB: RateLimit;
  /** Requests to watch a lobby (each is also a resync, charged to `syncKiB` by what it sends). */
  readonly watch: RateLimit;
  /** Lobbies made listed, quick-match lobbies included (the bucket refills over an hour). */
  readonly listedLobbies: RateLimit;
  /** Quick match requests. */
  readonly quickMatch: RateLimit;
  /** Reports sent about other people (PROTOCOL §4.9). */
  readonly reports: RateLimit;
}

/** Caps per client address (an IPv4 address, or an IPv6 /64). */
export interface AddressLimits {
  /** Open socket.io connections at once. */
  readonly connections: number;
  /** Connection attempts (websocket upgrades). */
  readonly connects: RateLimit;
  /** Connections that were given a fresh identity (each writes a player row). */
  readonly newIdentities: RateLimit;
  /** Requests to the HTTP API (`/api/*`); an answer costs one more token per 64 KiB past its first. */
  readonly http: RateLimit;
  /** Resync answers to all the players of the address, in KiB sent. */
  readonly syncKiB: RateLimit;
  /** Quick match requests from all the players of the address. */
  readonly quickMatch: RateLimit;
  /** Requests for the open lobbies list (`GET /api/lobbies`), besides the HTTP rate. */
  readonly openLobbies: RateLimit;
  /** Reports from all the players of the address. */
  readonly reports: RateLimit;
  /** Admin API requests with a missing or wrong token (guessing tokens), besides the HTTP rate. */
  readonly adminFailures: RateLimit;
}

/** One named admin token (`ADMIN_TOKENS=name:token[:read],…`; `ADMIN_TOKEN` alone is the token named `admin`). */
export interface AdminToken {
  readonly name: string;
  readonly token: string;
  /** False for a read-only token (`:read`): it may look, not moderate (403 `forbidden`). */
  readonly canModerate: boolean;
}

/** Parses `ADMIN_TOKENS` (and the older `ADMIN_TOKEN`) into named tokens; throws on a malformed or repeated entry. */
export function adminTokensFrom(list: string | undefined, single: string | undefined): AdminToken[] {
  const tokens: AdminToken[] = [];
  for (const entry of (list ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const m = /^([A-Za-z0-9_.-]{1,32}):([^:\s]{8,256})(?::(read))?$/.exec(entry);
    if (!m)
      throw new Error(
        'ADMIN_TOKENS: expected name:token or name:token:read (a name of letters, digits, _ . -; a token of 8 or more characters)',
      );
    tokens.push({ name: m[1]!, token: m[2]!, canModerate: m[3] === undefined });
  }
  if (single) tokens.push({ name: 'admin', token: single, canModerate: true });
  const names = new Set(tokens.map((t) => t.name));
  if (names.size !== tokens.length)
    throw new Error('ADMIN_TOKENS: each admin name may appear once (ADMIN_TOKEN is named "admin")');
  return tokens;
}

/** How a socket that keeps sending invalid (or over-the-limit) frames is slowed, then dropped. */
export interface StrikeLimits {
  /** Invalid or rate-limited frames a socket may send before it is slowed. */
  readonly allowance: RateLimit;
  /** While slowed, the socket's input is paused this long after each further strike. */
  readonly pauseMs: number;
  /** Strikes past the allowance after which the socket is disconnected. */
  readonly disconnectAfter: number;
}

/** Byte caps on what one answer or one connection may hold. */
export interface ByteLimits {
  /** One page of `/events` (HTTP). At least one event is always served. */
  readonly eventsPage: number;
  /** A resync tail above this many bytes is answered with a snapshot instead. */
  readonly resyncTail: number;
  /** A connection whose unsent output passes this is dropped (a reader that stopped reading). */
  readonly socketBuffer: number;
  /** A connection whose output has waited unsent this long is dropped too (the network's buffers are full). */
  readonly stalledMs: number;
}

/** Spectators of a lobby (people watching it live without a seat). */
export interface WatcherSettings {
  /** Distinct people watching one lobby at once; one more is refused with \`lobby_full\`. */
  readonly perLobby: number;
  /** A lobby's watcher count is announced at most this often (the changes in between are coalesced). */
  readonly noticeMs: number;
}

export interface BotSettings {
  /** A bot's next turn waits this long per action of its previous turn (what a client shows at "normal" speed)… */
  readonly actionMs: number;
  /** …plus this long (also the wait before the first bot turn after a person's). */
  readonly turnMs: number;
  /** The most positions an expert bot's search may value in one turn (RULES §6). */
  readonly searchNodes: number;
  /** …and the most time it may think, in ms: the turn it has found by then is played. */
  readonly searchMs: number;
}

export interface ServerConfig {
  readonly port: number;
  /** Unset: Node's default (every interface, IPv6 and IPv4 where available). */
  readonly host: string | undefined;
  /** The SQLite file (the default driver); unused when `databaseUrl` is set. */
  readonly databasePath: string;
  /** DATABASE_URL (`postgres://…`): the log is kept in PostgreSQL instead of SQLite. */
  readonly databaseUrl: string | null;
  /** Connections of the PostgreSQL pool at most (DATABASE_POOL_SIZE; at least 2: a retry holds one while it reads). */
  readonly databasePoolSize: number;
  /** REDIS_URL (`redis://…`): several nodes share broadcasts and lobby notices through this Redis (null: one node). */
  readonly redisUrl: string | null;
  /** This process's name among the nodes (random per start; it tells a node its own notices apart). */
  readonly nodeId: string;
  /** Several nodes: each says it is alive this often, and is taken for dead after three beats missed. */
  readonly nodeHeartbeatMs: number;
  /** The SQLite migrations; the PostgreSQL ones are in its `postgres` folder. */
  readonly migrationsDir: string;
  /** ADMIN_TOKENS and ADMIN_TOKEN; the admin API is off (503) without any. */
  readonly adminTokens: readonly AdminToken[];
  /** A started, unfinished game with no append for this long is `abandoned` in the admin console (PROTOCOL §8.4). */
  readonly abandonedAfterMs: number;
  /** How often each node reloads the mutes and bans in force from the database (another node's are seen then). */
  readonly sanctionsRefreshMs: number;
  /** METRICS_TOKEN; when set, `/api/metrics` needs it as a bearer token. */
  readonly metricsToken: string | null;
  /** The built web app; served with SPA fallback when the folder exists. */
  readonly webDist: string | null;
  /** Structured logs to stdout; off in tests and benchmarks. */
  readonly log: boolean;
  /** Write a snapshot every this many events (0: never). */
  readonly snapshotEvery: number;
  /** An open lobby with no human online for this long is closed (0: never). */
  readonly idleCloseMs: number;
  /** Browser origins allowed besides the server's own (e.g. `https://play.example.org`). */
  readonly allowedOrigins: readonly string[];
  /** How many reverse proxies in front of the server to trust for `X-Forwarded-For` (0: none). */
  readonly trustProxy: number;
  /** Peers whose `X-Forwarded-For` is believed (the proxies' networks; default loopback and private ranges). */
  readonly trustedProxies: TrustedNetworks;
  readonly bots: BotSettings;
  /** A game still running at this turn count is ended (its lobby closes); 0: no cap. */
  readonly maxTurns: number;
  /** The length of one second of a turn clock, in ms (1000; tests and development shorten clocks with it). */
  readonly clockMsPerSecond: number;
  /** A person offline through this long on their turn is marked away (PROTOCOL §4.8). */
  readonly awayGraceMs: number;
  readonly rates: PlayerRates;
  readonly address: AddressLimits;
  readonly watchers: WatcherSettings;
  /** Open connections of one player at once. */
  readonly socketsPerPlayer: number;
  readonly strikes: StrikeLimits;
  readonly bytes: ByteLimits;
  /** Chat messages one lobby keeps; past it the lobby's chat is full. */
  readonly lobbyChatMax: number;
  /** Events a lobby may log before its game starts; past it only start, leave and close are accepted. */
  readonly lobbyEventsBeforeStart: number;
  /** The WAL is checkpointed and truncated when it grows past this many bytes. */
  readonly walMaxBytes: number;
  /** Lobbies closed without ever starting are deleted this many days after their last event (0: kept). */
  readonly retentionDays: number;
  /** A quick-match lobby with two people or more fills its empty seats with bots and starts this long after it opened. */
  readonly quickMatchWaitMs: number;
}

export const CONFIG = Symbol('ServerConfig');

function numberFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: expected a whole number, got "${value}"`);
  return n;
}

/** A setting read from `env`, with its default. */
function reader(env: NodeJS.ProcessEnv) {
  const int = (name: string, fallback: number) => numberFrom(name, env[name], fallback);
  return {
    int,
    /** `<PREFIX>_BURST` and `<PREFIX>_PER_<unit>`: a burst and a steady rate. */
    rate(prefix: string, unit: 'SECOND' | 'MINUTE' | 'HOUR', burst: number, perUnit: number): RateLimit {
      const seconds = unit === 'SECOND' ? 1 : unit === 'MINUTE' ? 60 : 3600;
      return {
        capacity: int(`${prefix}_BURST`, burst),
        refillPerSecond: int(`${prefix}_PER_${unit}`, perUnit) / seconds,
      };
    },
  };
}

const MB = 1024 * 1024;

/** DATABASE_URL when set: it must name PostgreSQL (SQLite is chosen by leaving it unset). */
function postgresUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new Error('DATABASE_URL: expected postgres://… (leave it unset for SQLite)');
  return value;
}

/** REDIS_URL when set: it must name Redis (one node runs without it). */
function redisUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^rediss?:\/\//.test(value)) throw new Error('REDIS_URL: expected redis://… (leave it unset for one node)');
  return value;
}

/** The settings from `env`, with the documented defaults (PORT 3000, ./data/four-banners.db, …). */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const { int, rate } = reader(env);
  const webDist = env.WEB_DIST ?? resolve(SERVER_ROOT, '../web/dist');
  const lobbiesPerHour = int('LOBBIES_PER_HOUR', 20);
  const listedPerHour = int('LISTED_LOBBIES_PER_HOUR', 6);
  return {
    port: int('PORT', 3000),
    host: env.HOST || undefined,
    databasePath: env.DATABASE_PATH ?? './data/four-banners.db',
    databaseUrl: postgresUrl(env.DATABASE_URL),
    databasePoolSize: Math.max(2, int('DATABASE_POOL_SIZE', 10)),
    redisUrl: redisUrl(env.REDIS_URL),
    nodeId: randomUUID(),
    nodeHeartbeatMs: Math.max(100, int('NODE_HEARTBEAT_MS', 2000)),
    migrationsDir: env.MIGRATIONS_DIR ?? resolve(SERVER_ROOT, '../../migrations'),
    adminTokens: adminTokensFrom(env.ADMIN_TOKENS, env.ADMIN_TOKEN),
    abandonedAfterMs: int('ABANDONED_AFTER_MINUTES', 60) * 60_000,
    sanctionsRefreshMs: int('SANCTIONS_REFRESH_SECONDS', 10) * 1000,
    metricsToken: env.METRICS_TOKEN ? env.METRICS_TOKEN : null,
    webDist: existsSync(webDist) ? webDist : null,
    log: env.LOG !== 'off',
    snapshotEvery: int('SNAPSHOT_EVERY', 1000),
    idleCloseMs: int('LOBBY_IDLE_MINUTES', 60) * 60_000,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter((o) => o.length > 0),
    trustProxy: int('TRUST_PROXY', 0),
    trustedProxies: parseNetworks(
      env.TRUSTED_PROXIES ? env.TRUSTED_PROXIES.split(',').filter((c) => c.trim() !== '') : PRIVATE_NETWORKS,
    ),
    bots: {
      actionMs: int('BOT_ACTION_MS', 420),
      turnMs: int('BOT_TURN_MS', 350),
      searchNodes: int('BOT_SEARCH_NODES', EXPERT_NODE_BUDGET),
      searchMs: int('BOT_SEARCH_MS', 150),
    },
    maxTurns: int('MAX_TURNS', 2000),
    clockMsPerSecond: Math.max(1, int('TURN_CLOCK_MS_PER_SECOND', 1000)),
    awayGraceMs: env.AWAY_GRACE_MS ? int('AWAY_GRACE_MS', 0) : int('AWAY_GRACE_SECONDS', 30) * 1000,
    rates: {
      chat: rate('CHAT', 'SECOND', 5, 1),
      actions: rate('ACTION', 'SECOND', 40, 20),
      lobby: rate('LOBBY', 'MINUTE', 10, 20),
      saves: rate('SAVE', 'MINUTE', 3, 6),
      lobbiesCreated: { capacity: lobbiesPerHour, refillPerSecond: lobbiesPerHour / 3600 },
      syncKiB: rate('SYNC_KIB', 'SECOND', 256, 64),
      watch: rate('WATCH', 'MINUTE', 10, 30),
      listedLobbies: { capacity: listedPerHour, refillPerSecond: listedPerHour / 3600 },
      quickMatch: rate('QUICK_MATCH', 'MINUTE', 5, 10),
      reports: rate('REPORT', 'HOUR', 3, 10),
    },
    address: {
      connections: int('CONNECTIONS_PER_ADDRESS', 50),
      connects: rate('CONNECT', 'MINUTE', 60, 120),
      newIdentities: rate('NEW_IDENTITY', 'MINUTE', 10, 10),
      http: rate('HTTP', 'SECOND', 100, 20),
      syncKiB: rate('ADDRESS_SYNC_KIB', 'SECOND', 512, 128),
      quickMatch: rate('ADDRESS_QUICK_MATCH', 'MINUTE', 20, 60),
      openLobbies: rate('OPEN_LOBBIES', 'MINUTE', 20, 60),
      reports: rate('ADDRESS_REPORT', 'HOUR', 10, 30),
      adminFailures: rate('ADMIN_FAILURE', 'MINUTE', 10, 10),
    },
    watchers: { perLobby: int('WATCHERS_PER_LOBBY', 1000), noticeMs: int('WATCHERS_NOTICE_MS', 1000) },
    socketsPerPlayer: int('SOCKETS_PER_PLAYER', 5),
    strikes: {
      allowance: rate('INVALID', 'SECOND', 10, 1),
      pauseMs: int('INVALID_PAUSE_MS', 500),
      disconnectAfter: int('INVALID_DISCONNECT', 10),
    },
    bytes: {
      eventsPage: int('EVENTS_PAGE_BYTES', 256 * 1024),
      resyncTail: int('RESYNC_MAX_BYTES', 256 * 1024),
      socketBuffer: int('SOCKET_BUFFER_BYTES', 2 * MB),
      stalledMs: int('STALLED_READER_SECONDS', 10) * 1000,
    },
    lobbyChatMax: int('LOBBY_CHAT_MAX', 1000),
    lobbyEventsBeforeStart: int('LOBBY_EVENTS_BEFORE_START', 2000),
    walMaxBytes: int('WAL_MAX_MB', 16) * MB,
    retentionDays: int('RETENTION_DAYS', 7),
    // QUICK_MATCH_WAIT_MS (tests) wins over QUICK_MATCH_WAIT_SECONDS.
    quickMatchWaitMs: env.QUICK_MATCH_WAIT_MS
      ? int('QUICK_MATCH_WAIT_MS', 45_000)
      : int('QUICK_MATCH_WAIT_SECONDS', 45) * 1000,
    ...overrides,
  };
}
