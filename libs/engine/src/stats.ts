/**
 * The statistics of the bot ladder (`npm run match`): confidence intervals of win rates, Elo from a score,
 * and a sequential probability ratio test that stops a series once it has an answer. Pure functions.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval of a proportion: `successes` of `trials`, at `z` (95% by default). Unlike the
 * normal interval it stays inside [0, 1] and is sound near 0%, 100% and for small series.
 */
export function wilson(successes: number, trials: number, z = Z95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The expected score of a player `elo` points stronger (logistic Elo). */
export function scoreOfElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** The Elo difference that expects `score` (0 < score < 1); ±Infinity at the ends. */
export function eloOfScore(score: number): number {
  if (score <= 0) return Number.NEGATIVE_INFINITY;
  if (score >= 1) return Number.POSITIVE_INFINITY;
  return -400 * Math.log10(1 / score - 1);
}

/** A 1v1 tally from the tested side's point of view. */
export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface SprtSettings {
  /** Elo of H0 (no better than) and H1 (at least this much better). */
  readonly elo0: number;
  readonly elo1: number;
  /** Chances of accepting H1 when H0 holds, and H0 when H1 holds. */
  readonly alpha: number;
  readonly beta: number;
}

export type SprtVerdict = 'H0' | 'H1' | 'continue';

/** The stopping bounds of the log-likelihood ratio (Wald): accept H0 at or below `lower`, H1 at or above `upper`. */
export function sprtBounds(s: SprtSettings): { lower: number; upper: number } {
  return { lower: Math.log(s.beta / (1 - s.alpha)), upper: Math.log((1 - s.beta) / s.alpha) };
}

/**
 * The log-likelihood ratio of H1 against H0 for a win/draw/loss tally, in the normal approximation used by
 * chess engine testing (each game scores 1, ½ or 0; the score's variance is measured from the games):
 * LLR = N · (s1 − s0) · (2·mean − s0 − s1) / (2·variance), with s0 and s1 the scores of elo0 and elo1.
 * 0 until the games have any spread (all wins or all losses carry no variance estimate).
 */
export function sprtLlr(t: Tally, s: SprtSettings): number {
  const n = t.wins + t.draws + t.losses;
  if (n === 0) return 0;
  const mean = (t.wins + 0.5 * t.draws) / n;
  const variance = (t.wins * (1 - mean) ** 2 + t.draws * (0.5 - mean) ** 2 + t.losses * mean ** 2) / n;
  if (variance <= 0) return 0;
  const s0 = scoreOfElo(s.elo0);
  const s1 = scoreOfElo(s.elo1);
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** Whether a series with this tally can stop, and which hypothesis it accepts. */
export function sprtVerdict(t: Tally, s: SprtSettings): SprtVerdict {
  const llr = sprtLlr(t, s);
  const { lower, upper } = sprtBounds(s);
  if (llr >= upper) return 'H1';
  if (llr <= lower) return 'H0';
  return 'continue';
}

/** The p-th percentile (0–100) of ascending `sorted` values, nearest rank; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
