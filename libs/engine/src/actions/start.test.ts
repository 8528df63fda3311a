/** start (RULES §2.3). */
import { describe, expect, it } from 'vitest';
import { COUNTRY, LANDMARK, TILE_TYPE, TURN_TYPE, type PlayableCountry } from '../constants.js';
import { newGame } from '../game.js';
import { turnTypeOf } from '../turns.js';
import type { GameData, Tile } from '../types.js';
import { applyAction, applyLegal } from './index.js';

/** A deep copy of plain JSON data (state is JSON-able: ARCHITECTURE §3.1). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const G = COUNTRY.green;
const P = COUNTRY.purple;
const R = COUNTRY.red;

function lobbyGame(ids: PlayableCountry[], w = 6, h = 6, seed = 3): GameData {
  let g = newGame(w, h, seed);
  for (const country of ids) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
  if (ids.length >= 2) g = applyLegal(g, { id: 'generate', info: { w, h, seed } }, 0);
  return g;
}
const start = (g: GameData, seed = 1) => applyAction(g, { id: 'start', info: {} }, seed);
const setTile = (g: GameData, x: number, y: number, patch: Partial<Tile>): GameData => {
  const tiles = g.tiles.slice();
  tiles[x + y * g.width] = { ...tiles[x + y * g.width]!, ...patch };
  return { ...g, tiles };
};

describe('start: preconditions (RULES §2.3)', () => {
  it('is refused when the game is already running (game_running)', () => {
    const running = applyLegal(lobbyGame([G, P]), { id: 'start', info: {} }, 1);
    const r = start(running);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('game_running');
  });

  it.each([[[]], [[G]]] as PlayableCountry[][][])('is refused with fewer than 2 countries (%j)', (ids) => {
    // A one-country game with a map: generate it with two, then drop to one.
    let g = ids.length === 0 ? newGame() : lobbyGame([G, P]);
    if (ids.length === 1) g = applyLegal(g, { id: 'remove_country', info: { country: P } }, 0);
    expect(g.countries).toHaveLength(ids.length);
    const r = start(g);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_actable');
  });

  it('is refused when there are no tiles yet', () => {
    let g = newGame();
    for (const country of [G, P]) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
    const r = start(g);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_actable');
  });

  it('a refused start changes nothing', () => {
    let g = newGame();
    for (const country of [G, P]) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
    const before = clone(g);
    start(g);
    expect(g).toEqual(before);
  });
});

describe('start: a fresh game (RULES §2.3: turn 0 is a banner turn)', () => {
  it('runs, resolves banner turn 0 and gives the first listed country turn 1; every country has 2 banners', () => {
    const g = applyLegal(lobbyGame([G, P, R]), { id: 'start', info: {} }, 42);
    expect(g.running).toBe(true);
    expect(g.turn).toEqual({ count: 1, type: G });
    expect(g.countries).toEqual([
      { id: G, banners: 2 },
      { id: P, banners: 2 },
      { id: R, banners: 2 },
    ]);
  });

  it('the first country in list order moves first, whatever its id', () => {
    const g = applyLegal(lobbyGame([R, G]), { id: 'start', info: {} }, 42);
    expect(g.turn).toEqual({ count: 1, type: R });
  });

  it('the map is unchanged by starting (no banners or units yet)', () => {
    const before = lobbyGame([G, P]);
    const g = applyLegal(before, { id: 'start', info: {} }, 42);
    expect(g.tiles).toEqual(before.tiles);
  });
});

describe('start: a loaded game (RULES §2.3)', () => {
  /** A not-running save of [green, purple] resting at `count`, with a green unit that has acted on a purple tile. */
  function save(count: number): GameData {
    let g = lobbyGame([G, P], 4, 4, 9);
    const tiles = g.tiles.map((t) => ({ ...t, owner: t.pos.x < 2 ? G : P, landmark: LANDMARK.none }) as Tile);
    g = { ...g, tiles, turn: { count, type: turnTypeOf(count, g.countries) } };
    g = setTile(g, 0, 0, { type: TILE_TYPE.settled, landmark: LANDMARK.banner }); // empty Settled green banner
    g = setTile(g, 2, 2, { unit: { id: G, attacked: true, moved: true } }); // green unit on a purple tile
    return g;
  }

  it('a count that maps to a country: that country plays on with no start-of-turn effects', () => {
    const before = save(3); // N = 2: turn 3 is green's
    const g = applyLegal(before, { id: 'start', info: {} }, 5);
    expect(g.running).toBe(true);
    expect(g.turn).toEqual({ count: 3, type: G });
    expect(g.countries).toEqual(before.countries);
    expect(g.tiles).toEqual(before.tiles); // no spawn on (0,0), flags not reset, (2,2) not taken over
  });

  it('a count that maps to purple gives purple the turn', () => {
    const g = applyLegal(save(4), { id: 'start', info: {} }, 5);
    expect(g.turn).toEqual({ count: 4, type: P });
  });

  it('a count on a chest turn: the chest is resolved and the turn advances to the next country with its start-of-turn effects', () => {
    const before = save(7); // N = 2: 7 is a chest turn, 8 is green's
    const g = applyLegal(before, { id: 'start', info: {} }, 5);
    expect(g.turn).toEqual({ count: 8, type: G });
    expect(g.tiles.filter((t) => t.landmark === LANDMARK.chest)).toHaveLength(1);
    expect(g.tiles[0]!.unit).toEqual({ id: G, attacked: false, moved: false }); // spawned
    expect(g.tiles[2 + 2 * 4]!.unit).toEqual({ id: G, attacked: false, moved: false }); // reset
    expect(g.tiles[2 + 2 * 4]!.owner).toBe(G); // taken over
    expect(g.countries).toEqual(before.countries);
  });

  it('a count on a banner turn: every country gains 1 banner and the next country plays', () => {
    const before = save(14);
    const g = applyLegal(before, { id: 'start', info: {} }, 5);
    expect(g.turn).toEqual({ count: 15, type: G });
    expect(g.countries.map((c) => c.banners)).toEqual(before.countries.map((c) => c.banners + 1));
  });

  it('the turn type stored in the save is recomputed from the count', () => {
    const before = { ...save(3), turn: { count: 3, type: TURN_TYPE.none } };
    const g = applyLegal(before, { id: 'start', info: {} }, 5);
    expect(g.turn).toEqual({ count: 3, type: G });
  });
});
