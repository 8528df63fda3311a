/**
 * next_turn and the turn flow (RULES §3.1–3.7): who may pass,
 * start-of-turn effects, banner and chest turns, removal of dead countries, game over, remove_country.
 * One file for the whole turn flow, past 400 lines: its cases share the boards built at the top, and a
 * reader checks the flow of RULES §3 in its order here.
 */
import { describe, expect, it } from 'vitest';
import { COUNTRY, LANDMARK, TILE_TYPE, TURN_TYPE, type PlayableCountry } from '../constants.js';
import { aliveCountries, isAlive, isGameOver, winner } from '../game.js';
import { createRng } from '../rng.js';
import { turnTypeOf } from '../turns.js';
import type { GameData, Tile, Unit } from '../types.js';
import { applyAction, applyLegal, type GameAction } from './index.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;
const R = COUNTRY.red;

/**
 * A running 6×4 game at turn `count`: with 2 countries green owns x ≤ 2 and purple x ≥ 3; with 3, red owns
 * row y = 3 instead. All Nomad, no landmarks, no units; every country holds 1 banner (so all are alive).
 */
function game(count: number, ids: PlayableCountry[] = [G, P]): GameData {
  const tiles: Tile[] = [];
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 6; x++) {
      const owner = ids.length > 2 && y === 3 ? ids[2]! : x <= 2 ? ids[0]! : ids[1]!;
      tiles.push({ pos: { x, y }, owner, type: TILE_TYPE.nomad, landmark: LANDMARK.none });
    }
  }
  const countries = ids.map((id) => ({ id, banners: 1 }));
  return {
    countries,
    tiles,
    running: true,
    turn: { count, type: turnTypeOf(count, countries) },
    width: 6,
    height: 4,
    seed: 0,
    rng: 0,
  };
}
const unit = (id: PlayableCountry, flags: Partial<Unit> = {}): Unit => ({
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
const pass = (g: GameData, country: PlayableCountry, seed = 0) =>
  applyAction(g, { id: 'next_turn', info: { country } }, seed);
const passed = (g: GameData, country: PlayableCountry, seed = 0) =>
  applyLegal(g, { id: 'next_turn', info: { country } }, seed);
const settledBanner = { type: TILE_TYPE.settled, landmark: LANDMARK.banner } as const;
const nomadBanner = { type: TILE_TYPE.nomad, landmark: LANDMARK.banner } as const;

describe('next_turn: who may pass (RULES §3.3)', () => {
  it('only the current country may pass its turn', () => {
    const g = game(1);
    expect(pass(g, G).ok).toBe(true);
    const r = pass(g, P);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_your_turn');
    expect(pass(game(2), P).ok).toBe(true);
    expect(pass(game(2), G).ok).toBe(false);
  });

  it('is refused before the game runs', () => {
    const r = pass({ ...game(1), running: false }, G);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_actable');
  });

  it('on a non-country turn (a save resting on a chest or banner turn) anyone may pass', () => {
    for (const count of [7, 14]) {
      const g = game(count);
      expect(g.turn.type === TURN_TYPE.chest || g.turn.type === TURN_TYPE.banner).toBe(true);
      expect(pass(g, G).ok).toBe(true);
      expect(pass(g, P).ok).toBe(true);
    }
  });

  it('passing moves to the next country in list order and counts up by one', () => {
    expect(passed(game(1), G).turn).toEqual({ count: 2, type: P });
    expect(passed(game(2), P).turn).toEqual({ count: 3, type: G });
    expect(passed(game(2, [G, P, R]), P).turn).toEqual({ count: 3, type: R });
  });
});

describe('start-of-turn effects (RULES §3.4): purple passes turn 2, green’s turn 3 begins', () => {
  let g = game(2);
  // Green's own tiles (x ≤ 2):
  g = put(g, 0, 0, settledBanner); // empty Settled banner → spawns
  g = put(g, 2, 0, nomadBanner); // empty Nomad (captured) banner → never spawns
  g = put(g, 0, 2, { ...settledBanner, unit: unit(G, { attacked: true, moved: true }) }); // occupied by own unit
  g = put(g, 2, 2, { ...settledBanner, unit: unit(P, { attacked: true, moved: true }) }); // occupied by an enemy
  g = put(g, 1, 3, { type: TILE_TYPE.settled }); // Settled without a banner
  g = put(g, 1, 1, { unit: unit(G, { moved: true }) }); // own unit on own tile
  // Purple's tiles (x ≥ 3):
  g = put(g, 5, 0, settledBanner); // purple's empty banner: not green's business
  g = put(g, 3, 0, { ...settledBanner, unit: unit(G, { attacked: true }) }); // banner + Settled → Nomad, still purple's
  g = put(g, 3, 1, { ...nomadBanner, unit: unit(G) }); // banner + Nomad → green's
  g = put(g, 3, 2, { unit: unit(G, { moved: true }) }); // plain Nomad → green's
  g = put(g, 4, 3, { type: TILE_TYPE.settled, landmark: LANDMARK.forest, unit: unit(G) }); // plain Settled forest → green's
  g = put(g, 5, 3, { unit: unit(P, { attacked: true, moved: true }) }); // purple's unit, untouched on green's turn
  const before = g;
  const after = passed(before, P);

  it('it is green’s turn 3', () => expect(after.turn).toEqual({ count: 3, type: G }));

  it('an empty Settled banner tile of green’s gets a new green unit, ready to act', () => {
    expect(at(after, 0, 0).unit).toEqual({ id: G, attacked: false, moved: false });
  });

  it('no unit spawns on a Nomad banner tile, an occupied banner tile, a plain Settled tile, or another country’s banner', () => {
    expect(at(after, 2, 0).unit).toBeUndefined();
    expect(at(after, 2, 2).unit).toEqual(unit(P, { attacked: true, moved: true }));
    expect(at(after, 1, 3).unit).toBeUndefined();
    expect(at(after, 5, 0).unit).toBeUndefined();
    const greenUnits = after.tiles.filter((t) => t.unit?.id === G).length;
    expect(greenUnits).toBe(before.tiles.filter((t) => t.unit?.id === G).length + 1);
  });

  it('all green units get attacked = moved = false; purple’s units keep their flags', () => {
    for (const [x, y] of [
      [0, 2],
      [1, 1],
      [3, 0],
      [3, 1],
      [3, 2],
      [4, 3],
    ]) {
      expect(at(after, x!, y!).unit).toEqual({ id: G, attacked: false, moved: false });
    }
    expect(at(after, 5, 3).unit).toEqual(unit(P, { attacked: true, moved: true }));
  });

  it('a green unit on a purple banner + Settled tile makes it Nomad; the owner stays purple', () => {
    expect(at(after, 3, 0)).toMatchObject({ owner: P, type: TILE_TYPE.nomad, landmark: LANDMARK.banner });
  });

  it('a green unit on a purple banner + Nomad tile takes it: green’s, still a Nomad banner', () => {
    expect(at(after, 3, 1)).toMatchObject({ owner: G, type: TILE_TYPE.nomad, landmark: LANDMARK.banner });
  });

  it('a green unit on any other purple tile takes it, keeping its type and landmark', () => {
    expect(at(after, 3, 2)).toMatchObject({ owner: G, type: TILE_TYPE.nomad, landmark: LANDMARK.none });
    expect(at(after, 4, 3)).toMatchObject({ owner: G, type: TILE_TYPE.settled, landmark: LANDMARK.forest });
  });

  it('a purple unit on a green tile does not take it on green’s turn', () => {
    expect(at(after, 2, 2)).toMatchObject({ owner: G, type: TILE_TYPE.settled, landmark: LANDMARK.banner });
  });

  it('nothing else changes: other tiles, banners', () => {
    expect(after.countries).toEqual(before.countries);
    const changed = after.tiles.flatMap((t, i) =>
      JSON.stringify(t) === JSON.stringify(before.tiles[i]) ? [] : [`${t.pos.x},${t.pos.y}`],
    );
    expect(changed.sort()).toEqual(['0,0', '0,2', '1,1', '3,0', '3,1', '3,2', '4,3'].sort());
  });
});

describe('capturing a banner takes two of the captor’s turns (RULES §3.4)', () => {
  it('Settled → Nomad (still purple’s) → green’s; a captured banner never spawns again', () => {
    let g = put(game(2), 4, 1, { ...settledBanner, unit: unit(G, { attacked: true }) });
    g = passed(g, P); // green's turn 3
    expect(at(g, 4, 1)).toMatchObject({ owner: P, type: TILE_TYPE.nomad, landmark: LANDMARK.banner });
    g = passed(g, G); // purple's turn 4: no spawn on its now Nomad (and occupied) banner
    expect(at(g, 4, 1).unit).toEqual({ id: G, attacked: false, moved: false });
    expect(at(g, 4, 1).owner).toBe(P);
    g = passed(g, P); // green's turn 5
    expect(at(g, 4, 1)).toMatchObject({ owner: G, type: TILE_TYPE.nomad, landmark: LANDMARK.banner });
    // Green walks away; the captured banner stays Nomad and spawns for nobody.
    g = applyLegal(g, { id: 'move_unit', info: { country: G, from: { x: 4, y: 1 }, to: { x: 4, y: 2 } } }, 0);
    g = passed(passed(g, G), P); // purple 6, chest 7, green 8
    expect(g.turn.count).toBe(8);
    expect(at(g, 4, 1)).toMatchObject({ owner: G, type: TILE_TYPE.nomad, landmark: LANDMARK.banner });
    expect(at(g, 4, 1).unit).toBeUndefined();
  });
});

describe('banner turns (RULES §3.2, §3.3)', () => {
  it('N = 2: purple passes turn 13, banner turn 14 gives every country +1, green plays turn 15', () => {
    const g = {
      ...game(13),
      countries: [
        { id: G, banners: 0 },
        { id: P, banners: 3 },
      ],
    };
    const after = passed(put(g, 0, 0, settledBanner), P);
    expect(after.turn).toEqual({ count: 15, type: G });
    expect(after.countries).toEqual([
      { id: G, banners: 1 },
      { id: P, banners: 4 },
    ]);
  });

  it('N = 3: red passes turn 9, banner turn 10, green plays turn 11', () => {
    const after = passed(game(9, [G, P, R]), R);
    expect(after.turn).toEqual({ count: 11, type: G });
    expect(after.countries.map((c) => c.banners)).toEqual([2, 2, 2]);
  });

  it('a country turn gives no banners', () => {
    expect(passed(game(1), G).countries.map((c) => c.banners)).toEqual([1, 1]);
  });
});

describe('chest turns (RULES §3.2, §3.3)', () => {
  /** Turn 6 (purple's) of a 2-country game with some landmarks and units in the way. */
  function beforeChest(): GameData {
    let g = game(6);
    g = put(g, 0, 0, { landmark: LANDMARK.mountains });
    g = put(g, 1, 0, { landmark: LANDMARK.forest });
    g = put(g, 2, 0, { ...settledBanner });
    g = put(g, 3, 0, { landmark: LANDMARK.chest });
    g = put(g, 0, 1, { unit: unit(G) });
    g = put(g, 4, 1, { unit: unit(P) });
    return g;
  }
  /** Rule 6: the tiles with no unit and no landmark, row-major, index int(0, n) of the action's rng. */
  function expectedChestIndex(g: GameData, seed: number): number {
    const empty = g.tiles.flatMap((t, i) => (!t.unit && t.landmark === LANDMARK.none ? [i] : []));
    return empty[createRng(seed).int(0, empty.length)]!;
  }

  it.each([0, 1, 2, 3, 99, 12345, 2 ** 32 - 1])(
    'seed %i: with N = 2, turn 7 puts one chest on the drawn empty tile; green plays turn 8',
    (seed) => {
      const g = beforeChest();
      const after = passed(g, P, seed);
      expect(after.turn).toEqual({ count: 8, type: G });
      const newChests = after.tiles.flatMap((t, i) =>
        t.landmark === LANDMARK.chest && g.tiles[i]!.landmark !== LANDMARK.chest ? [i] : [],
      );
      expect(newChests).toEqual([expectedChestIndex(g, seed)]);
      const tile = g.tiles[newChests[0]!]!;
      expect(tile.unit).toBeUndefined();
      expect(tile.landmark).toBe(LANDMARK.none);
      expect(after.countries).toEqual(g.countries);
    },
  );

  it('over many seeds the chest lands on many different empty tiles and never on a unit or landmark', () => {
    const g = beforeChest();
    const spots = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const after = passed(g, P, seed);
      const i = after.tiles.findIndex(
        (t, j) => t.landmark === LANDMARK.chest && g.tiles[j]!.landmark !== LANDMARK.chest,
      );
      expect(g.tiles[i]!.unit).toBeUndefined();
      expect(g.tiles[i]!.landmark).toBe(LANDMARK.none);
      spots.add(i);
    }
    expect(spots.size).toBeGreaterThan(10);
  });

  it('no empty tile: no chest, the turn still advances', () => {
    let g = game(6);
    g = { ...g, tiles: g.tiles.map((t) => ({ ...t, landmark: LANDMARK.forest })) };
    const after = passed(g, P, 5);
    expect(after.turn).toEqual({ count: 8, type: G });
    expect(after.tiles).toEqual(g.tiles);
  });

  it('N = 4 has its chest turn at 13', () => {
    const g = put(game(12, [G, P, R, COUNTRY.yellow]), 5, 0, { owner: COUNTRY.yellow }); // yellow alive: a Nomad tile and 1 banner
    expect(g.turn.type).toBe(COUNTRY.yellow);
    const after = passed(g, COUNTRY.yellow, 3);
    expect(after.turn).toEqual({ count: 14, type: G });
    expect(after.tiles.filter((t) => t.landmark === LANDMARK.chest)).toHaveLength(1);
  });

  it('N = 3 never has a chest turn: 30 passes leave no chest', () => {
    let g = game(1, [G, P, R]);
    for (let i = 0; i < 30; i++) g = passed(g, g.turn.type as PlayableCountry, i);
    expect(g.turn.count).toBeGreaterThan(30);
    expect(g.tiles.some((t) => t.landmark === LANDMARK.chest)).toBe(false);
  });
});

describe('alive (RULES §3.5)', () => {
  const blank = (banners: number): GameData => ({
    ...game(1),
    countries: [
      { id: G, banners },
      { id: P, banners: 1 },
    ],
    tiles: game(1).tiles.map((t) => ({ ...t, owner: P })),
  });
  const rows: [string, GameData, boolean][] = [
    ['owns a Settled banner tile', put(blank(0), 0, 0, { owner: G, ...settledBanner }), true],
    ['owns a captured (Nomad) banner tile, 0 banners', put(blank(0), 0, 0, { owner: G, ...nomadBanner }), true],
    ['has a GREEN unit (id 0) on an enemy tile, owns nothing, 0 banners', put(blank(0), 4, 2, { unit: unit(G) }), true],
    ['owns a Nomad tile and holds 1 banner', put(blank(1), 0, 0, { owner: G }), true],
    ['owns a Nomad tile but holds 0 banners', put(blank(0), 0, 0, { owner: G }), false],
    [
      'owns only Settled non-banner tiles, 5 banners',
      put(blank(5), 0, 0, { owner: G, type: TILE_TYPE.settled }),
      false,
    ],
    ['owns nothing and holds 5 banners', blank(5), false],
    ['owns nothing, 0 banners', blank(0), false],
    [
      'owns nothing; a purple unit stands on purple’s banner (no green unit anywhere)',
      put(blank(0), 0, 0, { ...settledBanner, unit: unit(P) }),
      false,
    ],
  ];
  it.each(rows)('green %s → alive: %s', (_name, g, alive) => {
    expect(isAlive(g, G)).toBe(alive);
    expect(aliveCountries(g).includes(G)).toBe(alive);
    expect(aliveCountries(g).includes(P)).toBe(true);
  });
});

describe('dead countries are removed after a turn (RULES §3.3, §3.5)', () => {
  /** [green, purple, red] at purple's turn 2, red owning only Nomad tiles with 0 banners: dead. */
  const withDeadRed = (): GameData => ({
    ...game(2, [G, P, R]),
    countries: [
      { id: G, banners: 1 },
      { id: P, banners: 1 },
      { id: R, banners: 0 },
    ],
  });

  it('a dead country stays listed during the turn and is removed when the turn passes; N shrinks for the order', () => {
    const g = withDeadRed();
    expect(g.countries.map((c) => c.id)).toEqual([G, P, R]);
    expect(aliveCountries(g)).toEqual([G, P]);
    const after = passed(g, P);
    expect(after.countries.map((c) => c.id)).toEqual([G, P]);
    // With red still counted turn 3 would be red's; with N = 2 it is green's.
    expect(after.turn).toEqual({ count: 3, type: G });
  });

  it('a country killed in a fight stays in the list until the turn passes', () => {
    // Purple's only asset: one unit; purple owns only Nomad tiles and holds 0 banners.
    let g: GameData = {
      ...game(1),
      countries: [
        { id: G, banners: 1 },
        { id: P, banners: 0 },
      ],
    };
    g = put(put(g, 2, 1, { unit: unit(G) }), 3, 1, { unit: unit(P) });
    const seed = [...Array(1000).keys()].find((s) => {
      const r = createRng(s);
      return r.dice() - r.dice() > 0;
    })!;
    g = applyLegal(g, { id: 'move_unit', info: { country: G, from: { x: 2, y: 1 }, to: { x: 3, y: 1 } } }, seed);
    expect(at(g, 3, 1).unit?.id).toBe(G);
    expect(g.countries.map((c) => c.id)).toEqual([G, P]);
    expect(isAlive(g, P)).toBe(false);
    expect(isGameOver(g)).toBe(false);
    const after = passed(g, G);
    expect(after.countries.map((c) => c.id)).toEqual([G]);
  });
});

describe('game over (RULES §3.7)', () => {
  /** Green has just won: purple's last unit fell, green passed, purple was removed. */
  function wonByGreen(): GameData {
    let g: GameData = {
      ...game(1),
      countries: [
        { id: G, banners: 1 },
        { id: P, banners: 0 },
      ],
    };
    g = put(put(g, 2, 1, { unit: unit(G) }), 3, 1, { unit: unit(P) });
    g = put(g, 0, 0, settledBanner);
    const seed = [...Array(1000).keys()].find((s) => {
      const r = createRng(s);
      return r.dice() - r.dice() > 0;
    })!;
    g = applyLegal(g, { id: 'move_unit', info: { country: G, from: { x: 2, y: 1 }, to: { x: 3, y: 1 } } }, seed);
    return passed(g, G);
  }

  it('when one country is left the game is over, it won, and running stays true', () => {
    const g = wonByGreen();
    expect(g.countries.map((c) => c.id)).toEqual([G]);
    expect(isGameOver(g)).toBe(true);
    expect(winner(g)).toBe(G);
    expect(g.running).toBe(true);
  });

  const actions: GameAction[] = [
    { id: 'next_turn', info: { country: G } },
    { id: 'next_turn', info: { country: P } },
    { id: 'place_banner', info: { country: G, x: 1, y: 2 } },
    { id: 'move_unit', info: { country: G, from: { x: 3, y: 1 }, to: { x: 3, y: 2 } } },
    { id: 'remove_country', info: { country: G } },
    { id: 'add_country', info: { country: R } },
    { id: 'generate', info: { w: 4, h: 4, seed: 1 } },
    { id: 'start', info: {} },
  ];
  it.each(actions.map((a) => [a.id, a] as const))('every action is refused with game_over: %s', (_id, action) => {
    const g = wonByGreen();
    const r = applyAction(g, action, 7);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('game_over');
  });

  it('with no country left the turn type is none, the game is over and there is no winner', () => {
    // Both dead: no units, no banner tiles, 0 banners each.
    const g: GameData = {
      ...game(1),
      countries: [
        { id: G, banners: 0 },
        { id: P, banners: 0 },
      ],
    };
    const after = passed(g, G);
    expect(after.countries).toEqual([]);
    expect(after.turn.type).toBe(TURN_TYPE.none);
    expect(isGameOver(after)).toBe(true);
    expect(winner(after)).toBeNull();
    expect(applyAction(after, { id: 'next_turn', info: { country: G } }, 0)).toMatchObject({
      ok: false,
      error: { code: 'game_over' },
    });
  });

  it('a game with two countries is not over and has no winner', () => {
    expect(isGameOver(game(1))).toBe(false);
    expect(winner(game(1))).toBeNull();
  });
});

describe('remove_country (RULES §3.6)', () => {
  const remove = (g: GameData, country: PlayableCountry, seed = 0) =>
    applyAction(g, { id: 'remove_country', info: { country } }, seed);
  /** [green, purple, red] at purple's turn 2, with a green spawn point and units of everyone. */
  function midGame(): GameData {
    let g = game(2, [G, P, R]);
    g = put(g, 0, 0, settledBanner);
    g = put(g, 4, 0, { unit: unit(P, { moved: true }) });
    g = put(g, 2, 3, { unit: unit(R) });
    return g;
  }

  it('removing the current country mid-turn advances the turn to the next country, with its start-of-turn effects', () => {
    const r = remove(midGame(), P);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.countries.map((c) => c.id)).toEqual([G, R]);
    expect(r.value.turn).toEqual({ count: 3, type: G }); // N = 2 now: turn 3 → index 2 mod 2 = green
    expect(at(r.value, 0, 0).unit).toEqual({ id: G, attacked: false, moved: false });
    // The removed country's tiles and units stay.
    expect(at(r.value, 4, 0)).toEqual(at(midGame(), 4, 0));
  });

  it.each([R, G])('removing another country (%i) does not touch the turn or the map', (country) => {
    const g = midGame();
    const r = remove(g, country);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.countries.map((c) => c.id)).toEqual([G, P, R].filter((c) => c !== country));
    expect(r.value.turn).toEqual({ count: 2, type: P });
    expect(r.value.tiles).toEqual(g.tiles);
  });

  it('removing the current country can advance across a chest turn (which draws from the action’s seed)', () => {
    // [G, P, R] turn 6 is red's. Without red, N = 2 and turn 7 is a chest turn, then green plays 8.
    const g = game(6, [G, P, R]);
    expect(g.turn.type).toBe(R);
    const r = remove(g, R, 11);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.turn).toEqual({ count: 8, type: G });
    const empty = g.tiles.flatMap((t, i) => (!t.unit && t.landmark === LANDMARK.none ? [i] : []));
    const chestAt = empty[createRng(11).int(0, empty.length)]!;
    expect(r.value.tiles.flatMap((t, i) => (t.landmark === LANDMARK.chest ? [i] : []))).toEqual([chestAt]);
  });

  it('is refused for a country not in the game', () => {
    const r = remove(game(1), R);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_actable');
  });

  it('before the game runs it only shortens the list', () => {
    const g = { ...game(0, [G, P, R]), running: false, turn: { count: 0, type: TURN_TYPE.none } };
    const r = remove(g, G);
    expect(r.ok && r.value).toEqual({ ...g, countries: g.countries.slice(1), rng: r.ok ? r.value.rng : 0 });
  });
});
