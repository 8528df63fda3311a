/**
 * The headless runner plays seeded bot games to completion (issue 2: 200 games per difficulty pairing,
 * no invariant broken, no game stuck past a generous turn cap).
 */
import { describe, expect, it } from 'vitest';
import type { Difficulty, PlayableCountry } from './constants.js';
import { isGameOver } from './game.js';
import { fold, stateHash } from './lobby/fold.js';
import { loggedBotGame, runMatch, runSeries, type LoggedBotGameOptions } from './runner.js';

const GAMES = 200;
const TURN_CAP = 5000;

describe('bot-vs-bot matches (RULES §6)', () => {
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
    it(`${GAMES} games of ${bots.join(' vs ')} on 10×10 all finish with every invariant kept`, {
      timeout: 120_000,
    }, () => {
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
    it(`${GAMES} games of ${bots.join(' vs ')}: none stuck, every invariant kept, at most 3% drawn`, {
      timeout: 180_000,
    }, () => {
      const { summary } = runSeries(bots, GAMES, { w: 10, h: 10, turnCap: TURN_CAP, checkInvariants: true });
      expect(summary.stuck).toBe(0);
      expect(summary.finished + summary.stalemates).toBe(GAMES);
      expect(summary.stalemates).toBeLessThanOrEqual(GAMES * 0.03);
    });
  }

  it('hard bots beat easy ones on small, narrow and large maps too', { timeout: 120_000 }, () => {
    for (const [w, h, games] of [
      [5, 5, 40],
      [7, 12, 40],
      [20, 20, 6],
    ] as const) {
      const { summary } = runSeries(['hard', 'easy'], games, { w, h, turnCap: TURN_CAP, checkInvariants: true });
      expect(summary.finished).toBe(games);
      expect(summary.wins.hard ?? 0).toBeGreaterThan(games * 0.75);
    }
  });
});

describe('a bot game logged as a server logs it (tests and benchmarks)', () => {
  const bots: readonly Difficulty[] = ['hard', 'easy'];
  const options: LoggedBotGameOptions = {
    lobbyId: 'G5',
    adminId: 'p0',
    w: 5,
    h: 5,
    seed: 5,
    players: bots.map((difficulty, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      country: i as PlayableCountry,
      bot: { difficulty },
    })),
    difficulty: (country) => bots[country]!,
    beforeStart: [{ kind: 'chat', actor: 'p0', seed: null, payload: { playerId: 'p0', msg: 'gl' } }],
    startSeed: 6,
    turnSeed: (turn) => 5 * 7919 + turn,
    at: '2026-01-01T00:00:00.000Z',
  };

  it('is played to the end, numbered from 1, each action by the seat whose turn it is, and folds to the state it returns', () => {
    const { events, state } = loggedBotGame(options);
    expect(isGameOver(state.game)).toBe(true);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.slice(0, 5).map((e) => e.kind)).toEqual([
      'lobby-created',
      'player-joined',
      'player-joined',
      'chat',
      'game-action',
    ]);
    const refolded = fold(events);
    expect(refolded.ok && stateHash(refolded.value)).toBe(stateHash(state));
    for (const e of events.slice(5)) expect(['p0', 'p1']).toContain(e.actor);
    expect(loggedBotGame(options).events).toEqual(events);
  });

  it('stops at maxEvents (within a turn) and before turnCap', () => {
    expect(loggedBotGame({ ...options, maxEvents: 23 }).events).toHaveLength(23);
    const capped = loggedBotGame({ ...options, turnCap: 4 });
    expect(capped.state.game.turn.count).toBe(4);
    expect(isGameOver(capped.state.game)).toBe(false);
  });
});
