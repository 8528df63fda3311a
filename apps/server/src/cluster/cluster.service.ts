/**
 * Several server nodes (DESIGN.md §8, issue 8), on when REDIS_URL is set. Redis carries two things:
 * - the socket.io Redis adapter (`adapter()`), so a broadcast that is not part of a lobby's log (presence,
 *   a rematch notice) and the questions nodes ask each other (`askNodes`) reach every node;
 * - the lobby notices channel: after a node commits events it publishes `{lobbyId, lastSeq}` (with the
 *   events when they are small), and every other node holding that lobby folds the new events — those of
 *   the notices when they follow on from what it holds, else read from the database — and sends them to
 *   its own clients (LobbyStore.follow). The database stays the truth: a notice lost while Redis is away is made
 *   good when Redis comes back (every lobby held is synced again), by the next lost race, or by a client's resync.
 *
 * Redis never decides anything: one node with no Redis behaves as it always did (everything local).
 */
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { LobbyEvent } from '@four-banners/engine';
import { createAdapter } from '@socket.io/redis-adapter';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { AppLogger } from '../common/logger.js';
import { NodeRegistry } from './node-registry.js';
import { REDIS, type RedisClient, type RedisClients } from './redis.js';
import { within } from '../common/keyed-lock.js';

/** The channel of lobby notices (outside the adapter's `socket.io#…` pattern). */
export const LOBBY_NOTICES = 'fb:lobby-notices';

/** How long a stopping node waits for its last Redis commands before it drops the connections. */
const CLOSE_MS = 1000;

/** How long a node waits for the others to answer a question (a dead node's silence must not hang anyone). */
const ASK_TIMEOUT_MS = 2000;

/**
 * The events themselves ride along when they weigh little (most commits: a move, a chat line), so the other
 * nodes fold them without reading the database; a bigger commit is announced by its last seq alone.
 */
const NOTICE_EVENTS_MAX_BYTES = 16 * 1024;

interface LobbyNotice {
  readonly node: string;
  readonly lobbyId: string;
  readonly lastSeq: number;
  readonly events?: readonly LobbyEvent[];
}

/** Whether `events` are seqs n, n+1, …, lastSeq (the shape only: the engine checks each as it folds). */
function isRunTo(events: readonly unknown[], lastSeq: number): events is readonly LobbyEvent[] {
  return events.every(
    (e, i) => typeof e === 'object' && e !== null && (e as { seq?: unknown }).seq === lastSeq - (events.length - 1 - i),
  );
}

@Injectable()
export class Cluster implements OnApplicationShutdown {
  private readonly noticeListeners: ((lobbyId: string, lastSeq: number, events: readonly LobbyEvent[]) => void)[] = [];
  private readonly reconnectListeners: (() => void)[] = [];
  private subscribed: Promise<void> | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(REDIS) private readonly redis: RedisClients | null,
    @Inject(NodeRegistry) private readonly registry: NodeRegistry,
  ) {
    if (!redis) return;
    this.subscribed = redis.sub.subscribe(LOBBY_NOTICES, (message) => this.received(message));
    // `ready` again after the first: Redis was away, and the notices sent meanwhile are lost.
    let connected = true;
    redis.sub.on('end', () => (connected = false));
    redis.sub.on('error', () => (connected = false));
    redis.sub.on('ready', () => {
      if (connected) return;
      connected = true;
      this.logger.info('redis-reconnected', { node: config.nodeId });
      for (const listener of this.reconnectListeners) listener();
    });
  }

  /** Whether several nodes may run (REDIS_URL is set). */
  get multiNode(): boolean {
    return this.redis !== null;
  }

  /** Resolves once this node listens to the notices (a node serves nobody before it does). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  /**
   * Last of all, once the sockets are closed (Nest's dispose comes before this hook): the drained requests'
   * notices and the disconnects' presence have gone out. Leaves the node registry, then closes the
   * connections, waiting for what is still queued at most `CLOSE_MS` (Redis away or slow must not hold a
   * shutdown: then they are dropped).
   */
  async onApplicationShutdown(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    await this.registry.leave();
    const closed = Promise.all([redis.pub.close(), redis.sub.close()]).then(() => true);
    if (await within(CLOSE_MS, closed, false)) return;
    for (const client of [redis.pub, redis.sub]) if (client.isOpen) client.destroy();
  }

  /** The socket.io adapter over Redis (undefined: the default in-memory one). */
  adapter(): ReturnType<typeof createAdapter> | undefined {
    if (!this.redis) return undefined;
    return createAdapter(this.quietPublisher(this.redis.pub), this.redis.sub, {
      key: 'fb:io',
      requestsTimeout: ASK_TIMEOUT_MS,
    });
  }

  /**
   * The client for the adapter, whose publishes it never awaits: while Redis is away they fail, and an
   * unhandled rejection would stop the process. A notice lost that way is made good as the module says.
   */
  private quietPublisher(pub: RedisClient): RedisClient {
    const logger = this.logger;
    return new Proxy(pub, {
      get(target, property) {
        if (property === 'publish') {
          return (...args: Parameters<RedisClient['publish']>) =>
            target.publish(...args).catch((e: unknown) => {
              logger.error('broadcast-not-sent', { error: String(e) });
              return 0;
            });
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /**
   * Calls `listener` when another node committed events of a lobby, up to `lastSeq`, with those events when
   * they came along (else none: they are read from the database).
   */
  onNotice(listener: (lobbyId: string, lastSeq: number, events: readonly LobbyEvent[]) => void): void {
    this.noticeListeners.push(listener);
  }

  /** Calls `listener` when Redis comes back after an outage (the notices sent meanwhile were lost). */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  /** Tells the other nodes this node committed `events` to the lobby's log (never waits, never throws). */
  committed(lobbyId: string, events: readonly LobbyEvent[]): void {
    if (!this.redis || events.length === 0) return;
    const lastSeq = events.at(-1)!.seq;
    const withEvents = JSON.stringify({ node: this.config.nodeId, lobbyId, lastSeq, events } satisfies LobbyNotice);
    const message =
      Buffer.byteLength(withEvents) <= NOTICE_EVENTS_MAX_BYTES
        ? withEvents
        : JSON.stringify({ node: this.config.nodeId, lobbyId, lastSeq } satisfies LobbyNotice);
    this.redis.pub.publish(LOBBY_NOTICES, message).catch((e: unknown) => {
      this.logger.error('notice-not-sent', { lobby: lobbyId, seq: lastSeq, error: String(e) });
    });
  }

  private received(message: string): void {
    let notice: LobbyNotice;
    try {
      notice = JSON.parse(message) as LobbyNotice;
    } catch {
      return;
    }
    if (notice.node === this.config.nodeId || typeof notice.lobbyId !== 'string' || !Number.isInteger(notice.lastSeq))
      return;
    // Events that are not a run ending at lastSeq are ignored: the database is read instead.
    const events = Array.isArray(notice.events) && isRunTo(notice.events, notice.lastSeq) ? notice.events : [];
    for (const listener of this.noticeListeners) listener(notice.lobbyId, notice.lastSeq, events);
  }
}
