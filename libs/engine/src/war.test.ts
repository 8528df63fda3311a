/** Moveable tiles and the war modifier (RULES §4.3, §4.4; neighbours: RULES §1.2). Expected numbers are by hand. */
import { describe, expect, it } from 'vitest';
import { COUNTRY, LANDMARK, TILE_TYPE, type Landmark, type PlayableCountry } from './constants.js';
import { turnTypeOf } from './turns.js';
import type { GameData, Pos, Tile, Unit } from './types.js';
import { createRng } from './rng.js';
import { attackWinChance, canMoveTo, moveableTiles, warModifier, warOfParts, warParts } from './war.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;
const R = COUNTRY.red;

/** A running 6×5 game of [green, purple, red] at turn 1 (green's), every tile green's Nomad, no landmarks, no units. */
function empty(): GameData {
  const tiles: Tile[] = [];
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 6; x++) tiles.push({ pos: { x, y }, owner: G, type: TILE_TYPE.nomad, landmark: LANDMARK.none });
  const countries = [G, P, R].map((id) => ({ id, banners: 1 }));
  return {
    countries,
    tiles,
    running: true,
    turn: { count: 1, type: turnTypeOf(1, countries) },
    width: 6,
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
const sortPos = (ps: Pos[]) => ps.map((p) => `${p.x},${p.y}`).sort();

describe('moveableTiles (RULES §4.3)', () => {
  it('a fresh unit may go to all 8 neighbours', () => {
    const g = put(empty(), 2, 2, { unit: fresh(G) });
    expect(sortPos(moveableTiles(g, { x: 2, y: 2 }, G))).toEqual(
      sortPos([
        { x: 1, y: 1 },
        { x: 2, y: 1 },
        { x: 3, y: 1 },
        { x: 1, y: 2 },
        { x: 3, y: 2 },
        { x: 1, y: 3 },
        { x: 2, y: 3 },
        { x: 3, y: 3 },
      ]),
    );
  });

  it('a unit in a corner has only its 3 in-map neighbours', () => {
    const g = put(empty(), 5, 4, { unit: fresh(G) });
    expect(sortPos(moveableTiles(g, { x: 5, y: 4 }, G))).toEqual(
      sortPos([
        { x: 4, y: 3 },
        { x: 5, y: 3 },
        { x: 4, y: 4 },
      ]),
    );
  });

  it('landmarks, enemy tiles and banners do not block a move', () => {
    let g = put(empty(), 2, 2, { unit: fresh(G) });
    g = put(g, 1, 1, { landmark: LANDMARK.mountains });
    g = put(g, 2, 1, { landmark: LANDMARK.forest, owner: P });
    g = put(g, 3, 1, { landmark: LANDMARK.banner, type: TILE_TYPE.settled, owner: P });
    g = put(g, 3, 3, { landmark: LANDMARK.chest });
    expect(moveableTiles(g, { x: 2, y: 2 }, G)).toHaveLength(8);
  });

  it('a unit that has attacked has no moveable tiles (RULES §4.3)', () => {
    let g = put(empty(), 2, 2, { unit: fresh(G, { attacked: true }) });
    g = put(g, 3, 2, { unit: fresh(P) });
    expect(moveableTiles(g, { x: 2, y: 2 }, G)).toEqual([]);
    g = put(g, 2, 2, { unit: fresh(G, { attacked: true, moved: true }) });
    expect(moveableTiles(g, { x: 2, y: 2 }, G)).toEqual([]);
  });

  it('tiles with an own unit are excluded; tiles with an enemy unit are included', () => {
    let g = put(empty(), 2, 2, { unit: fresh(G) });
    g = put(g, 1, 1, { unit: fresh(G) });
    g = put(g, 3, 3, { unit: fresh(G, { attacked: true }) });
    g = put(g, 3, 2, { unit: fresh(P) });
    g = put(g, 2, 3, { unit: fresh(R) });
    const tiles = sortPos(moveableTiles(g, { x: 2, y: 2 }, G));
    expect(tiles).toHaveLength(6);
    expect(tiles).not.toContain('1,1');
    expect(tiles).not.toContain('3,3');
    expect(tiles).toContain('3,2');
    expect(tiles).toContain('2,3');
  });

  it('a unit that has moved may only go to enemy-occupied neighbours', () => {
    let g = put(empty(), 2, 2, { unit: fresh(G, { moved: true }) });
    g = put(g, 1, 1, { unit: fresh(G) });
    g = put(g, 3, 2, { unit: fresh(P) });
    g = put(g, 1, 3, { unit: fresh(R) });
    g = put(g, 3, 3, { landmark: LANDMARK.chest });
    expect(sortPos(moveableTiles(g, { x: 2, y: 2 }, G))).toEqual(['1,3', '3,2']);
  });

  it('another country’s unit has no moveable tiles for the asking country', () => {
    let g = put(empty(), 2, 2, { unit: fresh(P) });
    expect(moveableTiles(g, { x: 2, y: 2 }, G)).toEqual([]);
    expect(moveableTiles(g, { x: 2, y: 2 }, P)).toHaveLength(8);
    g = put(g, 3, 2, { unit: fresh(G) });
    expect(moveableTiles(g, { x: 3, y: 2 }, P)).toEqual([]);
  });

  it('a tile without a unit, or off the map, has no moveable tiles', () => {
    expect(moveableTiles(empty(), { x: 2, y: 2 }, G)).toEqual([]);
    expect(moveableTiles(empty(), { x: -1, y: 2 }, G)).toEqual([]);
    expect(moveableTiles(empty(), { x: 6, y: 0 }, G)).toEqual([]);
  });

  it('canMoveTo agrees with moveableTiles for every target, and rejects non-neighbours', () => {
    let g = put(empty(), 2, 2, { unit: fresh(G, { moved: true }) });
    g = put(g, 3, 2, { unit: fresh(P) });
    g = put(g, 4, 2, { unit: fresh(P) });
    g = put(g, 1, 1, { unit: fresh(G) });
    for (const unitFlags of [{}, { moved: true }, { attacked: true }]) {
      const h = put(g, 2, 2, { unit: fresh(G, unitFlags) });
      const allowed = sortPos(moveableTiles(h, { x: 2, y: 2 }, G));
      for (let y = -1; y <= 5; y++) {
        for (let x = -1; x <= 6; x++)
          expect(canMoveTo(h, { x: 2, y: 2 }, { x, y }, G)).toBe(allowed.includes(`${x},${y}`));
      }
    }
    expect(canMoveTo(g, { x: 2, y: 2 }, { x: 4, y: 2 }, G)).toBe(false); // an enemy two tiles away
    expect(canMoveTo(g, { x: 2, y: 2 }, { x: 2, y: 2 }, G)).toBe(false); // itself
  });
});

describe('warModifier = mod(attacker tile) - mod(defender tile) (RULES §4.4)', () => {
  // Green attacks from A = (2,2) into purple's unit at D = (3,2). A and D are neighbours, so each tile
  // always counts the other side's unit as an adjacent enemy (-0.5 each), which cancels out.
  const A = { x: 2, y: 2 };
  const D = { x: 3, y: 2 };
  const duel = (aLand: Landmark = LANDMARK.none, dLand: Landmark = LANDMARK.none) =>
    put(put(empty(), 2, 2, { unit: fresh(G), landmark: aLand }), 3, 2, { unit: fresh(P), landmark: dLand });

  const cases: [string, GameData, number][] = [
    ['two lone units: -0.5 on each side', duel(), 0],
    ['forest under the attacker: +2', duel(LANDMARK.forest), 2],
    ['mountains under the defender: -2', duel(LANDMARK.none, LANDMARK.mountains), -2],
    ['mountains under the attacker give nothing', duel(LANDMARK.mountains), 0],
    ['forest under the defender gives nothing', duel(LANDMARK.none, LANDMARK.forest), 0],
    [
      'mountains under the attacker and forest under the defender: nothing',
      duel(LANDMARK.mountains, LANDMARK.forest),
      0,
    ],
    ['forest under attacker and mountains under defender cancel', duel(LANDMARK.forest, LANDMARK.mountains), 0],
    ['banner or chest under either side: nothing', duel(LANDMARK.banner, LANDMARK.chest), 0],
    // (1,2) neighbours A only: mod(A) = +0.5 - 0.5 = 0, mod(D) = -0.5 → +0.5
    ['an own unit next to the attacker only: +0.5', put(duel(), 1, 2, { unit: fresh(G) }), 0.5],
    // (2,1) neighbours A and D: mod(A) = 0.5 - 0.5 = 0; mod(D) = -0.5 - 0.5 = -1 → +1
    ['an own unit next to both tiles: +0.5 and +0.5', put(duel(), 2, 1, { unit: fresh(G) }), 1],
    // (4,2) neighbours D only: mod(D) = -0.5 + 0.5 = 0; mod(A) = -0.5 → -0.5
    ['a defender’s unit next to the defender only: -0.5', put(duel(), 4, 2, { unit: fresh(P) }), -0.5],
    // (3,1) neighbours A and D: mod(A) = -1; mod(D) = 0 → -1
    ['a defender’s unit next to both tiles: -1', put(duel(), 3, 1, { unit: fresh(P) }), -1],
    // a third country's unit at (2,3) neighbours both: it is an enemy to both → mod(A) = -1, mod(D) = -1 → 0
    ['a third country’s unit next to both counts against both: 0', put(duel(), 2, 3, { unit: fresh(R) }), 0],
    // a third country's unit at (1,1) neighbours A only → mod(A) = -1, mod(D) = -0.5 → -0.5
    ['a third country’s unit next to the attacker only: -0.5', put(duel(), 1, 1, { unit: fresh(R) }), -0.5],
    // units two tiles away from both count for nothing
    ['units two tiles away count for nothing', put(put(duel(), 0, 2, { unit: fresh(G) }), 5, 2, { unit: fresh(P) }), 0],
    // own units on (1,1), (1,3) (next to A only), purple on (4,3) (next to D only), forest at A, mountains at D:
    // mod(A) = 2 + 0.5 + 0.5 - 0.5 = 2.5; mod(D) = 2 - 0.5 + 0.5 = 2 → 0.5
    [
      'everything together: forest, mountains, two supporters and one defender support',
      put(
        put(put(duel(LANDMARK.forest, LANDMARK.mountains), 1, 1, { unit: fresh(G) }), 1, 3, { unit: fresh(G) }),
        4,
        3,
        { unit: fresh(P) },
      ),
      0.5,
    ],
    // a full ring: green at (1,1),(1,2),(1,3),(2,1),(2,3) — (2,1),(2,3) also touch D; purple at (4,1),(4,2),(4,3),(3,1),(3,3) — (3,1),(3,3) also touch A.
    // mod(A): D -0.5, green 5 × +0.5 = 2.5, purple (3,1),(3,3) -1 → 1; mod(D): A -0.5, purple 5 × +0.5 = 2.5, green (2,1),(2,3) -1 → 1 → 0
    [
      'a symmetric ring of supporters cancels',
      [
        [1, 1],
        [1, 2],
        [1, 3],
        [2, 1],
        [2, 3],
      ].reduce((g, [x, y]) => put(put(g, x!, y!, { unit: fresh(G) }), 5 - x!, y!, { unit: fresh(P) }), duel()),
      0,
    ],
  ];

  it.each(cases)('%s → %s', (_name, g, expected) => {
    expect(warModifier(g, A, D)).toBe(expected);
  });

  it.each(cases)('in parts, %s adds up to the same modifier', (_name, g) => {
    expect(warOfParts(warParts(g, A, D))).toBe(warModifier(g, A, D));
  });

  it('names each part: the forest, the mountains and the units beside each fighter, the fighters themselves left out', () => {
    // The "everything together" board: green friends at (1,1), (1,3) beside A; purple at (4,3) beside D.
    const g = put(
      put(put(duel(LANDMARK.forest, LANDMARK.mountains), 1, 1, { unit: fresh(G) }), 1, 3, { unit: fresh(G) }),
      4,
      3,
      { unit: fresh(P) },
    );
    expect(warParts(g, A, D)).toEqual({
      forest: 2,
      mountains: 2,
      attackerFriends: 2,
      attackerFoes: 0,
      defenderFriends: 1,
      defenderFoes: 0,
    });
    // A third country's unit next to both fighters is a foe of each.
    expect(warParts(put(duel(), 2, 3, { unit: fresh(R) }), A, D)).toMatchObject({ attackerFoes: 1, defenderFoes: 1 });
    // No fight without two units: nothing to count.
    expect(warOfParts(warParts(empty(), A, D))).toBe(0);
  });

  it('seen from the other side (purple attacking green) the landmarks swap roles', () => {
    // Forest under green at A; purple attacks from D into A: forest now under the defender gives nothing.
    expect(warModifier(duel(LANDMARK.forest), D, A)).toBe(0);
    // Mountains under green at A defend against purple: -2.
    expect(warModifier(duel(LANDMARK.mountains), D, A)).toBe(-2);
    // Forest under purple at D, attacking: +2.
    expect(warModifier(duel(LANDMARK.none, LANDMARK.forest), D, A)).toBe(2);
  });
});

describe('attack odds (RULES §4.4: result = attack − defence + war + bonus, a win when > 0)', () => {
  it.each([
    [0, 0, 15 / 36],
    [0.5, 0, 21 / 36],
    [-0.5, 0, 15 / 36],
    [1, 0, 21 / 36],
    [0, 4, 33 / 36],
    [-6, 0, 0],
    [5.5, 0, 1],
  ])('war %s with bonus %s wins with probability %s', (war, bonus, chance) => {
    expect(attackWinChance(war, bonus)).toBeCloseTo(chance, 12);
  });

  it('agrees with the dice of fightOutcome over many seeds', () => {
    for (const war of [-2, -0.5, 0, 1.5]) {
      let wins = 0;
      const n = 36 * 400;
      for (let seed = 0; seed < n; seed++) {
        const rng = createRng(seed);
        if (rng.dice() - rng.dice() + war > 0) wins++;
      }
      expect(wins / n).toBeCloseTo(attackWinChance(war), 1);
    }
  });
});
