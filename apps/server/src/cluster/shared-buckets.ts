/**
 * Token buckets kept in Redis, so a player (or an address) has one allowance whichever nodes their
 * connections reach (issue 8: the rate limits per identity hold across nodes). One script call takes from
 * several buckets at once, on Redis's own clock (the nodes' clocks never meet), and answers every bucket's
 * tokens so the node can keep a close local copy (LimitsService).
 *
 * A bucket is a hash `{t: tokens, at: ms}` under `fb:rate:<limit>:<key>`; it expires once it would be
 * full again (a full bucket is the same as none), so Redis holds only the buckets used lately.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { RateLimit } from '../common/config.js';
import { REDIS, type RedisClients } from './redis.js';
import { within } from '../common/keyed-lock.js';
import { RedisScript } from './redis-script.js';

/** How long a request waits on Redis before the node decides alone (with its local copy of the buckets). */
export const SHARED_LIMIT_TIMEOUT_MS = 250;

/** Buckets that refill at 0/s (tests) are kept this long. */
const NEVER_REFILLED_TTL_MS = 24 * 3600_000;

/**
 * ARGV[1]: 'take' (one token from each bucket in turn, stopping at the first that has none) or 'charge'
 * (each bucket pays its amount, into debt down to minus its capacity). Then per bucket (KEYS[i]): capacity,
 * refill per second, amount. Answers {refused index (0-based) or -1, tokens of each bucket looked at}.
 */
const BUCKETS = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local charge = ARGV[1] == 'charge'
local out = {-1}
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[i * 3 - 1])
  local rate = tonumber(ARGV[i * 3])
  local amount = tonumber(ARGV[i * 3 + 1])
  local held = redis.call('HMGET', key, 't', 'at')
  local tokens = capacity
  if held[1] then
    tokens = math.min(capacity, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) / 1000 * rate)
  end
  local refused = (not charge) and tokens < 1
  if not refused then
    tokens = math.max(-capacity, tokens - amount)
    if tokens >= capacity then
      redis.call('DEL', key)
    else
      redis.call('HSET', key, 't', tostring(tokens), 'at', tostring(now))
      local ttl = ${NEVER_REFILLED_TTL_MS}
      if rate > 0 then ttl = math.ceil((capacity - tokens) / rate * 1000) + 1000 end
      redis.call('PEXPIRE', key, ttl)
    end
  end
  out[i + 1] = tostring(tokens)
  if refused then
    out[1] = i - 1
    return out
  end
end
return out
`);

export interface SharedBucket {
  /** The limit's name (the key's namespace). */
  readonly name: string;
  /** Whose bucket: a player id or an address. */
  readonly key: string;
  readonly limit: RateLimit;
}

/** What Redis answered: which bucket refused (-1: none) and the tokens each bucket looked at holds now. */
export interface BucketAnswer {
  readonly refused: number;
  readonly tokens: readonly number[];
}

@Injectable()
export class SharedBuckets {
  constructor(@Inject(REDIS) private readonly redis: RedisClients | null) {}

  /**
   * Takes one token from each bucket in turn until one has none; null when Redis could not answer in time,
   * undefined (at once) when no bucket is shared: this node's own buckets are the whole truth.
   */
  take(buckets: readonly SharedBucket[]): Promise<BucketAnswer | null> | undefined {
    return this.run(
      'take',
      buckets.map((b) => [b, 1] as const),
    );
  }

  /** Charges `amount` tokens to the bucket (a cost known after the work), as `take` answers. */
  charge(bucket: SharedBucket, amount: number): Promise<BucketAnswer | null> | undefined {
    return this.run('charge', [[bucket, amount]]);
  }

  private run(
    mode: 'take' | 'charge',
    items: readonly (readonly [SharedBucket, number])[],
  ): Promise<BucketAnswer | null> | undefined {
    const redis = this.redis;
    if (!redis) return undefined;
    if (!redis.pub.isReady) return Promise.resolve(null);
    const keys = items.map(([b]) => `fb:rate:${b.name}:${b.key}`);
    const args = [
      mode,
      ...items.flatMap(([b, amount]) => [String(b.limit.capacity), String(b.limit.refillPerSecond), String(amount)]),
    ];
    const answer = BUCKETS.run(redis.pub, keys, args).then(parseAnswer);
    return within(SHARED_LIMIT_TIMEOUT_MS, answer, null);
  }
}

function parseAnswer(reply: unknown): BucketAnswer | null {
  if (!Array.isArray(reply) || reply.length < 1) return null;
  const [refused, ...tokens] = reply.map(Number);
  if (!Number.isInteger(refused) || tokens.some((n) => !Number.isFinite(n))) return null;
  return { refused: refused!, tokens };
}
