/**
 * Which nodes are alive, and what each holds that is counted across nodes (issue 8): open connections
 * per address, open sockets per player and distinct watchers per lobby. Each node
 * - says it is alive every heartbeat (`fb:node:<id>`, expiring after three missed beats, and the set `fb:nodes`);
 * - mirrors its own counts into its hashes `fb:count:<kind>:<id>` (field: address or player id);
 * - asks for the other live nodes' sum of a field before admitting one more (`elsewhere`);
 * - and, at each beat, looks for nodes that stopped beating (killed, cut off): the first survivor to see
 *   one deletes its counts and tells the bus (`node-gone`) which players were connected there, so their
 *   lobbies hear they are gone (a dead node never says it).
 *
 * A node that finds its own key gone (Redis restarted, or it was cut off long enough to be taken for dead)
 * writes its counts again and tells the bus (`node-returned`) which players it holds, so they are announced
 * online again. Only the `RedisBus` has one (a node alone counts nothing elsewhere).
 */
import type { ServerConfig } from '../common/config.js';
import { within } from '../common/keyed-lock.js';
import type { AppLogger } from '../common/logger.js';
import type { ClusterBus, CountKind, GoneNode } from './cluster-bus.js';
import type { RedisClients } from './redis.js';
import { RedisScript } from './redis-script.js';
import { SHARED_LIMIT_TIMEOUT_MS } from './shared-buckets.js';

export type { CountKind, GoneNode } from './cluster-bus.js';
const KINDS: readonly CountKind[] = ['connections', 'sockets', 'watchers'];

const NODES = 'fb:nodes';
/** A node's count hashes expire this long after its last beat (at least ten beats), should nobody clear them. */
const COUNTS_TTL_MS = 60_000;
const aliveKey = (node: string) => `fb:node:${node}`;
const countKey = (kind: CountKind, node: string) => `fb:count:${kind}:${node}`;

/** KEYS[1]: the node set. ARGV: the kind's key prefix, the field, this node. Sums the field over the other live nodes. */
const ELSEWHERE = new RedisScript(`
local total = 0
for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if node ~= ARGV[3] and redis.call('EXISTS', 'fb:node:' .. node) == 1 then
    total = total + (tonumber(redis.call('HGET', ARGV[1] .. node, ARGV[2])) or 0)
  end
end
return total
`);

/** KEYS[1]: the node set. ARGV: the kind's key prefix, this node. Counts the fields of the other live nodes' hashes. */
const FIELDS_ELSEWHERE = new RedisScript(`
local total = 0
for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if node ~= ARGV[2] and redis.call('EXISTS', 'fb:node:' .. node) == 1 then
    total = total + redis.call('HLEN', ARGV[1] .. node)
  end
end
return total
`);

/**
 * KEYS: the node's alive key, its sockets, watchers and connections hashes, the node set. ARGV[1]: the node.
 * Clears a node that is still not alive, in one step (it cannot come back half-way through), and answers
 * the players it held and the lobbies watched through it; a survivor that runs it second finds nothing left.
 */
const REAP = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return {{}, {}} end
local players = redis.call('HKEYS', KEYS[2])
local watched = redis.call('HKEYS', KEYS[3])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('SREM', KEYS[5], ARGV[1])
return {players, watched}
`);

/** The strings of a script's list reply (anything else: none). */
const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];

export class NodeRegistry {
  /** This node's counts, as mirrored (written again whole when Redis lost them). */
  private readonly counts: Record<CountKind, Map<string, number>> = {
    connections: new Map(),
    sockets: new Map(),
    watchers: new Map(),
  };
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  /** Stopping: nothing is written any more (a count written now would outlive the node). */
  private left = false;
  /** A count could not be written (Redis away, or the write failed): the next beat writes them all again. */
  private dirty = false;

  constructor(
    private readonly config: ServerConfig,
    private readonly logger: AppLogger,
    private readonly redis: RedisClients,
    private readonly bus: ClusterBus,
  ) {
    this.timer = setInterval(() => void this.beat(), config.nodeHeartbeatMs).unref();
    void this.beat();
  }

  /** Stops the heartbeats (leaving does; a test stops them to play a node cut off from Redis). */
  stopBeating(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Leaves the registry at once (its counts go with it), so nobody waits for its beats to lapse; called by
   * the bus before it drops the Redis connections.
   */
  async leave(): Promise<void> {
    this.stopBeating();
    const redis = this.redis;
    if (this.left) return;
    this.left = true;
    if (!redis.pub.isReady) return;
    const me = this.config.nodeId;
    const leave = redis.pub
      .multi()
      .del([aliveKey(me), ...KINDS.map((kind) => countKey(kind, me))])
      .sRem(NODES, me)
      .exec();
    // Redis away or slow: the others reap this node once its beats lapse.
    await within(
      SHARED_LIMIT_TIMEOUT_MS,
      leave.then(() => undefined),
      undefined,
    );
  }

  private get countsTtlMs(): number {
    return Math.max(COUNTS_TTL_MS, this.config.nodeHeartbeatMs * 30);
  }

  /** Records this node's count for `field` (0 forgets it); mirrored to Redis without waiting. */
  set(kind: CountKind, field: string, n: number): void {
    if (n > 0) this.counts[kind].set(field, n);
    else this.counts[kind].delete(field);
    if (this.left) return;
    // Not written while Redis is away (or lost on the way): the next beat once it is back writes every count again.
    if (!this.redis.pub.isReady) return void (this.dirty = true);
    const key = countKey(kind, this.config.nodeId);
    const write = n > 0 ? this.redis.pub.hSet(key, field, String(n)) : this.redis.pub.hDel(key, field);
    write.catch(() => (this.dirty = true));
  }

  /** The other live nodes' sum for `field`; null when Redis could not answer in time. */
  async elsewhere(kind: CountKind, field: string): Promise<number | null> {
    const redis = this.redis;
    if (!redis.pub.isReady) return null;
    const sum = ELSEWHERE.run(redis.pub, [NODES], [`fb:count:${kind}:`, field, this.config.nodeId]).then((n) =>
      typeof n === 'number' ? n : null,
    );
    return within(SHARED_LIMIT_TIMEOUT_MS, sum, null);
  }

  /** How many fields the other live nodes count of `kind` (summed); null when Redis could not answer in time. */
  async fieldsElsewhere(kind: CountKind): Promise<number | null> {
    const redis = this.redis;
    if (!redis.pub.isReady) return null;
    const sum = FIELDS_ELSEWHERE.run(redis.pub, [NODES], [`fb:count:${kind}:`, this.config.nodeId]).then((n) =>
      typeof n === 'number' ? n : null,
    );
    return within(SHARED_LIMIT_TIMEOUT_MS, sum, null);
  }

  /** One heartbeat (also run by tests to skip the wait); never overlaps the previous one. */
  beat(): Promise<void> {
    this.beating ??= this.beatOnce()
      .catch((e: unknown) => this.logger.error('heartbeat-failed', { node: this.config.nodeId, error: String(e) }))
      .finally(() => (this.beating = null));
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    const redis = this.redis;
    if (!redis.pub.isReady || this.left) return;
    const me = this.config.nodeId;
    const ttl = this.config.nodeHeartbeatMs * 3;
    const beat = redis.pub.multi().exists(aliveKey(me)).set(aliveKey(me), '1', { PX: ttl }).sAdd(NODES, me);
    // The counts outlive a node only as long as this (a survivor normally clears them at once).
    for (const kind of KINDS) beat.pExpire(countKey(kind, me), this.countsTtlMs);
    const [known] = await beat.exec();
    const forgotten = Number(known) === 0;
    if (forgotten || this.dirty) await this.rewriteCounts(forgotten);
    for (const node of await redis.pub.sMembers(NODES)) {
      if (node === me || (await redis.pub.exists(aliveKey(node))) === 1) continue;
      await this.reap(node);
    }
  }

  /**
   * Writes this node's counts whole: some writes were lost, or Redis forgot this node (`forgotten`: it was
   * taken for dead, or Redis restarted), whose players are then announced again.
   */
  private async rewriteCounts(forgotten: boolean): Promise<void> {
    const redis = this.redis;
    const me = this.config.nodeId;
    this.dirty = false;
    const write = redis.pub.multi();
    for (const kind of KINDS) {
      write.del(countKey(kind, me));
      for (const [field, n] of this.counts[kind]) write.hSet(countKey(kind, me), field, String(n));
      write.pExpire(countKey(kind, me), this.countsTtlMs);
    }
    await write.exec().catch((e: unknown) => {
      this.dirty = true;
      throw e;
    });
    const players = [...this.counts.sockets.keys()];
    if (!forgotten || players.length === 0) return;
    this.logger.info('node-returned', { node: me, players: players.length });
    this.bus.emit('node-returned', players);
  }

  /** Clears a dead node's counts (the first survivor to look does) and tells who was connected there. */
  private async reap(node: string): Promise<void> {
    const keys = [
      aliveKey(node),
      countKey('sockets', node),
      countKey('watchers', node),
      countKey('connections', node),
      NODES,
    ];
    const reply = await REAP.run(this.redis.pub, keys, [node]);
    const [players, watched] = Array.isArray(reply) ? (reply as unknown[]) : [];
    const gone: GoneNode = { players: strings(players), watched: strings(watched) };
    if (gone.players.length === 0 && gone.watched.length === 0) return;
    this.logger.info('node-gone', { node, players: gone.players.length, watched: gone.watched.length });
    this.bus.emit('node-gone', gone);
  }
}
