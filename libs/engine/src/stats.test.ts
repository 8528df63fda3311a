/** The ladder's statistics: Wilson intervals, Elo and the SPRT (the `match` script's verdicts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eloOfScore, percentile, scoreOfElo, sprtBounds, sprtLlr, sprtVerdict, wilson } from './stats.js';

const SPRT = { elo0: 0, elo1: 30, alpha: 0.05, beta: 0.05 };

describe('Wilson interval', () => {
  it('matches published values: 81 of 100 and 0 of 10 at 95%', () => {
    const a = wilson(81, 100);
    expect(a.low).toBeCloseTo(0.7222, 4);
    expect(a.high).toBeCloseTo(0.875, 3);
    const b = wilson(0, 10);
    expect(b.low).toBe(0);
    expect(b.high).toBeCloseTo(0.2775, 4);
  });

  it('always holds the observed rate, stays in [0, 1] and narrows as the series grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, rate) => {
        const k = Math.round(rate * n);
        const i = wilson(k, n);
        expect(i.low).toBeGreaterThanOrEqual(0);
        expect(i.high).toBeLessThanOrEqual(1);
        expect(i.low).toBeLessThanOrEqual(k / n + 1e-12);
        expect(i.high).toBeGreaterThanOrEqual(k / n - 1e-12);
        const wider = wilson(k, n);
        const narrower = wilson(4 * k, 4 * n);
        expect(narrower.high - narrower.low).toBeLessThan(wider.high - wider.low);
      }),
    );
  });

  it('knows nothing from no games', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('Elo and score', () => {
  it('0 Elo is an even score, 400 Elo ten to one, and the two functions invert each other', () => {
    expect(scoreOfElo(0)).toBe(0.5);
    expect(scoreOfElo(400)).toBeCloseTo(10 / 11, 12);
    for (const elo of [-300, -30, 5, 191]) expect(eloOfScore(scoreOfElo(elo))).toBeCloseTo(elo, 9);
    expect(eloOfScore(1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('SPRT', () => {
  it('Wald’s bounds for alpha = beta = 0.05 are ±ln 19', () => {
    const { lower, upper } = sprtBounds(SPRT);
    expect(upper).toBeCloseTo(Math.log(19), 12);
    expect(lower).toBeCloseTo(-Math.log(19), 12);
  });

  it('computes the normal-approximation log-likelihood ratio of a tally', () => {
    // 60 wins and 40 losses: mean 0.6, variance 0.24, s0 = 0.5, s1 = scoreOfElo(30).
    const s1 = scoreOfElo(30);
    expect(sprtLlr({ wins: 60, draws: 0, losses: 40 }, SPRT)).toBeCloseTo(
      (100 * (s1 - 0.5) * (1.2 - 0.5 - s1)) / 0.48,
      10,
    );
  });

  it('accepts H1 for a clearly stronger side, H0 for an even one, and goes on while it cannot tell', () => {
    expect(sprtVerdict({ wins: 300, draws: 10, losses: 100 }, SPRT)).toBe('H1');
    expect(sprtVerdict({ wins: 500, draws: 0, losses: 500 }, SPRT)).toBe('H0');
    expect(sprtVerdict({ wins: 6, draws: 0, losses: 4 }, SPRT)).toBe('continue');
    expect(sprtVerdict({ wins: 0, draws: 0, losses: 0 }, SPRT)).toBe('continue');
  });

  it('more wins never lower the ratio', () => {
    // Both samples hold a win and a loss: one with none of either carries no estimate of the variance.
    fc.assert(
      fc.property(fc.nat(400), fc.nat(50), fc.nat(400), (w, d, l) => {
        expect(sprtLlr({ wins: w + 2, draws: d, losses: l + 1 }, SPRT)).toBeGreaterThanOrEqual(
          sprtLlr({ wins: w + 1, draws: d, losses: l + 2 }, SPRT) - 1e-9,
        );
      }),
    );
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});
