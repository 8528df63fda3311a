/**
 * The abuse limits in one place: request rates per player (shared by all of a player's connections),
 * connection and identity caps per address, the HTTP rate per address, and the per-socket strike
 * allowance for invalid frames. Every refusal is counted in the metrics by the limit's name.
 *
 * Several nodes: the rates per player and per address are token buckets shared by the nodes
 * (SharedBuckets) and the caps count every node's connections (the cluster bus), so spreading connections
 * over nodes gains nothing. If the shared store cannot answer in time each node keeps its own limits meanwhile.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { MetricsService, type LimitName } from '../common/metrics.service.js';
import { ClusterBus, type CountKind } from '../cluster/cluster-bus.js';
import { SharedBuckets } from '../cluster/shared-buckets.js';
import { KeyedBuckets, TokenBucket } from './rate-limit.js';

/** The request rates shared by a player's connections. */
export type PlayerLimit =
  | 'chat'
  | 'actions'
  | 'lobby'
  | 'saves'
  | 'lobbies_created'
  | 'sync'
  | 'watch'
  | 'listed_lobbies'
  | 'quick_match'
  | 'reports';
/** The rates kept per address. */
export type AddressLimit =
  | 'connects_per_address'
  | 'new_identities_per_address'
  | 'http'
  | 'sync_per_address'
  | 'quick_match_per_address'
  | 'open_lobbies'
  | 'reports_per_address'
  | 'admin_failures';

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
  listed_lobbies: 'You have listed too many lobbies in the last hour: invite people with a link, or try again later.',
  quick_match: 'Too many quick match requests: wait a minute.',
  quick_match_per_address: 'Too many quick match requests from your address: wait a minute.',
  open_lobbies: 'Too many requests for the open lobbies: wait a moment.',
  reports: 'You have sent too many reports lately: the operators will read the ones you sent.',
  reports_per_address: 'Too many reports from your address: try again later.',
  admin_failures: 'Too many requests with a wrong admin token from your address: wait a minute.',
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

/** The shared buckets' names (several nodes): one namespace per limit. */
const PLAYER_PREFIX = 'player';
const ADDRESS_PREFIX = 'address';

@Injectable()
export class LimitsService implements OnModuleDestroy {
  private readonly players: Record<PlayerLimit, KeyedBuckets>;
  private readonly addresses: Record<AddressLimit, KeyedBuckets>;
  /** Open connections per address, on this node. */
  private readonly connections = new Map<string, number>();
  /** Places held per address for connections being opened (admitted, not counted yet). */
  private readonly held = new Map<string, number>();
  private readonly sweepTimer: NodeJS.Timeout;
  /** Decisions taken by this node alone because the shared store could not answer in time (several nodes). */
  private fallbacks = 0;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(SharedBuckets) private readonly shared: SharedBuckets,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
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
      listed_lobbies: new KeyedBuckets(r.listedLobbies),
      quick_match: new KeyedBuckets(r.quickMatch),
      reports: new KeyedBuckets(r.reports),
    };
    const a = config.address;
    this.addresses = {
      connects_per_address: new KeyedBuckets(a.connects),
      new_identities_per_address: new KeyedBuckets(a.newIdentities),
      http: new KeyedBuckets(a.http),
      sync_per_address: new KeyedBuckets(a.syncKiB),
      quick_match_per_address: new KeyedBuckets(a.quickMatch),
      open_lobbies: new KeyedBuckets(a.openLobbies),
      reports_per_address: new KeyedBuckets(a.reports),
      admin_failures: new KeyedBuckets(a.adminFailures),
    };
    // Full buckets are forgotten, so memory follows the players and addresses active lately.
    this.sweepTimer = setInterval(() => this.sweep(), 60_000).unref();
    metrics.counterFrom(
      'fb_shared_limit_fallbacks_total',
      'Limit decisions this node took alone because Redis did not answer in time (several nodes).',
      () => this.fallbacks,
    );
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
  }

  /**
   * Takes one token of each of the player's `limits` in turn; answers the first that refused (counted), or
   * undefined when all allowed it.
   */
  async refusedPlayer(limits: readonly PlayerLimit[], playerId: string): Promise<PlayerLimit | undefined> {
    const refused = await this.take(
      PLAYER_PREFIX,
      limits.map((limit) => [limit, this.players[limit]] as const),
      playerId,
    );
    if (refused !== undefined) this.metrics.rateLimited(refused);
    return refused;
  }

  /** Takes one token of the player's `limit`; a refusal is counted. */
  async allowPlayer(limit: PlayerLimit, playerId: string): Promise<boolean> {
    return (await this.refusedPlayer([limit], playerId)) === undefined;
  }

  /** Takes one token of the address's `limit`; a refusal is counted. */
  async allowAddress(limit: AddressLimit, address: string): Promise<boolean> {
    const refused = await this.take(ADDRESS_PREFIX, [[limit, this.addresses[limit]]], address);
    return this.counted(limit, refused === undefined);
  }

  /** Charges the player's `limit` a cost known after the work (e.g. the KiB a resync answer sends). */
  chargePlayer(limit: PlayerLimit, playerId: string, amount: number): void {
    this.charge(PLAYER_PREFIX, limit, this.players[limit], playerId, amount);
  }

  /** Charges the address's `limit` a cost known after the work (an answer's size). */
  chargeAddress(limit: AddressLimit, address: string, amount: number): void {
    this.charge(ADDRESS_PREFIX, limit, this.addresses[limit], address, amount);
  }

  /** Counts a refusal decided elsewhere (a cap rather than a rate). */
  refused(limit: LimitName): void {
    this.metrics.rateLimited(limit);
  }

  /**
   * Holds a place for one more connection from `address` when it fits under the cap (its connections to
   * every node, and the places held here). The place is held until `release` (the connection opened and is
   * counted, or the attempt failed), so attempts arriving together cannot all pass on one free place.
   * Null: refused (counted).
   */
  async holdConnection(address: string): Promise<(() => void) | null> {
    const here = (this.connections.get(address) ?? 0) + (this.held.get(address) ?? 0);
    const cap = this.config.address.connections;
    if (here >= cap) {
      this.refused('connections_per_address');
      return null;
    }
    this.held.set(address, (this.held.get(address) ?? 0) + 1);
    let holding = true;
    const release = () => {
      if (!holding) return;
      holding = false;
      const n = this.held.get(address)! - 1;
      if (n > 0) this.held.set(address, n);
      else this.held.delete(address);
    };
    if (here + (await this.elsewhere('connections', address)) < cap) return release;
    release();
    this.refused('connections_per_address');
    return null;
  }

  connectionOpened(address: string): void {
    this.setConnections(address, (this.connections.get(address) ?? 0) + 1);
  }

  connectionClosed(address: string): void {
    this.setConnections(address, (this.connections.get(address) ?? 0) - 1);
  }

  /** Whether a player with `here` sockets on this node (open or being admitted) may open one more anywhere. */
  async socketFits(playerId: string, here: number): Promise<boolean> {
    const cap = this.config.socketsPerPlayer;
    const fits = here < cap && here + (await this.elsewhere('sockets', playerId)) < cap;
    if (!fits) this.refused('sockets_per_player');
    return fits;
  }

  /** A fresh strike counter for a new socket. */
  strikes(): Strikes {
    return new Strikes(this.config.strikes);
  }

  /**
   * Takes one token from each bucket in turn and answers the first that has none. Several nodes: the buckets
   * are shared and the local ones are a close copy (as the shared store last answered, refilled since). Other
   * nodes only ever take from a bucket, so a local refusal stands without asking; when it does not answer in
   * time this node decides alone on its copy.
   */
  private async take<L extends string>(
    prefix: string,
    buckets: readonly (readonly [L, KeyedBuckets])[],
    key: string,
  ): Promise<L | undefined> {
    const empty = buckets.find(([, local]) => !local.has(key));
    if (empty) return empty[0];
    // Taken from the copy first (every bucket has a token: just checked), so requests arriving together
    // see each other and do not all ask the shared store for the same last token.
    for (const [, local] of buckets) local.take(key);
    const asked = this.shared.take(
      buckets.map(([name, local]) => ({ name: `${prefix}:${name}`, key, limit: local.limit })),
    );
    // No bucket is shared: the copy is the whole truth.
    if (asked === undefined) return undefined;
    const answer = await asked;
    if (!answer) {
      this.fallbacks += 1;
      return undefined;
    }
    // The copy becomes what the shared store holds; a bucket after the one that refused was not taken from there.
    buckets.forEach(([, local], i) => {
      if (i < answer.tokens.length) local.set(key, answer.tokens[i]!);
      else local.charge(key, -1);
    });
    return answer.refused >= 0 ? buckets[answer.refused]![0] : undefined;
  }

  private charge(prefix: string, name: string, local: KeyedBuckets, key: string, amount: number): void {
    if (amount <= 0) return;
    local.charge(key, amount);
    void this.shared.charge({ name: `${prefix}:${name}`, key, limit: local.limit }, amount)?.then((answer) => {
      if (answer) local.set(key, answer.tokens[0]!);
      else this.fallbacks += 1;
    });
  }

  /** The other nodes' count (0 with one node); when they cannot answer, this node's own count decides. */
  private async elsewhere(kind: CountKind, field: string): Promise<number> {
    const n = await new Promise<number | null>((resolve) => this.bus.sumElsewhere(kind, field, resolve));
    if (n !== null) return n;
    this.fallbacks += 1;
    return 0;
  }

  private setConnections(address: string, n: number): void {
    if (n > 0) this.connections.set(address, n);
    else this.connections.delete(address);
    this.bus.count('connections', address, n);
  }

  private counted(limit: LimitName, allowed: boolean): boolean {
    if (!allowed) this.metrics.rateLimited(limit);
    return allowed;
  }

  private sweep(): void {
    for (const buckets of [...Object.values(this.players), ...Object.values(this.addresses)]) buckets.sweep();
  }
}
