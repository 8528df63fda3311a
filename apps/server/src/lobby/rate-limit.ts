/** A per-socket token bucket (DESIGN.md §5 Limits: per-socket rate limit on chat and actions). */
import type { RateLimit } from '../config.js';

export class TokenBucket {
  private tokens: number;
  private last = performance.now();

  constructor(private readonly limit: RateLimit) {
    this.tokens = limit.capacity;
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.limit.capacity, this.tokens + ((now - this.last) / 1000) * this.limit.refillPerSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
