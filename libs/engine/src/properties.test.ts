/**
 * Properties of the whole engine (ARCHITECTURE §3.4: fold is deterministic, serialize/parse round-trips,
 * an action that fails its check changes nothing, invariants hold after any legal sequence).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, applyLegal, type GameAction } from './actions/index.js';
import { PLAYABLE_COUNTRIES } from './constants.js';
import { newGame } from './game.js';
import { gameHash } from './hash.js';
import { brokenInvariants } from './invariants.js';
import { legalActions } from './legal.js';
import { parseGame, serializeGame } from './serialize.js';
import type { GameData } from './types.js';
import { warModifier, warOfParts, warParts } from './war.js';

/** A started game on a w×h map with n countries, from a map seed and a start seed. */
function startedGame(w: number, h: number, n: number, mapSeed: number, startSeed: number): GameData {
  let g = newGame(w, h, mapSeed);
  for (const country of PLAYABLE_COUNTRIES.slice(0, n)) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
  g = applyLegal(g, { id: 'generate', info: { w, h, seed: mapSeed } }, 0);
  return applyLegal(g, { id: 'start', info: {} }, startSeed);
}

const scenario = fc.record({
  w: fc.integer({ min: 2, max: 12 }),
  h: fc.integer({ min: 2, max: 12 }),
  n: fc.integer({ min: 2, max: 4 }),
  mapSeed: fc.nat({ max: 2 ** 32 - 1 }),
  startSeed: fc.nat({ max: 2 ** 32 - 1 }),
  // Each step: which legal action to take (an index into the legal list) and its seed.
  steps: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 ** 32 - 1 })), { maxLength: 120 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Plays the scenario's steps, choosing among the legal actions; returns every state and the log. */
function play(s: Scenario) {
  let game = startedGame(s.w, s.h, Math.min(s.n, s.w * s.h), s.mapSeed, s.startSeed);
  const states: GameData[] = [game];
  const log: { action: GameAction; seed: number }[] = [];
  for (const [pick, seed] of s.steps) {
    const legal = legalActions(game);
    if (legal.length === 0) break;
    const action = legal[pick % legal.length]!;
    const next = applyAction(game, action, seed);
    if (!next.ok) throw new Error(`legalActions offered an illegal ${action.id}: ${next.error.message}`);
    game = next.value;
    states.push(game);
    log.push({ action, seed });
  }
  return { game, states, log };
}

describe('engine properties', () => {
  it('the same seeds and actions give the same state and hash (ARCHITECTURE §2.3)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const a = play(s);
        const b = play(s);
        expect(b.game).toEqual(a.game);
        expect(gameHash(b.game)).toBe(gameHash(a.game));
        // Replaying the recorded log from the start reproduces the state too.
        let replay = startedGame(s.w, s.h, Math.min(s.n, s.w * s.h), s.mapSeed, s.startSeed);
        for (const { action, seed } of a.log) replay = applyLegal(replay, action, seed);
        expect(gameHash(replay)).toBe(gameHash(a.game));
      }),
      { numRuns: 60 },
    );
  });

  it('serialize → parse is the identity on every reachable state (RULES §8)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const state of play(s).states) {
          const parsed = parseGame(JSON.parse(JSON.stringify(serializeGame(state))));
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(parsed.value).toEqual(state);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('invariants hold after any sequence of legal actions: one unit per tile, w·h tiles, valid owners and ids, banners ≥ 0', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const state of play(s).states) expect(brokenInvariants(state)).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it('the war modifier of every attack taken adds up from its parts (RULES §4.4)', () => {
    let attacks = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const { states, log } = play(s);
        log.forEach(({ action }, i) => {
          if (action.id !== 'move_unit') return;
          const before = states[i]!;
          const { from, to } = action.info;
          if (!before.tiles[to.x + to.y * before.width]!.unit) return;
          attacks++;
          expect(warOfParts(warParts(before, from, to))).toBe(warModifier(before, from, to));
        });
      }),
      // Few random scenarios reach a fight (about one in twenty): enough runs that some always do.
      { numRuns: 300 },
    );
    expect(attacks).toBeGreaterThan(0);
  });

  it('an action that fails its check changes nothing (RULES §4.1)', () => {
    const anyAction: fc.Arbitrary<GameAction> = fc.oneof(
      fc.record({ id: fc.constant('start' as const), info: fc.constant({}) }),
      fc.record({
        id: fc.constant('next_turn' as const),
        info: fc.record({ country: fc.constantFrom(0, 1, 2, 3 as const) }),
      }),
      fc.record({
        id: fc.constant('place_banner' as const),
        info: fc.record({
          country: fc.constantFrom(0, 1, 2, 3 as const),
          x: fc.integer({ min: -1, max: 13 }),
          y: fc.integer({ min: -1, max: 13 }),
        }),
      }),
      fc.record({
        id: fc.constant('move_unit' as const),
        info: fc.record({
          country: fc.constantFrom(0, 1, 2, 3 as const),
          from: fc.record({ x: fc.integer({ min: -1, max: 13 }), y: fc.integer({ min: -1, max: 13 }) }),
          to: fc.record({ x: fc.integer({ min: -1, max: 13 }), y: fc.integer({ min: -1, max: 13 }) }),
        }),
      }),
      fc.record({
        id: fc.constant('add_country' as const),
        info: fc.record({ country: fc.constantFrom(0, 1, 2, 3 as const) }),
      }),
      fc.record({
        id: fc.constant('generate' as const),
        info: fc.record({ w: fc.integer({ min: 0, max: 12 }), h: fc.integer({ min: 0, max: 12 }), seed: fc.nat() }),
      }),
    );
    let refused = 0;
    fc.assert(
      fc.property(scenario, fc.array(anyAction, { minLength: 1, maxLength: 20 }), fc.nat(), (s, actions, seed) => {
        const { game } = play(s);
        const before = JSON.stringify(game);
        for (const action of actions) {
          const result = applyAction(game, action, seed);
          if (result.ok) continue;
          refused++;
          expect(JSON.stringify(game)).toBe(before);
          expect(result.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 80 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});
