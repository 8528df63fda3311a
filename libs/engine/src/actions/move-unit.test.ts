/** move_unit (RULES §4.3, §4.4): checks, plain moves, chests and fights with known dice. */
import { describe, expect, it } from 'vitest';
import { COUNTRY, LANDMARK, TILE_TYPE, type Landmark, type PlayableCountry } from '../constants.js';
import { createRng } from '../rng.js';
import { turnTypeOf } from '../turns.js';
import type { GameData, Tile, Unit } from '../types.js';
import { applyAction, fightOutcome } from './index.js';
import type { MoveUnitInfo } from './types.js';

/** A deep copy of plain JSON data (state is JSON-able: ARCHITECTURE §3.1). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const G = COUNTRY.green;
const P = COUNTRY.purple;

/** A running 5×5 game of [green, purple] at turn 1 (green's): green owns x ≤ 1, purple the rest; all Nomad; no units. */
function empty(): GameData {
  const tiles: Tile[] = [];
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 5; x++)
      tiles.push({ pos: { x, y }, owner: x <= 1 ? G : P, type: TILE_TYPE.nomad, landmark: LANDMARK.none });
  const countries = [
    { id: G, banners: 1 },
    { id: P, banners: 1 },
  ];
  return {
    countries,
    tiles,
    running: true,
    turn: { count: 1, type: turnTypeOf(1, countries) },
    width: 5,
    height: 5,
    seed: 0,
    rng: 0,
  };
}
const fresh = (id: PlayableCountry, flags: Partial<Unit> = {}): Unit => ({
  id,
  attacked: false,
  moved: false,
  ...flags,
});
function put(g: GameData, x: number, y: number, patch: Partial<Tile>): GameData {
  const tiles = g.tiles.slice();
  tiles[x + y * g.width] = { ...tiles[x + y * g.width]!, ...patch };
  return { ...g, tiles };
}
const at = (g: GameData, x: number, y: number) => g.tiles[x + y * g.width]!;
const move = (g: GameData, info: MoveUnitInfo, seed = 0) => applyAction(g, { id: 'move_unit', info }, seed);
const green = (from: [number, number], to: [number, number], bonus?: number): MoveUnitInfo => ({
  country: G,
  from: { x: from[0], y: from[1] },
  to: { x: to[0], y: to[1] },
  ...(bonus === undefined ? {} : { bonus }),
});

/** The first seed whose generator rolls `attack` then `defend` (the action's first two draws: RULES §5.2). */
function seedRolling(attack: number, defend: number): number {
  for (let seed = 0; seed < 100000; seed++) {
    const rng = createRng(seed);
    if (rng.dice() === attack && rng.dice() === defend) return seed;
  }
  throw new Error(`no seed rolls ${attack}/${defend}`);
}

describe('move_unit: checks (RULES §4.3)', () => {
  const g = put(put(empty(), 1, 2, { unit: fresh(G) }), 2, 2, { unit: fresh(P) });
  const rows: [string, GameData, MoveUnitInfo, string][] = [
    ['the game is not running', { ...g, running: false }, green([1, 2], [1, 1]), 'not_actable'],
    ['it is not the country’s turn', g, { country: P, from: { x: 2, y: 2 }, to: { x: 3, y: 2 } }, 'not_your_turn'],
    ['the source has no unit', g, green([0, 0], [0, 1]), 'not_actable'],
    ['the unit is another country’s', g, green([2, 2], [3, 2]), 'not_actable'],
    ['the target is two tiles away', g, green([1, 2], [3, 2]), 'not_actable'],
    ['the target is the source', g, green([1, 2], [1, 2]), 'not_actable'],
    ['the target is off the map', put(g, 4, 0, { unit: fresh(G) }), green([4, 0], [5, 0]), 'invalid_payload'],
    ['the source is off the map', g, green([5, 2], [4, 2]), 'invalid_payload'],
    [
      'the target is negative, not a tile position',
      put(g, 0, 0, { unit: fresh(G) }),
      green([0, 0], [-1, 0]),
      'invalid_payload',
    ],
    ['the source is negative, not a tile position', g, green([-1, 2], [0, 2]), 'invalid_payload'],
    ['the target holds an own unit', put(g, 0, 2, { unit: fresh(G) }), green([1, 2], [0, 2]), 'not_actable'],
    [
      'the unit has attacked',
      put(g, 1, 2, { unit: fresh(G, { attacked: true }) }),
      green([1, 2], [2, 2]),
      'not_actable',
    ],
    [
      'the unit has moved and the target is empty',
      put(g, 1, 2, { unit: fresh(G, { moved: true }) }),
      green([1, 2], [1, 1]),
      'not_actable',
    ],
  ];
  it.each(rows)('refused when %s', (_name, game, info, code) => {
    const before = clone(game);
    const r = move(game, info);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
    expect(game).toEqual(before);
  });

  it('a unit that has moved may still attack an adjacent enemy', () => {
    expect(move(put(g, 1, 2, { unit: fresh(G, { moved: true }) }), green([1, 2], [2, 2])).ok).toBe(true);
  });

  it('purple moves on its own turn', () => {
    const purpleTurn = { ...g, turn: { count: 2, type: P } };
    expect(move(purpleTurn, { country: P, from: { x: 2, y: 2 }, to: { x: 3, y: 3 } }).ok).toBe(true);
    expect(move(purpleTurn, green([1, 2], [1, 1])).ok).toBe(false);
  });
});

describe('move_unit: moving to an empty tile (RULES §4.3)', () => {
  it('the unit moves, its moved flag is set, the source is empty and nothing changes hands yet', () => {
    const g = put(empty(), 1, 2, { unit: fresh(G) });
    const r = move(g, green([1, 2], [2, 3]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(at(r.value, 1, 2)).toEqual({
      pos: { x: 1, y: 2 },
      owner: G,
      type: TILE_TYPE.nomad,
      landmark: LANDMARK.none,
    });
    expect('unit' in at(r.value, 1, 2)).toBe(false);
    expect(at(r.value, 2, 3).unit).toEqual({ id: G, attacked: false, moved: true });
    expect(at(r.value, 2, 3).owner).toBe(P); // taken over only at green's next start of turn (RULES §3.4)
    expect(r.value.countries).toEqual(g.countries);
    expect(r.value.turn).toEqual(g.turn);
  });

  it.each([
    [LANDMARK.forest, 'forest'],
    [LANDMARK.mountains, 'mountains'],
    [LANDMARK.banner, 'an enemy banner'],
  ] as [Landmark, string][])('moving onto %s keeps the landmark and the banner count', (landmark) => {
    const g = put(put(empty(), 1, 2, { unit: fresh(G) }), 2, 2, {
      landmark,
      type: landmark === LANDMARK.banner ? TILE_TYPE.settled : TILE_TYPE.nomad,
    });
    const r = move(g, green([1, 2], [2, 2]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(at(r.value, 2, 2).landmark).toBe(landmark);
    expect(r.value.countries).toEqual(g.countries);
  });

  it('picking up a chest removes it and gives the mover’s country 1 banner', () => {
    const g = put(put(empty(), 1, 2, { unit: fresh(G) }), 2, 1, { landmark: LANDMARK.chest });
    const r = move(g, green([1, 2], [2, 1]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(at(r.value, 2, 1).landmark).toBe(LANDMARK.none);
    expect(at(r.value, 2, 1).unit).toEqual({ id: G, attacked: false, moved: true });
    expect(r.value.countries).toEqual([
      { id: G, banners: 2 },
      { id: P, banners: 1 },
    ]);
  });

  it('a purple unit picking up a chest gives purple the banner', () => {
    const g = {
      ...put(put(empty(), 3, 3, { unit: fresh(P) }), 4, 4, { landmark: LANDMARK.chest }),
      turn: { count: 2, type: P },
    };
    const r = move(g, { country: P, from: { x: 3, y: 3 }, to: { x: 4, y: 4 } });
    expect(r.ok && r.value.countries).toEqual([
      { id: G, banners: 1 },
      { id: P, banners: 2 },
    ]);
  });

  it('after a move the unit cannot move on to another empty tile', () => {
    const g = put(empty(), 1, 2, { unit: fresh(G) });
    const once = move(g, green([1, 2], [1, 1]));
    expect(once.ok).toBe(true);
    if (!once.ok) return;
    expect(move(once.value, green([1, 1], [1, 0])).ok).toBe(false);
  });
});

describe('move_unit: fights (RULES §4.4: result = a - d + war + bonus, win iff > 0)', () => {
  // Green at (1,2) attacks purple at (2,2), lone units: war = -0.5 - (-0.5) = 0.
  const duel = (aLand: Landmark = LANDMARK.none, dLand: Landmark = LANDMARK.none, attacker: Unit = fresh(G)) =>
    put(put(empty(), 1, 2, { unit: attacker, landmark: aLand }), 2, 2, { unit: fresh(P), landmark: dLand });

  function expectWin(g: GameData, r: ReturnType<typeof move>, attacker: Unit = fresh(G)) {
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect('unit' in at(r.value, 1, 2)).toBe(false);
    expect(at(r.value, 2, 2).unit).toEqual({ ...attacker, attacked: true });
    expect(at(r.value, 2, 2).owner).toBe(at(g, 2, 2).owner);
    expect(r.value.countries).toEqual(g.countries);
  }
  function expectLoss(g: GameData, r: ReturnType<typeof move>) {
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect('unit' in at(r.value, 1, 2)).toBe(false);
    expect(at(r.value, 2, 2)).toEqual(at(g, 2, 2)); // the defender stays as it was
    expect(r.value.countries).toEqual(g.countries);
  }

  it('the dice are the action’s first two draws: attacker then defender', () => {
    const seed = seedRolling(6, 1);
    const f = fightOutcome(duel(), green([1, 2], [2, 2]), seed);
    expect(f).toMatchObject({ attackRoll: 6, defendRoll: 1, war: 0, bonus: 0, result: 5, won: true });
    const f2 = fightOutcome(duel(), green([1, 2], [2, 2]), seedRolling(1, 6));
    expect(f2).toMatchObject({ attackRoll: 1, defendRoll: 6, result: -5, won: false });
  });

  it('a higher attack roll wins: the defender is removed and the attacker moves in with attacked = true', () => {
    const g = duel();
    expectWin(g, move(g, green([1, 2], [2, 2]), seedRolling(4, 3)));
  });

  it('a lower attack roll loses: the attacker is removed', () => {
    const g = duel();
    expectLoss(g, move(g, green([1, 2], [2, 2]), seedRolling(3, 4)));
  });

  it.each([1, 2, 3, 4, 5, 6])('a tie (%i against the same) loses: the result must be over 0', (n) => {
    const g = duel();
    expectLoss(g, move(g, green([1, 2], [2, 2]), seedRolling(n, n)));
  });

  it('an attacker that had moved keeps moved = true after winning', () => {
    const mover = fresh(G, { moved: true });
    const g = duel(LANDMARK.none, LANDMARK.none, mover);
    expectWin(g, move(g, green([1, 2], [2, 2]), seedRolling(5, 2)), mover);
  });

  it.each([
    // [attack, defend, bonus, won]
    [3, 3, 1, true], // 0 + 1 = 1 > 0
    [3, 4, 1, false], // -1 + 1 = 0
    [3, 4, 2, true], // -1 + 2 = 1
    [1, 6, 4, false], // -5 + 4 = -1
    [2, 6, 4, false], // -4 + 4 = 0
    [3, 6, 4, true], // -3 + 4 = 1
  ])('with dice %i vs %i and bonus %i the attacker wins: %s', (a, d, bonus, won) => {
    const g = duel();
    const seed = seedRolling(a, d);
    const r = move(g, green([1, 2], [2, 2], bonus), seed);
    if (won) expectWin(g, r);
    else expectLoss(g, r);
    expect(fightOutcome(g, green([1, 2], [2, 2], bonus), seed)).toMatchObject({ result: a - d + bonus, bonus, won });
  });

  it.each([
    // [name, attacker landmark, defender landmark, attack, defend, won]
    ['forest under the attacker turns -1 into +1', LANDMARK.forest, LANDMARK.none, 3, 4, true],
    ['forest under the attacker does not turn -2 into a win (0)', LANDMARK.forest, LANDMARK.none, 2, 4, false],
    ['mountains under the defender turn +2 into 0 (a loss)', LANDMARK.none, LANDMARK.mountains, 5, 3, false],
    ['mountains under the defender do not stop +3 (now +1)', LANDMARK.none, LANDMARK.mountains, 6, 3, true],
    ['mountains under the attacker do not help: a tie still loses', LANDMARK.mountains, LANDMARK.none, 4, 4, false],
    ['forest under the defender does not hinder: +1 still wins', LANDMARK.none, LANDMARK.forest, 4, 3, true],
  ] as [string, Landmark, Landmark, number, number, boolean][])(
    'the war modifier is added: %s',
    (_name, aLand, dLand, a, d, won) => {
      const g = duel(aLand, dLand);
      const r = move(g, green([1, 2], [2, 2]), seedRolling(a, d));
      if (won) expectWin(g, r);
      else expectLoss(g, r);
    },
  );

  it('half-point support decides a tie: one extra own unit next to the attacker wins 3 vs 3 (+0.5)', () => {
    const g = put(duel(), 0, 2, { unit: fresh(G) });
    const seed = seedRolling(3, 3);
    expect(fightOutcome(g, green([1, 2], [2, 2]), seed)).toMatchObject({ war: 0.5, result: 0.5, won: true });
    const r = move(g, green([1, 2], [2, 2]), seed);
    expect(r.ok && at(r.value, 2, 2).unit).toEqual({ id: G, attacked: true, moved: false });
  });

  it('a defender’s supporter next to its tile costs the attacker 0.5: 4 vs 3 still wins, 3 vs 3 loses', () => {
    // purple at (3,2) is next to the defender only: mod(D) = -0.5 + 0.5 = 0, mod(A) = -0.5 → war = -0.5.
    const g = put(duel(), 3, 2, { unit: fresh(P) });
    expect(fightOutcome(g, green([1, 2], [2, 2]), seedRolling(4, 3))).toMatchObject({
      war: -0.5,
      result: 0.5,
      won: true,
    });
    expect(fightOutcome(g, green([1, 2], [2, 2]), seedRolling(3, 3))).toMatchObject({
      war: -0.5,
      result: -0.5,
      won: false,
    });
  });

  it('a win on an enemy banner tile does not change its owner or type (that happens at start of turn)', () => {
    const g = put(duel(), 2, 2, { landmark: LANDMARK.banner, type: TILE_TYPE.settled });
    const r = move(g, green([1, 2], [2, 2]), seedRolling(6, 1));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(at(r.value, 2, 2)).toMatchObject({
      owner: P,
      type: TILE_TYPE.settled,
      landmark: LANDMARK.banner,
      unit: { id: G, attacked: true },
    });
  });

  it('the winner cannot act again this turn (attacked)', () => {
    const g = put(duel(), 3, 3, { unit: fresh(P) });
    const r = move(g, green([1, 2], [2, 2]), seedRolling(6, 1));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(move(r.value, green([2, 2], [3, 3]), seedRolling(6, 1)).ok).toBe(false);
    expect(move(r.value, green([2, 2], [2, 3])).ok).toBe(false);
  });

  it('fightOutcome is null for a move to an empty tile or an illegal move', () => {
    const g = duel();
    expect(fightOutcome(g, green([1, 2], [1, 1]), 1)).toBeNull();
    expect(fightOutcome({ ...g, turn: { count: 2, type: P } }, green([1, 2], [2, 2]), 1)).toBeNull();
  });
});
