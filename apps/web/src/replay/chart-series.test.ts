/** Tests of replay/chart-series.ts: the chart's arithmetic over a real game. */
import { describe, expect, it } from 'vitest';
import {
  chartCountries,
  chartLines,
  chartMax,
  chartRange,
  chartSummary,
  chartX,
  nearestSample,
  sampleIndexAt,
} from './chart-series';
import { createReplay } from './replay-model';
import { botGameLog } from '../../test/fixtures/bot-game-logs';

describe('the chart’s arithmetic over a real game', () => {
  const replay = createReplay(botGameLog({ countries: 3, w: 8, h: 8, difficulty: 'normal', seed: 11 }));
  const samples = replay.samples;
  const { from, to } = chartRange(samples);

  it('spans the game’s turns and draws one line per country that ever held anything', () => {
    expect(from).toBe(replay.firstTurn);
    expect(to).toBeGreaterThanOrEqual(replay.lastTurn);
    expect(chartCountries(samples)).toEqual([0, 1, 2]);
    const lines = chartLines(samples, 'land', 300, 100);
    expect(lines.map((l) => l.country)).toEqual([0, 1, 2]);
    for (const l of lines) {
      const points = l.points.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
      expect(points).toHaveLength(samples.length);
      expect(points[0]![0]).toBe(0);
      expect(points[points.length - 1]![0]).toBe(300);
      // The largest value touches the top, and nothing goes outside the box.
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(100);
      }
    }
    const max = chartMax(samples, 'land');
    expect(lines.some((l) => l.points.split(' ').some((p) => Number(p.split(',')[1]) === 0))).toBe(true);
    expect(max).toBe(Math.max(...samples.flatMap((s) => [...s.land])));
  });

  it('places every seq between the samples around it, never going back', () => {
    let last = -Infinity;
    for (let seq = replay.startSeq; seq <= replay.endSeq; seq++) {
      const x = chartX(samples, seq);
      expect(x).toBeGreaterThanOrEqual(last);
      const s = samples[sampleIndexAt(samples, seq)]!;
      expect(s.seq).toBeLessThanOrEqual(seq);
      expect(x).toBeGreaterThanOrEqual(s.x);
      last = x;
    }
    for (const s of samples) expect(chartX(samples, s.seq)).toBe(s.x);
  });

  it('a click finds the nearest sample: the left edge is the first turn, the right edge the end', () => {
    expect(nearestSample(samples, 0)).toBe(samples[0]);
    expect(nearestSample(samples, 1)).toBe(samples[samples.length - 1]);
    expect(nearestSample(samples, -3)).toBe(samples[0]);
    const middle = nearestSample(samples, 0.5)!;
    expect(Math.abs(middle.x - (from + to) / 2)).toBeLessThanOrEqual(2);
    expect(nearestSample([], 0.5)).toBeUndefined();
  });

  it('says the chart in words: each country’s start, most and end', () => {
    const text = chartSummary(samples, 'units');
    expect(
      text.startsWith(`Units per country, turn ${samples[0]!.turn} to ${samples[samples.length - 1]!.turn}: `),
    ).toBe(true);
    for (const name of ['Green', 'Purple', 'Red'])
      expect(text).toMatch(new RegExp(`${name} \\d+ at the start, most \\d+ \\(turn \\d+\\), \\d+ at the end`));
    expect(chartSummary([], 'land')).toBe('Land (tiles owned) per country: the game has not started.');
  });
});
