/** Token buckets: one for a single holder, and a keyed set of them (per player, per address…). */
import type { RateLimit } from '../config.js';

/** Tokens in a bucket of `limit` that held `tokens` at `at` (ms), at time `now`. */
function refilled(limit: RateLimit, tokens: number, at: number, now: number): number {
  return Math.min(limit.capacity, tokens + ((now - at) / 1000) * limit.refillPerSecond);
}

/** One token bucket (a socket's own allowance). */
export class TokenBucket {
  private tokens: number;
  private last: number | null = null;

  constructor(private readonly limit: RateLimit) {
    this.tokens = limit.capacity;
  }

  /** Takes one token; false when the bucket is empty. */
  take(now = performance.now()): boolean {
    this.tokens = refilled(this.limit, this.tokens, this.last ?? now, now);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

interface Held {
  tokens: number;
  at: number;
}

/**
 * Buckets by key, made on first use. Memory stays bounded: buckets that have refilled are forgotten
 * by `sweep` (a full bucket is the same as none), and past `maxKeys` the oldest are dropped.
 */
export class KeyedBuckets {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one token from `key`'s bucket; false when it is empty. */
  take(key: string, now = performance.now()): boolean {
    const h = this.held.get(key);
    const tokens = h ? refilled(this.limit, h.tokens, h.at, now) : this.limit.capacity;
    if (tokens < 1) {
      if (h) Object.assign(h, { tokens, at: now });
      return false;
    }
    if (h) Object.assign(h, { tokens: tokens - 1, at: now });
    else {
      if (this.held.size >= this.maxKeys) this.dropOldest();
      this.held.set(key, { tokens: tokens - 1, at: now });
    }
    return true;
  }

  /**
   * Charges `amount` more tokens to `key` after the fact (a cost known only once the work is done): the
   * bucket may go into debt, down to minus its capacity, and refuses until it has refilled past 1.
   */
  charge(key: string, amount: number, now = performance.now()): void {
    if (amount <= 0) return;
    const h = this.held.get(key);
    const tokens = (h ? refilled(this.limit, h.tokens, h.at, now) : this.limit.capacity) - amount;
    const held = { tokens: Math.max(-this.limit.capacity, tokens), at: now };
    if (h) Object.assign(h, held);
    else {
      if (this.held.size >= this.maxKeys) this.dropOldest();
      this.held.set(key, held);
    }
  }

  /** Whether `key` could take a token now (without taking it). */
  has(key: string, now = performance.now()): boolean {
    const h = this.held.get(key);
    return !h || refilled(this.limit, h.tokens, h.at, now) >= 1;
  }

  /** Forgets the buckets that are full again. */
  sweep(now = performance.now()): void {
    for (const [key, h] of this.held) {
      if (refilled(this.limit, h.tokens, h.at, now) >= this.limit.capacity) this.held.delete(key);
    }
  }

  get size(): number {
    return this.held.size;
  }

  private dropOldest(): void {
    this.sweep();
    // Map iteration is insertion order: the first keys are the longest-held.
    for (const key of this.held.keys()) {
      if (this.held.size < this.maxKeys) break;
      this.held.delete(key);
    }
  }
}
