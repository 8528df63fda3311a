/**
 * Who may connect to the socket, and what happens to connections that abuse it:
 * - at the websocket upgrade (engine.io `allowRequest`): a foreign `Origin` is refused, and so is an
 *   address over its open-connection cap or its connection-attempt rate;
 * - at the socket.io handshake: a ban of the address or the identity (`banned`), the identity (a fresh one
 *   costs a token of the address's new-identity rate) and the player's own connection cap; refusals reach the client as `connect_error` with
 *   `data: {code: 'rate_limited', message}`;
 * - afterwards: a socket that keeps sending invalid or over-the-limit frames is slowed (its input
 *   paused), then dropped, and one that stops reading while its output piles up is dropped.
 */
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AckError } from '@four-banners/protocol';
import type { ExtendedError } from 'socket.io';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { IdentityService } from '../lobby/core/identity.service.js';
import { SanctionsService } from '../lobby/moderation/sanctions.service.js';
import { LobbyHub, type GameServer, type GameSocket } from '../lobby/core/lobby.hub.js';
import { MetricsService, type LimitName } from '../common/metrics.service.js';
import { clientAddress } from '../common/client-address.js';
import { RETRY_AFTER_MS } from '../common/outage.js';
import { backlogBytes, dropConnection, pauseInput } from './connection.js';
import { LoopShare } from './loop-share.js';
import { LimitsService, REFUSAL_MESSAGES, type Strikes } from '../limits/limits.service.js';
import { originAllowed } from '../limits/origin.js';

/** What the server keeps on each socket. */
export interface SocketData {
  playerId: string;
  token: string;
  address: string;
  strikes: Strikes;
  /** Frees the player's connection slot held since the handshake (once the hub counts the socket, or it fails). */
  settle: () => void;
  /** What the greeting needs that only storage knows, read at the handshake (see `install`). */
  greeting: unknown;
}

export const socketData = (socket: GameSocket): SocketData => socket.data as SocketData;

/** How often every connection's unsent output is looked at. */
const BACKLOG_CHECK_MS = 1000;

/** A websocket upgrade request, with what the checks found: its address and the place held for it. */
type WithAddress = IncomingMessage & { fbAddress?: string; fbRelease?: () => void };

/** A refusal of the handshake, as socket.io hands it to the client's `connect_error`. */
function handshakeRefusal(limit: LimitName): ExtendedError {
  const message = REFUSAL_MESSAGES[limit];
  return Object.assign(new Error(message), { data: { code: 'rate_limited', message } });
}

const SECOND_SOCKET = 'This connection already carries a socket: open another connection instead.';

@Injectable()
export class ConnectionGuard implements OnModuleDestroy {
  private backlogTimer: NodeJS.Timeout | null = null;
  /** Engine.io connections that already carry a socket (the server has one namespace), with its admission. */
  private readonly carrying = new WeakMap<object, Promise<unknown>>();
  /** Reads what a player's greeting needs (their seat) while the handshake is held. */
  private prepareGreeting: (playerId: string) => Promise<unknown> = async () => undefined;
  /** Sockets admitted at the handshake that the hub does not count yet, by player. */
  private readonly admitting = new Map<string, number>();
  /** Since when each connection has had output waiting (absent: none waiting at the last look). */
  private readonly waitingSince = new WeakMap<GameSocket, number>();

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(IdentityService) private readonly identity: IdentityService,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(SanctionsService) private readonly sanctions: SanctionsService,
    @Inject(LoopShare) private readonly loop: LoopShare,
  ) {}

  onModuleDestroy(): void {
    if (this.backlogTimer) clearInterval(this.backlogTimer);
  }

  /**
   * Installs the checks on the socket.io server. `prepareGreeting` reads from storage what the greeting of an
   * admitted player needs; it runs before the connection completes, so the greeting itself is sent at once
   * (in `socket.data.greeting`), before anything else can happen on that connection.
   */
  install(server: GameServer, prepareGreeting: (playerId: string) => Promise<unknown>): void {
    this.prepareGreeting = prepareGreeting;
    const engine = server.engine;
    engine.opts.allowRequest = (req, callback) => {
      this.upgradeRefusal(req as WithAddress).then(
        (refusal) => callback(refusal, refusal === null),
        () => callback('The server could not take the connection: try again.', false),
      );
    };
    engine.on('connection', (conn: { request: WithAddress; once(event: 'close', fn: () => void): void }) => {
      const address = conn.request.fbAddress ?? this.addressOf(conn.request);
      // Counted from here on: the place held since the upgrade was allowed is given back.
      conn.request.fbRelease?.();
      this.limits.connectionOpened(address);
      conn.once('close', () => this.limits.connectionClosed(address));
    });
    server.use((socket, next) => {
      this.admit(socket).then(
        (refusal) => {
          if (!refusal) return next();
          next(refusal);
          // The refusal is sent first (engine.io flushes before it closes); the connection is not kept.
          process.nextTick(() => socket.conn.close());
        },
        () => {
          // The database failed to answer: the client is told and may try again (PROTOCOL §2.4).
          const message = "The game server's storage cannot be reached: try again in a moment.";
          const data = { code: 'unavailable', message, retryAfterMs: RETRY_AFTER_MS.storage };
          next(Object.assign(new Error(message), { data }));
          process.nextTick(() => socket.conn.close());
        },
      );
    });
    this.backlogTimer = setInterval(() => this.dropStalledReaders(), BACKLOG_CHECK_MS).unref();
  }

  /**
   * Counts a frame that was invalid or over a rate limit. Within the socket's allowance nothing
   * happens (null); past it the socket is slowed and the frame is refused with `rate_limited`, and after
   * `disconnectAfter` such strikes the connection is dropped.
   */
  strike(socket: GameSocket): AckError | null {
    const strikes = socketData(socket).strikes;
    if (!strikes.record()) return null;
    this.limits.refused('invalid_frames');
    if (strikes.over >= this.config.strikes.disconnectAfter) {
      this.metrics.dropped('invalid_frames');
      dropConnection(socket);
    } else {
      pauseInput(socket, this.config.strikes.pauseMs);
    }
    return { ok: false, error: { code: 'rate_limited', message: REFUSAL_MESSAGES.invalid_frames } };
  }

  private addressOf(req: IncomingMessage): string {
    return clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      this.config.trustProxy,
      this.config.trustedProxies,
    );
  }

  /** Why a websocket upgrade is refused (its HTTP answer's body), or null. */
  private async upgradeRefusal(req: WithAddress): Promise<string | null> {
    if (!originAllowed(req.headers.origin, req.headers.host, this.config.allowedOrigins)) {
      return 'This origin may not connect to the game server.';
    }
    const address = (req.fbAddress = this.addressOf(req));
    // The attempt is counted first: a flood of them is refused on the node's copy of the bucket, asking
    // the other nodes nothing.
    if (!(await this.limits.allowAddress('connects_per_address', address)))
      return REFUSAL_MESSAGES.connects_per_address;
    const release = await this.limits.holdConnection(address);
    if (!release) return REFUSAL_MESSAGES.connections_per_address;
    // Held until the connection is counted, or its socket closes first (the handshake failed).
    req.fbRelease = release;
    req.socket.once('close', release);
    // A crowd connecting at once completes its upgrades over several turns of the event loop (loop-share.ts);
    // only upgrades within their address's allowances wait, so what waits is bounded by them.
    const wait = this.loop.turn('seating');
    if (wait !== null) await wait;
    return null;
  }

  /**
   * Resolves the socket's player, or says why it may not connect. Several handshakes can arrive in one
   * read (frames queued on one connection) before any socket is counted by the hub, so a connection may
   * carry one socket only and a player's slot is held from here until the hub counts it.
   */
  private async admit(socket: GameSocket): Promise<ExtendedError | null> {
    const first = this.carrying.get(socket.client);
    if (first !== undefined) {
      // Answered once the first socket is through, so its greeting goes out before this refusal closes the connection.
      await first.catch(() => undefined);
      return Object.assign(new Error(SECOND_SOCKET), { data: { code: 'invalid_payload', message: SECOND_SOCKET } });
    }
    // Held from here: a second handshake on this connection while the identity is looked up is refused too.
    const admission = this.admitIdentity(socket);
    this.carrying.set(socket.client, admission);
    const refusal = await admission;
    if (refusal) this.carrying.delete(socket.client);
    return refusal;
  }

  private async admitIdentity(socket: GameSocket): Promise<ExtendedError | null> {
    // A crowd connecting at once is admitted over several turns of the event loop (loop-share.ts).
    const wait = this.loop.turn('seating');
    if (wait !== null) await wait;
    const req = socket.request as WithAddress;
    const address = req.fbAddress ?? this.addressOf(req);
    // A banned address is refused before an identity is made for it (PROTOCOL §2.4, §4.9).
    const addressBan = this.sanctions.banMessage(null, address);
    if (addressBan) return this.banned(addressBan);
    let who = await this.identity.restore(socket.handshake.auth);
    const restored = who !== null;
    const identityBan = who && this.sanctions.banMessage(who.playerId, address);
    if (identityBan) return this.banned(identityBan);
    if (!who) {
      if (!(await this.limits.allowAddress('new_identities_per_address', address))) {
        return handshakeRefusal('new_identities_per_address');
      }
      who = await this.identity.create();
    }
    const playerId = who.playerId;
    // The slot is held before the cap is asked of the other nodes, so handshakes arriving together count each other.
    const here = this.hub.socketCount(playerId) + (this.admitting.get(playerId) ?? 0);
    this.admitting.set(playerId, (this.admitting.get(playerId) ?? 0) + 1);
    let held = true;
    const settle = () => {
      if (!held) return;
      held = false;
      const n = (this.admitting.get(playerId) ?? 1) - 1;
      if (n > 0) this.admitting.set(playerId, n);
      else this.admitting.delete(playerId);
    };
    if (restored && !(await this.limits.socketFits(playerId, here))) {
      settle();
      return handshakeRefusal('sockets_per_player');
    }
    // A handshake that never completes (the connection closed first) frees the slot too.
    socket.conn.once('close', settle);
    let greeting: unknown;
    try {
      greeting = await this.prepareGreeting(playerId);
    } catch (e) {
      settle();
      throw e;
    }
    Object.assign(socket.data, {
      playerId,
      token: who.token,
      address,
      strikes: this.limits.strikes(),
      settle,
      greeting,
    } satisfies SocketData);
    return null;
  }

  /** The `banned` refusal of a handshake (PROTOCOL §2.4). */
  private banned(message: string): ExtendedError {
    this.metrics.bannedConnection();
    return Object.assign(new Error(message), { data: { code: 'banned', message } });
  }

  /**
   * Drops every connection whose reader stopped reading: its unsent output passed the cap, or has waited
   * for `stalledMs` (output is queued here only once the network's own buffers are full, and a reader that
   * spreads its answers over several connections keeps each queue small; it cannot keep them waiting).
   */
  private dropStalledReaders(now = performance.now()): void {
    const { socketBuffer, stalledMs } = this.config.bytes;
    for (const socket of [...this.hub.allSockets()]) {
      const backlog = backlogBytes(socket);
      if (backlog === 0) {
        this.waitingSince.delete(socket);
        continue;
      }
      const since = this.waitingSince.get(socket) ?? now;
      this.waitingSince.set(socket, since);
      if (backlog > socketBuffer || now - since >= stalledMs) {
        this.metrics.dropped('slow_reader');
        dropConnection(socket);
      }
    }
  }
}
