/**
 * The replay chart's data: land and units of each country sampled once per turn (the state each turn
 * begins with) plus the final state, taken while the replay folds its log, and the arithmetic that
 * turns samples into lines and a click back into a position.
 */
import { PLAYABLE_COUNTRIES, type GameData, type PlayableCountry } from '@four-banners/engine';
import { countryLabel } from '../art/art';
import { countCountries, type PerCountry } from '../game/country-counts';

export const CHART_METRICS = ['land', 'units'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

/** The counts at one seq. `x` is where it sits on the chart: its turn, or one past the last turn for the end. */
export interface ChartSample {
  readonly turn: number;
  readonly seq: number;
  readonly x: number;
  /** True for the final state when it is not a turn start itself. */
  readonly end: boolean;
  readonly land: PerCountry;
  readonly units: PerCountry;
}

/** The sample of `game` (at `seq`, turn `turn`). */
export function sampleOf(game: GameData, seq: number, end = false): ChartSample {
  const { land, units } = countCountries(game);
  const turn = game.turn.count;
  return { turn, seq, x: end ? turn + 1 : turn, end, land, units };
}

/** The countries that held land or units in any sample, in id order. */
export function chartCountries(samples: readonly ChartSample[]): PlayableCountry[] {
  return PLAYABLE_COUNTRIES.filter((c) => samples.some((s) => s.land[c] > 0 || s.units[c] > 0));
}

/** The largest value of `metric` in the samples, at least 1. */
export function chartMax(samples: readonly ChartSample[], metric: ChartMetric): number {
  let max = 1;
  for (const s of samples) for (const v of s[metric]) if (v > max) max = v;
  return max;
}

/** The x range of the samples (a single sample gets a range of one turn so it still has a width). */
export function chartRange(samples: readonly ChartSample[]): { readonly from: number; readonly to: number } {
  const from = samples[0]?.x ?? 0;
  const to = samples[samples.length - 1]?.x ?? 0;
  return { from, to: to > from ? to : from + 1 };
}

/** An SVG polyline `points` value per country for a `width`×`height` box (y grows downwards). */
export function chartLines(
  samples: readonly ChartSample[],
  metric: ChartMetric,
  width: number,
  height: number,
): { readonly country: PlayableCountry; readonly points: string }[] {
  const { from, to } = chartRange(samples);
  const max = chartMax(samples, metric);
  const px = (x: number) => ((x - from) / (to - from)) * width;
  const py = (v: number) => height - (v / max) * height;
  return chartCountries(samples).map((country) => ({
    country,
    points: samples.map((s) => `${px(s.x).toFixed(1)},${py(s[metric][country]).toFixed(1)}`).join(' '),
  }));
}

/** Index of the last sample with seq ≤ `seq` (0 when `seq` is before the first). */
export function sampleIndexAt(samples: readonly ChartSample[], seq: number): number {
  let lo = 0;
  let hi = samples.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (samples[mid]!.seq <= seq) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where `seq` sits on the x axis: between the samples around it, in proportion to the events between them. */
export function chartX(samples: readonly ChartSample[], seq: number): number {
  if (samples.length === 0) return 0;
  const i = sampleIndexAt(samples, seq);
  const a = samples[i]!;
  const b = samples[i + 1];
  if (!b || seq <= a.seq) return a.x;
  return a.x + ((b.x - a.x) * (seq - a.seq)) / (b.seq - a.seq);
}

/** The sample nearest to `fraction` (0 = left edge, 1 = right edge) of the chart. */
export function nearestSample(samples: readonly ChartSample[], fraction: number): ChartSample | undefined {
  if (samples.length === 0) return undefined;
  const { from, to } = chartRange(samples);
  const x = from + Math.min(1, Math.max(0, fraction)) * (to - from);
  let best = samples[0]!;
  for (const s of samples) if (Math.abs(s.x - x) < Math.abs(best.x - x)) best = s;
  return best;
}

const METRIC_WORDS: Record<ChartMetric, string> = { land: 'Land (tiles owned)', units: 'Units' };

/** The chart in words, for screen readers: each country's first, highest and last value. */
export function chartSummary(samples: readonly ChartSample[], metric: ChartMetric): string {
  if (samples.length === 0) return `${METRIC_WORDS[metric]} per country: the game has not started.`;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const lines = chartCountries(samples).map((c) => {
    let peak = first;
    for (const s of samples) if (s[metric][c] > peak[metric][c]) peak = s;
    return `${countryLabel(c)} ${first[metric][c]} at the start, most ${peak[metric][c]} (turn ${peak.turn}), ${last[metric][c]} at the end`;
  });
  return `${METRIC_WORDS[metric]} per country, turn ${first.turn} to ${last.turn}: ${lines.join('; ')}.`;
}
