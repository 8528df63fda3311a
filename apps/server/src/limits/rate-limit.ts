/** Token buckets: one for a single holder, and a keyed set of them (per player, per address…). */
import type { RateLimit } from '../common/config.js';

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
 * by `sweep` (a full bucket is the same as none), and past `maxKeys` the least recently used are dropped
 * (a Map keeps insertion order, and every use moves a key to the end).
 */
export class KeyedBuckets {
  private readonly held = new Map<string, Held>();

  constructor(
    readonly limit: RateLimit,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one token from `key`'s bucket; false when it is empty. */
  take(key: string, now = performance.now()): boolean {
    const tokens = this.tokens(key, now);
    this.hold(key, tokens < 1 ? tokens : tokens - 1, now);
    return tokens >= 1;
  }

  /**
   * Charges `amount` more tokens to `key` after the fact (a cost known only once the work is done): the
   * bucket may go into debt, down to minus its capacity, and refuses until it has refilled past 1. A
   * negative amount gives tokens back (never past the capacity).
   */
  charge(key: string, amount: number, now = performance.now()): void {
    if (amount === 0) return;
    this.set(key, Math.max(-this.limit.capacity, Math.min(this.limit.capacity, this.tokens(key, now) - amount)), now);
  }

  /** Whether `key` could take a token now (without taking it). */
  has(key: string, now = performance.now()): boolean {
    return this.tokens(key, now) >= 1;
  }

  /** Sets `key`'s bucket to `tokens` (a copy of a bucket kept elsewhere, as it was just read). */
  set(key: string, tokens: number, now = performance.now()): void {
    if (tokens >= this.limit.capacity) this.held.delete(key);
    else this.hold(key, tokens, now);
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

  private tokens(key: string, now: number): number {
    const h = this.held.get(key);
    return h ? refilled(this.limit, h.tokens, h.at, now) : this.limit.capacity;
  }

  /** Stores `key`'s bucket as the most recently used, dropping the least recently used past `maxKeys`. */
  private hold(key: string, tokens: number, now: number): void {
    this.held.delete(key);
    this.held.set(key, { tokens, at: now });
    if (this.held.size <= this.maxKeys) return;
    for (const oldest of this.held.keys()) {
      this.held.delete(oldest);
      if (this.held.size <= this.maxKeys) break;
    }
  }
}
