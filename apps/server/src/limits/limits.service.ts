/**
 * The abuse limits in one place: request rates per player (shared by all of a player's connections),
 * connection and identity caps per address, the HTTP rate per address, and the per-socket strike
 * allowance for invalid frames. Every refusal is counted in the metrics by the limit's name.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CONFIG, type ServerConfig } from '../config.js';
import { MetricsService, type LimitName } from '../ops/metrics.service.js';
import { KeyedBuckets, TokenBucket } from './rate-limit.js';

/** The request rates shared by a player's connections. */
export type PlayerLimit = 'chat' | 'actions' | 'lobby' | 'saves' | 'lobbies_created' | 'sync' | 'watch';
/** The rates kept per address. */
export type AddressLimit = 'connects_per_address' | 'new_identities_per_address' | 'http' | 'sync_per_address';

/** What a refusal of each limit tells the client. */
export const REFUSAL_MESSAGES: Record<LimitName, string> = {
  chat: 'Too many chat messages: wait a moment.',
  actions: 'Too many requests: slow down.',
  lobby: 'Too many lobby changes: wait a minute.',
  saves: 'Too many saves loaded: wait a minute.',
  lobbies_created: 'You have created too many lobbies in the last hour: try again later.',
  sync: 'Too many resync requests: wait a moment.',
  sync_per_address: 'Too many resync requests from your address: wait a moment.',
  watch: 'Too many requests to watch a game: wait a moment.',
  watchers_per_lobby: 'Too many people are watching this game.',
  lobby_events: 'This lobby has changed too often before its game: start it, or make a new lobby.',
  sockets_per_player: 'Too many open connections for this player: close another tab first.',
  connections_per_address: 'Too many open connections from your address.',
  connects_per_address: 'Too many connection attempts from your address: wait a minute.',
  new_identities_per_address: 'Too many new players from your address: wait a minute.',
  invalid_frames: 'Too many invalid messages: slow down.',
  http: 'Too many requests: slow down.',
  lobby_chat_full: "This lobby's chat is full.",
};

/** A socket's allowance of invalid (or over-the-limit) frames; past it each one is a strike. */
export class Strikes {
  private readonly allowance: TokenBucket;
  /** Frames past the allowance so far. */
  over = 0;

  constructor(limits: ServerConfig['strikes']) {
    this.allowance = new TokenBucket(limits.allowance);
  }

  /** Records one bad frame; true when it is past the allowance (a strike). */
  record(): boolean {
    if (this.allowance.take()) return false;
    this.over += 1;
    return true;
  }
}

@Injectable()
export class LimitsService implements OnModuleDestroy {
  private readonly players: Record<PlayerLimit, KeyedBuckets>;
  private readonly addresses: Record<AddressLimit, KeyedBuckets>;
  /** Open connections per address. */
  private readonly connections = new Map<string, number>();
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {
    const r = config.rates;
    this.players = {
      chat: new KeyedBuckets(r.chat),
      actions: new KeyedBuckets(r.actions),
      lobby: new KeyedBuckets(r.lobby),
      saves: new KeyedBuckets(r.saves),
      lobbies_created: new KeyedBuckets(r.lobbiesCreated),
      sync: new KeyedBuckets(r.syncKiB),
      watch: new KeyedBuckets(r.watch),
    };
    const a = config.address;
    this.addresses = {
      connects_per_address: new KeyedBuckets(a.connects),
      new_identities_per_address: new KeyedBuckets(a.newIdentities),
      http: new KeyedBuckets(a.http),
      sync_per_address: new KeyedBuckets(a.syncKiB),
    };
    // Full buckets are forgotten, so memory follows the players and addresses active lately.
    this.sweepTimer = setInterval(() => this.sweep(), 60_000).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
  }

  /** Takes one token of the player's `limit`; a refusal is counted. */
  allowPlayer(limit: PlayerLimit, playerId: string): boolean {
    return this.counted(limit, this.players[limit].take(playerId));
  }

  /** Charges the player's `limit` a cost known after the work (e.g. the KiB a resync answer sends). */
  chargePlayer(limit: PlayerLimit, playerId: string, amount: number): void {
    this.players[limit].charge(playerId, amount);
  }

  /** Charges the address's `limit` a cost known after the work (an answer's size). */
  chargeAddress(limit: AddressLimit, address: string, amount: number): void {
    this.addresses[limit].charge(address, amount);
  }

  /** Takes one token of the address's `limit`; a refusal is counted. */
  allowAddress(limit: AddressLimit, address: string): boolean {
    return this.counted(limit, this.addresses[limit].take(address));
  }

  /** Counts a refusal decided elsewhere (a cap rather than a rate). */
  refused(limit: LimitName): void {
    this.metrics.rateLimited(limit);
  }

  /** Whether one more connection from `address` fits under the cap. */
  connectionFits(address: string): boolean {
    return this.counted('connections_per_address', (this.connections.get(address) ?? 0) < this.config.address.connections);
  }

  connectionOpened(address: string): void {
    this.connections.set(address, (this.connections.get(address) ?? 0) + 1);
  }

  connectionClosed(address: string): void {
    const n = (this.connections.get(address) ?? 0) - 1;
    if (n > 0) this.connections.set(address, n);
    else this.connections.delete(address);
  }

  /** A fresh strike counter for a new socket. */
  strikes(): Strikes {
    return new Strikes(this.config.strikes);
  }

  private counted(limit: LimitName, allowed: boolean): boolean {
    if (!allowed) this.metrics.rateLimited(limit);
    return allowed;
  }

  private sweep(): void {
    for (const buckets of [...Object.values(this.players), ...Object.values(this.addresses)]) buckets.sweep();
  }
}
