/** The per-socket token bucket (DESIGN.md §5 Limits). */
import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limit.js';

describe('TokenBucket', () => {
  it('allows a burst of `capacity` and refuses the next when nothing refills', () => {
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 0 });
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('a zero-capacity bucket refuses everything', () => {
    expect(new TokenBucket({ capacity: 0, refillPerSecond: 0 }).take()).toBe(false);
  });
});
