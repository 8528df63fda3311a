/**
 * The headless runner plays seeded bot games to completion (issue 2: 200 games per difficulty pairing,
 * no invariant broken, no game stuck past a generous turn cap).
 */
import { describe, expect, it } from 'vitest';
import type { Difficulty } from './constants.js';
import { runMatch, runSeries } from './runner.js';

const GAMES = 200;
const TURN_CAP = 5000;

describe('bot-vs-bot matches (SPEC.md §4 Bot behaviour)', () => {
  it('a seeded match is reproducible', () => {
    const a = runMatch({ bots: ['hard', 'easy'], w: 10, h: 10, seed: 42 });
    const b = runMatch({ bots: ['hard', 'easy'], w: 10, h: 10, seed: 42 });
    expect(b).toEqual(a);
    expect(a.finished).toBe(true);
  });

  // A clearly stronger bot breaks through: every game ends with a winner.
  const decisive: [Difficulty, Difficulty][] = [
    ['hard', 'easy'],
    ['normal', 'easy'],
  ];
  for (const bots of decisive) {
    it(`${GAMES} games of ${bots.join(' vs ')} on 10×10 all finish with every invariant kept`, { timeout: 120_000 }, () => {
      const { summary } = runSeries(bots, GAMES, { w: 10, h: 10, turnCap: TURN_CAP, checkInvariants: true });
      expect(summary.finished).toBe(GAMES);
      // The stronger side (higher attack bonus) wins most games.
      expect(summary.wins[bots[0]] ?? 0).toBeGreaterThan(GAMES * 0.75);
    });
  }

  // Closely matched bots can settle into a stable front: each side's kills match the other's
  // reinforcements and no spawn point changes hands. The runner calls that a draw (see
  // MatchResult.stalemate); a game that stops progressing without fights, or outlasts the cap, is stuck.
  const matched: Difficulty[][] = [
    ['hard', 'normal'],
    ['easy', 'easy'],
    ['normal', 'normal'],
    ['hard', 'hard'],
    ['easy', 'easy', 'easy', 'easy'],
    ['hard', 'hard', 'hard', 'hard'],
    ['hard', 'normal', 'easy', 'easy'],
  ];
  for (const bots of matched) {
    it(`${GAMES} games of ${bots.join(' vs ')}: none stuck, every invariant kept, at most 3% drawn`, { timeout: 180_000 }, () => {
      const { summary } = runSeries(bots, GAMES, { w: 10, h: 10, turnCap: TURN_CAP, checkInvariants: true });
      expect(summary.stuck).toBe(0);
      expect(summary.finished + summary.stalemates).toBe(GAMES);
      expect(summary.stalemates).toBeLessThanOrEqual(GAMES * 0.03);
    });
  }

  it('hard bots beat easy ones on small, narrow and large maps too', { timeout: 120_000 }, () => {
    for (const [w, h, games] of [[5, 5, 40], [7, 12, 40], [20, 20, 6]] as const) {
      const { summary } = runSeries(['hard', 'easy'], games, { w, h, turnCap: TURN_CAP, checkInvariants: true });
      expect(summary.finished).toBe(games);
      expect(summary.wins.hard ?? 0).toBeGreaterThan(games * 0.75);
    }
  });
});
