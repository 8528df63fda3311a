/** The expert bot (RULES §6): a budgeted search over the whole turn that never reads the dice. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, applyLegal, type GameAction } from '../actions/index.js';
import { BOT_TUNING, PLAYABLE_COUNTRIES, type Difficulty } from '../constants.js';
import { isGameOver, newGame } from '../game.js';
import { legalActions } from '../legal.js';
import { createRng, drawSeed } from '../rng.js';
import { board } from '../testing/board.js';
import { whoseTurn } from '../turns.js';
import type { GameData } from '../types.js';
import { warModifier } from '../war.js';
import { playBotTurn } from './bot.js';
import { EXPERT_WEIGHTS, Region, type Weights, evaluate } from './evaluate.js';
import { planExpertTurn, turnMaps, weightsFor } from './expert.js';
import { addUnit, removeUnit, searchBoardOf, searchWar } from './search-board.js';

const seedArb = fc.nat({ max: 2 ** 32 - 1 });

/**
 * A position to search from: a started game on a small map, some whole bot turns, then some random legal
 * actions of the country to move (so units may already have moved or attacked).
 */
const positionArb = fc.record({
  w: fc.integer({ min: 3, max: 9 }),
  h: fc.integer({ min: 3, max: 9 }),
  n: fc.integer({ min: 2, max: 4 }),
  mapSeed: seedArb,
  playSeed: seedArb,
  turns: fc.integer({ min: 0, max: 40 }),
  midTurn: fc.array(fc.nat(), { maxLength: 6 }),
});
type PositionSpec = typeof positionArb extends fc.Arbitrary<infer T> ? T : never;

function position(s: PositionSpec): GameData {
  const n = Math.min(s.n, s.w * s.h);
  let g = newGame(s.w, s.h, s.mapSeed);
  for (const country of PLAYABLE_COUNTRIES.slice(0, n)) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
  g = applyLegal(g, { id: 'generate', info: { w: s.w, h: s.h, seed: s.mapSeed } }, 0);
  const rng = createRng(s.playSeed);
  g = applyLegal(g, { id: 'start', info: {} }, drawSeed(rng));
  const levels: Difficulty[] = ['easy', 'hard', 'normal', 'expert'];
  for (let t = 0; t < s.turns && !isGameOver(g); t++) {
    const country = whoseTurn(g)!;
    for (const { action, seed } of playBotTurn(g, country, levels[t % levels.length]!, drawSeed(rng))) {
      g = applyLegal(g, action, seed);
    }
  }
  for (const pick of s.midTurn) {
    if (isGameOver(g)) break;
    const legal = legalActions(g).filter((a) => a.id !== 'next_turn');
    if (legal.length === 0) break;
    g = applyLegal(g, legal[pick % legal.length]!, drawSeed(rng));
  }
  return g;
}

/** Applies `actions` with the given seeds; the first refusal is returned as a message. */
function replay(game: GameData, actions: readonly GameAction[], seeds: readonly number[]): GameData | string {
  let g = game;
  for (const [k, action] of actions.entries()) {
    const next = applyAction(g, action, seeds[k % seeds.length]!);
    if (!next.ok) return `${action.id} #${k} refused: ${next.error.code} ${next.error.message}`;
    g = next.value;
  }
  return g;
}

describe('the expert only makes actions the engine accepts (RULES §6)', () => {
  it('over random positions, its turn replays with any dice and ends by passing the turn', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(positionArb, fc.array(seedArb, { minLength: 1, maxLength: 8 }), (spec, seeds) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const country = whoseTurn(game)!;
        const { actions } = planExpertTurn(game, country);
        expect(actions.at(-1)).toEqual({ id: 'next_turn', info: { country } });
        const after = replay(game, actions, seeds);
        expect(after).not.toBeTypeOf('string');
        expect((after as GameData).turn.count).toBeGreaterThan(game.turn.count);
      }),
      { numRuns: 120 },
    );
  });

  it('attacks carry the expert’s bonus, the same as hard’s', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(positionArb, (spec) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const { actions } = planExpertTurn(game, whoseTurn(game)!);
        for (const a of actions) {
          if (a.id === 'move_unit' && a.info.bonus !== undefined) expect(a.info.bonus).toBe(BOT_TUNING.hard.bonus);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('as a stand-in for an away person, its attacks carry no bonus (RULES §6)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(positionArb, (spec) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const { actions } = planExpertTurn(game, whoseTurn(game)!, { standIn: true });
        for (const a of actions) if (a.id === 'move_unit') expect(a.info).not.toHaveProperty('bonus');
      }),
      { numRuns: 40 },
    );
  });

  it('returns no actions when it is not the expert’s turn', () => {
    const game = board(`Gn-g Pn-p`, { turn: 1 });
    expect(playBotTurn(game, 0, 'expert', 1)).toEqual([]);
  });
});

describe('the expert’s turn depends only on the position and the budget (RULES §6)', () => {
  it('the same position and budget give the same turn', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(positionArb, fc.integer({ min: 0, max: 5000 }), (spec, nodeBudget) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const country = whoseTurn(game)!;
        expect(planExpertTurn(game, country, { nodeBudget })).toEqual(planExpertTurn(game, country, { nodeBudget }));
      }),
      { numRuns: 40 },
    );
  });

  it('changing only the turn’s seed (so every fight’s dice) does not change the chosen actions', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(positionArb, seedArb, seedArb, (spec, seedA, seedB) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const country = whoseTurn(game)!;
        const a = playBotTurn(game, country, 'expert', seedA);
        const b = playBotTurn(game, country, 'expert', seedB);
        expect(b.map((s) => s.action)).toEqual(a.map((s) => s.action));
      }),
      { numRuns: 40 },
    );
  });

  it('a position reached with other dice in its past, but equal, gives the same turn', () => {
    const game = position({ w: 8, h: 8, n: 2, mapSeed: 5, playSeed: 9, turns: 20, midTurn: [] });
    // The same state with a different generator state (the only trace of past dice that is not on the board).
    const reseeded: GameData = { ...game, rng: (game.rng + 12345) >>> 0 };
    const country = whoseTurn(game)!;
    expect(planExpertTurn(reseeded, country)).toEqual(planExpertTurn(game, country));
  });
});

describe('a turn respects its node budget (RULES §6)', () => {
  it('never makes more evaluations than the budget allows, and says when the budget stopped it', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(positionArb, fc.integer({ min: 0, max: 3000 }), (spec, nodeBudget) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const turn = planExpertTurn(game, whoseTurn(game)!, { nodeBudget });
        expect(turn.nodes).toBeLessThanOrEqual(nodeBudget);
        if (turn.complete) expect(planExpertTurn(game, whoseTurn(game)!).actions).toEqual(turn.actions);
      }),
      { numRuns: 60 },
    );
  });

  it('with no budget it only passes the turn', () => {
    const game = position({ w: 8, h: 8, n: 2, mapSeed: 3, playSeed: 4, turns: 10, midTurn: [] });
    const country = whoseTurn(game)!;
    const turn = planExpertTurn(game, country, { nodeBudget: 0 });
    expect(turn).toEqual({ actions: [{ id: 'next_turn', info: { country } }], nodes: 0, complete: false });
  });

  it('a wall-clock cap stops the search once the caller’s clock passes it', () => {
    const game = position({ w: 9, h: 9, n: 2, mapSeed: 8, playSeed: 2, turns: 24, midTurn: [] });
    const country = whoseTurn(game)!;
    const free = planExpertTurn(game, country);
    expect(free.nodes).toBeGreaterThan(300);
    let now = 0;
    // A clock that moves 1 ms every time it is read: a cap of half a millisecond is passed at the second reading.
    const turn = planExpertTurn(game, country, { timeCapMs: 0.5, clock: () => now++ });
    expect(turn.nodes).toBeLessThan(free.nodes);
    expect(turn.complete).toBe(false);
    expect(replay(game, turn.actions, [1, 2, 3])).not.toBeTypeOf('string');
  });
});

describe('the expert’s working copy and value agree with the rules (RULES §4.4, §6)', () => {
  it('its war modifier is the engine’s for every pair of neighbouring enemies', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(positionArb, (spec) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const b = searchBoardOf(game, whoseTurn(game)!);
        for (let i = 0; i < b.size; i++) {
          if (b.unit[i] === -1) continue;
          for (let k = i * 8; k < i * 8 + 8; k++) {
            const j = b.ring1[k]!;
            if (j < 0 || b.unit[j] === -1 || b.unit[j] === b.unit[i]) continue;
            expect(searchWar(b, i, j)).toBe(warModifier(game, game.tiles[i]!.pos, game.tiles[j]!.pos));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the change of a position’s value, summed over the squares around a move, is the change of the whole value', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(positionArb, fc.nat(), (spec, pick) => {
        const game = position(spec);
        if (isGameOver(game)) return;
        const b = searchBoardOf(game, whoseTurn(game)!);
        const units = [...b.unit.keys()].filter((i) => b.unit[i] !== -1);
        if (units.length === 0) return;
        const from = units[pick % units.length]!;
        const empty = [...b.ring1.subarray(from * 8, from * 8 + 8)].filter((j) => j >= 0 && b.unit[j] === -1);
        const to = empty[pick % Math.max(1, empty.length)] ?? -1;
        const maps = turnMaps(b);
        const region = new Region(b.size);
        region.around(b, from);
        if (to >= 0) region.around(b, to);
        const before = [evaluate(b, EXPERT_WEIGHTS, maps), region.value(b, EXPERT_WEIGHTS, maps)];
        const c = removeUnit(b, from);
        if (to >= 0) addUnit(b, to, c, 1, 0);
        const after = [evaluate(b, EXPERT_WEIGHTS, maps), region.value(b, EXPERT_WEIGHTS, maps)];
        expect(after[1]! - before[1]!).toBeCloseTo(after[0]! - before[0]!, 9);
      }),
      { numRuns: 80 },
    );
  });
});

describe('what the expert chooses (RULES §6)', () => {
  it('attacks an enemy standing on its spawn point', () => {
    const game = board(
      `
      Gn-g Gn-- Gn-- Pn--
      Gn-- GsBp Gn-- Pn--
      Gn-- Gn-- Gn-- PsBp
    `,
      {
        countries: [
          { id: 0, banners: 0 },
          { id: 1, banners: 0 },
        ],
      },
    );
    const { actions } = planExpertTurn(game, 0);
    const attack = actions.find((a) => a.id === 'move_unit' && a.info.to.x === 1 && a.info.to.y === 1);
    expect(attack).toBeDefined();
  });

  it('places every banner it holds', () => {
    const game = board(
      `
      Gn-- Gn-- Gn-- Gn-- Gn-- Pn--
      Gn-- Gn-- Gn-- Gn-- Gn-- Pn-p
    `,
      {
        countries: [
          { id: 0, banners: 2 },
          { id: 1, banners: 1 },
        ],
      },
    );
    const placed = planExpertTurn(game, 0).actions.filter((a) => a.id === 'place_banner');
    expect(placed).toHaveLength(2);
  });

  it('with several enemies, places a banner beyond the reach of an army that heads for another country', () => {
    // Purple's unit heads for red's banner, 4 steps away (the step bots go for the nearest enemy banner,
    // RULES §6): a green banner within 4 steps of it would turn purple on green.
    const game = board(
      `
      Pn-p Pn-- Gn-- Gn-- Gn-- Gn-- Gn-- Gn-- Gn--
      Pn-- Pn-- Gn-- Gn-- Gn-- Gn-- Gn-- Gn-- Gn--
      Rn-- Rn-- Rn-- Rn-- RsB- Rn-- Rn-- Rn-- Rn--
    `,
      {
        countries: [
          { id: 0, banners: 1 },
          { id: 1, banners: 0 },
          { id: 2, banners: 0 },
        ],
      },
    );
    const placed = (weights?: Weights) =>
      planExpertTurn(game, 0, { weights }).actions.find((a) => a.id === 'place_banner')?.info;
    expect(placed()).toEqual({ country: 0, x: 5, y: 0 });
    // Without that care it would plant nearer the front, in purple's way.
    expect(placed({ ...weightsFor(game, 0), lure: 0 })).toEqual({ country: 0, x: 3, y: 0 });
  });
});
