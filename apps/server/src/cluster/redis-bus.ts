/**
 * The bus of several server nodes (ARCHITECTURE §6), chosen when REDIS_URL is set. Redis carries three things:
 * - the socket.io Redis adapter (`adapter()`), so a broadcast that is not part of a lobby's log (presence,
 *   a rematch notice) and the questions nodes ask each other (`askNodes`) reach every node;
 * - the lobby notices channel: after a node commits events it publishes `{lobbyId, lastSeq}` (with the
 *   events when they are small), and every other node holding that lobby folds the new events — those of
 *   the notices when they follow on from what it holds, else read from the database — and sends them to
 *   its own clients (the lobby follower). The database stays the truth, and a notice lost while Redis is away
 *   is made good both ways when Redis comes back: the node that lost Redis syncs every lobby it holds (what the
 *   others announced meanwhile), and announces again the last seq of every lobby whose notice it could not
 *   send (what it committed meanwhile: the others may never have lost Redis, and would not look).
 *
 * - the sanction notices channel: a node that changed the mutes and bans says so, and the others load them
 *   at once (they would at their next refresh anyway: the database holds them).
 * - the node registry (`node-registry.ts`): which nodes live, and what each holds that is counted across nodes.
 *
 * Redis never decides anything: one node with no Redis runs the `LocalBus` (everything local).
 */
import type { OnApplicationShutdown } from '@nestjs/common';
import type { LobbyEvent } from '@four-banners/engine';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server } from 'socket.io';
import type { ServerConfig } from '../common/config.js';
import { within } from '../common/keyed-lock.js';
import type { AppLogger } from '../common/logger.js';
import { ClusterBus, type CountKind, type IoAdapterFactory } from './cluster-bus.js';
import { NodeRegistry } from './node-registry.js';
import type { RedisClient, RedisClients } from './redis.js';

/** The channel of lobby notices (outside the adapter's `socket.io#…` pattern). */
export const LOBBY_NOTICES = 'fb:lobby-notices';

/** The channel on which a node says it changed the mutes and bans (PROTOCOL §4.9). */
export const SANCTION_NOTICES = 'fb:sanction-notices';

/** How long a stopping node waits for its last Redis commands before it drops the connections. */
const CLOSE_MS = 1000;

/** How soon a notice that failed while Redis was already back is sent again. */
const RESEND_MS = 1000;

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

/** The question one node asks the others: which of these players have a connection on you? */
const ONLINE_QUESTION = 'fb:online?';

export class RedisBus extends ClusterBus implements OnApplicationShutdown {
  readonly peers = true;
  /** Which nodes live and what each counts (also read by tests, through the `NodeRegistry` token). */
  readonly registry: NodeRegistry;
  private readonly subscribed: Promise<void>;
  private server: Server | null = null;
  /**
   * Lobbies whose notice could not be sent (Redis away) → the highest seq not announced; announced again once
   * the publisher is back. One entry per lobby committed to meanwhile (a later notice that went out drops it).
   */
  private readonly unsent = new Map<string, number>();
  private resendTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: ServerConfig,
    private readonly logger: AppLogger,
    private readonly redis: RedisClients,
  ) {
    super();
    this.registry = new NodeRegistry(config, logger, redis, this);
    this.subscribed = Promise.all([
      redis.sub.subscribe(LOBBY_NOTICES, (message) => this.received(message)),
      redis.sub.subscribe(SANCTION_NOTICES, (node) => {
        if (node !== config.nodeId) this.emit('sanctions-noticed');
      }),
    ]).then(() => undefined);
    // `ready` again after the first: Redis was away, and the notices sent meanwhile are lost.
    let connected = true;
    redis.sub.on('end', () => (connected = false));
    redis.sub.on('error', () => (connected = false));
    redis.sub.on('ready', () => {
      if (connected) return;
      connected = true;
      this.logger.info('redis-reconnected', { node: config.nodeId });
      this.emit('bus-reconnected');
    });
    redis.pub.on('ready', () => this.resendNotices());
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
    if (this.resendTimer) clearTimeout(this.resendTimer);
    await this.registry.leave();
    const closed = Promise.all([redis.pub.close(), redis.sub.close()]).then(() => true);
    if (await within(CLOSE_MS, closed, false)) return;
    for (const client of [redis.pub, redis.sub]) if (client.isOpen) client.destroy();
  }

  /** The socket.io adapter over Redis. */
  adapter(): IoAdapterFactory {
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

  /** Answers the other nodes' question: which of these players have a connection here? */
  attachServer(server: Server, online: (playerIds: readonly string[]) => string[]): void {
    this.server = server;
    server.on(ONLINE_QUESTION, (ids: unknown, answer: unknown) => {
      if (!Array.isArray(ids) || typeof answer !== 'function') return;
      answer(online(ids.filter((id): id is string => typeof id === 'string')));
    });
  }

  /** Asks every other node (each answers within the adapter's timeout; a silent one makes it null). */
  onlineElsewhere(playerIds: readonly string[], then: (online: ReadonlySet<string> | null) => void): void {
    const server = this.server;
    if (!server) {
      then(new Set());
      return;
    }
    server.serverSideEmitWithAck(ONLINE_QUESTION, playerIds).then(
      (answers: unknown[]) => {
        const online = new Set<string>();
        for (const answer of answers)
          if (Array.isArray(answer)) for (const id of answer) if (typeof id === 'string') online.add(id);
        then(online);
      },
      () => then(null),
    );
  }

  count(kind: CountKind, field: string, n: number): void {
    this.registry.set(kind, field, n);
  }

  sumElsewhere(kind: CountKind, field: string, then: (n: number | null) => void): void {
    void this.registry.elsewhere(kind, field).then(then);
  }

  fieldsElsewhere(kind: CountKind, then: (n: number | null) => void): void {
    void this.registry.fieldsElsewhere(kind).then(then);
  }

  /** Tells the other nodes this node committed `events` to the lobby's log (never waits, never throws). */
  published(lobbyId: string, events: readonly LobbyEvent[]): void {
    if (events.length === 0) return;
    const lastSeq = events.at(-1)!.seq;
    const withEvents = JSON.stringify({ node: this.config.nodeId, lobbyId, lastSeq, events } satisfies LobbyNotice);
    const message =
      Buffer.byteLength(withEvents) <= NOTICE_EVENTS_MAX_BYTES
        ? withEvents
        : JSON.stringify({ node: this.config.nodeId, lobbyId, lastSeq } satisfies LobbyNotice);
    this.notice(lobbyId, lastSeq, message);
  }

  /**
   * Publishes a notice; one that fails (Redis away: node-redis gives up a command queued offline after a few
   * seconds) is remembered, and its lobby's last seq announced again once the publisher is back.
   */
  private notice(lobbyId: string, lastSeq: number, message: string): void {
    this.redis.pub.publish(LOBBY_NOTICES, message).then(
      () => {
        // A later notice went out: the others read the log up to it, whatever was lost before.
        if ((this.unsent.get(lobbyId) ?? Number.POSITIVE_INFINITY) <= lastSeq) this.unsent.delete(lobbyId);
      },
      (e: unknown) => {
        this.logger.error('notice-not-sent', { lobby: lobbyId, seq: lastSeq, error: String(e) });
        this.unsent.set(lobbyId, Math.max(lastSeq, this.unsent.get(lobbyId) ?? 0));
        // Failed though Redis is back already (the reconnect came first): sent again in a moment.
        if (this.redis.pub.isReady && !this.resendTimer)
          this.resendTimer = setTimeout(() => this.resendNotices(), RESEND_MS).unref();
      },
    );
  }

  /** Announces again the last seq of every lobby whose notice was lost (the others read the events from the log). */
  private resendNotices(): void {
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.resendTimer = null;
    if (this.unsent.size === 0) return;
    const lost = [...this.unsent];
    this.unsent.clear();
    this.logger.info('notices-resent', { node: this.config.nodeId, lobbies: lost.length });
    for (const [lobbyId, lastSeq] of lost)
      this.notice(
        lobbyId,
        lastSeq,
        JSON.stringify({ node: this.config.nodeId, lobbyId, lastSeq } satisfies LobbyNotice),
      );
  }

  sanctionsChanged(): void {
    this.redis.pub.publish(SANCTION_NOTICES, this.config.nodeId).catch((e: unknown) => {
      this.logger.error('sanction-notice-not-sent', { error: String(e) });
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
    this.emit('lobby-noticed', notice.lobbyId, notice.lastSeq, events);
  }
}
