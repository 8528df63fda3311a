/** Token buckets behind every rate limit. */
import { describe, expect, it } from 'vitest';
import { KeyedBuckets, TokenBucket } from './rate-limit.js';

describe('TokenBucket', () => {
  it('allows a burst of `capacity` and refuses the next when nothing refills', () => {
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 0 });
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('a zero-capacity bucket refuses everything', () => {
    expect(new TokenBucket({ capacity: 0, refillPerSecond: 0 }).take()).toBe(false);
  });

  it('refills at its rate', () => {
    const bucket = new TokenBucket({ capacity: 1, refillPerSecond: 2 });
    expect(bucket.take(0)).toBe(true);
    expect(bucket.take(100)).toBe(false);
    expect(bucket.take(600)).toBe(true);
  });
});

describe('KeyedBuckets', () => {
  it('keeps one bucket per key: one key running dry leaves the others alone', () => {
    const buckets = new KeyedBuckets({ capacity: 2, refillPerSecond: 0 });
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, true, false]);
    expect(buckets.take('b', 0)).toBe(true);
    expect(buckets.has('a', 0)).toBe(false);
    expect(buckets.has('c', 0)).toBe(true);
  });

  it('recovers after the refill time', () => {
    const buckets = new KeyedBuckets({ capacity: 1, refillPerSecond: 1 });
    expect(buckets.take('a', 0)).toBe(true);
    expect(buckets.take('a', 500)).toBe(false);
    expect(buckets.take('a', 1600)).toBe(true);
  });

  it('forgets refilled buckets on sweep, so memory follows the active keys only', () => {
    const buckets = new KeyedBuckets({ capacity: 1, refillPerSecond: 1 });
    for (let i = 0; i < 100; i++) buckets.take(`k${i}`, 0);
    expect(buckets.size).toBe(100);
    buckets.sweep(500);
    expect(buckets.size).toBe(100);
    buckets.sweep(1000);
    expect(buckets.size).toBe(0);
  });

  it('never holds more than maxKeys buckets', () => {
    const buckets = new KeyedBuckets({ capacity: 1, refillPerSecond: 0 }, 10);
    for (let i = 0; i < 50; i++) buckets.take(`k${i}`, i);
    expect(buckets.size).toBeLessThanOrEqual(10);
    // The newest keys are the ones kept.
    expect(buckets.has('k49', 100)).toBe(false);
  });

  it('a charge after the fact puts the bucket in debt until it refills', () => {
    const buckets = new KeyedBuckets({ capacity: 10, refillPerSecond: 10 });
    expect(buckets.take('a', 0)).toBe(true);
    buckets.charge('a', 25, 0);
    // Debt is floored at minus the capacity: -10 needs 1.1 s to get back to 1 token.
    expect(buckets.take('a', 1000)).toBe(false);
    expect(buckets.take('a', 1200)).toBe(true);
  });

  it('a negative charge gives tokens back, never past the capacity', () => {
    const buckets = new KeyedBuckets({ capacity: 2, refillPerSecond: 0 });
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, true, false]);
    buckets.charge('a', -1, 0);
    expect([buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, false]);
    buckets.charge('a', -50, 0);
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, true, false]);
  });

  it('set copies a bucket kept elsewhere: it refills from there at its own rate, and full is forgotten', () => {
    const buckets = new KeyedBuckets({ capacity: 4, refillPerSecond: 2 });
    buckets.set('a', 0.5, 0);
    expect(buckets.has('a', 200)).toBe(false);
    expect(buckets.has('a', 300)).toBe(true);
    buckets.set('b', 4, 0);
    expect(buckets.size).toBe(1);
  });
});
