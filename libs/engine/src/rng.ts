/**
 * The random generator (RULES §5.1): mulberry32 over one 32-bit integer state.
 * An `Rng` is a short-lived cursor made for one action; the game keeps only the number.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max), max excluded. */
  int(min: number, max: number): number;
  /** A die roll, 1-6. */
  dice(): number;
  /** The value of the first case whose running sum of percents is ≥ a draw in 1..total. */
  percent<T>(cases: readonly { readonly value: T; readonly percent: number }[]): T;
  /** The generator's state as an unsigned 32-bit integer. */
  state(): number;
}

/** mulberry32 (RULES §5.1). Methods live on the prototype: every action makes one of these. */
class Mulberry32 implements Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed | 0;
  }

  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = Math.imul(this.s ^ (this.s >>> 15), this.s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return Math.floor(this.next() * (max - min) + min);
  }

  dice(): number {
    return this.int(1, 7);
  }

  percent<T>(cases: readonly { readonly value: T; readonly percent: number }[]): T {
    let total = 0;
    for (const c of cases) total += c.percent;
    const p = this.int(0, total) + 1;
    let sum = 0;
    for (const c of cases) {
      sum += c.percent;
      if (sum >= p) return c.value;
    }
    throw new Error('percent(): empty case list');
  }

  state(): number {
    return this.s >>> 0;
  }
}

/** A generator seeded with `seed` (any integer; taken modulo 2^32). */
export function createRng(seed: number): Rng {
  return new Mulberry32(seed);
}

/** A fresh uint32 seed drawn from `rng` (bots and runners hand these to the actions they make). */
export function drawSeed(rng: Rng): number {
  return Math.floor(rng.next() * 4294967296) >>> 0;
}
