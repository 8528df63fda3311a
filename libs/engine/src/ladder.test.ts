/** The bot ladder behind `npm run match` (RULES §6): seats rotated over shared maps, tallies and the SPRT stop. */
import { describe, expect, it } from 'vitest';
import { ladderSeats, ladderSeed, runLadder } from './ladder.js';

describe('bot ladder', () => {
  it('1v1 plays every map twice, the tested bot once in each seat', () => {
    expect([0, 1, 2, 3].map((i) => ladderSeats('expert', 'hard', '1v1', i))).toEqual([
      ['expert', 'hard'],
      ['hard', 'expert'],
      ['expert', 'hard'],
      ['hard', 'expert'],
    ]);
    expect([0, 1, 2, 3].map((i) => ladderSeed(7, '1v1', i))).toEqual([7, 7, 8, 8]);
  });

  it('a free-for-all seats the tested bot in each of the four seats in turn on one map', () => {
    expect(ladderSeats('expert', 'hard', 'ffa', 2)).toEqual(['hard', 'hard', 'expert', 'hard']);
    expect([0, 3, 4].map((i) => ladderSeed(1, 'ffa', i))).toEqual([1, 1, 2]);
  });

  it('tallies every game once and measures turns with the caller’s clock', { timeout: 60_000 }, () => {
    let now = 0;
    const seen: number[] = [];
    const s = runLadder({
      tested: 'expert',
      opponent: 'easy',
      mode: 'ffa',
      w: 6,
      h: 6,
      firstSeed: 3,
      games: 8,
      checkInvariants: true,
      clock: () => now++,
      onGame: (g) => seen.push(g.testedSeat),
    });
    expect(s.games).toBe(8);
    expect(s.tally.wins + s.tally.losses + s.tally.draws + s.tally.stuck).toBe(8);
    expect(seen).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    // Each turn reads the clock twice, 1 apart.
    expect(new Set(s.turnTimes.expert)).toEqual(new Set([1]));
    expect(s.turnTimes.easy!.length).toBeGreaterThan(0);
  });

  it('an SPRT series stops at a verdict, after a whole rotation of seats', { timeout: 60_000 }, () => {
    const s = runLadder({
      tested: 'hard',
      opponent: 'easy',
      mode: '1v1',
      w: 8,
      h: 8,
      firstSeed: 1,
      games: 400,
      sprt: { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 },
    });
    expect(s.sprt?.verdict).toBe('H1');
    expect(s.games).toBeLessThan(400);
    expect(s.games % 2).toBe(0);
    expect(s.sprt!.llr).toBeGreaterThanOrEqual(s.sprt!.upper);
  });
});
