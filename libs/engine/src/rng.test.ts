/**
 * The random generator (RULES §5.1): mulberry32 over a 32-bit state, and the draws built on it.
 * The reference below is written from the rule's formula with BigInt arithmetic (not Math.imul), so it
 * checks the engine's generator independently rather than restating it.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from './rng.js';

const U32 = (v: bigint) => BigInt.asUintN(32, v);

/** mulberry32 from RULES §5.1, every operation done on unsigned 32-bit BigInts. */
function referenceMulberry32(seed: number): { next(): number; state(): number } {
  let s = U32(BigInt(seed));
  const mul = (a: bigint, b: bigint) => U32(a * b);
  return {
    next() {
      s = U32(s + 0x6d2b79f5n);
      let t = mul(s ^ (s >> 15n), s | 1n);
      t = t ^ U32(t + mul(t ^ (t >> 7n), t | 61n));
      return Number(t ^ (t >> 14n)) / 4294967296;
    },
    state: () => Number(s),
  };
}

const SEEDS = [0, 1, 2, 42, 123456789, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 0xdeadbeef];

describe('createRng: mulberry32 (RULES §5.1)', () => {
  it.each(SEEDS)('seed %i draws the same 400 floats as the reference mulberry32', (seed) => {
    const rng = createRng(seed);
    const ref = referenceMulberry32(seed);
    for (let i = 0; i < 400; i++) expect(rng.next()).toBe(ref.next());
  });

  it('different seeds give different sequences', () => {
    const firsts = SEEDS.map((s) => createRng(s).next());
    expect(new Set(firsts).size).toBe(SEEDS.length);
  });

  it('every draw is a float in [0, 1) (RULES §5.1)', () => {
    const rng = createRng(7);
    for (let i = 0; i < 2000; i++) {
      const v = rng.next();
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
  });
});

describe('rng state (RULES §5.1: the state as an unsigned 32-bit integer)', () => {
  it.each(SEEDS)('seed %i: the state is a uint32 equal to the reference state after each draw', (seed) => {
    const rng = createRng(seed);
    const ref = referenceMulberry32(seed);
    expect(rng.state()).toBe(ref.state());
    for (let i = 0; i < 50; i++) {
      rng.next();
      ref.next();
      const s = rng.state();
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(2 ** 32);
      expect(s).toBe(ref.state());
    }
  });

  it('a generator seeded with another one’s state continues its sequence', () => {
    const rng = createRng(2 ** 31 + 5);
    for (let i = 0; i < 10; i++) rng.next();
    const resumed = createRng(rng.state());
    for (let i = 0; i < 50; i++) expect(resumed.next()).toBe(rng.next());
  });
});

describe('int(min, max) = floor(next() * (max - min) + min), max excluded (RULES §5.1)', () => {
  it.each([
    [0, 10],
    [3, 9],
    [-4, 4],
    [0, 1],
    [1, 7],
  ])('int(%i, %i) matches the formula on the reference draws and stays in range', (min, max) => {
    const rng = createRng(99);
    const ref = referenceMulberry32(99);
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const v = rng.int(min, max);
      expect(v).toBe(Math.floor(ref.next() * (max - min) + min));
      expect(v).toBeGreaterThanOrEqual(min);
      expect(v).toBeLessThan(max);
      seen.add(v);
    }
    // Every value from min to max - 1 is reached; max itself never is.
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: max - min }, (_, i) => min + i));
  });
});

describe('dice() = int(1, 7): a die roll 1-6 (RULES §5.1)', () => {
  it('rolls every face 1-6 and nothing else, following the formula', () => {
    const rng = createRng(2024);
    const ref = referenceMulberry32(2024);
    const counts = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 600; i++) {
      const d = rng.dice();
      expect(d).toBe(Math.floor(ref.next() * 6 + 1));
      counts[d]! += 1;
    }
    expect(counts[0]).toBe(0);
    expect(counts[7]).toBe(0);
    for (let face = 1; face <= 6; face++) expect(counts[face]).toBeGreaterThan(0);
  });
});

describe('percent(cases): p = int(0, total) + 1, the first case whose running sum ≥ p (RULES §5.1)', () => {
  /** The rule, written out: draw p, walk the running sum. */
  function referencePercent<T>(next: () => number, cases: { value: T; percent: number }[]): T {
    const total = cases.reduce((a, c) => a + c.percent, 0);
    const p = Math.floor(next() * total) + 1;
    let sum = 0;
    for (const c of cases) {
      sum += c.percent;
      if (sum >= p) return c.value;
    }
    throw new Error('unreachable');
  }

  it.each([
    [
      'landmark odds 10/15/75',
      [
        { value: 'mountains', percent: 10 },
        { value: 'forest', percent: 15 },
        { value: 'none', percent: 75 },
      ],
    ],
    [
      'two halves',
      [
        { value: 'a', percent: 1 },
        { value: 'b', percent: 1 },
      ],
    ],
    [
      'a zero case first is never chosen',
      [
        { value: 'never', percent: 0 },
        { value: 'x', percent: 3 },
        { value: 'y', percent: 4 },
      ],
    ],
    [
      'uneven',
      [
        { value: 'a', percent: 7 },
        { value: 'b', percent: 2 },
        { value: 'c', percent: 1 },
      ],
    ],
  ])('%s: the chosen case matches the rule on 500 draws', (_name, cases) => {
    for (const seed of [1, 77, 4000000000]) {
      const rng = createRng(seed);
      const ref = referenceMulberry32(seed);
      for (let i = 0; i < 500; i++) expect(rng.percent(cases)).toBe(referencePercent(() => ref.next(), cases));
    }
  });

  it('the boundary p = running sum picks that case, not the next (≥, not >)', () => {
    // With cases [a 1, b 1], p is 1 or 2: p = 1 must give a (sum 1 ≥ 1), p = 2 gives b.
    // Find a seed whose first draw gives p = 1 (next() < 0.5) and one whose first draw gives p = 2.
    const low = [...Array(100).keys()].find((s) => referenceMulberry32(s).next() < 0.5)!;
    const high = [...Array(100).keys()].find((s) => referenceMulberry32(s).next() >= 0.5)!;
    const cases = [
      { value: 'a', percent: 1 },
      { value: 'b', percent: 1 },
    ];
    expect(createRng(low).percent(cases)).toBe('a');
    expect(createRng(high).percent(cases)).toBe('b');
  });

  it('draws exactly one number per call', () => {
    const rng = createRng(5);
    const ref = referenceMulberry32(5);
    rng.percent([
      { value: 1, percent: 10 },
      { value: 2, percent: 90 },
    ]);
    ref.next();
    expect(rng.next()).toBe(ref.next());
  });
});
