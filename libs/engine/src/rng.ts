/**
 * The random generator (DESIGN.md rule 1): mulberry32 over one 32-bit integer state.
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

/** A generator seeded with `seed` (any integer; taken modulo 2^32). */
export function createRng(seed: number): Rng {
  let s = seed | 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => Math.floor(next() * (max - min) + min);
  return {
    next,
    int,
    dice: () => int(1, 7),
    percent(cases) {
      let total = 0;
      for (const c of cases) total += c.percent;
      const p = int(0, total) + 1;
      let sum = 0;
      for (const c of cases) {
        sum += c.percent;
        if (sum >= p) return c.value;
      }
      throw new Error('percent(): empty case list');
    },
    state: () => s >>> 0,
  };
}

/** A fresh uint32 seed drawn from `rng` (bots and runners hand these to the actions they make). */
export function drawSeed(rng: Rng): number {
  return Math.floor(rng.next() * 4294967296) >>> 0;
}
